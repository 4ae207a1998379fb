import { redirect } from "react-router";
import { auth } from "#app/features/auth/auth-actions.server.ts";
import type { Route } from "./+types/sign-out";

/**
 * Deletes the session on the server and expires its cookies. The user menu asks for JSON so it can
 * stay put and show an error when this fails; a plain form post is redirected home.
 */
export async function action({ request }: Route.ActionArgs) {
  const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
  if (request.headers.get("accept")?.includes("application/json")) {
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers });
  }
  return redirect("/", { headers });
}

export async function loader() {
  return redirect("/");
}
