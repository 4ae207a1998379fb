// Control characters (ASCII, DEL, C1), line and paragraph separators and invisible format marks
// (bidi overrides, zero-width characters): never wanted in a name, a mail header or a redirect target.
const unprintable = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export function hasUnprintable(value: string): boolean {
  return unprintable.test(value);
}

/** `value` with each unprintable character replaced by `replacement`. */
export function replaceUnprintable(value: string, replacement: string): string {
  return value.replace(new RegExp(unprintable.source, "gu"), replacement);
}
