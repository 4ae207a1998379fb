// Word-level differences between two versions of a text, for the side-by-side compare. Pure.

export interface DiffPiece {
  text: string;
  /** Only in this side's text (removed on the left, added on the right). */
  changed: boolean;
}

/** Past this many word pairs the texts are shown as wholly changed (a diff is not worth the time). */
const maxCells = 4_000_000;

/** Words, runs of spaces and single punctuation marks ("Mat," is "Mat" and ","). */
const tokenize = (text: string) => text.match(/\s+|[\p{L}\p{N}'’-]+|[^\s\p{L}\p{N}]/gu) ?? [];

function merge(pieces: DiffPiece[]): DiffPiece[] {
  const out: DiffPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last && last.changed === piece.changed) last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}

/** The left and right texts cut into pieces that both share (unchanged) or only one has (changed). */
export function diffWords(left: string, right: string): { left: DiffPiece[]; right: DiffPiece[] } {
  if (left === right) return { left: left ? [{ text: left, changed: false }] : [], right: right ? [{ text: right, changed: false }] : [] };
  const a = tokenize(left);
  const b = tokenize(right);
  if (a.length * b.length > maxCells) return { left: left ? [{ text: left, changed: true }] : [], right: right ? [{ text: right, changed: true }] : [] };
  // Longest common subsequence, by suffix lengths (rows of b.length + 1).
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const l: DiffPiece[] = [];
  const r: DiffPiece[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      l.push({ text: a[i]!, changed: false });
      r.push({ text: b[j]!, changed: false });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      l.push({ text: a[i++]!, changed: true });
    } else {
      r.push({ text: b[j++]!, changed: true });
    }
  }
  while (i < a.length) l.push({ text: a[i++]!, changed: true });
  while (j < b.length) r.push({ text: b[j++]!, changed: true });
  // Spaces are a change only between two changed words (so "6 mm Thick" is one change, not three).
  const calm = (pieces: DiffPiece[]) =>
    pieces.map((piece, index) => (piece.changed && piece.text.trim() === "" && !(pieces[index - 1]?.changed && pieces[index + 1]?.changed) ? { ...piece, changed: false } : piece));
  return { left: merge(calm(l)), right: merge(calm(r)) };
}
