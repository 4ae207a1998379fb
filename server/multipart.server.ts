// Upload bodies read as they arrive (issue 30, the CSV paragraph): a multipart form parsed part by part by
// busboy, or a raw body counted, in pieces of 16 KB with a turn of the event loop every ~10 ms, so one 10 MB
// upload never keeps other requests waiting (undici's formData() parsed it in one 150–200 ms block). The file
// is copied once, into one buffer, while it arrives; past its limit it is only counted.
import busboy from "busboy";

/** The most bytes handed to the parser at once (64 KB under a boundary chosen to slow its search took ~10 ms). */
const pieceBytes = 16 * 1024;
/** The most work done between two turns of the event loop. */
const sliceMs = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `work` per piece of the request's body (null: no body); after ~10 ms of work, lets the event loop turn. Stops when `work` returns false. */
async function eachPiece(body: ReadableStream<Uint8Array> | null, work: (piece: Buffer) => Promise<boolean> | boolean): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let started = performance.now();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (let offset = 0; offset < value.byteLength; offset += pieceBytes) {
        const piece = Buffer.from(value.buffer, value.byteOffset + offset, Math.min(pieceBytes, value.byteLength - offset));
        if (!(await work(piece))) return;
        if (performance.now() - started >= sliceMs) {
          await nextTurn();
          started = performance.now();
        }
      }
    }
  } finally {
    // What is left of a refused body is not read.
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * Bytes kept in one buffer, sized from Content-Length (at most `limit`); past the limit only counted. Without a
 * length it starts at 1 MB and, past that, moves once to the limit: one copy of at most 1 MB, never the
 * doubling's 8 MB copies in one stretch.
 */
class ByteSink {
  private buffer: Uint8Array;
  private readonly limit: number;
  size = 0;
  constructor(limit: number, expected: number) {
    this.limit = limit;
    this.buffer = new Uint8Array(Math.min(limit, expected > 0 ? expected : 1024 * 1024));
  }
  get over(): boolean {
    return this.size > this.limit;
  }
  add(chunk: Uint8Array): void {
    const at = this.size;
    this.size += chunk.byteLength;
    if (this.over) return;
    if (this.size > this.buffer.byteLength) {
      const grown = new Uint8Array(this.limit);
      grown.set(this.buffer.subarray(0, at));
      this.buffer = grown;
    }
    this.buffer.set(chunk, at);
  }
  /** The bytes kept (a view, no copy). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.size);
  }
}

/** A body's length as declared, or 0 (chunked, or a Request built without one). */
const declaredLength = (request: Request) => Number(request.headers.get("content-length") ?? "0") || 0;

export type RawBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: "tooLarge" };

/** A raw body (a file sent as the body), refused as soon as it passes `maxBytes`, whatever its Content-Length says. */
export async function readRawBody(request: Request, maxBytes: number): Promise<RawBody> {
  if (declaredLength(request) > maxBytes) return { ok: false, reason: "tooLarge" };
  const sink = new ByteSink(maxBytes, declaredLength(request));
  await eachPiece(request.body, (piece) => {
    sink.add(piece);
    return !sink.over;
  });
  return sink.over ? { ok: false, reason: "tooLarge" } : { ok: true, bytes: sink.bytes() };
}

export interface MultipartLimits {
  /** The name of the one file part. */
  fileField: string;
  maxFileBytes: number;
  /** The text fields kept (others are read past); the first of a name counts. */
  fields: readonly string[];
  maxFields: number;
  maxFieldBytes: number;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export type MultipartForm =
  | { ok: true; fields: ReadonlyMap<string, string>; file: UploadedFile | null }
  /** Not a multipart form, no boundary, cut short, a part without a name, a second file, too many parts. */
  | { ok: false; reason: "malformed" }
  | { ok: false; reason: "fieldTooLarge"; field: string }
  /** `found` is the file's whole size: the rest of it is counted, never kept. */
  | { ok: false; reason: "fileTooLarge"; limit: number; found: number };

/** A multipart/form-data body, parsed as it arrives, with `limits` applied while reading. */
export async function readMultipartForm(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      // Browsers send file names as UTF-8, not Latin-1.
      defParamCharset: "utf8",
      // busboy signals `parts` once that many parts have ended: one more than a file and the fields, so only junk parts reach it.
      limits: { files: 1, fields: limits.maxFields, parts: limits.maxFields + 2, fieldSize: limits.maxFieldBytes, headerPairs: 20 },
    });
  } catch {
    // Not multipart/form-data, or no boundary.
    return { ok: false, reason: "malformed" };
  }
  const fields = new Map<string, string>();
  // Set in busboy's callbacks, which TypeScript's narrowing does not see.
  let file = null as { name: string; field: string; sink: ByteSink } | null;
  let refusal: Extract<MultipartForm, { ok: false }> | null = null;
  const malformed = () => (refusal ??= { ok: false, reason: "malformed" });

  parser.on("file", (name: string | undefined, stream, info) => {
    stream.on("error", malformed);
    if (!name) malformed();
    const sink = new ByteSink(limits.maxFileBytes, declaredLength(request));
    file = { name: info.filename ?? "", field: name ?? "", sink };
    stream.on("data", (chunk: Buffer) => sink.add(chunk));
  });
  parser.on("field", (name: string | undefined, value: string, info) => {
    if (!name) return void malformed();
    if (info.valueTruncated && limits.fields.includes(name)) refusal ??= { ok: false, reason: "fieldTooLarge", field: name };
    if (limits.fields.includes(name) && !fields.has(name)) fields.set(name, value);
  });
  parser.on("filesLimit", malformed).on("fieldsLimit", malformed).on("partsLimit", malformed);
  // Cut short, a broken part header: busboy says so with an error, and may close after it or not.
  const finished = new Promise<void>((resolve) => parser.once("close", resolve).on("error", () => resolve(void malformed())));

  const write = (piece: Buffer) => new Promise<void>((resolve) => parser.write(piece, () => resolve()));
  try {
    await eachPiece(request.body, async (piece) => {
      await write(piece);
      return refusal === null;
    });
  } catch {
    malformed();
  }
  if (refusal) parser.destroy();
  else parser.end();
  await finished;

  if (refusal) return refusal;
  const found = file;
  if (!found || found.field !== limits.fileField) return { ok: true, fields, file: null };
  if (found.sink.over) return { ok: false, reason: "fileTooLarge", limit: limits.maxFileBytes, found: found.sink.size };
  return { ok: true, fields, file: { name: found.name, bytes: found.sink.bytes() } };
}
