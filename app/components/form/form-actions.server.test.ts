import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerFormFailures, parseForm, rateLimitedAnswer, unknownIntentAnswer } from "./form-actions.server.ts";
import { readForm } from "./form-data.server.ts";

const post = (body: string, type = "application/x-www-form-urlencoded") => new Request("http://localhost/settings", { method: "POST", body, headers: { "content-type": type } });

describe("form actions answer failures as ActionFailure", () => {
  it("a form that fails its schema: 400, INVALID_INPUTS, a message per field and the toast", async () => {
    const schema = z.object({ name: z.string().min(1, "validation.required") });
    const answer = await answerFormFailures(async () => parseForm(post("name="), schema));
    expect(answer).toMatchObject({ data: { ok: false, code: "INVALID_INPUTS", fieldErrors: { name: "validation.required" }, formError: "form.hasErrors" }, init: { status: 400 } });
  });

  it("an unknown intent and a spent limit keep their statuses and texts", () => {
    expect(unknownIntentAnswer()).toMatchObject({ data: { ok: false, code: "BAD_REQUEST", formError: "form.malformed" }, init: { status: 400 } });
    const limited = rateLimitedAnswer(42);
    expect(limited).toMatchObject({ data: { ok: false, code: "RATE_LIMITED", formError: "auth.error.rateLimited", formErrorParams: { seconds: 42 } }, init: { status: 429 } });
    expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("42");
  });

  it("a body that is not a form is a 400 BAD_REQUEST, not a 500", async () => {
    await expect(readForm(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).rejects.toMatchObject({ data: { ok: false, code: "BAD_REQUEST", formError: "form.malformed" }, init: { status: 400 } });
  });
});
