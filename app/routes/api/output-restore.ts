import { handleRestoreOutput, outputsApiContext } from "~/features/outputs/outputs-api.server.ts";
import type { Route } from "./+types/output-restore";

/** POST /api/outputs/:id/restore → {output}: the Undo of DELETE /api/outputs/:id. */
export async function action(args: Route.ActionArgs) {
  return handleRestoreOutput(outputsApiContext(args), args.params.id);
}

export async function loader(args: Route.LoaderArgs) {
  return handleRestoreOutput(outputsApiContext(args), args.params.id);
}
