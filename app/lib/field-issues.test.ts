import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstIssuePerField } from "./field-issues.ts";

const schema = z.object({
  title: z.string().min(3, "short").max(5, "long").regex(/^[a-z]+$/, "letters"),
  count: z.number().int("whole").min(1, "min"),
  tags: z.array(z.string().min(1, "empty")),
});

function errorOf(value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return parsed.error;
}

describe("firstIssuePerField", () => {
  it("keeps only the first message of each field", () => {
    expect(firstIssuePerField(errorOf({ title: "A1", count: 0.5, tags: [] }))).toEqual({ title: "short", count: "whole" });
  });

  it("files a nested issue under its top-level field", () => {
    expect(firstIssuePerField(errorOf({ title: "abc", count: 1, tags: ["ok", ""] }))).toEqual({ tags: "empty" });
  });

  it("maps issues through the caller's function, and skips those it maps to nothing", () => {
    const error = errorOf({ title: "toolong", count: 0, tags: [] });
    expect(firstIssuePerField(error, (issue) => ({ key: issue.message }))).toEqual({ title: { key: "long" }, count: { key: "min" } });
    expect(firstIssuePerField(error, (issue) => (issue.path[0] === "count" ? issue.message : undefined))).toEqual({ count: "min" });
  });

  it("ignores issues about the whole object (no field to show them next to)", () => {
    const parsed = z.object({ a: z.string() }).refine(() => false, "whole").safeParse({ a: "x" });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(firstIssuePerField(parsed.error)).toEqual({});
  });
});
