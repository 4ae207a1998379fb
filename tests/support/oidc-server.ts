/**
 * OpenID Connect provider for e2e tests and local development (oidc-provider 9.x).
 *
 * Issuer http://127.0.0.1:$OIDC_PORT (discovery at /.well-known/openid-configuration), one confidential
 * client: $OIDC_CLIENT_ID (default sellscribe-test) / $OIDC_CLIENT_SECRET (default sellscribe-test-secret),
 * redirect URIs from $OIDC_REDIRECT_URIS (comma-separated; the app uses
 * http://127.0.0.1:<appPort>/api/auth/callback/oidc). Code flow only, PKCE (S256) required.
 * Registered token endpoint auth method: client_secret_post (Better Auth's default when a clientSecret is
 * set); oidc-provider 9 also accepts client_secret_basic for a client registered with client_secret_post.
 * The id_token carries the granted profile/email claims (conformIdTokenClaims is off); /me (userinfo) too.
 *
 * Run it:  OIDC_PORT=9400 OIDC_REDIRECT_URIS=http://127.0.0.1:3000/api/auth/callback/oidc \
 *            node --disable-warning=ExperimentalWarning tests/support/oidc-server.ts
 * Or in-process: startOidcServer({ port: 0, redirectUris: [...] }) (0 = any free port).
 *
 * Accounts: any login id works, with any password. sub = the login id; email = "<login>@oidc.test"
 * (or the login id itself when it contains "@"); email_verified = true; name:
 *   - "ada" -> name "Ada Lovelace King", given_name/family_name absent (the app must split `name`);
 *   - otherwise the part before "@" split on . _ - and capitalised: "grace" -> "Grace" (given_name "Grace"),
 *     "grace.hopper" -> "Grace Hopper" (given_name "Grace", family_name "Hopper").
 *
 * What a Playwright test does in the browser (oidc-provider's built-in dev login page, heading "Sign-in"):
 *   await page.getByPlaceholder("Enter any login").fill("ada");
 *   await page.getByPlaceholder("and password").fill("anything");     // required, any value
 *   await page.getByRole("button", { name: "Sign-in" }).click();
 * The inputs have NO <label>s, only those placeholders (input names: "login" and "password").
 * There is no consent page: consent is auto-approved (loadExistingGrant grants every requested scope).
 * Only if the app explicitly sends prompt=consent does the dev consent page appear (heading "Authorize"):
 *   await page.getByRole("button", { name: "Continue" }).click();
 * The provider's session cookie (_session) remembers the login, so a second sign-in in the same browser
 * context skips the login page; use a fresh context (or prompt=login) to see it again.
 */
import { closeOnSignal, isMainModule, portFromEnv } from "./standalone.ts";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const HOST = "127.0.0.1";

export interface OidcServerOptions {
  /** 0 picks a free port. */
  port: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris?: string[];
}

export interface OidcServer {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

export interface OidcClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name?: string;
  family_name?: string;
}

