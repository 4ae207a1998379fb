import { describe, expect, it } from "vitest";
import { actionFailure, actionFailureBody } from "./action-failure.ts";
import { apiErrorCodes, apiErrors } from "./errors.ts";

describe("actionFailure", () => {
  it("answers one shape, {ok: false, code, ...}, with the catalogue code's status", () => {
    const answer = actionFailure("INVALID_INPUTS", { fieldErrors: { email: "validation.email" }, formError: "form.hasErrors" });
    expect(answer.data).toEqual({ ok: false, code: "INVALID_INPUTS", fieldErrors: { email: "validation.email" }, formError: "form.hasErrors" });
    expect(answer.init?.status).toBe(400);
    for (const code of ["FORBIDDEN", "CONFLICT", "GONE", "RATE_LIMITED", "UPSTREAM_FAILED", "INTERNAL"] as const) {
      expect(actionFailure(code).init?.status).toBe(apiErrors[code].status);
    }
  });

  it("keeps a page's own status and headers where they always differed, and its own values", () => {
    const taken = actionFailure("INVALID_INPUTS", { formError: "auth.error.emailTaken" }, { status: 422 });
    expect(taken.init?.status).toBe(422);
    const limited = actionFailure("RATE_LIMITED", { formError: "auth.error.rateLimited", formErrorParams: { seconds: 30 } }, { headers: { "Retry-After": "30" } });
    expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("30");
    expect(actionFailureBody("GONE", { expired: true })).toEqual({ ok: false, code: "GONE", expired: true });
  });

  it("has the four codes page actions refuse with in the one catalogue", () => {
    expect(apiErrorCodes).toEqual(expect.arrayContaining(["FORBIDDEN", "CONFLICT", "GONE", "UPSTREAM_FAILED"]));
  });
});
