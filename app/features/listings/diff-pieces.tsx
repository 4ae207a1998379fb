// A word diff on screen (./diff.ts): words only the old side has struck through in red, words only the new side has
// underlined in teal. One look for comparing versions, reviewing a fix and reviewing a publish.
import { Text } from "@mantine/core";
import type { DiffPiece } from "./diff.ts";

/** One side's pieces, inline. */
export function DiffPieces({ pieces, side }: { pieces: readonly DiffPiece[]; side: "old" | "new" }) {
  return pieces.map((piece, index) =>
    !piece.changed ? (
      <span key={index}>{piece.text}</span>
    ) : side === "old" ? (
      <del key={index} style={{ background: "var(--mantine-color-red-light)", textDecorationColor: "var(--mantine-color-red-7)" }}>
        {piece.text}
      </del>
    ) : (
      <ins key={index} style={{ background: "var(--mantine-color-teal-light)", textDecoration: "none", borderBottom: "2px solid var(--mantine-color-teal-7)" }}>
        {piece.text}
      </ins>
    ),
  );
}

/** One side's pieces as a paragraph that keeps line breaks and wraps long words. */
export function DiffText({ pieces, side, dir }: { pieces: readonly DiffPiece[]; side: "old" | "new"; dir: "rtl" | "ltr" }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir={dir}>
      <DiffPieces pieces={pieces} side={side} />
    </Text>
  );
}
