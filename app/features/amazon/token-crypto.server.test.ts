import { describe, expect, it } from "vitest";
import { decryptToken, encryptToken } from "./token-crypto.server.ts";

const first = "a".repeat(40);
const second = "b".repeat(40);
const third = "c".repeat(40);
const token = "Atzr|IwEBIA-refresh-token-example";

describe("refresh tokens at rest", () => {
  it("stores something that is not the token, and reads the token back", async () => {
    const config = { sessionSecret: first, previousSessionSecrets: [] };
    const stored = await encryptToken(config, token);
    expect(stored).not.toContain(token);
    expect(stored).not.toBe(await encryptToken(config, token));
    expect(await decryptToken(config, stored)).toBe(token);
  });

  it("keeps reading tokens stored before SESSION_SECRET was rotated, twice, while the old secrets are listed", async () => {
    const beforeRotation = await encryptToken({ sessionSecret: first, previousSessionSecrets: [] }, token);
    const afterOne = { sessionSecret: second, previousSessionSecrets: [first] };
    const storedAfterOne = await encryptToken(afterOne, token);
    const afterTwo = { sessionSecret: third, previousSessionSecrets: [second, first] };
    expect(await decryptToken(afterTwo, beforeRotation)).toBe(token);
    expect(await decryptToken(afterTwo, storedAfterOne)).toBe(token);
    await expect(decryptToken({ sessionSecret: third, previousSessionSecrets: [] }, storedAfterOne)).rejects.toThrow();
  });
});
