import { describe, expect, it } from "vitest";
import { profileSchema, signUpSchema } from "./schemas.ts";

const valid = { firstName: "Ada", lastName: "Lovelace", email: "Ada@Example.com", password: "listing-copy-2026" };

describe("account form schemas (the one door for names, issue 13)", () => {
  it("accepts ordinary names, accents and other scripts", () => {
    expect(signUpSchema.parse(valid)).toMatchObject({ firstName: "Ada", email: "ada@example.com" });
    expect(profileSchema.safeParse({ firstName: "José María", lastName: "O'Brien-Núñez" }).success).toBe(true);
    expect(profileSchema.safeParse({ firstName: "山田", lastName: "太郎" }).success).toBe(true);
  });

  it("refuses names over 50 characters", () => {
    const result = signUpSchema.safeParse({ ...valid, firstName: "x".repeat(100_000) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("validation.nameTooLong");
  });

  it.each(["Ada\r\nBcc: x@example.com", "Ada\nLovelace", "Ada\u0000", "Eve\u202Eevil", "Ada\u2028Lovelace"])("refuses control and invisible characters in %j", (firstName) => {
    const result = profileSchema.safeParse({ firstName, lastName: "Lovelace" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("validation.nameInvalid");
  });
});
