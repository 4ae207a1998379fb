// RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) written for the tests with node:crypto, so they
// compute codes from the secret the page shows without trusting the code under test.
import { createHmac } from "node:crypto";

/** RFC 4648 base 32 (no padding), as otpauth:// secrets are written. */
function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base 32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code an authenticator app shows for `secret` at time `at` (epoch milliseconds). */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** The 30-second step `at` falls in. */
export const totpStep = (at = Date.now()) => Math.floor(at / 1000 / 30);

/**
 * A code for the step after `used` (the server takes each step once, issue 30), waiting until that
 * step is at most one ahead of now, as far as the server looks. Start with `used = totpStep() - 1`.
 */
export async function nextTotp(secret: string, used: number): Promise<{ code: string; step: number }> {
  const step = Math.max(used + 1, totpStep());
  while (totpStep() < step - 1) await new Promise((resolve) => setTimeout(resolve, 250));
  return { code: totp(secret, step * 30_000), step };
}
