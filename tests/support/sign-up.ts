// The one sign-up of the tests: a user created through Better Auth's server API, so the same hooks run as
// for the sign-up form (clean names, a personal workspace), with the session cookies for the next request.
import { randomUUID } from "node:crypto";
import type { Auth } from "#app/features/auth/auth.server.ts";
import { joinName } from "#app/features/auth/names.ts";

/** The password every test user signs up with. */
export const testPassword = "correct horse battery";

export interface SignUpOptions {
  firstName?: string;
  lastName?: string;
  /** A new address per call unless given (first name, then a random part, @example.com). */
  email?: string;
  password?: string;
  /** The sign-up request's headers: user agent and client address for the device and session tests. */
  headers?: HeadersInit;
}

export type SignedUpUser = Awaited<ReturnType<Auth["api"]["signUpEmail"]>>["user"];

export interface SignedUp {
  id: string;
  user: SignedUpUser;
  /** The answer's headers as Better Auth sent them (Set-Cookie among them). */
  answer: Headers;
  setCookies: string[];
  /** The Cookie request header those Set-Cookie headers make. */
  cookie: string;
  /** The same cookie as the headers of the next request. */
  headers: Headers;
  /** The session token Better Auth answered with. */
  token: string | null;
}

/** Signs a user up with the standard password and a unique address unless told otherwise. */
export async function signUpUser(auth: Auth, { firstName = "Ada", lastName = "Test", email, password = testPassword, headers }: SignUpOptions = {}): Promise<SignedUp> {
  const address = email ?? `${firstName.toLowerCase().replace(/[^a-z0-9]+/g, "") || "user"}-${randomUUID().slice(0, 8)}@example.com`;
  const { headers: answer, response } = await auth.api.signUpEmail({
    body: { name: joinName(firstName, lastName), firstName, lastName, email: address, password },
    headers: headers === undefined ? undefined : new Headers(headers),
    returnHeaders: true,
  });
  const setCookies = answer.getSetCookie();
  const cookie = setCookies.map((setCookie) => setCookie.split(";")[0]).join("; ");
  return { id: response.user.id, user: response.user, answer, setCookies, cookie, headers: new Headers({ cookie }), token: response.token };
}
