import { describe, expect, it } from "vitest";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { decodeText } from "./decode.ts";

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const utf16le = (text: string, bom = true) => new Uint8Array(Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, "utf16le")]));
const utf16be = (text: string, bom = true) => {
  const bytes = Buffer.from(text, "utf16le");
  for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1]!, bytes[i]!];
  return new Uint8Array(Buffer.concat([Buffer.from(bom ? [0xfe, 0xff] : []), bytes]));
};

describe("decodeText: encodings", () => {
  it("reads UTF-8 with and without a BOM (the BOM is no part of the text)", async () => {
    expect(await decodeText(utf8("\uFEFFMarke;Müsli\n"))).toEqual({ ok: true, text: "Marke;Müsli\n", encoding: "utf-8", bom: true });
    expect(await decodeText(utf8("Marke;Müsli 🍣\n"))).toEqual({ ok: true, text: "Marke;Müsli 🍣\n", encoding: "utf-8", bom: false });
  });

  it("reads UTF-16 LE and BE with a BOM, and without one by where the zero bytes are", async () => {
    const text = "Brand\tProduct name\nAcme\tRoad bike ö\n";
    expect(await decodeText(utf16le(text))).toEqual({ ok: true, text, encoding: "utf-16le", bom: true });
    expect(await decodeText(utf16be(text))).toEqual({ ok: true, text, encoding: "utf-16be", bom: true });
    expect(await decodeText(utf16le(text, false))).toEqual({ ok: true, text, encoding: "utf-16le", bom: false });
    expect(await decodeText(utf16be(text, false))).toEqual({ ok: true, text, encoding: "utf-16be", bom: false });
  });

  it("falls back to Windows-1252 for bytes that are not UTF-8 (the euro sign at 0x80)", async () => {
    expect(await decodeText(new Uint8Array(Buffer.from("Preis;39,90 \x80; groß\n", "latin1")))).toEqual({ ok: true, text: "Preis;39,90 €; groß\n", encoding: "windows-1252", bom: false });
  });

  it("names the encodings it does not read, and bytes their BOM's encoding cannot decode", async () => {
    expect(await decodeText(new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-32le" });
    expect(await decodeText(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-32be" });
    expect(await decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x42, 0xe4, 0x6e]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-8" });
  });
});

describe("decodeText: what is not text", () => {
  it("refuses binary bytes: zeros, or text full of control characters", async () => {
    expect(await decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toEqual({ ok: false, reason: "binary" });
    expect(await decodeText(new Uint8Array(4096).map((_, i) => 1 + ((i * 7919) % 255)))).toEqual({ ok: false, reason: "binary" });
  });

  it("names spreadsheet and document formats that are no delimited text", async () => {
    expect(await decodeText(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "xls" });
    const encrypted = new Uint8Array(2048);
    encrypted.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    encrypted.set(Buffer.from("EncryptedPackage", "utf16le"), 1024);
    expect(await decodeText(encrypted)).toEqual({ ok: false, reason: "unsupportedFormat", detected: "encryptedXlsx" });
    expect(await decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "zip" });
    expect(await decodeText(utf8("%PDF-1.7\n"))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "pdf" });
    expect(await decodeText(utf8("  <html><table><tr><td>Brand</td></tr></table></html>"))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "html" });
    expect(await decodeText(utf8('<?xml version="1.0"?><Workbook/>'))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "xml" });
  });
});

describe("decodeText: slices", () => {
  it("decodes 10 MB of UTF-16 in slices: a 10 ms timer never waits on more than 200 ms of decoding", async () => {
    const bytes = utf16le("Brand,Product\n".repeat(370_000));
    const watch = watchEventLoop();
    const decoded = await decodeText(bytes);
    const { blockedMs } = watch.stop();
    expect(decoded).toMatchObject({ ok: true, encoding: "utf-16le" });
    expect(blockedMs).toBeLessThan(200);
  });
});
