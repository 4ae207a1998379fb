// The offline listing writer: a whole listing (title, item highlights, bullets, description, search terms)
// composed from the seller's facts when no AI provider is configured. Pure, browser-safe and
// deterministic (the same input gives the same copy; another `variant` gives other wording), like the
// offline writer of the templates (server/ai/offline-writer.server.ts).
//
// How it stays within the rules: the seller's phrases are cleaned first (prices, links, symbols, promises
// and the words to avoid go), the copy is composed within each section's limits, and a last pass lints
// the copy and removes whatever span still has an error, until lintListing passes (a bounded loop).
import { featureList, wordsToAvoidList, type ListingCopy, type ListingFacts } from "#app/features/listings/types.ts";
import { applySafeFixes, trimToBytes } from "#app/features/rules/fixes.ts";
import { countChars, lintListing } from "#app/features/rules/lint.ts";
import type { LintReport, ListingSections, RuleSet, SectionReport, ViolationCode } from "#app/features/rules/types.ts";
import { stableHash } from "#app/lib/hash.ts";

export interface OfflineListingInput {
  facts: ListingFacts;
  ruleSet: RuleSet;
  /** "es" writes Spanish; any other language English. */
  language: string;
  /** 0 by default; another number gives other wording ("regenerate"). */
  variant?: number;
}

type Lang = "en" | "es";
type Voice = "casual" | "formal";
type Tone = ListingFacts["tone"];
type Category = "kitchen" | "drinkware" | "pet" | "phone" | "fitness" | "generic";
type ByLang<T> = Record<Lang, T>;
type ByVoice<T> = Record<Voice, T>;

// ---------------------------------------------------------------------------------------------
// Words

const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const letterOrDigit = /[\p{L}\p{N}]/u;

