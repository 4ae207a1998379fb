import { handleOutputRequest, outputsApiContext } from "~/features/outputs/outputs-api.server.ts";
import type { Route } from "./+types/output";

/** GET /api/outputs/:id → {output}. */
export async function loader(args: Route.LoaderArgs) {
  return handleOutputRequest(outputsApiContext(args), args.params.id);
}

/** PATCH /api/outputs/:id {favorite?, content?} → {output}; DELETE → {output, restore}. */
export async function action(args: Route.ActionArgs) {
  return handleOutputRequest(outputsApiContext(args), args.params.id);
}