/* Minimal shapes of the parts of oidc-provider used here (the package ships no TypeScript types). */
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface GrantClass {
  new (init: { accountId: string; clientId: string }): Grant;
  find(id: string): Promise<Grant | undefined>;
}
interface ProviderContext {
  oidc: {
    provider: { Grant: GrantClass };
    client: { clientId: string };
    account: { accountId: string };
    session: { grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
  };
}
interface KoaContext {
  path: string;
  type: string;
  body: unknown;
}
interface ProviderInstance {
  issuer: string;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

const DEFAULT_REDIRECT_URIS = [
  "http://127.0.0.1:3000/api/auth/callback/oidc",
  "http://localhost:3000/api/auth/callback/oidc",
];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The claims the provider holds for a login id typed into the dev login form. */
export function claimsFor(loginId: string): OidcClaims {
  const email = loginId.includes("@") ? loginId : `${loginId}@oidc.test`;
  const local = loginId.split("@")[0] ?? loginId;
  if (local.toLowerCase() === "ada") {
    return { sub: loginId, email, email_verified: true, name: "Ada Lovelace King", given_name: undefined, family_name: undefined };
  }
  const words = local.split(/[._\-\s]+/).filter(Boolean).map(capitalise);
  const [given, ...family] = words.length > 0 ? words : [capitalise(loginId)];
  return {
    sub: loginId,
    email,
    email_verified: true,
    name: words.length > 0 ? words.join(" ") : capitalise(loginId),
    given_name: given,
    family_name: family.length > 0 ? family.join(" ") : undefined,
  };
}

async function loadProviderClass(): Promise<ProviderClass> {
  // A non-literal specifier keeps TypeScript from looking for the (absent) type declarations.
  const specifier: string = "oidc-provider";
  const mod = (await import(specifier)) as { Provider: ProviderClass };
  return mod.Provider;
}

export async function startOidcServer({
  port,
  clientId = "sellscribe-test",
  clientSecret = "sellscribe-test-secret",
  redirectUris = DEFAULT_REDIRECT_URIS,
}: OidcServerOptions): Promise<OidcServer> {
  const Provider = await loadProviderClass();

  // Bind first so that port 0 works and the issuer carries the real port.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const issuer = `http://${HOST}:${actualPort}`;

  try {
    return configureProvider(Provider, server, issuer, actualPort, { clientId, clientSecret, redirectUris });
  } catch (error) {
    server.close();
    throw error;
  }
}

function configureProvider(
  Provider: ProviderClass,
  server: Server,
  issuer: string,
  actualPort: number,
  { clientId, clientSecret, redirectUris }: { clientId: string; clientSecret: string; redirectUris: string[] },
): OidcServer {
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris.map((uri) => new URL(uri).origin + "/"),
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...signingKey, use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    scopes: ["openid", "email", "profile", "offline_access"],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          return claimsFor(sub);
        },
      };
    },
    // Auto-approve consent: reuse the session's grant (or make one) and add whatever is being asked for.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const grant =
        (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
        new oidc.provider.Grant({ accountId: oidc.account.accountId, clientId: oidc.client.clientId });
      const scopes = [...oidc.requestParamOIDCScopes];
      if (scopes.length > 0) grant.addOIDCScope(scopes.join(" "));
      const claims = [...oidc.requestParamClaims];
      if (claims.length > 0) grant.addOIDCClaims(claims);
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86400,
      Grant: 86400,
    },
    clientBasedCORS: () => true,
    async renderError(ctx: KoaContext, out: Record<string, unknown>) {
      ctx.type = "html";
      const rows = Object.entries(out)
        .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value))}</dd>`)
        .join("");
      ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>OIDC error</title></head><body><h1>OIDC error</h1><dl>${rows}</dl></body></html>`;
    },
  });

  // The dev interaction pages @import a Google font; drop it so pages load without network access.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path.startsWith("/interaction/") && typeof ctx.body === "string" && ctx.type.includes("html")) {
      ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);?/g, "");
    }
  });
  provider.on("server_error", (_ctx, error) => console.error("oidc-server: server_error", error));
  for (const event of ["authorization.error", "grant.error", "userinfo.error"]) {
    provider.on(event, (_ctx, error) => {
      const e = error as { message?: string; error_description?: string };
      console.warn(`oidc-server: ${event}: ${e.message ?? ""} ${e.error_description ?? ""}`.trim());
    });
  }

  server.on("request", provider.callback());

  let closing: Promise<void> | undefined;
  return {
    issuer,
    port: actualPort,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

if (isMainModule(import.meta.url)) {
  const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? "")
    .split(",")
    .map((uri) => uri.trim())
    .filter(Boolean);
  const oidc = await startOidcServer({
    port: portFromEnv("OIDC_PORT", 9400),
    clientId: process.env.OIDC_CLIENT_ID || undefined,
    clientSecret: process.env.OIDC_CLIENT_SECRET || undefined,
    redirectUris: redirectUris.length > 0 ? redirectUris : undefined,
  });
  console.log(`OIDC provider at ${oidc.issuer}`);
  closeOnSignal("oidc-server", () => oidc.close());
}
