// The seed's text rule, made robust: turn a model's plain-text answer into separate outputs.
//
//  1. Split on blank lines; also start a new piece at any line that begins with an item number
//     ("1.", "1)", "(1)", "**1.**", "### 1.", "Review 1:", "Option 2 -") — models often number with single newlines.
//  2. Remove the leading marker (those numbers, or a "- " / "* " / "• " bullet, or a label line such as
//     "**Description 1**"), Markdown bold and heading marks, code fences; trim; drop empty pieces.
//  3. Drop remarks: an introduction ("Here are 3 descriptions:", "Sure! …", a heading line ending in ":"),
//     closing remarks ("Let me know if …", "I hope these help") and separators ("---").
//  4. When the answer is numbered and has at least N numbered items, text before the first number is a
//     preamble (dropped) and unnumbered paragraphs after a number belong to that item (merged).
//  5. N = 1: the whole answer (remarks dropped) is the output, unless it starts with a numbered list,
//     in which case the first item is. "single" mode (keywords): everything is one output.
//  6. Fewer than N pieces: fall back to single-newline items (lines that start with a number or bullet).
//     More than N: keep the first N (the later ones are extras the model added; documented in
//     docs/decisions/006). Still fewer than N: the caller asks the provider for the missing ones.
//
// `livePieces` applies the same rule to a partial answer while it streams, holding back the growing
// last piece while it could still turn out to be a marker or a remark, so what streams is what stays.

export type OutputMode = "split" | "single";

interface Piece {
  /** The piece without its marker and Markdown. */
  text: string;
  /** The piece as written (for deciding whether a growing piece is still only a marker). */
  raw: string;
  /** Started with an item number (or a numbered label line). */
  marked: boolean;
  /** The last piece of a partial answer: it may still grow. */
  open: boolean;
}

