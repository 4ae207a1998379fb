// Which capitalised words shout (issue 31, decision 031 "Measured on the labelled corpus"). Pure and
// browser-safe. Acronyms are told from words by their shape, not by a growing list: a word of capitals
// that a Latin-script language could not start or end that way (SPDIF, TFLOPS, USB, UHD) is an initialism.

/** Latin vowels (Y too: SYNC, STURDY); letters are compared without their accents. */
const vowel = /[AEIOUY]/;

/**
 * Consonant clusters that start words in the Latin-script languages we lint (English, German, French,
 * Spanish, Italian, Dutch, Polish, Turkish), besides single consonants. Compiled 2026-11-27 from each
 * language's phonotactics: a cluster outside this list ("SPD", "TFL", "HDM") is spelled out, not spoken.
 */
const onsets = new Set(
  "BL BR CH CHR CL CR DR DW FL FR GH GL GN GR KL KN KR KW PH PHL PHR PL PR PS PF PFL PFR SC SCH SCHL SCHM SCHN SCHR SCHW SCR SH SHR SK SKR SL SM SN SP SPH SPL SPR ST STR SV SW SZ CZ DZ RZ TH THR TR TS TW VL VR WH WR ZW".split(" "),
);

/**
 * Consonant clusters that end words in those languages, besides single consonants ("SB", "HD", "TG", "MD"
 * end no word: USB, UHD, OTG and AMD are initialisms). A cluster after W ("NEWS", "DOWNS") always fits.
 */
const codas = new Set(
  (
    "BS CK CS CT DS DT FF FS FT GS GH HL HM HN HR HT HS KS LD LF LK LL LM LN LP LS LT LZ MB MM MP MS MT NC ND NG NK NN NS NT NX NZ PH PF PP PS PT RB RC RD RF RG RK RL RM RN RP RR RS RT RV RZ SC SH SK SM SP SS ST SZ TH TT TS TZ CH XT DTH " +
    "CHT CHS CKS CTS FTS GHT GTH LDS LFS LKS LLS LMS LPS LTS MBS MPS MPT NCH NCT NDS NGS NKS NTS NTH NGT RCH RDS RKS RLS RMS RNS RPS RST RTH RTS RGS SCH SKS SPS STS TCH THS TTS TZT XTS PTS FFS DTHS GHTS NTHS NGTH NGTHS RSCH MPTS TCHS CHTS RBS RFS"
  ).split(" "),
);

/** Clothing sizes (XXXXL) and Roman numerals (VIII): capitals by nature. */
const sizeOrNumeral = /^(?:X{1,6}[SL]|[IVXLCDM]+)$/;

/** A capitalised word's Latin letters, accents and styling (𝗕𝗢𝗟𝗗, Ｆｕｌｌ-width) dropped. */
function latinShape(word: string): string {
  return word.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase();
}

/**
 * Whether a word of capitals is an initialism or unit by its shape: no vowel (NVMFS, RGB), a start or an
 * end no word of the language has (SPDIF, TFLOPS, HDMI; USB, UHD), a size or a Roman numeral.
 * Words of other scripts (Greek, Cyrillic) are not judged here: they are left to the length rule.
 */
export function isInitialism(word: string): boolean {
  const shape = latinShape(word);
  if (!/^[A-Z]+$/.test(shape)) return false;
  if (sizeOrNumeral.test(shape) || !vowel.test(shape)) return true;
  const first = shape.search(vowel);
  const onset = shape.slice(0, first);
  if (onset.length > 1 && !onsets.has(onset)) return true;
  let last = shape.length - 1;
  while (!vowel.test(shape[last]!)) last--;
  const coda = shape.slice(last + 1);
  if (coda.length > 1 && !coda.startsWith("W") && !codas.has(coda)) return true;
  return false;
}

/** What a word is to the capitals rule: lower case or caseless text ends a run of capitals; numbers and codes sit inside one. */
export type CapitalKind = "lower" | "number" | "neutral" | "strong" | "weak" | "function";

/** Code points of a short word, without an iterator. */
function codePoints(word: string): number {
  let count = word.length;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0xdc00 && word.charCodeAt(i) <= 0xdfff) count--;
  return count;
}

const hasLowerOrCaseless = /[\p{Ll}\p{Lo}\p{Lt}]/u;
const hasUpper = /\p{Lu}/u;
const hasDigit = /\p{N}/u;

