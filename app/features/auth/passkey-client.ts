// The browser side of the passkey ceremonies. @simplewebauthn/browser is imported on use, so it is
// a chunk of its own that only the sign-in and settings pages fetch, and only when a passkey button is pressed.

async function post(path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body ?? {}),
    credentials: "same-origin",
  });
}

export type PasskeyOutcome = "ok" | "cancelled" | "failed" | "unsupported" | "signInAgain" | "wrongConfirmation";

function outcomeOf(error: unknown): PasskeyOutcome {
  // The person closed the browser's dialog (or it timed out): nothing to report as a failure.
  return error instanceof Error && error.name === "NotAllowedError" ? "cancelled" : "failed";
}

/** Creates a passkey for the signed-in user and stores it under `name`; `confirmation` is the password or an app code the server asks for. */
export async function addPasskey(name: string, confirmation: { password?: string; code?: string }): Promise<PasskeyOutcome> {
  const { browserSupportsWebAuthn, startRegistration } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return "unsupported";
  try {
    const options = await post("/passkeys/register-options", confirmation);
    if (options.status === 403) return ((await options.json()) as { reason?: string }).reason === "wrongConfirmation" ? "wrongConfirmation" : "signInAgain";
    if (!options.ok) return "failed";
    const response = await startRegistration({ optionsJSON: await options.json() });
    const verified = await post("/passkeys/register", { response, name });
    return verified.ok ? "ok" : "failed";
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Signs in with any passkey of this site; on "ok" the session cookie is set. */
export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  const { browserSupportsWebAuthn, startAuthentication } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return "unsupported";
  try {
    const options = await post("/passkeys/sign-in-options");
    if (!options.ok) return "failed";
    const response = await startAuthentication({ optionsJSON: await options.json() });
    const verified = await post("/passkeys/sign-in", { response });
    return verified.ok ? "ok" : "failed";
  } catch (error) {
    return outcomeOf(error);
  }
}
