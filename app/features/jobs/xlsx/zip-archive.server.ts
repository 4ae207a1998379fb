// An uploaded workbook's ZIP archive, read from its central directory only: every listed entry's local header
// must agree with the directory (name, method, sizes) and no two entries may share bytes, so the bytes whose
// sizes are checked are the bytes unpacked; a local header the directory does not list is never read. Entries
// are inflated off the main thread (zlib's thread pool), never past their listed size (issue 30).
import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";

const inflateRawAsync = promisify(inflateRaw);

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: no entry's data may reach past it. */
  directoryOffset: number;
}

const wideFields = ["uncompressedSize", "compressedSize", "localOffset"] as const;

/** ZIP64: a size or offset of all ones is in the extra block 0x0001, in the order uncompressed, compressed, offset. */
function readZip64(view: DataView, extra: number, extraEnd: number, target: Pick<ZipEntry, (typeof wideFields)[number]>, wide: readonly (typeof wideFields)[number][]): void {
  for (const field of wide) target[field] = Number.MAX_SAFE_INTEGER;
  while (extra + 4 <= extraEnd) {
    const id = view.getUint16(extra, true);
    const size = view.getUint16(extra + 2, true);
    if (id === 0x0001) {
      wide.forEach((field, i) => {
        if (8 * (i + 1) <= size && extra + 4 + 8 * (i + 1) <= extraEnd) target[field] = Number(view.getBigUint64(extra + 4 + 8 * i, true));
      });
      return;
    }
    extra += 4 + size;
  }
}

/** The central directory of a ZIP archive (nothing unpacked), or null if it has none. */
export function readZipDirectory(bytes: Uint8Array): ZipDirectory | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of central directory record: 22 bytes, then a comment of up to 65,535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  let offset = directoryOffset;
  const entries: ZipEntry[] = [];
  const names = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength + extraLength > bytes.length) return null;
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    };
    const wide = wideFields.filter((field) => entry[field] === 0xffffffff);
    if (wide.length > 0) readZip64(view, offset + 46 + nameLength, offset + 46 + nameLength + extraLength, entry, wide);
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, directoryOffset };
}

/** The entries of a ZIP archive as its central directory lists them (nothing unpacked), or null if it has none. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  return readZipDirectory(bytes)?.entries ?? null;
}

/** Where an entry's packed bytes start, once its local header is found to agree with the directory; else null. */
function entryDataStart(bytes: Uint8Array, view: DataView, entry: ZipEntry): number | null {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return null;
  const nameLength = view.getUint16(local + 26, true);
  const extraLength = view.getUint16(local + 28, true);
  const start = local + 30 + nameLength + extraLength;
  if (start > bytes.length) return null;
  if (view.getUint16(local + 8, true) !== entry.method) return null;
  if (new TextDecoder().decode(bytes.subarray(local + 30, local + 30 + nameLength)) !== entry.name) return null;
  // With a data descriptor (flag bit 3) the local header's sizes are zero and the directory's count.
  if (!(entry.flags & 8)) {
    const sizes = { compressedSize: view.getUint32(local + 18, true), uncompressedSize: view.getUint32(local + 22, true), localOffset: 0 };
    const wide = (["uncompressedSize", "compressedSize"] as const).filter((field) => sizes[field] === 0xffffffff);
    if (wide.length > 0) readZip64(view, local + 30 + nameLength, start, sizes, wide);
    if (sizes.compressedSize !== entry.compressedSize || sizes.uncompressedSize !== entry.uncompressedSize) return null;
  }
  return start;
}

/**
 * Whether every listed entry's local header agrees with the directory and the entries' bytes neither overlap
 * nor reach into the directory: "encrypted" for a password-protected entry, "damaged" otherwise, null if sound.
 */
export function checkZipEntries(bytes: Uint8Array, directory: ZipDirectory): "damaged" | "encrypted" | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (directory.entries.some((entry) => entry.flags & 1)) return "encrypted";
  if (new Set(directory.entries.map((entry) => entry.name)).size !== directory.entries.length) return "damaged";
  const spans: [number, number][] = [];
  for (const entry of directory.entries) {
    if (entry.method !== 0 && entry.method !== 8) return "damaged";
    if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) return "damaged";
    const start = entryDataStart(bytes, view, entry);
    if (start === null || start + entry.compressedSize > directory.directoryOffset) return "damaged";
    spans.push([entry.localOffset, start + entry.compressedSize]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![1]) return "damaged";
  return null;
}

/**
 * One checked entry's bytes (checkZipEntries first), inflated off the main thread and never past the size the
 * directory gives: null when they are not exactly that size (a ZIP bomb lies about it) or do not inflate.
 */
export async function unpackZipEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = entryDataStart(bytes, view, entry);
  if (start === null) return null;
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return packed.length === entry.uncompressedSize ? packed : null;
  try {
    const unpacked = await inflateRawAsync(packed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    return unpacked.length === entry.uncompressedSize ? unpacked : null;
  } catch {
    return null;
  }
}
