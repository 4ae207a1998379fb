// Upload bodies read as they arrive (issue 30, the CSV paragraph): a 10 MB multipart body arriving in 64 KB
// chunks, as a socket delivers it, never holds the main thread for long; limits apply while reading;
// malformed bodies are refused, never thrown.
import { describe, expect, it } from "vitest";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { readMultipartForm, readRawBody, type MultipartLimits } from "./multipart.server.ts";

const boundary = "----SellscribeTest7MA4YWxkTrZu0gW";
const limits: MultipartLimits = { fileField: "file", maxFileBytes: 10 * 1024 * 1024, fields: ["mapping", "options"], maxFields: 10, maxFieldBytes: 64 * 1024 };
const text = (value: string) => new TextEncoder().encode(value);
const filePart = (disposition: string, type = "text/csv") => text(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`);
const fieldPart = (name: string, value: string) => text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const closing = text(`--${boundary}--\r\n`);
const crlf = text("\r\n");

/** A Request whose body arrives in chunks of `chunkBytes`, as from a socket (no Content-Length). */
function streamed(parts: Uint8Array[], { chunkBytes = 64 * 1024, contentType = `multipart/form-data; boundary=${boundary}` } = {}): Request {
  const whole = Buffer.concat(parts);
  // Each chunk its own buffer, made before the read is watched, as a socket's arrive.
  const chunks = Array.from({ length: Math.ceil(whole.length / chunkBytes) }, (_, i) => new Uint8Array(whole.subarray(i * chunkBytes, (i + 1) * chunkBytes)));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return new Request("http://sellscribe.test/api/jobs/preview", { method: "POST", headers: { "Content-Type": contentType }, body, duplex: "half" } as RequestInit);
}

const lineFeeds = (bytes: number) => new Uint8Array(bytes).fill(10);

describe("a 10 MB multipart upload is read in slices", () => {
  it("10 MB of line feeds in 64 KB chunks: the file whole, once, and no stretch of main-thread work over 50 ms", async () => {
    const file = lineFeeds(10 * 1024 * 1024);
    const request = streamed([fieldPart("mapping", '{"brand":0}'), filePart('name="file"; filename="Küche.csv"'), file, crlf, fieldPart("options", "{}"), closing]);
    const watch = watchEventLoop();
    const form = await readMultipartForm(request, limits);
    const { blockedMs, gapMs } = watch.stop();
    process.stdout.write(`10 MB multipart of line feeds: worst main-thread stretch ${blockedMs.toFixed(1)} ms, worst timer wait ${gapMs.toFixed(1)} ms\n`);
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    expect(form.file?.name).toBe("Küche.csv");
    expect(form.file?.bytes.byteLength).toBe(file.byteLength);
    expect(form.file?.bytes.every((byte) => byte === 10)).toBe(true);
    expect(Object.fromEntries(form.fields)).toEqual({ mapping: '{"brand":0}', options: "{}" });
    expect(blockedMs).toBeLessThan(50);
    expect(gapMs).toBeLessThan(1000);
  });

  it("a boundary chosen to make the search slow (70 × 'a', a file of 'a's) is still read in slices", async () => {
    const slow = "a".repeat(70);
    const parts = [text(`--${slow}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n`), new Uint8Array(4 * 1024 * 1024).fill(97), text(`\r\n--${slow}--\r\n`)];
    const request = streamed(parts, { contentType: `multipart/form-data; boundary=${slow}` });
    const watch = watchEventLoop();
    const form = await readMultipartForm(request, limits);
    const { blockedMs } = watch.stop();
    process.stdout.write(`4 MB of 'a' under a boundary of 70 'a': worst main-thread stretch ${blockedMs.toFixed(1)} ms\n`);
    expect(form.ok && form.file?.bytes.byteLength).toBe(4 * 1024 * 1024);
    expect(blockedMs).toBeLessThan(50);
  });

  it("a body buffered whole (one 10 MB chunk, as the Express bridge hands it over) is fed in pieces too", async () => {
    const request = streamed([filePart('name="file"; filename="lf.csv"'), lineFeeds(10 * 1024 * 1024), crlf, closing], { chunkBytes: 11 * 1024 * 1024 });
    const watch = watchEventLoop();
    const form = await readMultipartForm(request, limits);
    const { blockedMs } = watch.stop();
    expect(form.ok && form.file?.bytes.byteLength).toBe(10 * 1024 * 1024);
    expect(blockedMs).toBeLessThan(50);
  });
});

describe("limits apply while reading", () => {
  it("a file one byte over is refused with its whole size, which is counted, not kept", async () => {
    const form = await readMultipartForm(streamed([filePart('name="file"; filename="big.csv"'), new Uint8Array(10 * 1024 * 1024 + 1).fill(65), crlf, closing]), limits);
    expect(form).toEqual({ ok: false, reason: "fileTooLarge", limit: 10 * 1024 * 1024, found: 10 * 1024 * 1024 + 1 });
  });

  it("a field over 64 KB, and more fields than allowed", async () => {
    expect(await readMultipartForm(streamed([fieldPart("mapping", "x".repeat(64 * 1024 + 1)), closing]), limits)).toEqual({ ok: false, reason: "fieldTooLarge", field: "mapping" });
    const many = Array.from({ length: 11 }, (_, i) => fieldPart(`extra${i}`, "1"));
    expect(await readMultipartForm(streamed([...many, closing]), limits)).toEqual({ ok: false, reason: "malformed" });
    // Ten fields are allowed; the first of a name counts, unknown names are read past.
    const ten = [fieldPart("mapping", "first"), fieldPart("mapping", "second"), ...Array.from({ length: 8 }, (_, i) => fieldPart(`extra${i}`, "1"))];
    const read = await readMultipartForm(streamed([...ten, closing]), limits);
    expect(read.ok && Object.fromEntries(read.fields)).toEqual({ mapping: "first" });
  });

  it("a raw body: refused as soon as it passes its limit, whatever Content-Length says", async () => {
    const small = await readRawBody(streamed([text("phrase\nbamboo board\n")], { contentType: "text/csv" }), 2 * 1024 * 1024);
    expect(small.ok && new TextDecoder().decode(small.bytes)).toBe("phrase\nbamboo board\n");
    expect(await readRawBody(streamed([new Uint8Array(2 * 1024 * 1024 + 1)], { contentType: "text/csv" }), 2 * 1024 * 1024)).toEqual({ ok: false, reason: "tooLarge" });
    const lying = new Request("http://sellscribe.test/", { method: "POST", headers: { "Content-Length": String(3 * 1024 * 1024) }, body: "x" });
    expect(await readRawBody(lying, 2 * 1024 * 1024)).toEqual({ ok: false, reason: "tooLarge" });
  });
});

describe("malformed bodies are refused, never thrown", () => {
  const file = [filePart('name="file"; filename="a.csv"'), text("Brand,Product name\nAcme,Lamp"), crlf];
  const malformed = { ok: false, reason: "malformed" };

  it("no boundary, not multipart, no body", async () => {
    expect(await readMultipartForm(streamed([...file, closing], { contentType: "multipart/form-data" }), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed([...file, closing], { contentType: "application/json" }), limits)).toEqual(malformed);
    expect(await readMultipartForm(new Request("http://sellscribe.test/", { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } }), limits)).toEqual(malformed);
  });

  it("truncated: inside the file, inside a part's headers, or without the closing boundary", async () => {
    expect(await readMultipartForm(streamed([file[0]!, text("Brand,Product")]), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed([text(`--${boundary}\r\nContent-Disposition: form-da`)]), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed(file), limits)).toEqual(malformed);
  });

  it("a part without a name, a second file, a broken part header", async () => {
    expect(await readMultipartForm(streamed([filePart('filename="a.csv"'), text("x"), crlf, closing]), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed([text(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`), closing]), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed([...file, filePart('name="file"; filename="b.csv"'), text("y"), crlf, closing]), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed([...file, filePart('name="other"; filename="b.csv"'), text("y"), crlf, closing]), limits)).toEqual(malformed);
    expect(await readMultipartForm(streamed([text(`--${boundary}\r\nno colon here\r\n\r\nx\r\n`), closing]), limits)).toEqual(malformed);
  });

  it("a file under another name, or a text field named file, is no file", async () => {
    expect(await readMultipartForm(streamed([filePart('name="upload"; filename="a.csv"'), text("x"), crlf, closing]), limits)).toEqual({ ok: true, fields: new Map(), file: null });
    expect(await readMultipartForm(streamed([fieldPart("file", "a,b"), closing]), limits)).toEqual({ ok: true, fields: new Map(), file: null });
  });
});
