import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

const controls = [...Array(32).keys(), 127].map((code) => String.fromCharCode(code));

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/history?template=description#top")).toBe("/history?template=description#top");
    expect(safeRedirectPath("/settings/billing?plan=pro&period=yearly")).toBe("/settings/billing?plan=pro&period=yearly");
    expect(safeRedirectPath("/history?q=caf%C3%A9")).toBe("/history?q=caf%C3%A9");
    expect(safeRedirectPath("/templates/descriptionGenerator")).toBe("/templates/descriptionGenerator");
  });

  it("falls back for anything that is not a path on this site", () => {
    for (const target of [undefined, null, 42, "", "dashboard", "https://evil.example/", "//evil.example", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)", "/" + "a".repeat(3000)]) {
      expect(safeRedirectPath(target)).toBe("/dashboard");
    }
  });

  it.each(controls.map((c) => [c.charCodeAt(0)]))("refuses ASCII control %i raw, percent-encoded and double-encoded", (code) => {
    const raw = String.fromCharCode(code);
    const hex = code.toString(16).padStart(2, "0");
    for (const variant of [raw, `%${hex}`, `%${hex.toUpperCase()}`, `%25${hex}`, `%2525${hex}`]) {
      expect(safeRedirectPath(`/${variant}/evil.example`), `/${JSON.stringify(variant)}/evil.example`).toBe("/dashboard");
      expect(safeRedirectPath(`/dashboard${variant}`)).toBe("/dashboard");
    }
  });

  it("refuses Unicode line separators and invisible marks, encoded or not", () => {
    for (const target of ["/\u2028/evil.example", "/%E2%80%A8/evil.example", "/\u2029x", "/\u202Eevil", "/%E2%80%AEevil", "/\u200B/evil.example", "/\uFEFF/x"]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/dashboard");
    }
  });

  it("refuses protocol-relative targets hidden by encoding or backslashes", () => {
    for (const target of ["/%2F/evil.example", "/%2f%2fevil.example", "%2F%2Fevil.example", "/%5C/evil.example", "/%255C/evil.example", "/%5Cevil.example", "/\\/evil.example"]) {
      expect(safeRedirectPath(target), target).toBe("/dashboard");
    }
  });

  it("takes the fallback it is given, and refuses undecodable text", () => {
    expect(safeRedirectPath("//evil.example", "/")).toBe("/");
    expect(safeRedirectPath("/%E0%A4%A")).toBe("/dashboard");
  });
});

describe("safeRedirectPath with a literal percent sign", () => {
  it("keeps a search for 100%", () => {
    expect(safeRedirectPath("/history?q=100%25")).toBe("/history?q=100%25");
  });
});
