// What the SP-API stand-in's parts (sp-api-stub.ts and its definitions, patch and feeds files) share: Amazon's error
// shape, the request body reader, the deterministic codes and the presigned-link signing the stand-in's "S3" uses.
import { createHash, createHmac } from "node:crypto";
import type { IncomingMessage } from "node:http";

export type Json = Record<string, unknown>;

/** An SP-API error answer: {errors: [{code, message, details?}]} with this HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | undefined;
  constructor(status: number, code: string, message: string, details?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
export const invalidInput = (message: string, details?: string) => new ApiError(400, "InvalidInput", message, details);

export async function readBody(req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ApiError(413, "RequestEntityTooLarge", "The request size exceeded the maximum accepted size.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The request body as JSON, or Amazon's 400 when it is not. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse((await readBody(req)).toString("utf8")) as unknown;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidInput("The request body is not valid JSON.");
  }
}

export const hash = (text: string) => createHash("sha256").update(text).digest();
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Deterministic uppercase letters and digits from a seed. */
export function code(seed: string, length: number, alphabet = ALNUM): string {
  const bytes = hash(seed);
  return Array.from({ length }, (_, i) => alphabet[bytes[i % bytes.length]! % alphabet.length]).join("");
}

/** Amazon's timestamps: ISO 8601 without milliseconds. */
export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** "20261128T120000Z": the X-Amz-Date of a presigned S3 link. */
const amzDate = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");

/**
 * Presigned links in the shape of S3's (X-Amz-Algorithm … X-Amz-Signature): the stand-in signs a path with its own
 * secret, checks the signature on use, and refuses a link after X-Amz-Expires seconds (or once expired by a knob)
 * with S3's XML errors.
 */
export class PresignedLinks {
  private readonly secret: string;
  private readonly now: () => number;
  private readonly issued = new Map<string, { path: string; expiresAt: number; expired: boolean }>();
  private serial = 0;
  constructor(secret: string, now: () => number) {
    this.secret = secret;
    this.now = now;
  }

  sign(base: string, path: string, expiresSeconds: number, method = "GET"): string {
    const at = this.now();
    const date = amzDate(at);
    const signature = createHmac("sha256", this.secret).update(`${method}\n${path}\n${date}\n${expiresSeconds}\n${++this.serial}`).digest("hex");
    this.issued.set(signature, { path, expiresAt: at + expiresSeconds * 1000, expired: false });
    const query = new URLSearchParams({
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Date": date,
      "X-Amz-SignedHeaders": "host",
      "X-Amz-Expires": String(expiresSeconds),
      "X-Amz-Credential": `ASIASTANDIN${code(this.secret, 9)}/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      "X-Amz-Signature": signature,
    });
    return `${base}${path}?${query.toString()}`;
  }

  /** null when the link may be used, else S3's error (status and XML body). */
  check(path: string, query: URLSearchParams): { status: number; body: string } | null {
    const signature = query.get("X-Amz-Signature") ?? "";
    const link = this.issued.get(signature);
    if (!link || link.path !== path) return s3Error(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided. Check your key and signing method.");
    if (link.expired || this.now() >= link.expiresAt) return s3Error(403, "AccessDenied", "Request has expired");
    return null;
  }

  /** Every link issued so far for a path matching `which` (all when omitted) stops working. */
  expire(which?: (path: string) => boolean): number {
    let count = 0;
    for (const link of this.issued.values()) {
      if (!link.expired && (!which || which(link.path))) {
        link.expired = true;
        count++;
      }
    }
    return count;
  }
}

export function s3Error(status: number, s3Code: string, message: string): { status: number; body: string } {
  return { status, body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3Code}</Code><Message>${message}</Message><RequestId>${code(`${s3Code}${Math.random()}`, 16)}</RequestId></Error>` };
}
