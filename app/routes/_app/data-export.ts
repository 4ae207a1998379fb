import { handleDataExportRequest, handleDataExportStatus } from "#app/features/data-export/data-export-api.server.ts";
import { dataExportContext } from "#app/features/data-export/data-export-route-context.server.ts";
import { getDataExportRunner } from "#app/features/data-export/export-runner.server.ts";
import type { Route } from "./+types/data-export";

/** GET /settings/data-export → {export}: the user's newest export (the settings card polls it). */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleDataExportStatus(dataExportContext(request, context));
}

/** POST /settings/data-export (intent=request) → {export, started}: the one door that starts an export. */
export function action({ request, context }: Route.ActionArgs) {
  return handleDataExportRequest({ ...dataExportContext(request, context), runner: getDataExportRunner() });
}