const smallWords: ByLang<ReadonlySet<string>> = {
  en: new Set(["a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "with", "via", "per"]),
  es: new Set(["a", "al", "con", "de", "del", "e", "el", "en", "la", "las", "los", "o", "para", "por", "sin", "u", "un", "una", "y"]),
};

/** Words a phrase may not start or end with (what is left around a removed price, link or promise). */
const danglingWords = new Set(
  "a an and or with for at on by to of the in from via plus is are which that so but call visit see contact email text whatsapp asin sku upc y o e u con para en de del por al la el los las un una que visita llama llámanos llamar escribe contacta desde".split(" "),
);

const stopWords = new Set(
  (
    "a an and are as at be been by can do does for from has have how i in into is it its it's just me more most my no not of on onto or our out over per so than that the their them then there these they this those to too under up us via was we were what when where which while who why will with you your yours also all any each every one two three four five very made make makes "
    + "al con como de del desde e el en entre es esta este estos estas hasta la las le les lo los más mi mis muy nos o para pero por que se sin su sus sobre tu tus u un una unas unos y ya"
  ).split(" "),
);

const packWords = new Set(["set", "sets", "pack", "packs", "kit", "bundle", "pair", "pcs", "pc", "pieces", "piece", "count", "juego", "paquete", "piezas", "unidades", "lote"]);

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
/** Lower-cases the first letter unless the first word is an acronym or mixed case (USB-C, iPhone, MagSafe). */
const lowerFirst = (text: string) => (/^\p{Lu}[\p{Ll}'’-]*(?![\p{L}\p{N}])/u.test(text) ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text);
const wordsOf = (text: string) => text.match(wordPattern) ?? [];
const mod = (n: number, m: number) => ((n % m) + m) % m;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const hash = stableHash;

/** Units that stay lower case after a number ("6 mm", "750 ml"). */
const units = new Set(["mm", "cm", "m", "km", "ml", "l", "cl", "oz", "fl", "lb", "lbs", "kg", "g", "mg", "in", "ft", "w", "v", "mah", "hz", "x"]);

/** One word in title case: small words and units stay lower case, acronyms and mixed case (iPhone, USB-C) stay. */
function titleWord(word: string, first: boolean, afterNumber: boolean, lang: Lang): string {
  if (/^\p{Lu}{5,}$/u.test(word)) return capitalize(word.toLocaleLowerCase());
  // Capitals after the first letter (iPhone, USB-C, MagSafe): as written.
  if (/^.[^]*\p{Lu}/u.test(word.replace(/(^|[-/(])\p{Lu}(?=[\p{Ll}'’]*(?:[-/)]|$))/gu, "$1x"))) return word;
  const lower = word.toLocaleLowerCase();
  if (afterNumber && units.has(lower)) return lower;
  if (!first && smallWords[lang].has(lower)) return lower;
  return word.replace(/(^|[-/(])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toLocaleUpperCase());
}

function titleCase(text: string, lang: Lang): string {
  let first = true;
  let afterNumber = false;
  return text
    .split(/(\s+)/)
    .map((part) => {
      if (/^\s*$/.test(part)) return part;
      const out = titleWord(part, first, afterNumber, lang);
      first = false;
      afterNumber = /\d$/.test(part);
      return out;
    })
    .join("");
}

/** Shouting (ALL-CAPS words of five letters and more, or a whole phrase in capitals) in sentence case. */
function unshout(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = letters.replace(/[^\p{Lu}]/gu, "");
  const allCaps = letters.length >= 6 && upper.length / letters.length > 0.8 && wordsOf(text).length >= 2;
  const out = text.replace(/[\p{L}]+/gu, (word) => (/^\p{Lu}{5,}$/u.test(word) || (allCaps && /^\p{Lu}{4,}$/u.test(word)) ? word.toLocaleLowerCase() : word));
  return out === text ? text : out.replace(/^(\P{L}*)(\p{Ll})/u, (_, before: string, letter: string) => before + letter.toLocaleUpperCase());
}

function listJoin(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  const and = lang === "es" ? (/^h?[ií](?![aeiouáéíóú])/i.test(last) ? "e" : "y") : "and";
  return `${items.slice(0, -1).join(", ")} ${and} ${last}`;
}

// ---------------------------------------------------------------------------------------------
// Tidying: what removals leave behind

function tidyLine(line: string): string {
  return line
    .replace(/[ \t\u00a0\r\n]+/g, " ")
    .replace(/\(\s*\)|\[\s*\]/g, " ")
    .replace(/\s+([,.;:!?)\]])/g, "$1")
    .replace(/([([¿¡])\s+/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/[,;:]+\s*([.!?])/g, "$1")
    .replace(/([.!?])(?:\s*[,;:])+/g, "$1")
    .replace(/\.(?:\s*\.)+/g, ".")
    .replace(/\s[-–—/&+]+(?=\s*(?:[,.;:!?]|$))/g, "")
    .replace(/^[\s,;:.\-–—/&+|]+/, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** Collapses spaces and stray punctuation; paragraphs ("\n\n") stay. */
function tidy(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map(tidyLine)
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map(capitalize)
    .join("\n\n");
}

/** Without unmatched brackets and the dangling words and punctuation a cut or removal leaves at its end
 * (and, with `trimStart`, at its start: a seller's phrase, never a title that starts with the brand). */
function finishPhrase(text: string, { trimStart = false } = {}): string {
  let out = text;
  for (const [open, close] of [["(", ")"], ["[", "]"]] as const) {
    while (out.split(open).length > out.split(close).length) out = out.slice(0, out.lastIndexOf(open)) + out.slice(out.lastIndexOf(open) + 1);
    while (out.split(close).length > out.split(open).length) out = out.slice(0, out.indexOf(close)) + out.slice(out.indexOf(close) + 1);
  }
  for (let round = 0; round < 10; round++) {
    const before = out;
    out = tidyLine(out).replace(/[\s,;:\-–—/&+|.(]+$/u, "");
    const words = out.split(" ");
    if (words.length > 1 && danglingWords.has(words.at(-1)!.toLocaleLowerCase())) out = words.slice(0, -1).join(" ");
    const lead = out.split(" ");
    if (trimStart && lead.length > 1 && danglingWords.has(lead[0]!.toLocaleLowerCase())) out = lead.slice(1).join(" ");
    if (out === before) break;
  }
  return out.trim();
}

/** The text cut to `max` characters at a word boundary (never mid-word), tidied at its end. */
function cutToChars(text: string, max: number): string {
  if (countChars(text) <= max) return text;
  const chars = [...text];
  let cut = chars.slice(0, max).join("");
  if (!/\s/.test(chars[max] ?? " ")) {
    const space = cut.search(/\s\S*$/);
    cut = space > 0 ? cut.slice(0, space) : "";
  }
  return finishPhrase(cut);
}

/** A title cut to `max`: at a phrase boundary (comma, dash, bracket) when one is late enough, else at a word. */
function cutTitle(text: string, max: number): string {
  if (countChars(text) <= max) return finishPhrase(text);
  const head = [...text].slice(0, max + 1).join("");
  let best = -1;
  for (const match of head.matchAll(/,\s|\s[-–—|]\s|\s\(|;\s|\s(?:with|for|con|para)\s/giu)) {
    if (match.index >= max * 0.55 && countChars(text.slice(0, match.index)) <= max) best = match.index;
  }
  const cut = best > 0 ? text.slice(0, best) : cutToChars(text, max);
  return finishPhrase(cut);
}

// ---------------------------------------------------------------------------------------------
// The words to avoid

/** The words to avoid: `find` matches them as whole words, case-insensitive; `remove` also takes the
 * hyphenated words they are part of ("plastic" takes "plastic-free" with it, not only its first half). */
interface AvoidWords {
  find: RegExp;
  remove: RegExp;
}

function avoidWords(words: readonly string[]): AvoidWords | undefined {
  const entries = words
    .map((word) => word.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const body = (word: string) => escapeRegExp(word).replace(/\s+/g, "[\\s-]+");
  const wordsPart = entries.filter((word) => letterOrDigit.test(word)).map(body).join("|");
  // An entry without letters or digits ("!", "&") is a symbol the seller does not want: it goes wherever it stands.
  const symbolsPart = entries.filter((word) => !letterOrDigit.test(word)).map(body).join("|");
  if (!wordsPart && !symbolsPart) return undefined;
  const pattern = (word: string) => [word && `(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, symbolsPart && `(?:${symbolsPart})`].filter(Boolean).join("|");
  return {
    find: new RegExp(pattern(wordsPart && `(?:${wordsPart})`), "iu"),
    remove: new RegExp(pattern(wordsPart && `(?:[\\p{L}\\p{N}]+-)*(?:${wordsPart})(?:-[\\p{L}\\p{N}]+)*`), "giu"),
  };
}

function mentionsAvoided(text: string, avoid: AvoidWords | undefined): boolean {
  return avoid ? avoid.find.test(text) : false;
}

function removeAvoided(text: string, avoid: AvoidWords | undefined): string {
  return avoid ? text.replace(avoid.remove, " ") : text;
}

// ---------------------------------------------------------------------------------------------
// Cleaning the seller's phrases: what a rule flags goes before the phrase is used anywhere

/** Codes whose spans are not removed from a phrase: limits, repeats and style a phrase may keep. */
const keptCodes = new Set<ViolationCode>(["too_long", "too_short", "bytes_over", "word_repeated", "repeated_word", "all_caps", "bullet_count", "brand_in_search_terms", "subjective"]);

function removeSpans(text: string, spans: readonly (readonly [number, number])[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let out = text;
  for (const [start, end] of merged.reverse()) out = `${out.slice(0, start)} ${out.slice(end)}`;
  return out;
}

function flaggedSpans(text: string, ruleSet: RuleSet, languages: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const language of languages) {
    const report = lintListing({ ruleSet, language, sections: { title: text, bullets: [text], searchTerms: text } });
    const violations = [...(report.sections.title?.violations ?? []), ...(report.sections.bullets?.[0]?.violations ?? []), ...(report.sections.searchTerms?.violations ?? [])];
    for (const violation of violations) if (!keptCodes.has(violation.code) && violation.end > violation.start) spans.push([violation.start, violation.end]);
  }
  return spans;
}

interface Cleaner {
  ruleSet: RuleSet;
  languages: readonly string[];
  avoid: AvoidWords | undefined;
}

/** A seller's phrase without what the rules flag, the words to avoid and the leftovers; "" when nothing useful is left. */
function cleanPhrase(text: string, cleaner: Cleaner, { keepShort = false } = {}): string {
  let out = text.replace(/<[^>]*>/g, " ").replace(/&(?:amp|nbsp|quot|lt|gt);/g, " ");
  const letterWords = (phrase: string) => wordsOf(phrase).filter((word) => /\p{L}/u.test(word)).length;
  const before = letterWords(out);
  // Prices with the currency after the amount ("19,99 €"), which the price rule does not see once the symbol goes.
  out = out.replace(/(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*\s?[$€£¥]/gu, " ");
  // Up to three passes: a removal can join what was apart.
  for (let pass = 0; pass < 3; pass++) {
    const spans = flaggedSpans(out, cleaner.ruleSet, cleaner.languages);
    if (spans.length === 0) break;
    out = removeSpans(out, spans);
  }
  out = removeAvoided(out, cleaner.avoid)
    .replace(/(?<![\p{L}\p{N}])asin\s*[:#]?/giu, " ")
    .replace(/[!?¡¿]+/g, " ")
    .replace(/[*_#~^{}|¬¦<>=`]+/g, " ")
    .replace(/[\p{Cc}\p{Co}]/gu, " ");
  // Something the seller wrote went: what is left around it may not stand alone.
  const removed = letterWords(out) < before;
  out = finishPhrase(unshout(out), { trimStart: !keepShort }).replace(/[.!?;:]+$/u, "");
  const words = wordsOf(out);
  if (words.length === 0 || (words.length === 1 && danglingWords.has(words[0]!.toLocaleLowerCase()))) return "";
  if (keepShort) return /\p{L}/u.test(out) ? out : "";
  if (!words.some((word) => /\p{L}{3,}/u.test(word))) return "";
  if (removed && letterWords(out) < 2) return "";
  return out;
}

/** Key features as short phrases: one a line, and a line that is a list ("3 sizes, juice groove") split at its commas. */
function featurePhrases(facts: Pick<ListingFacts, "keyFeatures">): string[] {
  return featureList(facts).flatMap((line) => {
    const parts = line
      .split(/,(?!\d)/)
      .map((part) => part.trim())
      .filter(Boolean);
    const listLike = parts.length >= 3 || parts.every((part) => wordsOf(part).length <= 3);
    return listLike ? parts : [line];
  });
}

// ---------------------------------------------------------------------------------------------
// What the copy says: benefits recognised in the features, fillers by category, paragraphs

interface Benefit {
  key: string;
  match: RegExp;
  header: ByLang<readonly string[]>;
  support: ByLang<ByVoice<readonly string[]>>;
}

const benefits: readonly Benefit[] = [
  {
    key: "clean",
    match: /dishwasher|washable|\bwash|clean|wipe|stain|lavavajillas|lavable|limpi|mancha/i,
    header: { en: ["Easy to clean", "Simple cleanup"], es: ["Fácil de limpiar", "Limpieza sencilla"] },
    support: {
      en: {
        casual: ["Cleanup takes seconds, so you can get on with your day.", "A quick rinse and your {ref} is ready for round two."],
        formal: ["Cleaning takes only a moment, so your {ref} is ready whenever you need it.", "Routine care is quick and simple, keeping your {ref} in good condition."],
      },
      es: {
        casual: ["Se limpia en segundos y puedes seguir con tu día.", "Un enjuague rápido y a seguir."],
        formal: ["La limpieza lleva solo un momento, para que su {ref} esté a punto cuando haga falta.", "El cuidado diario es rápido y sencillo."],
      },
    },
  },
  {
    key: "spill",
    match: /groove|spill|juice|drip|leak|ranura|jugo|zumo|derrame|goteo|fuga/i,
    header: { en: ["Less mess", "Keeps surfaces tidy"], es: ["Menos desorden", "Superficies limpias"] },
    support: {
      en: {
        casual: ["Drips and spills stay where they belong.", "Less mess to wipe up, more time for everything else."],
        formal: ["Liquids stay where they belong, so surfaces remain clean.", "A practical detail that keeps things tidy."],
      },
      es: {
        casual: ["Las gotas y los derrames se quedan donde deben.", "Menos desorden que limpiar y más tiempo para lo demás."],
        formal: ["Los líquidos quedan donde deben y las superficies se mantienen limpias.", "Un detalle práctico que mantiene todo en orden."],
      },
    },
  },
  {
    key: "sizes",
    match: /\bsizes?\b|\bset of\b|\d+\s*(?:-\s*)?(?:pieces?|pcs|pack|count)\b|tamaños?|piezas|juego de/i,
    header: { en: ["Sized for every job", "A size for each task"], es: ["Un tamaño para cada tarea", "El tamaño justo"] },
    support: {
      en: {
        casual: ["Grab the size that fits the job and get going.", "Small jobs or big ones, there is a size ready to go."],
        formal: ["Each size suits a different task, so the right one is always at hand.", "The range of sizes covers everyday tasks large and small."],
      },
      es: {
        casual: ["Elige el tamaño que necesitas y listo.", "Para tareas pequeñas o grandes, siempre hay un tamaño a mano."],
        formal: ["Cada tamaño se adapta a una tarea distinta, para tener siempre el adecuado a mano.", "La variedad de tamaños cubre tareas grandes y pequeñas."],
      },
    },
  },
  {
    key: "grip",
    match: /non[- ]?slip|anti[- ]?slip|slip[- ]resistant|\bgrip|rubber feet|antideslizante|agarre/i,
    header: { en: ["Stays in place", "Secure grip"], es: ["Se mantiene en su sitio", "Agarre seguro"] },
    support: {
      en: {
        casual: ["No sliding, no slipping, just steady use every time.", "It stays put, so you can focus on what you are doing."],
        formal: ["A secure grip keeps it steady during use for added control.", "The slip-resistant design provides stability and control during use."],
      },
      es: {
        casual: ["Nada de resbalones: se queda firme cada vez.", "No se mueve, así que puedes concentrarte en lo tuyo."],
        formal: ["Un agarre firme aporta estabilidad y control durante el uso.", "El diseño antideslizante ofrece estabilidad en todo momento."],
      },
    },
  },
  {
    key: "protection",
    match: /protect|shock|drop|scratch|bumper|military|proteg|golpe|caída|caida|arañazo|rayon/i,
    header: { en: ["Everyday protection", "Protection that counts"], es: ["Protección diaria", "Protección de confianza"] },
    support: {
      en: {
        casual: ["Bumps and drops happen, and this helps you worry less about them.", "Peace of mind for everyday knocks and bumps."],
        formal: ["Helps protect against everyday bumps, drops and scratches.", "Provides dependable protection against everyday wear."],
      },
      es: {
        casual: ["Los golpes pasan, y así te preocupas menos por ellos.", "Tranquilidad frente a los golpes del día a día."],
        formal: ["Ayuda a proteger frente a golpes, caídas y arañazos cotidianos.", "Ofrece una protección fiable frente al desgaste diario."],
      },
    },
  },
  {
    key: "visibility",
    match: /reflect|visib|night|glow|reflectante|noche/i,
    header: { en: ["Seen in low light", "Visible after dark"], es: ["Visible de noche", "Más visibilidad"] },
    support: {
      en: {
        casual: ["Early mornings or late nights, you are easier to spot.", "Stay visible when the light fades."],
        formal: ["Reflective details improve visibility in low-light conditions.", "Added visibility supports safer walks after dark."],
      },
      es: {
        casual: ["Por la mañana temprano o de noche, se te ve con más facilidad.", "Sigues siendo visible cuando cae la luz."],
        formal: ["Los detalles reflectantes aumentan la visibilidad con poca luz.", "Una mayor visibilidad favorece paseos más seguros al anochecer."],
      },
    },
  },
  {
    key: "comfort",
    match: /comfort|\bsoft|padded|padding|cushion|ergonomic|cómod|comod|suave|acolchad|ergonómic/i,
    header: { en: ["Comfortable to use", "All-day comfort"], es: ["Comodidad diaria", "Comodidad todo el día"] },
    support: {
      en: {
        casual: ["Soft where it counts, so it feels good every time.", "Comfy enough that you forget it is there."],
        formal: ["Thoughtful ergonomics provide comfort during extended use.", "The design prioritises comfort, even during long sessions."],
      },
      es: {
        casual: ["Suave donde importa, para que se sienta bien cada vez.", "Tanta comodidad que te olvidas de que está ahí."],
        formal: ["Un diseño ergonómico aporta comodidad durante un uso prolongado.", "Su diseño prioriza la comodidad, incluso en sesiones largas."],
      },
    },
  },
  {
    key: "portable",
    match: /lightweight|light weight|portable|compact|foldable|folds|carry|travel|liger|portátil|portatil|compact|plegable|viaje/i,
    header: { en: ["Easy to carry", "Goes where you go"], es: ["Fácil de llevar", "Te acompaña a todas partes"] },
    support: {
      en: {
        casual: ["Toss it in your bag and take it anywhere.", "Light enough to bring along wherever the day takes you."],
        formal: ["The compact, lightweight design makes it easy to take along.", "Easy to transport, and easy to store when not in use."],
      },
      es: {
        casual: ["Cabe en cualquier bolsa y va contigo a todas partes.", "Pesa poco y te acompaña a donde vayas."],
        formal: ["Su diseño compacto y ligero facilita el transporte.", "Se transporta y se guarda con facilidad."],
      },
    },
  },
  {
    key: "water",
    match: /waterproof|water[- ]resistant|sweat|splash|impermeable|resistente al agua|sudor|salpicadura/i,
    header: { en: ["Ready for wet days", "Handles water"], es: ["Resistencia al agua", "Sin miedo al agua"] },
    support: {
      en: {
        casual: ["Rain, splashes or sweat, it keeps going.", "A little water will not slow it down."],
        formal: ["Water resistance helps it perform in wet conditions.", "Built to handle splashes and damp conditions."],
      },
      es: {
        casual: ["Lluvia, salpicaduras o sudor: sigue funcionando sin problema.", "Un poco de agua no es problema."],
        formal: ["Su resistencia al agua facilita el uso en condiciones húmedas.", "Soporta salpicaduras y ambientes húmedos."],
      },
    },
  },
  {
    key: "charging",
    match: /wireless|charg|magsafe|battery|inalámbric|inalambric|carga|batería|bateria/i,
    header: { en: ["Simple charging", "Charging made easy"], es: ["Carga sencilla", "Carga sin complicaciones"] },
    support: {
      en: {
        casual: ["Plug in, top up, done.", "Charging is one less thing to think about."],
        formal: ["Convenient charging keeps your devices ready for the day.", "Designed for straightforward, everyday charging."],
      },
      es: {
        casual: ["Conecta, carga y listo.", "Cargar es una cosa menos en la que pensar."],
        formal: ["Una carga cómoda mantiene sus dispositivos listos para el día.", "Una carga sencilla para el uso diario."],
      },
    },
  },
  {
    key: "durable",
    match: /durable|sturdy|strong|solid|heavy[- ]duty|thick|reinforced|\blast|tough|robust|resistente|duradero|duradera|sólid|solid|reforzad|grues/i,
    header: { en: ["Built to last", "Sturdy build"], es: ["Diseño duradero", "Construcción resistente"] },
    support: {
      en: {
        casual: ["It is made for daily use and keeps going, day after day.", "Tough enough for everyday life, so you will not be shopping for another one soon."],
        formal: ["Solid construction keeps your {ref} performing through years of regular use.", "Durable materials stand up to daily use without losing their shape."],
      },
      es: {
        casual: ["Aguanta el uso diario, día tras día.", "Resiste el uso de cada día sin preocupaciones."],
        formal: ["Su construcción sólida soporta años de uso habitual.", "Los materiales resistentes mantienen su forma con el uso diario."],
      },
    },
  },
  {
    key: "fit",
    match: /compatible|\bfits?\b|adjustable|ajustable|se adapta|encaja/i,
    header: { en: ["Made to fit", "A proper fit"], es: ["Ajuste preciso", "Se adapta a ti"] },
    support: {
      en: {
        casual: ["It fits just right, no fiddling needed.", "A snug, secure fit from day one."],
        formal: ["A precise fit makes setup easy and everyday use reliable.", "The design provides a precise, secure fit."],
      },
      es: {
        casual: ["Se ajusta sin complicaciones.", "Encaja a la primera, sin líos."],
        formal: ["Un ajuste preciso facilita la instalación y el uso diario.", "Su diseño ofrece un ajuste firme y preciso."],
      },
    },
  },
  {
    key: "storage",
    match: /\bhang|hook|storage|\bstore|handle|colgar|gancho|guardar|almacen|\basa\b/i,
    header: { en: ["Easy to store", "Tidy storage"], es: ["Fácil de guardar", "Almacenaje sencillo"] },
    support: {
      en: {
        casual: ["Hang it up or tuck it away when you are done.", "It stores neatly, so it is always easy to find."],
        formal: ["Convenient storage keeps it organised and within reach.", "It stores neatly when not in use."],
      },
      es: {
        casual: ["Se guarda en cualquier rincón cuando terminas.", "Se guarda con orden y siempre está a mano."],
        formal: ["Se guarda con facilidad y queda siempre a mano.", "Ocupa poco espacio cuando no se usa."],
      },
    },
  },
  {
    key: "material",
    match: /bamboo|\bwood|steel|stainless|cotton|silicone|leather|nylon|alumin|\bcork|rubber|bambú|bambu|madera|acero|algodón|algodon|silicona|cuero|corcho|caucho|natural/i,
    header: { en: ["Quality materials", "Materials that matter"], es: ["Materiales de calidad", "Materiales escogidos"] },
    support: {
      en: {
        casual: ["Good materials you can see and feel from the first use.", "Made from materials that feel as good as they look."],
        formal: ["Carefully selected materials give your {ref} a solid feel and a lasting finish.", "The materials are chosen for everyday durability and a refined look."],
      },
      es: {
        casual: ["Materiales que se notan desde el primer uso.", "Materiales que se sienten tan bien como se ven."],
        formal: ["Los materiales seleccionados aportan solidez y un acabado duradero.", "Materiales elegidos por su durabilidad y su buen aspecto."],
      },
    },
  },
];

/** Headers for a feature no benefit recognises, and what follows it. */
const genericFeature: Omit<Benefit, "key" | "match"> = {
  header: { en: ["Thoughtful design", "Practical detail", "Designed with care", "Smart design", "Made for daily use"], es: ["Diseño cuidado", "Detalle práctico", "Diseño práctico", "Diseño inteligente", "Para el uso diario"] },
  support: {
    en: {
      casual: ["One more reason your {ref} makes everyday life easier.", "It is the kind of detail you notice every time.", "Small touch, big difference in daily use.", "Just one of the ways it makes your day run smoother."],
      formal: ["A considered detail that makes your {ref} easier to use every day.", "This detail adds convenience to everyday use.", "A practical touch that reflects careful design.", "One of several details designed around everyday needs."],
    },
    es: {
      casual: ["Un detalle más que hace tu día a día más fácil.", "Es de esos detalles que se notan en cada uso.", "Un pequeño detalle que marca la diferencia.", "Una forma más de hacer tu rutina más sencilla."],
      formal: ["Un detalle pensado para facilitar el uso diario.", "Este detalle aporta comodidad en el uso diario.", "Un toque práctico que refleja un diseño cuidado.", "Uno de los detalles pensados para las necesidades diarias."],
    },
  },
};

/** A generic bullet: a benefit any product of the category has, in both voices. */
interface Filler {
  key: string;
  header: string;
  text: ByVoice<string>;
}

interface CategoryText {
  test: RegExp;
  fillers: ByLang<readonly Filler[]>;
  /** A paragraph about using the product (description). */
  use: ByLang<ByVoice<readonly string[]>>;
  /** Search words shoppers use for the category. */
  searchWords: ByLang<readonly string[]>;
  /** A title's closing "for …" when the seller names no audience. */
  titleUse: ByLang<string>;
}

const categories: Record<Category, CategoryText> = {
  phone: {
    test: /\bphone|iphone|galaxy|pixel|\bcase\b|charger|\bcable|\busb|earbuds|headphone|tablet|smartwatch|móvil|movil|teléfono|telefono|funda|carcasa|cargador|auriculares/gi,
    fillers: {
      en: [
        { key: "carry", header: "Everyday carry", text: { casual: "Slips into your pocket or bag without fuss.", formal: "Designed to fit comfortably in a pocket or bag." } },
        { key: "setup", header: "Easy setup", text: { casual: "Unbox it and get started in minutes.", formal: "Setup is quick and straightforward." } },
        { key: "look", header: "Clean look", text: { casual: "A clean look that goes with your style.", formal: "A refined look that complements your device." } },
        { key: "daily", header: "Ready for daily use", text: { casual: "Made for the daily grind of commutes, desks and sofas.", formal: "Built for reliable performance throughout the day." } },
      ],
      es: [
        { key: "carry", header: "Para llevar a diario", text: { casual: "Cabe en el bolsillo o en el bolso sin complicaciones.", formal: "Cabe cómodamente en un bolsillo o un bolso." } },
        { key: "setup", header: "Configuración sencilla", text: { casual: "Se pone en marcha en minutos.", formal: "La puesta en marcha es rápida y sencilla." } },
        { key: "look", header: "Estética limpia", text: { casual: "Un aspecto limpio que va con tu estilo.", formal: "Un aspecto cuidado que complementa su dispositivo." } },
        { key: "daily", header: "Para el uso diario", text: { casual: "Para el trajín diario: trayectos, oficina y sofá.", formal: "Un rendimiento fiable durante toda la jornada." } },
      ],
    },
    use: {
      en: {
        casual: ["Commutes, coffee runs and couch time: your {ref} keeps up with your day.", "It fits right into your routine, from the morning alarm to the evening scroll."],
        formal: ["Designed for daily use, your {ref} fits seamlessly into work and personal routines.", "It supports a busy schedule, from the morning commute to the end of the working day."],
      },
      es: {
        casual: ["Trayectos, cafés y ratos de sofá: tu {ref} sigue el ritmo de tu día.", "Encaja en tu rutina, desde la alarma de la mañana hasta el último vistazo de la noche."],
        formal: ["Su {ref} se integra con naturalidad en la rutina profesional y personal.", "Acompaña una agenda exigente, desde el trayecto de la mañana hasta el final de la jornada."],
      },
    },
    searchWords: {
      en: ["cover", "protective", "shockproof", "slim", "bumper", "mobile", "cell", "smartphone", "accessories", "device", "protector", "sleeve", "shell"],
      es: ["carcasa", "cubierta", "protectora", "móvil", "smartphone", "celular", "teléfono", "accesorios", "dispositivo", "protección", "fina"],
    },
    titleUse: { en: "for Everyday Use", es: "para Uso Diario" },
  },
  pet: {
    test: /\bdogs?\b|\bcats?\b|puppy|puppies|kitten|\bpets?\b|leash|collar|harness|perros?\b|gatos?\b|cachorro|mascota|correa|arnés|arnes/gi,
    fillers: {
      en: [
        { key: "comfort", header: "Comfortable for your pet", text: { casual: "Made with your pet's comfort in mind, walk after walk.", formal: "Designed with your pet's comfort in mind for everyday use." } },
        { key: "walks", header: "Easy daily walks", text: { casual: "Clip on and head out the door in seconds.", formal: "Quick to put on, so daily walks start without delay." } },
        { key: "control", header: "Steady control", text: { casual: "Stay in control, even when the squirrels show up.", formal: "Provides steady control for calm, confident walks." } },
        { key: "active", header: "Built for active pets", text: { casual: "Ready for runs, parks and muddy adventures.", formal: "Suited to active pets and outdoor routines." } },
      ],
      es: [
        { key: "comfort", header: "Comodidad para tu mascota", text: { casual: "Con la comodidad de tu mascota en mente, paseo tras paseo.", formal: "Su diseño tiene en cuenta la comodidad de su mascota en el uso diario." } },
        { key: "walks", header: "Paseos sin complicaciones", text: { casual: "Se pone en segundos y a la calle.", formal: "Se coloca rápidamente para que los paseos diarios empiecen sin demora." } },
        { key: "control", header: "Control y seguridad", text: { casual: "Mantén el control, incluso cuando aparece un gato.", formal: "Ofrece un control firme para paseos tranquilos." } },
        { key: "active", header: "Para mascotas activas", text: { casual: "Para carreras, parques y aventuras con barro.", formal: "Acompaña a mascotas activas en sus rutinas al aire libre." } },
      ],
    },
    use: {
      en: {
        casual: ["Morning strolls, park visits or quick trips outside: your {ref} is ready for every outing with your pet.", "Made for real life with pets, it handles the daily routine without fuss."],
        formal: ["Suited to daily routines with your pet, your {ref} combines practicality with comfort.", "Whether for short walks or longer outings, it supports a calm and comfortable routine for you and your pet."],
      },
      es: {
        casual: ["Paseos por la mañana, visitas al parque o salidas rápidas: tu {ref} te acompaña en cada salida con tu mascota.", "Para la vida real con mascotas: aguanta la rutina diaria sin complicaciones."],
        formal: ["Su {ref} combina practicidad y comodidad en la rutina diaria con su mascota.", "Tanto en paseos cortos como en salidas largas, contribuye a una rutina tranquila y cómoda para usted y su mascota."],
      },
    },
    searchWords: {
      en: ["dog", "puppy", "pet", "walking", "training", "lead", "rope", "outdoor", "hiking", "running", "supplies", "accessories", "owners"],
      es: ["perro", "perros", "cachorro", "mascota", "mascotas", "paseo", "adiestramiento", "accesorios", "exterior", "senderismo", "correr"],
    },
    titleUse: { en: "for Daily Walks", es: "para Paseos Diarios" },
  },
  fitness: {
    test: /yoga|fitness|\bgym|workout|exercise|pilates|dumbbell|kettlebell|resistance band|\bmat\b|esterilla|gimnasio|ejercicio|entrenamiento|colchoneta/gi,
    fillers: {
      en: [
        { key: "workout", header: "Ready for every workout", text: { casual: "Gym sessions, home workouts or a stretch before bed, it is ready when you are.", formal: "Suited to home workouts, gym sessions and stretching." } },
        { key: "support", header: "Steady support", text: { casual: "Feel steady and supported through every move.", formal: "Provides stable support throughout your routine." } },
        { key: "anywhere", header: "Home or gym", text: { casual: "Works just as well in your living room as at the gym.", formal: "Equally suited to home training and gym sessions." } },
        { key: "clean", header: "Simple care", text: { casual: "Wipe it down after your session and you are done.", formal: "Wipe clean after each session to keep it fresh." } },
      ],
      es: [
        { key: "workout", header: "Para cada entrenamiento", text: { casual: "Gimnasio, entrenamiento en casa o estiramientos antes de dormir: siempre a punto.", formal: "Se adapta al gimnasio, al entrenamiento en casa y a los estiramientos." } },
        { key: "support", header: "Apoyo estable", text: { casual: "Siéntete estable en cada movimiento.", formal: "Proporciona un apoyo estable durante toda la rutina." } },
        { key: "anywhere", header: "En casa o en el gimnasio", text: { casual: "Funciona igual de bien en el salón que en el gimnasio.", formal: "Resulta igual de útil en casa que en el gimnasio." } },
        { key: "clean", header: "Cuidado sencillo", text: { casual: "Pásale un paño después de entrenar y listo.", formal: "Basta con pasar un paño tras cada sesión." } },
      ],
    },
    use: {
      en: {
        casual: ["A quick workout at lunch, a class after work or a stretch before bed: your {ref} is ready when you are.", "Home workouts, gym classes or a session in the park: it goes where your routine takes you."],
        formal: ["Suited to home training, gym sessions and classes, your {ref} supports a consistent fitness routine.", "From gentle warm-ups to demanding sessions, it is designed to support your training."],
      },
      es: {
        casual: ["Un entrenamiento rápido a mediodía, una clase después del trabajo o estiramientos antes de dormir: tu {ref} te acompaña.", "Entrenamientos en casa, clases en el gimnasio o una sesión en el parque: va contigo a donde vaya tu rutina."],
        formal: ["Su {ref} acompaña el entrenamiento en casa, en el gimnasio y en clase con constancia.", "Desde calentamientos suaves hasta sesiones exigentes, su diseño respalda su entrenamiento."],
      },
    },
    searchWords: {
      en: ["exercise", "workout", "pilates", "stretching", "gym", "fitness", "training", "floor", "meditation", "studio", "beginners", "home"],
      es: ["ejercicio", "entrenamiento", "pilates", "estiramientos", "gimnasio", "fitness", "suelo", "meditación", "principiantes", "casa"],
    },
    titleUse: { en: "for Home Workouts", es: "para Entrenar en Casa" },
  },
  drinkware: {
    test: /bottle|tumbler|\bmugs?\b|flask|thermos|\bcups?\b|drinkware|botella|termo|\btazas?\b|\bvasos?\b/gi,
    fillers: {
      en: [
        { key: "drinks", header: "Drinks your way", text: { casual: "Water, coffee, tea or smoothies: fill it with whatever gets you going.", formal: "Suitable for water, coffee, tea and other everyday drinks." } },
        { key: "carry", header: "On the go", text: { casual: "From your desk to the gym to the trail, it comes along.", formal: "Designed to accompany you from the office to the gym and beyond." } },
        { key: "clean", header: "Simple care", text: { casual: "A quick rinse between refills keeps it fresh.", formal: "Rinse between uses to keep it fresh." } },
        { key: "daily", header: "Everyday hydration", text: { casual: "With a drink always within reach, sipping through the day gets easier.", formal: "Keeping a drink within reach supports regular hydration throughout the day." } },
      ],
      es: [
        { key: "drinks", header: "Tus bebidas, a tu manera", text: { casual: "Agua, café, té o batidos: lo que te dé energía.", formal: "Para agua, café, té y otras bebidas del día a día." } },
        { key: "carry", header: "Para llevar", text: { casual: "Del escritorio al gimnasio o a la montaña: siempre contigo.", formal: "Le acompaña de la oficina al gimnasio y más allá." } },
        { key: "clean", header: "Cuidado sencillo", text: { casual: "Un enjuague rápido entre usos y a seguir.", formal: "Basta con enjuagar entre usos." } },
        { key: "daily", header: "Hidratación diaria", text: { casual: "Con la bebida siempre a mano, es más fácil beber durante el día.", formal: "Tener la bebida a mano facilita una hidratación regular durante el día." } },
      ],
    },
    use: {
      en: {
        casual: ["Morning coffee, afternoon water, post-workout refills: your {ref} keeps up with your day.", "Desk, car, gym bag: it goes wherever the day takes you."],
        formal: ["Your {ref} accompanies you through the working day, the commute and the gym.", "Designed for everyday use, it fits into work, travel and exercise routines."],
      },
      es: {
        casual: ["Café por la mañana, agua por la tarde, recargas después de entrenar: tu {ref} sigue tu ritmo.", "Escritorio, coche o bolsa de deporte: va a donde vayas."],
        formal: ["Su {ref} le acompaña durante la jornada, los trayectos y el gimnasio.", "Se integra en las rutinas de trabajo, viaje y ejercicio."],
      },
    },
    searchWords: {
      en: ["water", "drink", "hydration", "travel", "sports", "gym", "hiking", "camping", "office", "reusable", "thermos", "flask", "tumbler", "cup", "school"],
      es: ["agua", "bebidas", "hidratación", "viaje", "deporte", "gimnasio", "senderismo", "acampada", "oficina", "reutilizable", "termo", "vaso", "colegio"],
    },
    titleUse: { en: "for Gym, Office and Travel", es: "para Gimnasio, Oficina y Viaje" },
  },
  kitchen: {
    test: /kitchen|cutting board|chopping|\bcook|knife|knives|\bpan\b|\bpot\b|utensil|spatula|baking|serving|cocina|tabla de cortar|tabla de picar|cuchillo|sartén|sarten|utensilio|hornear/gi,
    fillers: {
      en: [
        { key: "clean", header: "Simple care", text: { casual: "Rinse, dry and it is ready for the next meal.", formal: "Rinse and dry after each use to keep it in good condition for years." } },
        { key: "cooking", header: "Everyday cooking", text: { casual: "From quick breakfasts to big weekend dinners, it earns its spot in your kitchen.", formal: "Suited to daily meal preparation, from simple breakfasts to family dinners." } },
        { key: "look", header: "Looks good on the counter", text: { casual: "Good-looking enough to leave out on the counter.", formal: "A clean, classic look that suits any kitchen." } },
        { key: "hosting", header: "Ready for hosting", text: { casual: "Handy for serving snacks when friends come over.", formal: "Equally useful for serving when entertaining guests." } },
      ],
      es: [
        { key: "clean", header: "Cuidado sencillo", text: { casual: "Enjuaga, seca y a preparar la siguiente comida.", formal: "Enjuagar y secar tras cada uso ayuda a mantener un buen estado durante años." } },
        { key: "cooking", header: "Cocina de cada día", text: { casual: "Desde desayunos rápidos hasta cenas de fin de semana, se gana su sitio en tu cocina.", formal: "Resulta útil en la preparación diaria, desde desayunos sencillos hasta cenas familiares." } },
        { key: "look", header: "Buen aspecto en la encimera", text: { casual: "Queda bien a la vista en la encimera.", formal: "Un aspecto limpio y clásico que encaja en cualquier cocina." } },
        { key: "hosting", header: "Para recibir en casa", text: { casual: "Viene bien para servir algo de picar cuando vienen amigos.", formal: "También resulta útil para servir cuando recibe invitados." } },
      ],
    },
    use: {
      en: {
        casual: ["From weeknight dinners to weekend get-togethers, your {ref} is ready for whatever is on the menu.", "Chop, slice, serve, repeat: your {ref} keeps up with busy kitchens and lazy Sunday brunches alike."],
        formal: ["From everyday meal preparation to serving guests, your {ref} suits a wide range of kitchen tasks.", "Designed for regular use in the home kitchen, it supports everything from simple weekday meals to larger gatherings."],
      },
      es: {
        casual: ["De las cenas entre semana a las comidas del fin de semana, tu {ref} está a la altura de cualquier menú.", "Cortar, servir y repetir: tu {ref} sigue el ritmo de una cocina con mucho movimiento."],
        formal: ["Desde la preparación diaria de comidas hasta las ocasiones con invitados, su {ref} se adapta a numerosas tareas de cocina.", "Su diseño responde al uso habitual en la cocina, desde comidas sencillas hasta reuniones familiares."],
      },
    },
    searchWords: {
      en: ["chopping", "block", "butcher", "serving", "tray", "charcuterie", "meal", "prep", "cooking", "kitchen", "chef", "countertop", "vegetables", "meat", "cheese", "bread", "housewarming", "gift"],
      es: ["picar", "cocina", "cocinar", "servir", "bandeja", "embutidos", "quesos", "chef", "encimera", "verduras", "carne", "pan", "utensilios", "hogar", "regalo"],
    },
    titleUse: { en: "for Kitchen and Home", es: "para Cocina y Hogar" },
  },
  generic: {
    test: /$^/g,
    fillers: {
      en: [
        { key: "design", header: "Thoughtful design", text: { casual: "Every detail is there for a reason, so it simply works.", formal: "Every detail is designed to make everyday use simpler." } },
        { key: "daily", header: "Made for daily use", text: { casual: "Ready for everyday life, day in and day out.", formal: "Made to handle regular, everyday use." } },
        { key: "clean", header: "Easy to look after", text: { casual: "Low-effort care, so you can simply enjoy it.", formal: "Simple care keeps it in good condition." } },
        { key: "use", header: "Simple to use", text: { casual: "No manual needed: it is ready to go out of the box.", formal: "Intuitive to use from the first day." } },
        { key: "gift", header: "Thoughtful gift", text: { casual: "A welcome gift for birthdays, holidays or just because.", formal: "A considered gift for birthdays and holidays." } },
        { key: "look", header: "Clean look", text: { casual: "Looks good, works hard.", formal: "A clean look that suits any space." } },
        { key: "dependable", header: "Dependable", text: { casual: "Does its job, day after day.", formal: "Dependable performance, day after day." } },
        { key: "finish", header: "Careful finish", text: { casual: "Neat details you notice up close.", formal: "Finished with care, down to the details." } },
      ],
      es: [
        { key: "design", header: "Diseño cuidado", text: { casual: "Cada detalle tiene su motivo, así que todo funciona sin más.", formal: "Cada detalle está pensado para simplificar el uso diario." } },
        { key: "daily", header: "Para el día a día", text: { casual: "Acompaña tu día a día, un día tras otro.", formal: "Soporta el uso habitual del día a día." } },
        { key: "clean", header: "Fácil de cuidar", text: { casual: "Apenas requiere cuidados y se disfruta más.", formal: "Un cuidado sencillo ayuda a conservar su buen estado." } },
        { key: "use", header: "Fácil de usar", text: { casual: "Sin manuales: se usa desde el primer momento.", formal: "Su uso resulta intuitivo desde el primer día." } },
        { key: "gift", header: "Un regalo con detalle", text: { casual: "Un regalo bienvenido para cumpleaños, fiestas o porque sí.", formal: "Un regalo acertado para cumpleaños y fechas especiales." } },
        { key: "look", header: "Aspecto limpio", text: { casual: "Se ve bien y cumple.", formal: "Un aspecto limpio que encaja en cualquier espacio." } },
        { key: "dependable", header: "Fiabilidad", text: { casual: "Cumple su función, día tras día.", formal: "Un rendimiento fiable, día tras día." } },
        { key: "finish", header: "Acabado cuidado", text: { casual: "Detalles bien hechos que se notan de cerca.", formal: "Un acabado cuidado hasta el último detalle." } },
      ],
    },
    use: {
      en: {
        casual: ["It fits right into your routine, making everyday moments a little easier.", "Use it every day and you will wonder how you managed without it."],
        formal: ["Your {ref} is designed to fit naturally into everyday routines.", "It brings practical, reliable performance to everyday tasks."],
      },
      es: {
        casual: ["Encaja en tu rutina y hace que el día a día sea un poco más fácil.", "Una vez en casa, te preguntarás cómo te las apañabas antes."],
        formal: ["Su {ref} se integra con naturalidad en la rutina diaria.", "Aporta un rendimiento práctico y fiable en las tareas cotidianas."],
      },
    },
    searchWords: {
      en: ["everyday", "home", "household", "gift", "idea", "accessory", "essentials", "practical", "daily", "use"],
      es: ["diario", "hogar", "casa", "regalo", "accesorio", "práctico", "uso", "cotidiano", "esencial"],
    },
    titleUse: { en: "for Everyday Use", es: "para Uso Diario" },
  },
};

type Sentence = (ctx: Context) => string;

/** The description's opening, per tone: it names the product in full. */
const openings: ByLang<Record<Tone, readonly Sentence[]>> = {
  en: {
    Casual: [
      (c) => `Meet ${c.theFull}${c.audience ? `, made for ${c.audience} who want things that simply work` : ", made for anyone who wants things that simply work"}.`,
      (c) => `Say hello to ${c.theFull}. It makes everyday life a little easier${c.audience ? ` for ${c.audience}` : ""}.`,
      (c) => `${capitalize(c.theFull)} is here to make your day easier${c.audience ? `, and it was made with ${c.audience} in mind` : ""}.`,
    ],
    Professional: [
      (c) => `${capitalize(c.theFull)} is designed for ${c.audience || "everyday use"}, with practical details that make daily tasks simpler.`,
      (c) => `Introducing ${c.theFull}: ${withArticle(c.ref)} built for daily use${c.audience ? ` by ${c.audience}` : ""}.`,
      (c) => `${capitalize(c.theFull)} combines practical design with materials made for everyday use${c.audience ? `, for ${c.audience}` : ""}.`,
    ],
    Formal: [
      (c) => `${capitalize(c.theFull)} has been carefully designed for ${c.audience || "those"} who expect reliability in every detail.`,
      (c) => `We are pleased to present ${c.theFull}, ${withArticle(c.ref)} designed with care and precision${c.audience ? ` for ${c.audience}` : ""}.`,
      (c) => `Crafted with attention to detail, ${c.theFull} offers dependable performance day after day${c.audience ? ` for ${c.audience}` : ""}.`,
    ],
  },
  es: {
    Casual: [
      (c) => `Te presentamos ${c.full}: una forma sencilla de hacer tu día a día más fácil${c.audience ? `, con ${c.audience} en mente` : ""}.`,
      (c) => `Con ${c.full}, el día a día es un poco más fácil${c.audience ? ` para ${c.audience}` : ""}.`,
      (c) => `${c.full} llega para ponerte las cosas fáciles${c.audience ? `, con ${c.audience} en mente` : ""}.`,
    ],
    Professional: [
      (c) => `${c.full} combina un diseño práctico con materiales preparados para el uso diario${c.audience ? `, para ${c.audience}` : ""}.`,
      (c) => `${c.full} ofrece un rendimiento fiable para el uso diario${c.audience ? ` de ${c.audience}` : ""}.`,
      (c) => `${c.full} responde a las necesidades de ${c.audience || "quienes buscan fiabilidad"} en el día a día.`,
    ],
    Formal: [
      (c) => `Le presentamos ${c.full}, una propuesta cuidada hasta el último detalle${c.audience ? ` para ${c.audience}` : ""}.`,
      (c) => `${c.full} nace del cuidado por cada detalle y de la búsqueda de un rendimiento fiable${c.audience ? ` para ${c.audience}` : ""}.`,
      (c) => `Con ${c.full}, usted dispone de una solución fiable para el día a día${c.audience ? `, pensada para ${c.audience}` : ""}.`,
    ],
  },
};

/** The features paragraph's list sentence, per tone. */
const featureSummaries: ByLang<Record<Tone, readonly ((list: string) => string)[]>> = {
  en: {
    Casual: [(list) => `Here is what you get: ${list}.`, (list) => `The highlights? ${capitalize(list)}.`],
    Professional: [(list) => `Key features: ${list}.`, (list) => `What sets it apart: ${list}.`],
    Formal: [(list) => `Its principal features include the following: ${list}.`, (list) => `Notable features: ${list}.`],
  },
  es: {
    Casual: [(list) => `Esto es lo que tienes: ${list}.`, (list) => `¿Lo más destacado? ${capitalize(list)}.`],
    Professional: [(list) => `Características principales: ${list}.`, (list) => `Aspectos destacados: ${list}.`],
    Formal: [(list) => `Entre sus características principales se encuentran: ${list}.`, (list) => `Características destacadas: ${list}.`],
  },
};

/** The same with one feature ("Key feature: …"). */
const featureSingles: ByLang<Record<Tone, readonly ((item: string) => string)[]>> = {
  en: {
    Casual: [(item) => `Our favourite detail: ${item}.`, (item) => `The highlight? ${capitalize(item)}.`],
    Professional: [(item) => `Key feature: ${item}.`, (item) => `What sets it apart: ${item}.`],
    Formal: [(item) => `One detail stands out: ${item}.`, (item) => `Notable feature: ${item}.`],
  },
  es: {
    Casual: [(item) => `Nuestro detalle favorito: ${item}.`, (item) => `¿Lo más destacado? ${capitalize(item)}.`],
    Professional: [(item) => `Característica principal: ${item}.`, (item) => `Aspecto destacado: ${item}.`],
    Formal: [(item) => `Un detalle destaca: ${item}.`, (item) => `Característica destacada: ${item}.`],
  },
};

const closings: ByLang<Record<Tone, readonly Sentence[]>> = {
  en: {
    Casual: [(c) => `Give ${c.theBrandRef} a try and see how much easier everyday life can be.`, (c) => `Treat yourself to ${c.theBrandRef}. Your future self will thank you.`, () => `Small upgrade, big difference: that is the whole idea.`],
    Professional: [(c) => `${c.brandOr} makes practical products for everyday life, and the ${c.ref} is no exception.`, (c) => `Choose ${c.theBrandRef} for a dependable upgrade you will use every day.`, (c) => `${capitalize(c.theBrandRef)} is a practical choice that looks good and lasts.`],
    Formal: [(c) => `With ${c.theBrandRef}, you have a considered choice for everyday living.`, (c) => `${c.brandOr} takes care over every detail, so the ${c.ref} meets your expectations day after day.`, (c) => `${capitalize(c.theBrandRef)} is a refined addition to any home.`],
  },
  es: {
    Casual: [() => `Dale una oportunidad y verás cómo se simplifica tu día a día.`, (c) => `${c.brandOr} hace productos pensados para la vida real, y se nota.`, () => `Un pequeño cambio que marca la diferencia en tu día a día.`],
    Professional: [(c) => `${c.brandOr} diseña productos prácticos para el día a día.`, () => `Una elección fiable para el uso diario.`, (c) => `Con ${c.brandOr}, la practicidad forma parte de cada detalle.`],
    Formal: [(c) => `${c.brandOr} cuida cada detalle para ofrecerle un producto a la altura de sus expectativas.`, (c) => `${c.brandOr} le ofrece una opción fiable para su día a día.`, () => `Una elección acertada para quienes valoran los detalles.`],
  },
};

/** The bullet about the audience: header and sentence per voice. */
const audienceBullet: ByLang<ByVoice<{ header: string; text: string }>> = {
  en: {
    casual: { header: "Made for you", text: "Made with {audience} in mind, so it slots right into your routine." },
    formal: { header: "Suited to your needs", text: "Designed with {audience} in mind and suited to everyday routines." },
  },
  es: {
    casual: { header: "A tu medida", text: "Con {audience} en mente, encaja en tu rutina sin esfuerzo." },
    formal: { header: "A su medida", text: "Su diseño tiene en cuenta a {audience} y se adapta a la rutina diaria." },
  },
};

function withThe(text: string): string {
  return /^the\s/i.test(text) ? text : `the ${text}`;
}

function withArticle(ref: string): string {
  return `${/^[aeiou]/i.test(ref) ? "an" : "a"} ${ref}`;
}

// ---------------------------------------------------------------------------------------------
// The context: the cleaned facts and the choices every section shares

interface Context {
  lang: Lang;
  ruleSet: RuleSet;
  tone: Tone;
  voice: Voice;
  seed: number;
  variant: number;
  brand: string;
  /** The product name without the brand, as the seller wrote it (cleaned). */
  name: string;
  type: string;
  /** A short, lower-case way to call the product ("cutting board"). */
  ref: string;
  audience: string;
  features: string[];
  category: Category;
  avoid: AvoidWords | undefined;
  cleaner: Cleaner;
  /** Words of the brand as the seller wrote it and as cleaned: never search terms. */
  brandWords: ReadonlySet<string>;
  /** Brand and name for prose (the name cut to a readable length). */
  full: string;
  /** Brand and reference ("Acme cutting board"), or the reference alone. */
  brandRef: string;
  /** The same with "the", unless the brand has its own ("The Pioneer Woman …"). */
  theFull: string;
  theBrandRef: string;
  /** The brand, or "our team" when there is none. */
  brandOr: string;
}

/** Picks an entry for this variant (another variant, another entry), skipping those with words to avoid. */
function pick<T>(ctx: Context, list: readonly T[], salt: number, text: (item: T) => string = (item) => String(item), used?: ReadonlySet<string>): T {
  const start = mod(ctx.seed + ctx.variant + salt * 7, list.length);
  for (const skipUsed of [true, false]) {
    for (let i = 0; i < list.length; i++) {
      const item = list[(start + i) % list.length]!;
      if (!mentionsAvoided(text(item), ctx.avoid) && !(skipUsed && used?.has(text(item)))) return item;
    }
  }
  return list[start]!;
}

function fill(ctx: Context, template: string): string {
  return template.replaceAll("{ref}", ctx.ref).replaceAll("{audience}", ctx.audience).replaceAll("{brand}", ctx.brand);
}

function stripBrandPrefix(name: string, brand: string): string {
  if (!brand) return name;
  const lower = name.toLocaleLowerCase();
  const prefix = brand.toLocaleLowerCase();
  if (lower.startsWith(prefix) && !letterOrDigit.test(name.charAt(prefix.length))) return name.slice(prefix.length).replace(/^[\s,:\-–—|]+/, "");
  return name;
}

/** Lower case for prose, except acronyms and mixed-case words (USB-C, iPhone). */
function proseCase(text: string): string {
  return text.replace(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu, (word) => (/^\p{Lu}[\p{Ll}'’-]*$/u.test(word) || /^\p{Lu}{5,}$/u.test(word) ? word.toLocaleLowerCase() : word));
}

/** How the copy calls the product: the product type, or the head of the product name. */
function referenceFor(type: string, name: string, lang: Lang): string {
  const clause = (text: string) => text.split(/,|\s[-–—|]\s|\(|\s(?:with|for|featuring|con|para|incluye)\s/i)[0]!.trim();
  if (type) {
    const words = clause(type).split(/\s+/).slice(0, 4).join(" ");
    const ref = finishPhrase(proseCase(words));
    if (ref) return ref;
  }
  let words = clause(name)
    .replace(/\s+(?:of|de)\s+\d+\s*$/i, "")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 1 && (packWords.has(words.at(-1)!.toLocaleLowerCase()) || /^\d/.test(words.at(-1)!))) words = words.slice(0, -1);
  const picked = lang === "es" ? finishPhrase(words.slice(0, 3).join(" ")) : words.slice(-2).join(" ");
  const ref = finishPhrase(proseCase(picked));
  return ref || (lang === "es" ? "producto" : "product");
}

/** The category whose words the facts use most: the product type counts most, then the name. */
function detectCategory(weighted: readonly (readonly [string, number])[]): Category {
  let best: Category = "generic";
  let bestCount = 0;
  for (const category of ["phone", "drinkware", "pet", "fitness", "kitchen"] as const) {
    const count = weighted.reduce((sum, [text, weight]) => sum + (text.toLocaleLowerCase().match(categories[category].test)?.length ?? 0) * weight, 0);
    if (count > bestCount) {
      best = category;
      bestCount = count;
    }
  }
  return best;
}

function buildContext({ facts, ruleSet, language, variant = 0 }: OfflineListingInput): Context {
  const lang: Lang = language === "es" ? "es" : "en";
  const tone: Tone = facts.tone === "Casual" || facts.tone === "Formal" ? facts.tone : "Professional";
  const avoid = avoidWords(wordsToAvoidList({ wordsToAvoid: facts.wordsToAvoid ?? "" }));
  const languages = [...new Set([language, "en", "es"])].filter((code) => ruleSet.phrases[code]);
  const cleaner: Cleaner = { ruleSet, languages: languages.length > 0 ? languages : [language], avoid };

  // The brand keeps its own characters (a title may hold them inside the brand) and words ("The …"), not
  // symbols or markup.
  const brand = tidyLine(
    removeAvoided(
      (facts.brand ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(new RegExp(`[${escapeRegExp(ruleSet.specialSymbols)}]`, "gu"), " ")
        .replace(/\p{Extended_Pictographic}/gu, " "),
      avoid,
    ),
  );
  const rawName = cleanPhrase(facts.productName ?? "", cleaner, { keepShort: true });
  const type = cleanPhrase(facts.productType ?? "", cleaner, { keepShort: true });
  const name = stripBrandPrefix(rawName, brand) || type || (lang === "es" ? "Producto" : "Product");
  // The audience stands in sentences: a long one is cut at a phrase.
  const audience = lowerFirst(cutTitle(cleanPhrase((facts.targetAudience ?? "").replace(/^\s*(?:for|para)\s+/i, ""), cleaner), 80));
  const seen = new Set<string>();
  const features: string[] = [];
  for (const phrase of featurePhrases({ keyFeatures: facts.keyFeatures ?? "" })) {
    const clean = cleanPhrase(phrase, cleaner);
    const key = clean.toLocaleLowerCase();
    if (!clean || seen.has(key)) continue;
    seen.add(key);
    features.push(clean);
    if (features.length >= 10) break;
  }
  const ref = referenceFor(type, name, lang);
  const category = detectCategory([
    [type, 4],
    [name, 2],
    [features.join(" "), 1],
    [audience, 1],
  ]);
  const seed = hash([brand, name, type, facts.keyFeatures, audience, tone, lang].join("|"));
  const proseName = cutTitle(titleCase(name, lang), 80) || name;
  const full = [brand, proseName].filter(Boolean).join(" ");
  return {
    lang,
    ruleSet,
    tone,
    voice: tone === "Casual" ? "casual" : "formal",
    seed,
    variant: Number.isFinite(variant) ? Math.trunc(variant) : 0,
    brand,
    name,
    type,
    ref,
    audience,
    features,
    category,
    avoid,
    cleaner,
    brandWords: new Set(wordsOf(`${facts.brand ?? ""} ${brand}`.toLocaleLowerCase())),
    full,
    brandRef: brand ? `${brand} ${ref}` : ref,
    theFull: withThe(full),
    theBrandRef: withThe(brand ? `${brand} ${ref}` : ref),
    brandOr: brand || (lang === "es" ? "Nuestro equipo" : "Our team"),
  };
}

// ---------------------------------------------------------------------------------------------
// Title

function titleWordCounts(ctx: Context, text: string): Map<string, number> {
  const repeatable = new Set(ctx.ruleSet.repeatableWords[ctx.lang] ?? ctx.ruleSet.repeatableWords.en ?? []);
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) {
    const key = word.toLocaleLowerCase();
    if (!repeatable.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function repeatsOk(ctx: Context, text: string): boolean {
  for (const count of titleWordCounts(ctx, text).values()) if (count > ctx.ruleSet.maxWordRepeats) return false;
  return true;
}

/** The text cut before the word that would be used once too often. */
function cutAtRepeat(ctx: Context, text: string): string {
  const repeatable = new Set(ctx.ruleSet.repeatableWords[ctx.lang] ?? ctx.ruleSet.repeatableWords.en ?? []);
  const counts = new Map<string, number>();
  for (const match of text.matchAll(wordPattern)) {
    const key = match[0].toLocaleLowerCase();
    if (repeatable.has(key)) continue;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > ctx.ruleSet.maxWordRepeats) return finishPhrase(text.slice(0, match.index));
  }
  return text;
}

/** Whether every word of `part` already stands in `text`. */
function coveredBy(text: string, part: string): boolean {
  const have = new Set(wordsOf(text.toLocaleLowerCase()));
  const words = wordsOf(part.toLocaleLowerCase());
  return words.length > 0 && words.every((word) => have.has(word) || have.has(word.replace(/s$/, "")) || have.has(`${word}s`));
}

function composeTitle(ctx: Context): string {
  const { lang } = ctx;
  const limits = ctx.ruleSet.sections.title.limits;
  const max = limits.maxChars ?? 200;
  const min = limits.minChars ?? 0;
  const target = Math.min(max, 150);
  let base = cutAtRepeat(ctx, [ctx.brand, titleCase(ctx.name, lang)].filter(Boolean).join(" "));
  if (countChars(base) > target) base = cutTitle(base, target);

  const segments: string[] = [];
  if (ctx.type && !coveredBy(base, ctx.type) && countChars(ctx.type) <= 40) segments.push(titleCase(ctx.type, lang));
  const shortFeatures = ctx.features.filter((feature) => countChars(feature) <= 40 && wordsOf(feature).length <= 6 && !coveredBy(base, feature));
  const turn = shortFeatures.length > 0 ? mod(ctx.variant, shortFeatures.length) : 0;
  const rotated = [...shortFeatures.slice(turn), ...shortFeatures.slice(0, turn)].map((feature) => titleCase(feature, lang));
  if (mod(ctx.variant, 2) === 0) segments.push(...rotated);
  else segments.unshift(...rotated);

  let title = base;
  const separator = mod(ctx.seed + ctx.variant, 3) === 2 ? " - " : ", ";
  let first = true;
  for (const segment of segments) {
    if (mentionsAvoided(segment, ctx.avoid) || coveredBy(title, segment)) continue;
    const next = `${title}${first ? separator : ", "}${segment}`;
    if (countChars(next) <= target && repeatsOk(ctx, next)) {
      title = next;
      first = false;
    }
  }
  const forWord = lang === "es" ? "para" : "for";
  const use = ctx.audience && countChars(ctx.audience) <= 32 ? `${forWord} ${titleCase(ctx.audience, lang)}` : categories[ctx.category].titleUse[lang];
  for (const ending of [use, categories.generic.titleUse[lang]]) {
    const next = `${title} ${ending}`;
    if (!mentionsAvoided(ending, ctx.avoid) && countChars(next) <= target && repeatsOk(ctx, next)) {
      title = next;
      break;
    }
  }
  return padTitle(ctx, finishPhrase(title), min);
}

/** Endings that lengthen a title shorter than the rule set's minimum (a brand and name of a few letters). */
const titlePadding: ByLang<readonly string[]> = {
  en: ["for Everyday Use", "Everyday Essential", "Home Essential", "Practical Design", "Product for Everyday Use"],
  es: ["para Uso Diario", "Esencial Diario", "Básico del Hogar", "Diseño Práctico", "Producto para Uso Diario"],
};

function padTitle(ctx: Context, title: string, min: number): string {
  if (countChars(title) >= min) return title;
  const endings = [categories[ctx.category].titleUse[ctx.lang], ...titlePadding[ctx.lang]];
  // Endings without a word to avoid first; then the same with the words taken out.
  const options = [...endings.filter((ending) => !mentionsAvoided(ending, ctx.avoid)), ...endings.map((ending) => finishPhrase(removeAvoided(ending, ctx.avoid)))];
  let out = title;
  for (const ending of options) {
    if (countChars(out) >= min) break;
    if (!ending || coveredBy(out, ending)) continue;
    const next = finishPhrase(`${out} ${ending}`);
    if (repeatsOk(ctx, next)) out = next;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Item highlights, bullets, description, search terms

function composeHighlights(ctx: Context, title: string, headers: readonly string[]): string {
  const rules = ctx.ruleSet.sections.itemHighlights;
  if (!rules) return "";
  const max = rules.limits.maxChars ?? 125;
  const fresh = ctx.features.filter((feature) => !coveredBy(title, feature));
  const candidates = [...fresh, ...ctx.features.filter((feature) => !fresh.includes(feature)), ...headers]
    .map((item) => lowerFirst(cutToChars(item, 60)))
    .filter((item) => item && !mentionsAvoided(item, ctx.avoid));
  const items: string[] = [];
  for (const item of candidates) {
    if (items.some((have) => have.toLocaleLowerCase() === item.toLocaleLowerCase())) continue;
    const next = [...items, item].join(", ");
    if (countChars(capitalize(next)) <= max) items.push(item);
    if (items.length >= 5) break;
  }
  return capitalize(items.join(", ") || cutToChars(headers.join(", "), max));
}

interface Bullet {
  key: string;
  header: string;
  text: string;
}

/** What follows a bullet's header: a colon, unless the seller asked to avoid it. */
const headerSeparators = [": ", " – ", " - ", ". "] as const;

function headerSeparator(ctx: Context): string {
  return headerSeparators.find((separator) => !mentionsAvoided(separator, ctx.avoid)) ?? " ";
}

function bulletText(ctx: Context, header: string, body: string, support: string): string {
  const max = ctx.ruleSet.sections.bullets.limits.maxChars ?? 255;
  const lead = `${header}${headerSeparator(ctx)}`;
  const sentence = body ? `${capitalize(body.replace(/[\s.,;:]+$/u, ""))}.` : "";
  const full = lead + [sentence, support].filter(Boolean).join(" ");
  if (countChars(full) <= max) return full;
  if (sentence && countChars(lead + sentence) <= max) return lead + sentence;
  // Still too long: the feature (or, in a generic bullet, its sentence) cut at a word.
  const rest = (sentence || support).replace(/[.!?]+$/u, "");
  return `${lead}${capitalize(cutToChars(rest, max - countChars(lead) - 1))}.`;
}

function composeBullets(ctx: Context): Bullet[] {
  const rules = ctx.ruleSet.sections.bullets;
  const count = Math.min(Math.max(5, rules.minCount), rules.maxCount);
  const { lang, voice } = ctx;
  const bullets: Bullet[] = [];
  const usedKeys = new Set<string>();
  const usedHeaders = new Set<string>();
  const usedSupport = new Set<string>();
  const genericHeaders = genericFeature.header[lang];

  ctx.features.slice(0, count).forEach((feature, index) => {
    const benefit = benefits.find((candidate) => !usedKeys.has(candidate.key) && candidate.match.test(feature));
    let header: string;
    let support: string;
    if (benefit) {
      header = pick(ctx, benefit.header[lang], index + 1);
      support = fill(ctx, pick(ctx, benefit.support[lang][voice], index + 2, (text) => fill(ctx, text), usedSupport));
    } else {
      const free = genericHeaders.filter((candidate) => !usedHeaders.has(candidate));
      header = pick(ctx, free.length > 0 ? free : genericHeaders, index + 3);
      support = fill(ctx, pick(ctx, genericFeature.support[lang][voice], index + 4, (text) => fill(ctx, text), usedSupport));
    }
    // A feature that says what its header says ("Easy to clean") is not repeated after it.
    const body = coveredBy(header, feature) ? "" : feature;
    const key = benefit?.key ?? `feature-${index}`;
    usedKeys.add(key);
    usedHeaders.add(header);
    usedSupport.add(support);
    bullets.push({ key, header, text: bulletText(ctx, header, body, support) });
  });

  for (const filler of fillerBullets(ctx)) {
    if (bullets.length >= count) break;
    if (usedKeys.has(filler.key) || usedHeaders.has(filler.header)) continue;
    usedKeys.add(filler.key);
    usedHeaders.add(filler.header);
    bullets.push(filler);
  }
  return bullets;
}

/** Generic bullets: about the audience, then the category's, then any product's; rotated by variant.
 * Those without a word to avoid come first; the others follow with the words taken out (the last resort
 * when the seller avoids common words such as "for"), so there are always enough. */
function fillerBullets(ctx: Context): Bullet[] {
  const { lang, voice } = ctx;
  const candidates: { key: string; header: string; text: string }[] = [];
  if (ctx.audience) {
    const { header, text } = audienceBullet[lang][voice];
    candidates.push({ key: "audience", header, text: fill(ctx, text) });
  }
  const rotate = <T>(list: readonly T[]) => {
    const turn = mod(ctx.variant + ctx.seed, Math.max(list.length, 1));
    return [...list.slice(turn), ...list.slice(0, turn)];
  };
  const lists = ctx.category === "generic" ? [categories.generic.fillers[lang]] : [categories[ctx.category].fillers[lang], categories.generic.fillers[lang]];
  for (const list of lists) for (const filler of rotate(list)) candidates.push({ key: filler.key, header: filler.header, text: fill(ctx, filler.text[voice]) });

  const clean: Bullet[] = [];
  const scrubbed: Bullet[] = [];
  for (const { key, header, text } of candidates) {
    if (!mentionsAvoided(`${header} ${text}`, ctx.avoid)) {
      clean.push({ key, header, text: bulletText(ctx, header, "", text) });
      continue;
    }
    const scrubbedHeader = finishPhrase(removeAvoided(header, ctx.avoid));
    const scrubbedText = tidy(removeAvoided(text, ctx.avoid));
    if (!/\p{L}{2,}/u.test(scrubbedHeader) || wordsOf(scrubbedText).length < 2) continue;
    scrubbed.push({ key, header: capitalize(scrubbedHeader), text: bulletText(ctx, capitalize(scrubbedHeader), "", /[.!?]$/.test(scrubbedText) ? scrubbedText : `${scrubbedText}.`) });
  }
  return [...clean, ...scrubbed];
}

function composeDescription(ctx: Context): string {
  const { lang, tone, voice } = ctx;
  const max = ctx.ruleSet.sections.description.limits.maxChars ?? 2000;
  const opening = pick(ctx, openings[lang][tone], 11, (sentence) => sentence(ctx))(ctx);
  const use = fill(ctx, pick(ctx, categories[ctx.category].use[lang][voice], 12, (text) => fill(ctx, text)));
  const closing = pick(ctx, closings[lang][tone], 13, (sentence) => sentence(ctx))(ctx);
  const paragraphs = [opening];
  if (ctx.features.length > 0) {
    const items = ctx.features.slice(0, 6).map((feature) => lowerFirst(cutToChars(feature, 160)));
    const list = listJoin(items, lang);
    const summaries = items.length === 1 ? featureSingles[lang][tone] : featureSummaries[lang][tone];
    paragraphs.push(pick(ctx, summaries, 14, (summary) => summary(list))(list));
  }
  paragraphs.push(use, closing);
  let description = paragraphs.join("\n\n");
  // Long features: the use paragraph goes first, then the text is cut at a sentence.
  if (countChars(description) > max) description = [opening, ...paragraphs.slice(1, -2), closing].join("\n\n");
  if (countChars(description) > max) description = cutToChars(description, max - 1).replace(/[^.!?]*$/u, "").trim() || cutToChars(description, max - 1);
  return description;
}

function composeSearchTerms(ctx: Context, copy: Pick<ListingCopy, "title">): string {
  const maxBytes = ctx.ruleSet.sections.searchTerms.limits.maxBytes ?? 249;
  const excluded = new Set<string>([...wordsOf(copy.title.toLocaleLowerCase()), ...ctx.brandWords]);
  const flagged = new Set<string>();
  for (const lists of Object.values(ctx.ruleSet.phrases)) for (const list of Object.values(lists)) for (const phrase of list ?? []) if (!/\s/.test(phrase)) flagged.add(phrase.toLocaleLowerCase());
  const candidates = [
    ...wordsOf(ctx.type),
    ...wordsOf(ctx.name),
    ...wordsOf(ctx.audience),
    ...ctx.features.flatMap((feature) => wordsOf(feature)),
    ...categories[ctx.category].searchWords[ctx.lang],
    ...(ctx.category === "generic" ? [] : categories.generic.searchWords[ctx.lang]),
  ];
  const words: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const word = candidate.toLocaleLowerCase();
    if (seen.has(word) || excluded.has(word) || stopWords.has(word) || flagged.has(word)) continue;
    if (!/\p{L}{3,}|^\p{L}\p{N}|^\p{N}+\p{L}/u.test(word) || /^\p{N}+$/u.test(word)) continue;
    if (mentionsAvoided(word, ctx.avoid)) continue;
    seen.add(word);
    words.push(word);
  }
  return trimToBytes(words.join(" "), maxBytes);
}

// ---------------------------------------------------------------------------------------------
// The last pass: lint, remove what still has an error, repeat

const lengthCodes = new Set<ViolationCode>(["too_long", "too_short", "bytes_over", "bullet_count"]);

function errorSpans(report: SectionReport | undefined): [number, number][] {
  return (report?.violations ?? []).filter((violation) => violation.severity === "error" && !lengthCodes.has(violation.code) && violation.end > violation.start).map((violation) => [violation.start, violation.end]);
}

function hasErrors(report: SectionReport | undefined): boolean {
  return (report?.violations ?? []).some((violation) => violation.severity === "error");
}

function fixTitle(ctx: Context, title: string, report: SectionReport | undefined): string {
  const limits = ctx.ruleSet.sections.title.limits;
  let out = hasErrors(report) ? finishPhrase(tidyLine(removeSpans(title, errorSpans(report)))) : title;
  out = cutAtRepeat(ctx, out);
  if (limits.maxChars !== undefined && countChars(out) > limits.maxChars) out = cutTitle(out, limits.maxChars);
  return padTitle(ctx, out, limits.minChars ?? 0);
}

function fixText(text: string, report: SectionReport | undefined, maxChars: number | undefined, endWithStop: boolean): string {
  let out = hasErrors(report) ? tidy(removeSpans(text, errorSpans(report))) : text;
  if (maxChars !== undefined && countChars(out) > maxChars) {
    out = cutToChars(out, maxChars - (endWithStop ? 1 : 0));
    if (endWithStop && out && !/[.!?]$/.test(out)) out += ".";
  }
  return out;
}

function fixBullets(ctx: Context, bullets: readonly string[], report: LintReport["sections"]): string[] {
  const rules = ctx.ruleSet.sections.bullets;
  const min = rules.limits.minChars ?? 0;
  const fixed = bullets
    .map((bullet, index) => fixText(bullet, report.bullets?.[index], rules.limits.maxChars, true))
    // A bullet that lost its sentence (only its header is left) or is too short goes; fillers take its place.
    .filter((bullet) => {
      const separator = headerSeparator(ctx).trim();
      const at = separator ? bullet.indexOf(separator) : -1;
      const sentence = at > 0 && at <= 45 ? bullet.slice(at + separator.length) : bullet;
      return countChars(bullet) >= Math.max(min, 10) && wordsOf(sentence).length >= 2;
    });
  const count = Math.min(Math.max(5, rules.minCount), rules.maxCount);
  for (const filler of fillerBullets(ctx)) {
    if (fixed.length >= count) break;
    if (fixed.some((bullet) => bullet.startsWith(`${filler.header}${headerSeparator(ctx)}`))) continue;
    fixed.push(filler.text);
  }
  return fixed.slice(0, rules.maxCount);
}

function toSections(copy: ListingCopy): ListingSections {
  return { title: copy.title, itemHighlights: copy.itemHighlights, bullets: copy.bullets, description: copy.description, searchTerms: copy.searchTerms };
}

/** Search terms without the title's words and the brand's (the title can change in the last pass). */
function termsOutsideTitle(ctx: Context, terms: string, title: string): string {
  const excluded = new Set([...wordsOf(title.toLocaleLowerCase()), ...ctx.brandWords]);
  return terms
    .split(/\s+/)
    .filter((term) => term && !wordsOf(term).some((word) => excluded.has(word)))
    .join(" ");
}

function repair(ctx: Context, copy: ListingCopy, lintInput: { language: string; brand: string }): ListingCopy {
  let current = copy;
  for (let round = 0; round < 8; round++) {
    current = { ...current, searchTerms: termsOutsideTitle(ctx, current.searchTerms, current.title) };
    const report = lintListing({ ruleSet: ctx.ruleSet, language: lintInput.language, brand: lintInput.brand, sections: toSections(current) });
    if (report.passed) return current;
    const { sections } = report;
    const title = fixTitle(ctx, current.title, sections.title);
    const highlights = ctx.ruleSet.sections.itemHighlights ? fixText(current.itemHighlights, sections.itemHighlights, ctx.ruleSet.sections.itemHighlights.limits.maxChars, false) : "";
    const bullets = fixBullets(ctx, current.bullets, sections);
    const description = fixText(current.description, sections.description, ctx.ruleSet.sections.description.limits.maxChars, true);
    let searchTerms = hasErrors(sections.searchTerms) ? removeSpans(current.searchTerms, errorSpans(sections.searchTerms)) : current.searchTerms;
    searchTerms = applySafeFixes({ ruleSet: ctx.ruleSet, brand: lintInput.brand, sections: { searchTerms } }).sections.searchTerms ?? "";
    current = { title, itemHighlights: highlights, bullets, description, searchTerms };
  }
  return current;
}

// ---------------------------------------------------------------------------------------------

/**
 * A listing composed offline from the seller's facts: within the rule set's limits, without the words the
 * seller asked to avoid, and passing lintListing for the rule set. Deterministic: the same input gives
 * the same copy; another `variant` gives other wording.
 */
export function composeOfflineListing(input: OfflineListingInput): ListingCopy {
  const ctx = buildContext(input);
  const title = composeTitle(ctx);
  const bullets = composeBullets(ctx);
  const copy: ListingCopy = {
    title,
    itemHighlights: composeHighlights(
      ctx,
      title,
      bullets.map((bullet) => bullet.header),
    ),
    bullets: bullets.map((bullet) => bullet.text),
    description: composeDescription(ctx),
    searchTerms: composeSearchTerms(ctx, { title }),
  };
  // The words to avoid can still hide in a fixed sentence (every option had one): they go, the rest is tidied.
  const clean = (text: string) => (mentionsAvoided(text, ctx.avoid) ? tidy(removeAvoided(text, ctx.avoid)) : text);
  const cleaned: ListingCopy = {
    title: mentionsAvoided(copy.title, ctx.avoid) ? finishPhrase(removeAvoided(copy.title, ctx.avoid)) : copy.title,
    itemHighlights: clean(copy.itemHighlights),
    bullets: copy.bullets.map(clean),
    description: clean(copy.description),
    searchTerms: tidyLine(removeAvoided(copy.searchTerms, ctx.avoid)),
  };
  return repair(ctx, cleaned, { language: input.language, brand: input.facts.brand ?? "" });
}

