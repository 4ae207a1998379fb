import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.ts";

describe("readCookie", () => {
  it("finds a cookie among others, trimming spaces", () => {
    expect(readCookie("a=1; lang=es ; tz=Europe%2FMadrid", "lang")).toBe("es");
    expect(readCookie("a=1;tz=Europe%2FMadrid", "tz")).toBe("Europe/Madrid");
  });

  it("reads Better Auth's session cookie (URI-encoded token and signature)", () => {
    expect(readCookie("a=1; better-auth.session_token=tok%2Esig%3D; b=2", "better-auth.session_token")).toBe("tok.sig=");
  });

  it("takes the first of repeated cookies and strips quotes", () => {
    expect(readCookie('token="abc.def"; token=other', "token")).toBe("abc.def");
  });

  it("keeps a value that is not valid percent-encoding as it is", () => {
    expect(readCookie("tz=%E0%A4%A", "tz")).toBe("%E0%A4%A");
  });

  it("does not match a cookie whose name only ends or starts with the name", () => {
    expect(readCookie("xlang=fr; language=de", "lang")).toBeUndefined();
    expect(readCookie(null, "lang")).toBeUndefined();
    expect(readCookie("lang", "lang")).toBeUndefined();
  });

  it("keeps '=' inside the value", () => {
    expect(readCookie("s=a=b==", "s")).toBe("a=b==");
  });
});
