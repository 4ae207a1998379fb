import { describe, expect, it } from "vitest";
import { en } from "#app/i18n/en.ts";
import { es } from "#app/i18n/es.ts";
import { apiErrorBody, apiErrorCodes, apiErrorResponse, apiErrors, generationErrors, methodNotAllowedResponse, readApiError } from "./errors.ts";

describe("the error catalogue", () => {
  it("gives every code an error status and a message in both languages", () => {
    for (const code of apiErrorCodes) {
      const { status, message } = apiErrors[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(en[message], code).toMatch(/\S/);
      expect(es[message], code).toMatch(/\S/);
    }
    for (const [code, { messageKey }] of Object.entries(generationErrors)) {
      expect(en[messageKey], code).toMatch(/\S/);
      expect(es[messageKey], code).toMatch(/\S/);
    }
  });

  it("builds exactly {error, code, requestId, fieldErrors?}, in the asked language", () => {
    expect(apiErrorBody("SIGNED_OUT", { locale: "en", requestId: "r1" })).toEqual({ error: "Sign in to continue.", code: "SIGNED_OUT", requestId: "r1" });
    expect(apiErrorBody("SIGNED_OUT", { locale: "es", requestId: "r1" })).toEqual({ error: "Inicia sesión para continuar.", code: "SIGNED_OUT", requestId: "r1" });
    expect(apiErrorBody("PAYLOAD_TOO_LARGE", { locale: "en", requestId: "r2", params: { kb: 64 } }).error).toBe("The request is too large (at most 64 KB).");
  });

  it("shows details only for codes that allow them", () => {
    const one = apiErrorBody("INVALID_CONTENT", { locale: "en", requestId: "r", details: { fieldErrors: { content: "The text cannot be empty." } } });
    expect(one).toEqual({ error: "The text cannot be empty.", code: "INVALID_CONTENT", requestId: "r", fieldErrors: { content: "The text cannot be empty." } });
    const two = apiErrorBody("INVALID_INPUTS", { locale: "en", requestId: "r", details: { fieldErrors: { a: "A is missing.", b: "B is too long." } } });
    expect(two.error).toBe("Some fields need your attention.");
    expect(apiErrorBody("NOT_FOUND", { locale: "en", requestId: "r", details: { message: "This output does not exist or was deleted." } }).error).toBe("This output does not exist or was deleted.");
    // No field messages: no fieldErrors key at all.
    expect(apiErrorBody("INVALID_QUERY", { locale: "en", requestId: "r", details: { fieldErrors: {} } })).toEqual({ error: "Some fields need your attention.", code: "INVALID_QUERY", requestId: "r" });
    // An internal error never shows what went wrong, even if a caller tried.
    const leaked = { details: { message: "SQLITE_CORRUPT: database disk image is malformed" } } as object;
    expect(apiErrorBody("INTERNAL", { locale: "en", requestId: "r", ...leaked })).toEqual({ error: "Something went wrong on our side. Please try again.", code: "INTERNAL", requestId: "r" });
    // @ts-expect-error INTERNAL takes no details.
    apiErrorBody("INTERNAL", { locale: "en", requestId: "r", details: { message: "x" } });
  });

  it("answers with the code's status, never cached, with the caller's headers", async () => {
    const response = apiErrorResponse("RATE_LIMITED", { locale: "en", requestId: "r", params: { seconds: 1 }, headers: { "Retry-After": "1" } });
    expect(response.status).toBe(429);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({ error: "Too many requests. Try again in 1 second.", code: "RATE_LIMITED", requestId: "r" });
  });

  it("names the methods an endpoint takes in a 405", async () => {
    const request = new Request("http://localhost/api/outputs", { method: "PUT" });
    const english = methodNotAllowedResponse({ request, locale: "en", requestId: "r", allow: "GET, HEAD, PATCH, DELETE" });
    expect(english.status).toBe(405);
    expect(english.headers.get("allow")).toBe("GET, HEAD, PATCH, DELETE");
    expect((await english.json()).error).toBe("PUT is not supported here. Use GET, HEAD, PATCH, or DELETE.");
    const spanish = methodNotAllowedResponse({ request, locale: "es", requestId: "r", allow: "GET, HEAD" });
    expect((await spanish.json()).error).toBe("PUT no se admite aquí. Usa GET o HEAD.");
  });

  it("reads an ApiError in the browser, and nothing else", () => {
    const body = { error: "Sign in to continue.", code: "SIGNED_OUT", requestId: "r" };
    expect(readApiError(body)).toEqual(body);
    expect(readApiError({ ...body, fieldErrors: { a: "b" } })).toEqual({ ...body, fieldErrors: { a: "b" } });
    expect(readApiError({ ...body, code: "SOMETHING_ELSE" })).toBeUndefined();
    expect(readApiError({ ...body, extra: 1 })).toBeUndefined();
    expect(readApiError("<html>Bad gateway</html>")).toBeUndefined();
    expect(readApiError(null)).toBeUndefined();
  });
});
