// What every /api/amazon/imports route hands its handler: the request's user, language and id, and the server's services and import runner.
import type { RouterContextProvider } from "react-router";
import { getUser } from "#app/features/auth/session.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { ImportApiContext } from "./import-api.server.ts";
import { getImportRunner } from "./import-runner.server.ts";

export function importApiContext(request: Request, context: Readonly<RouterContextProvider>): ImportApiContext {
  const { db, config } = getServices();
  return { request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db, config, runner: getImportRunner() };
}
