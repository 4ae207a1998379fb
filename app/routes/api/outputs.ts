import { handleListOutputs, outputsApiContext } from "~/features/outputs/outputs-api.server.ts";
import type { Route } from "./+types/outputs";

/** GET /api/outputs?templateId&favorite&q&cursor&limit → {items, nextCursor} (see README "History and API"). */
export async function loader(args: Route.LoaderArgs) {
  return handleListOutputs(outputsApiContext(args));
}

export async function action(args: Route.ActionArgs) {
  return handleListOutputs(outputsApiContext(args));
}