const labelWordList = [
  "description", "product description", "review", "customer review", "title", "product title", "option", "version", "variant",
  "rewrite", "rewritten copy", "improved version", "copy", "output", "keyword", "keywords", "descripción", "descripcion", "reseña",
  "resena", "opción", "opcion", "versión", "version", "título", "titulo",
];
const labelWords = labelWordList.map((w) => w.replace(/ /g, "[ \\t]+")).join("|");
const md = String.raw`(?:\*\*|__)?`;
// In the String.raw patterns the dashes – and — are \u escapes, which the RegExp reads: the server build stays ASCII (vite.config.ts).
/** "1." "1)" "(1)" "**1.**" "### 1." "Review 1:" "Option #2 -" at the start of a line; group 0 is the whole marker. */
const numberMarker = new RegExp(
  String.raw`^[ \t]*(?:#{1,6}[ \t]*)?${md}[ \t]*(?:(?:${labelWords})[ \t]*)?(?:#|no\.?[ \t]*)?(?:\(\d{1,2}\)|\d{1,2}(?:\)|[.:](?!\d)|[ \t]*[-\u2013\u2014](?=[ \t])))[ \t]*${md}[ \t]*(?::[ \t]*)?`,
  "iu",
);
/** A line that is only a numbered label: "**Description 1**", "Review 2:", "### Option 3". */
const labelLine = new RegExp(String.raw`^[ \t]*(?:#{1,6}[ \t]*)?${md}[ \t]*(?:${labelWords})[ \t]*#?\d{1,2}[ \t]*${md}[ \t]*:?[ \t]*${md}[ \t]*$`, "iu");
/** The same while it is still being written ("Review", "**Description 2"). */
const partialLabelLine = new RegExp(String.raw`^[ \t]*(?:#{1,6}[ \t]*)?[*_]{0,2}[ \t]*(?:${labelWords})[ \t]*#?\d{0,2}[ \t]*[*_]{0,2}[ \t]*(?:[-\u2013\u2014:.)][ \t]*)?[*_]{0,2}[ \t]*$`, "iu");
/** The unfinished last line of a growing piece that may still become a marker or a fence ("2", "**3", "- ", "``"). */
const partialMarkerLine = /^[ \t]*(?:#{1,6}[ \t]*)?[*_]{0,2}[ \t]*(?:\(?\d{0,2}[.)]?|[-*•–]|`{1,3}[\w-]*)?[ \t]*[*_]{0,2}[ \t]*$/u;
const bulletMarker = /^[ \t]*(?:[-*•–]|\d{1,2}[.)])[ \t]+/u;
const separator = /^[\s\-*_=~•.]*$/u;
const codeFence = /^[ \t]*```[\w-]*[ \t]*$/u;

const introOpener =
  /^[¡¿]?(?:sure|certainly|of course|absolutely|okay|ok|great|alright|happy to help|here(?:'s|’s| is| are)|below (?:is|are)|these are|i(?:'ve|’ve| have) (?:written|created|prepared|come up with|put together)|the following|claro|por supuesto|aqu[ií] (?:tienes|est[aá]n|va|van|hay)|a continuaci[oó]n)(?![\p{L}])/iu;
/** What an introduction talks about: the things asked for ("3 product descriptions", "some titles"). */
const deliverable =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|some|a few|the|your|these|tres|dos|cinco|algunas|algunos|las|los)\s+(?:[\p{L}-]+\s+){0,3}?(?:descriptions?|reviews?|titles?|versions?|options?|variations?|keywords?|phrases|rewrites?|listings?|descripciones|reseñas|títulos|versiones|opciones|palabras)\b|\bhere(?:'s|’s| is| are)\b|\baqu[ií] (?:tienes|est[aá]n)\b/iu;
const bareAcknowledgement = /^[¡¿]?(?:sure|certainly|of course|absolutely|okay|ok|great|alright|claro|por supuesto)[.!,]?$/iu;
const outroOpener =
  /^(?:let me know|i hope (?:this|these|that) (?:helps?|works?|fits?|meets?|is|are|gives?)|(?:i )?hope (?:this|these|that) helps?|feel free|if you(?:'d|’d| would)? like (?:me|any|more|a different|other|to (?:adjust|change|tweak|see))|would you like (?:me|any|more)|do you want me|want me to|shall i|should i|i can (?:also|adjust|tweak|write more|make (?:more|them|changes))|(?:note|notes|tip):|each (?:of these|description|review|title|version|option|rewrite)\b|these (?:\d+ )?(?:descriptions|reviews|titles|versions|options|rewrites|keywords|phrases)\b|all (?:of )?(?:these|the above)\b|espero que|av[ií]same|d[ií]me si|si (?:quieres|necesitas|deseas) (?:que|m[aá]s|otr|alg|ajust|cambi))/iu;
/** Lower-case beginnings of remarks: a growing piece that could still become one is held back. */
const remarkPrefixes = [
  "sure", "certainly", "of course", "absolutely", "okay", "ok", "great", "alright", "happy to help", "here's", "here’s", "here is", "here are",
  "below is", "below are", "these are", "i've ", "i’ve ", "i have ", "the following", "claro", "por supuesto", "aquí ", "aqui ", "a continuación",
  "a continuacion", "let me know", "i hope", "hope this", "hope these", "hope that", "feel free", "if you", "would you like", "do you want",
  "want me to", "shall i", "should i", "i can ", "note:", "notes:", "tip:", "each ", "these ", "all of", "all the above", "espero",
  "avísame", "avisame", "dime si", "si quieres", "si necesitas", "si deseas",
];

function stripMarkdown(text: string): string {
  return text
    .split("\n")
    .filter((line) => !codeFence.test(line))
    .map((line) => line.replace(/^[ \t]*#{1,6}[ \t]+/u, "").replace(/\*\*|__/g, "").replace(/[ \t]+$/u, ""))
    .join("\n")
    .trim();
}

/** Removes the piece's leading marker; says whether it was an item number. */
function stripMarker(raw: string): { text: string; marked: boolean } {
  const [first = "", ...rest] = raw.replace(/^\s*\n/, "").split("\n");
  if (labelLine.test(first)) return { text: rest.join("\n"), marked: true };
  const numbered = numberMarker.exec(raw);
  if (numbered) return { text: raw.slice(numbered[0].length), marked: true };
  const bullet = /^[ \t]*[-*•–][ \t]+/u.exec(raw);
  if (bullet) return { text: raw.slice(bullet[0].length), marked: false };
  return { text: raw, marked: false };
}

function startsNewItem(line: string): boolean {
  return numberMarker.test(line) || labelLine.test(line);
}

function isIntroText(text: string): boolean {
  if (text.includes("\n") || text.length > 200) return false;
  if (bareAcknowledgement.test(text)) return true;
  if (introOpener.test(text) && deliverable.test(text)) return true;
  return /:$/.test(text) && text.length <= 160;
}

function isOutroText(text: string): boolean {
  return text.length < 400 && outroOpener.test(text);
}

const isIntro = (piece: Piece) => !piece.marked && !piece.open && isIntroText(piece.text);
const isOutro = (piece: Piece) => !piece.marked && !piece.open && isOutroText(piece.text);

/** Blank-line blocks, split further where a line starts with an item number, after an intro line and before a closing remark. */
function rawPieces(text: string, final: boolean, bulletItems: boolean): Piece[] {
  const normalized = text.replace(/\r\n?/g, "\n");
  const blocks = normalized.split(/\n[ \t]*\n/);
  const endsWithNewline = /\n[ \t]*$/.test(normalized);
  const pieces: Piece[] = [];
  blocks.forEach((block, blockIndex) => {
    const lines = block.split("\n");
    let current: string[] = [];
    const flush = (open: boolean) => {
      let raw = current.join("\n");
      if (open) {
        // While streaming: an unfinished last line that may still become a marker waits, and so does
        // half of a closing "**".
        const lastBreak = raw.lastIndexOf("\n");
        const lastLine = raw.slice(lastBreak + 1);
        if (lastBreak !== -1 && (partialMarkerLine.test(lastLine) || partialLabelLine.test(lastLine))) raw = raw.slice(0, lastBreak);
        raw = raw.replace(/(?<![*_])[*_]$/u, "");
      }
      current = [];
      const { text: body, marked } = stripMarker(raw);
      const cleaned = stripMarkdown(body);
      if (!open && (cleaned === "" || separator.test(cleaned))) return;
      pieces.push({ text: cleaned, raw, marked, open });
    };
    const lastBlock = blockIndex === blocks.length - 1;
    lines.forEach((line, lineIndex) => {
      const hasContent = current.some((l) => l.trim() !== "");
      const lineComplete = lineIndex < lines.length - 1 || !lastBlock || final || endsWithNewline;
      // A block that starts with a bullet is a bulleted list: each bullet line is an item (when several are asked).
      const bullet = bulletItems && /^[ \t]*[-*•–][ \t]+/u.test(lines[0] ?? "") && /^[ \t]*[-*•–][ \t]+/u.test(line);
      const newItem = hasContent && (startsNewItem(line) || bullet);
      const afterIntro = lineIndex === 1 && hasContent && isIntroText(stripMarkdown(current.join("\n")));
      const outroLine = hasContent && lineComplete && isOutroText(stripMarkdown(line));
      if (newItem || afterIntro || outroLine) flush(false);
      current.push(line);
    });
    flush(!final && lastBlock && !/\n[ \t]*\n[ \t]*$/.test(normalized));
  });
  return pieces;
}

/** Could this growing piece still turn out to be a marker, a label or a remark? Then it is not shown yet. */
function mustHold(piece: Piece): boolean {
  if (!/\p{L}/u.test(piece.text)) return true;
  const raw = piece.raw.trimStart();
  if (!raw.includes("\n")) {
    if (partialLabelLine.test(raw)) return true;
    const bare = raw.replace(/^(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*/u, "").toLowerCase();
    if (bare.length < 24 && labelWordList.some((word) => word.startsWith(bare))) return true;
  }
  const lower = piece.text.toLowerCase().replace(/^[¡¿"“'‘]+/u, "");
  if (remarkPrefixes.some((prefix) => prefix.startsWith(lower) || lower.startsWith(prefix))) {
    // Held until it is clear: a finished sentence that is no remark is content.
    return !(piece.text.length > 200 || (/[.!?]\s+\S/.test(piece.text) && !introOpener.test(piece.text) && !outroOpener.test(piece.text)));
  }
  // A short line ending in ":" might be a heading; it only shows once more follows.
  return /:\s*$/.test(piece.text) && !piece.text.includes("\n") && piece.text.length <= 160;
}

/** Single newlines with a number or bullet on each line: one item per line (the fallback of step 6). */
function splitLines(text: string): string[] {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const markedLines = lines.filter((l) => bulletMarker.test(l) || numberMarker.test(l));
  if (lines.length < 2 || markedLines.length < lines.length - 1) return [text];
  return lines.map((l) => stripMarkdown(stripMarker(l.replace(bulletMarker, "")).text)).filter((l) => l !== "");
}

export interface SplitResult {
  items: string[];
  /** The first `complete` items cannot change any more (all of them once the answer is finished). */
  complete: number;
}

function split(text: string, count: number, mode: OutputMode, final: boolean): SplitResult {
  let pieces = rawPieces(text, final, mode === "split" && count > 1);
  if (!final) {
    const last = pieces.at(-1);
    if (last?.open && mustHold(last)) pieces = pieces.slice(0, -1);
  }
  // Remarks: leading introductions and closing remarks go, unless nothing else is left in the end
  // (while streaming they always wait: the content may still follow).
  while ((pieces.length > 1 || !final) && pieces[0] && isIntro(pieces[0])) pieces = pieces.slice(1);
  const withoutOutros = pieces.filter((p) => !isOutro(p));
  if (withoutOutros.length > 0 || !final) pieces = withoutOutros;

  if (mode === "single") {
    const whole = pieces.map((p) => p.text).join("\n");
    return { items: whole === "" ? [] : [whole], complete: final && whole !== "" ? 1 : 0 };
  }

  const marked = pieces.filter((p) => p.marked).length;
  if (count === 1) {
    if (pieces[0]?.marked && marked >= 2) {
      const next = pieces.findIndex((p, i) => i > 0 && p.marked);
      return { items: [pieces.slice(0, next).map((p) => p.text).join("\n\n")], complete: 1 };
    }
    const whole = pieces.map((p) => p.text).join("\n\n");
    return { items: whole === "" ? [] : [whole], complete: final && whole !== "" ? 1 : 0 };
  }

  // A numbered answer with enough numbers: preamble dropped, unnumbered paragraphs belong to the item above.
  // (While streaming, an answer that starts with a number is taken to be numbered.)
  if (marked >= count || (!final && pieces[0]?.marked)) {
    const grouped: Piece[] = [];
    for (const piece of pieces.slice(pieces.findIndex((p) => p.marked))) {
      const previous = grouped.at(-1);
      if (!piece.marked && previous) grouped[grouped.length - 1] = { ...previous, text: `${previous.text}\n\n${piece.text}`, open: piece.open };
      else grouped.push(piece);
    }
    pieces = grouped;
  }

  let items = pieces.map((p) => p.text).filter((t) => t !== "");
  if (final && items.length < count) {
    const byLines = items.flatMap(splitLines);
    if (byLines.length > items.length) items = byLines;
  }
  items = items.slice(0, count);
  if (final) return { items, complete: items.length };
  // While streaming, an item is settled once a numbered item follows it and every piece so far was numbered
  // (so no preamble can be dropped and nothing can be merged into it any more).
  const settled = pieces.every((p) => p.marked) ? Math.max(0, pieces.length - 1) : 0;
  return { items, complete: Math.min(items.length, settled) };
}

/** The outputs of a finished answer: at most `count` (fewer when the model wrote fewer). */
export function splitAnswer(text: string, count: number, mode: OutputMode = "split"): string[] {
  return split(text, count, mode, true).items;
}

/** The outputs of an answer that is still being written, and how many of them are settled. */
export function livePieces(text: string, count: number, mode: OutputMode = "split"): SplitResult {
  return split(text, count, mode, false);
}

/** Cleans one structured-output element the same way as a text piece (numbers, Markdown, spaces). */
export function cleanElement(text: string): string {
  return stripMarkdown(stripMarker(text.replace(/\r\n?/g, "\n").trim()).text).replace(/\n{3,}/g, "\n\n");
}

/** Like cleanElement for a growing element, or null while it could still be only a marker. */
export function cleanGrowingElement(text: string): string | null {
  const cleaned = cleanElement(text);
  if (!/\p{L}/u.test(cleaned)) return null;
  return partialLabelLine.test(text.trim()) ? null : cleaned;
}
