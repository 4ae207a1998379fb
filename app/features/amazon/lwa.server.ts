// Login with Amazon's token endpoint, our own small client: the authorization_code grant (a seller's
// consent becomes a refresh token) and the refresh_token grant (an access token for an hour).
// @sp-api-sdk/auth refreshes only, against a hard-coded api.amazon.com (docs/decisions/036).
import { z } from "zod";

export interface LwaClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().int().positive(),
});

const errorAnswer = z.object({ error: z.string(), error_description: z.string().optional() });

export interface LwaTokens {
  accessToken: string;
  /** The authorization_code grant always answers one; a refresh may answer the same or none. */
  refreshToken?: string;
  /** Epoch milliseconds at which the access token stops working. */
  expiresAt: number;
}

/**
 * A refusal or failure of the token endpoint. `code` is LWA's `error` ("invalid_grant": the code is
 * unknown, used or older than 5 minutes, or the refresh token was revoked; "invalid_client": our
 * credentials), or "unavailable" when it did not answer as LWA does.
 */
export class LwaError extends Error {
  override name = "LwaError";
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, description?: string) {
    super(`LWA ${code}${description ? `: ${description}` : ""}`);
    this.code = code;
    this.status = status;
  }
}

async function requestTokens(client: LwaClient, grant: Record<string, string>, { fetchImpl = fetch, now = Date.now }: { fetchImpl?: typeof fetch; now?: () => number }): Promise<LwaTokens> {
  const body = new URLSearchParams({ ...grant, client_id: client.clientId, client_secret: client.clientSecret });
  let answer: Response;
  try {
    answer = await fetchImpl(client.tokenUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8", accept: "application/json" }, body, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new LwaError("unavailable", 0, error instanceof Error ? error.message : undefined);
  }
  const json: unknown = await answer.json().catch(() => null);
  if (!answer.ok) {
    const refusal = errorAnswer.safeParse(json);
    throw new LwaError(refusal.success ? refusal.data.error : "unavailable", answer.status, refusal.success ? refusal.data.error_description : undefined);
  }
  const tokens = tokenAnswer.safeParse(json);
  if (!tokens.success) throw new LwaError("unavailable", answer.status, "the answer is not a token");
  return { accessToken: tokens.data.access_token, refreshToken: tokens.data.refresh_token, expiresAt: now() + tokens.data.expires_in * 1000 };
}

export type LwaOptions = { fetchImpl?: typeof fetch; now?: () => number };

/** Exchanges Seller Central's spapi_oauth_code (valid 5 minutes, once) for the seller's refresh token. */
export async function exchangeAuthorizationCode(client: LwaClient, { code, redirectUri }: { code: string; redirectUri: string }, options: LwaOptions = {}): Promise<LwaTokens & { refreshToken: string }> {
  const tokens = await requestTokens(client, { grant_type: "authorization_code", code, redirect_uri: redirectUri }, options);
  if (!tokens.refreshToken) throw new LwaError("unavailable", 200, "no refresh token in the answer");
  return { ...tokens, refreshToken: tokens.refreshToken };
}

/** A new access token from the seller's refresh token. */
export function refreshAccessToken(client: LwaClient, refreshToken: string, options: LwaOptions = {}): Promise<LwaTokens> {
  return requestTokens(client, { grant_type: "refresh_token", refresh_token: refreshToken }, options);
}