/**
 * A word's kind: "strong" (five letters or more, a word: WATERPROOF), "weak" (a short word: SAFE, ROLL),
 * "function" (a grammar word: AND, NOT, WITH), "number" (a number or model code: 2, V5.0), "neutral" (single
 * letters, initialisms, names),
 * "lower" (written in lower case or a caseless script).
 */
export function capitalKind(word: string, key: string, exempt: boolean, functionWords: ReadonlySet<string>): CapitalKind {
  if (hasLowerOrCaseless.test(word)) return "lower";
  if (hasDigit.test(word)) return "number";
  if (!hasUpper.test(word) || codePoints(word) < 2 || exempt || isInitialism(word)) return "neutral";
  if (functionWords.has(key)) return "function";
  return codePoints(word) >= 5 ? "strong" : "weak";
}

const hasCaseless = /\p{Lo}/u;

/** Languages written in scripts without case: Latin capitals in their copy are names (ロジクール SIGNATURE SLIM). */
const caselessLanguages = new Set(["ja", "zh", "ko", "ar", "he", "fa", "th", "hi"]);

/** Whether the copy's language, or most of its letters, have no case: its Latin capitals are names, not shouting. */
export function mostlyCaseless(text: string, language: string): boolean {
  if (caselessLanguages.has(language)) return true;
  if (!hasCaseless.test(text)) return false;
  // Counted by block, without a regex per letter: cased Latin, Greek and Cyrillic; caseless kana, CJK, Hangul,
  // Arabic, Hebrew, Thai and Devanagari.
  let cased = 0;
  let caseless = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0xc0 && code <= 0x24f) || (code >= 0x370 && code <= 0x4ff)) cased++;
    else if ((code >= 0x590 && code <= 0x6ff) || (code >= 0x900 && code <= 0x97f) || (code >= 0xe00 && code <= 0xe7f) || (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7a3)) caseless++;
  }
  return caseless > cased;
}

export interface CapitalToken {
  word: string;
  start: number;
  end: number;
  kind: CapitalKind;
}

/**
 * The words that shout. A run of capitalised words (numbers and initialisms may stand inside it; a word in
 * lower case ends it) shouts when it has two words or more and one of them is a long word or a grammar word
 * ("NOTE: DO NOT", "REMOTE NOT INCLUDED"); then all its words shout. In a title, a run of two content words
 * is a name (a product line, a model, a colour) and shouts from three words on, or with a grammar word. Alone, a grammar word shouts ("Car AND
 * Track"), of three letters or more, and a long word shouts in running copy (a bullet's "WATERPROOF"). In a title, the capitals that
 * open it are the brand and model (Amazon titles start with the brand), a long word alone among words in
 * lower case is a name (Canon PIXMA), and a title written mostly in capitals shouts in every word after them.
 */
export function shoutingWords(tokens: readonly CapitalToken[], title: boolean): CapitalToken[] {
  const counted = (token: CapitalToken) => token.kind === "strong" || token.kind === "weak" || token.kind === "function";
  let from = 0;
  if (title) {
    while (from < tokens.length && tokens[from]!.kind !== "lower" && tokens[from]!.kind !== "number") from++;
    const capitals = tokens.filter(counted).length;
    const lower = tokens.filter((token) => token.kind === "lower").length;
    if (capitals > lower) return tokens.slice(from).filter(counted);
  }
  const shouting: CapitalToken[] = [];
  let run: CapitalToken[] = [];
  const close = () => {
    const words = run.filter(counted);
    const grammar = words.some((token) => token.kind === "function");
    const long = words.some((token) => token.kind === "strong");
    // In a title two words in capitals are a name as often as not (a line, a model, a colour: "CARBON ONE",
    // "(BLACK GOLD)"): there a run shouts with a grammar word or from three words on.
    if (words.length >= 2 && (grammar || (long && (!title || words.length >= 3)))) shouting.push(...words);
    // Alone, a two-letter grammar word may be a standard or a country (IS 302, AS/NZS, US plug): three letters or more.
    else if (words.length === 1 && ((words[0]!.kind === "function" && codePoints(words[0]!.word) >= 3) || (!title && words[0]!.kind === "strong"))) shouting.push(words[0]!);
    run = [];
  };
  for (const token of tokens.slice(from)) {
    if (token.kind === "lower") close();
    else run.push(token);
  }
  close();
  return shouting;
}
