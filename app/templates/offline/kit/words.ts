// Small word helpers the languages share: casing, lists, numbers and how product names are built.

export const isNumber = (word: string) => /^\d/.test(word);

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Lower case for a phrase's first word when it is plainly not a name ("Soft grip" → "soft grip"). */
export const lowerFirst = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** "a, b and c", with the language's "and". */
export function joinList(items: readonly string[], and: (last: string) => string): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and(items.at(-1)!)} ${items.at(-1)}`;
}

/** Units after which a decimal point becomes a decimal comma ("2.5 cm" → "2,5 cm"); version numbers ("Bluetooth 5.0") stay. */
// °, × and ″ written as \u escapes, which the RegExp reads: the server build stays ASCII (vite.config.ts).
const unit = String.raw`(?:mm|cm|dm|m|km|ml|cl|dl|l|liters?|litres?|litros?|g|kg|mg|gramm|gramos?|grammes?|oz|lbs?|in|inch|ft|zoll|pulgadas?|pouces?|w|kw|v|a|mah|ah|wh|kwh|hz|khz|mhz|ghz|\u00b0c?|%|x|\u00d7|"|\u2033|stunden|horas?|heures?|h)`;
const decimalPoint = new RegExp(String.raw`(?<![\d.,])(\d+)\.(\d+)(?=\s?${unit}(?![\p{L}\p{N}]))`, "giu");

export function decimalCommas(text: string): string {
  return text.replace(decimalPoint, "$1,$2");
}

/** Units that stay in lower case after a number ("0,75 l", "24 h"). */
const units = new Set(["mm", "cm", "dm", "m", "km", "ml", "cl", "dl", "l", "g", "kg", "mg", "oz", "lb", "lbs", "in", "ft", "w", "kw", "v", "mah", "wh", "hz", "h", "x"]);

/** A product name without the quantity it ends with ("gourde isotherme 750 ml" → "gourde isotherme"). */
export function withoutQuantity(words: readonly string[]): string[] {
  let rest = [...words];
  while (rest.length > 1 && (isNumber(rest.at(-1)!) || (units.has(rest.at(-1)!) && rest.length > 2 && isNumber(rest.at(-2)!)))) rest = rest.slice(0, -1);
  return rest;
}

/** Title case that leaves the language's small words, units, elided articles and words with capitals inside as written. */
export function titleCaser(smallWords: ReadonlySet<string>): (text: string) => string {
  return (text) =>
    text
      .trim()
      .split(/\s+/)
      .map((word, index, words) => {
        if (!/^\p{Ll}/u.test(word)) return word;
        if (index > 0 && (smallWords.has(word) || /^(?:[cdjlmnst]|qu)['’]/u.test(word) || (units.has(word) && /\d$/.test(words[index - 1]!)))) return word;
        // Each part of a compound ("lave-vaisselle" → "Lave-Vaisselle", "bambus-schneidebrett" → "Bambus-Schneidebrett").
        return word.replace(/(^|-)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
      })
      .join(" ");
}

/** Names that start with their pack ("juego de 3 tablas", "lot de planches"): the product without it. */
export function withoutLeadingPack(words: readonly string[], packWords: ReadonlySet<string>, links: ReadonlySet<string>): string[] {
  let rest = [...words];
  if (rest.length > 2 && packWords.has(rest[0]!) && links.has(rest[1]!)) {
    rest = rest.slice(2);
    if (rest.length > 1 && isNumber(rest[0]!)) rest = rest.slice(1);
  }
  if (rest.length > 1 && packWords.has(rest.at(-1)!)) rest = rest.slice(0, -1);
  return rest;
}

/**
 * What buyers call a product in a language whose nouns come first ("tabla de cortar de bambú" → "tabla de
 * cortar", "gourde isotherme inox" → "gourde isotherme"): the first word, with its complement or adjective.
 */
export function headFirst(core: readonly string[], links: ReadonlySet<string>, stopWords: ReadonlySet<string>): string[] {
  const [first, second, third] = core;
  if (!first) return [];
  if (second && links.has(second) && third && !stopWords.has(third) && !isNumber(third)) return [first, second, third];
  if (second && !stopWords.has(second) && !isNumber(second)) return [first, second];
  return [first];
}
