// Words as Amazon's search matches them: lower case, accents folded, split at spaces, hyphens and
// punctuation (and after a number's digits: "6mm" is "6 mm"), Japanese split into its words by a
// dictionary (Intl.Segmenter), English plurals counted as their singular. Browser-safe and fast: the builder runs it on every keystroke over a 5,000-phrase bank.

export interface Token {
  /** The word as it stands (lower case, accents kept). */
  word: string;
  /** What matching compares: accents folded, English plural → singular. */
  key: string;
}

const tokenPattern = /[\p{L}\p{M}\p{N}]+(?:[.,]\p{N}+)*/gu;
/** A number with its unit ("6mm", "3pack") is two words, as "6 mm" is; codes such as ASINs stay whole. */
const numberUnit = /^(\p{N}+(?:[.,]\p{N}+)*)(\p{L}+)$/u;

/** English plural → singular, for matching only ("boards" → "board", "batteries" → "battery", "boxes" → "box"). */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|zes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

const foldCache = new Map<string, string>();

/** Lower case with accents removed ("Café" → "cafe"). */
export function fold(word: string): string {
  let folded = foldCache.get(word);
  if (folded === undefined) {
    folded = word.normalize("NFKD").replace(/\p{M}+/gu, "");
    if (foldCache.size > 50_000) foldCache.clear();
    foldCache.set(word, folded);
  }
  return folded;
}

/** Japanese (and Chinese) write without spaces: "竹製まな板セット" is three words, which only a dictionary can tell. */
const spaceless = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const segmentCache = new Map<string, readonly string[]>();
let segmenter: Intl.Segmenter | undefined;

/** The words of a run of Japanese text, by the browser's (and Node's) own dictionary segmenter; cached per run. */
function spacelessWords(run: string): readonly string[] {
  let words = segmentCache.get(run);
  if (words === undefined) {
    segmenter ??= new Intl.Segmenter("ja", { granularity: "word" });
    words = [...segmenter.segment(run)].filter((part) => part.isWordLike).map((part) => part.segment);
    if (segmentCache.size > 20_000) segmentCache.clear();
    segmentCache.set(run, words);
  }
  return words;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.toLowerCase().matchAll(tokenPattern)) {
    const unit = numberUnit.exec(match[0]);
    const words = unit ? [unit[1]!, unit[2]!] : spaceless.test(match[0]) ? spacelessWords(match[0]) : [match[0]];
    for (const word of words) tokens.push({ word, key: singular(fold(word)) });
  }
  return tokens;
}

/** A list of words as keys (what tokens are compared by): "für" is "fur", "dans" is "dan". */
function keys(words: string): ReadonlySet<string> {
  return new Set(words.split(" ").map((word) => singular(fold(word))));
}

/** Words a search ignores (and search terms need not hold), per language; English otherwise. */
export const stopWords: Record<string, ReadonlySet<string>> = {
  en: keys("a an and are as at be by for from has have in into is it its of on or that the this to with your you"),
  es: keys("a al con de del el en la las los para por que su sus un una unas unos y o"),
  // The other languages of the marketplace registry: short, common function words (articles,
  // prepositions, conjunctions, pronouns); compiled 2026-11-23, reported. No store publishes its list.
  // Elided forms ("l'eau", "dell'acqua", "un'ora") tokenize as "l", "dell", "un".
  fr: keys("a à au aux avec ce ces d dans de des du en est et il elle l la le les leur leurs ou où par pas pour qu que qui sa se ses son sur un une vos votre"),
  de: keys("am an auf aus bei das dem den der des die ein eine einem einen einer eines es für im in ist ihr ihre mit nach oder sie sind über um und unter von vom zu zum zur"),
  it: keys("a ad agli ai al all alla alle allo che con da dai dal dalla dei del dell della delle di e è ed gli i il in l la le lo nei nel nell nella o per su sul sulla tra fra un una uno"),
  pt: keys("a à ao aos as às com da das de do dos e é em na nas no nos o os ou para pela pelo por que se sem seu sua um uma"),
  nl: keys("aan als bij dat de die dit door een en het in is je met na naar of om op over te tot uit uw van voor zijn"),
  sv: keys("att av de den det din ditt dina en ett för från i med och om på som till under utan vid är"),
  pl: keys("a bez dla do i jest lub na nad o od oraz po pod przez przy się to u w we z ze"),
  tr: keys("bir bu da de gibi her için ile ki mi ve veya ya"),
  ar: keys("أن أو إلى ان او الى التي الذي ب ثم على عن في ل مع من هذا هذه و"),
  ja: keys("が から で と に の は へ まで も や より を 用"),
};

export function isStopWord(key: string, language: string): boolean {
  return (stopWords[language] ?? stopWords.en!).has(key);
}
