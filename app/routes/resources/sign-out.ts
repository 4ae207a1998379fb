import { redirect } from "react-router";
import { auth } from "~/features/auth/auth-actions.server.ts";
import type { Route } from "./+types/sign-out";

/** Deletes the session on the server and expires its cookies. */
export async function action({ request }: Route.ActionArgs) {
  const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
  return redirect("/", { headers });
}

export async function loader() {
  return redirect("/");
}
