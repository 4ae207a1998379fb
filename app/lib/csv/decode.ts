// A delimited-text file's bytes as text, for the one CSV/TSV reader (docs/decisions/034): the encoding found
// (UTF-8 with or without BOM, UTF-16 LE/BE with a BOM or by its zero bytes, else Windows-1252), binary files and
// known non-text formats refused by name. Decoding runs in slices that let the event loop turn. Browser-safe.
import { workSlices, type WorkSlices } from "#app/lib/work-slices.ts";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export type TextRefusal =
  | { ok: false; reason: "binary" }
  /** Text in an encoding that is named but not read (UTF-32), or bytes its byte order mark's encoding cannot decode. */
  | { ok: false; reason: "unsupportedEncoding"; encoding: string }
  /** A known kind of file that is not delimited text. */
  | { ok: false; reason: "unsupportedFormat"; detected: "xls" | "encryptedXlsx" | "pdf" | "html" | "xml" | "zip" };

export type DecodedText = { ok: true; text: string; encoding: TextEncodingName; bom: boolean } | TextRefusal;

export const startsWithBytes = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);
export const zipSignature = [0x50, 0x4b, 0x03, 0x04];
const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** "EncryptedPackage" in UTF-16 LE, the name of the stream a password-protected .xlsx keeps its workbook in. */
const encryptedPackage = [..."EncryptedPackage"].flatMap((char) => [char.charCodeAt(0), 0]);

function includesBytes(bytes: Uint8Array, pattern: number[]): boolean {
  const first = pattern[0]!;
  for (let i = bytes.indexOf(first); i !== -1 && i + pattern.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    if (pattern.every((byte, j) => bytes[i + j] === byte)) return true;
  }
  return false;
}

/** Bytes decoded at a time: 1 MB is a few milliseconds, and the event loop turns between them. */
const decodeChunkBytes = 1024 * 1024;

async function decodeAs(encoding: TextEncodingName, bytes: Uint8Array, bom: boolean, slices: WorkSlices): Promise<DecodedText> {
  try {
    // TextDecoder drops the byte order mark itself, and keeps a character split between chunks whole.
    const decoder = new TextDecoder(encoding, { fatal: encoding !== "windows-1252" });
    let text = "";
    for (let offset = 0; offset < bytes.length; offset += decodeChunkBytes) {
      if (slices.due()) await slices.pause();
      text += decoder.decode(bytes.subarray(offset, offset + decodeChunkBytes), { stream: true });
    }
    text += decoder.decode();
    return { ok: true, text, encoding, bom };
  } catch {
    return { ok: false, reason: "unsupportedEncoding", encoding };
  }
}

/** Control characters other than tab, line feed, carriage return and form feed (and NUL, counted apart). */
const isControl = (code: number) => (code > 0 && code < 9) || code === 11 || (code > 13 && code < 32) || code === 127;

/**
 * The bytes as text: UTF-8 (with or without BOM), UTF-16 LE or BE (with a BOM, or ASCII-heavy text without),
 * else Windows-1252 (what "Latin-1" files really are). Binary files and known non-text formats refused.
 */
export async function decodeText(bytes: Uint8Array, slices: WorkSlices = workSlices()): Promise<DecodedText> {
  // An OLE compound file is an old .xls, or an .xlsx saved with a password (its "EncryptedPackage" stream).
  if (startsWithBytes(bytes, oleSignature)) return { ok: false, reason: "unsupportedFormat", detected: includesBytes(bytes, encryptedPackage) ? "encryptedXlsx" : "xls" };
  if (startsWithBytes(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ok: false, reason: "unsupportedFormat", detected: "pdf" };
  if (startsWithBytes(bytes, zipSignature)) return { ok: false, reason: "unsupportedFormat", detected: "zip" };
  if (startsWithBytes(bytes, [0xff, 0xfe, 0x00, 0x00])) return { ok: false, reason: "unsupportedEncoding", encoding: "utf-32le" };
  if (startsWithBytes(bytes, [0x00, 0x00, 0xfe, 0xff])) return { ok: false, reason: "unsupportedEncoding", encoding: "utf-32be" };

  let decoded: DecodedText;
  if (startsWithBytes(bytes, [0xef, 0xbb, 0xbf])) decoded = await decodeAs("utf-8", bytes, true, slices);
  else if (startsWithBytes(bytes, [0xff, 0xfe])) decoded = await decodeAs("utf-16le", bytes, true, slices);
  else if (startsWithBytes(bytes, [0xfe, 0xff])) decoded = await decodeAs("utf-16be", bytes, true, slices);
  else {
    const sample = bytes.subarray(0, 65536);
    let zeros = 0;
    let oddZeros = 0;
    for (let i = 0; i < sample.length; i++) {
      if (sample[i] === 0) {
        zeros++;
        if (i % 2 === 1) oddZeros++;
      }
    }
    if (zeros > sample.length / 4 && (oddZeros > zeros * 0.95 || oddZeros < zeros * 0.05)) {
      // UTF-16 without a byte order mark: ASCII letters with a zero after them (LE) or before them (BE).
      decoded = await decodeAs(oddZeros > zeros / 2 ? "utf-16le" : "utf-16be", bytes, false, slices);
    } else if (zeros > 0) {
      return { ok: false, reason: "binary" };
    } else {
      decoded = await decodeAs("utf-8", bytes, false, slices);
      if (!decoded.ok) decoded = await decodeAs("windows-1252", bytes, false, slices);
    }
  }
  if (!decoded.ok) return decoded;

  // Text decoded from binary bytes is full of control characters (and, through Windows-1252, of the five
  // bytes it leaves undefined).
  const text = decoded.text;
  const end = Math.min(text.length, 65536);
  let odd = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0 || isControl(code) || (code >= 0x80 && code <= 0x9f)) odd++;
  }
  if (odd > Math.max(2, end / 100)) return { ok: false, reason: "binary" };
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  if (head.startsWith("<")) {
    if (/<(html|table|!doctype html)/.test(head)) return { ok: false, reason: "unsupportedFormat", detected: "html" };
    if (head.startsWith("<?xml")) return { ok: false, reason: "unsupportedFormat", detected: "xml" };
  }
  return decoded;
}
