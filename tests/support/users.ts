// Signed-in users without the sign-up form, for the login fixture and the benchmarks: the user is created
// through Better Auth's server API with the server's own config and database, so the same hooks run
// (clean names, a personal workspace), and the session cookie is the one Better Auth signs.
import path from "node:path";
import type { Auth } from "#app/features/auth/auth.server.ts";
import type { Services } from "#server/services.server.ts";

export interface Backend {
  services: Services;
  auth: Auth;
}

/** Better Auth and the services it needs, configured exactly as a server with this environment. */
export async function openBackend(env: Record<string, string>): Promise<Backend> {
  // Imported here, after the caller has set up process.env: the logger reads it when first imported.
  const [{ buildConfig }, { createServices }, { getAuth }] = await Promise.all([
    import("#server/config.server.ts"),
    import("#server/services.server.ts"),
    import("#app/features/auth/auth.server.ts"),
  ]);
  const services = createServices(buildConfig(env));
  return { services, auth: getAuth(services) };
}

/**
 * The environment of a server started by startServer (tests/support/server-process.ts): its URL, data
 * folder (where its secret lives) and database (db.sqlite in that folder unless it was given another).
 */
export function serverEnv({ url, dataDir, databaseUrl = `file:${path.join(dataDir, "db.sqlite")}` }: { url: string; dataDir: string; databaseUrl?: string }): Record<string, string> {
  return { NODE_ENV: "production", LOG_LEVEL: "warn", PUBLIC_URL: url, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Signs a user up as the sign-up form's action does (tests/support/sign-up.ts); returns the id, the Set-Cookie headers and the Cookie request header. */
export async function createSignedInUser({ auth }: Backend, user: NewUser): Promise<{ id: string; setCookies: string[]; cookie: string }> {
  const { signUpUser } = await import("./sign-up.ts");
  const { id, setCookies, cookie } = await signUpUser(auth, user);
  return { id, setCookies, cookie };
}

/** One signed-in user on a server this process started: opens its database, creates the user, closes it. */
export async function signInOn(server: { url: string; dataDir: string; databaseUrl?: string }, user: NewUser): Promise<{ id: string; cookie: string }> {
  const backend = await openBackend(serverEnv(server));
  try {
    const { id, cookie } = await createSignedInUser(backend, user);
    return { id, cookie };
  } finally {
    await backend.services.db.destroy();
  }
}
