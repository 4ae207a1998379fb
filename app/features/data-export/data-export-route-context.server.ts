// What the data-export routes hand their handlers: the request's user, language and id, and the server's services.
import type { RouterContextProvider } from "react-router";
import { getUser } from "#app/features/auth/session.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { DataExportApiContext } from "./data-export-api.server.ts";

export function dataExportContext(request: Request, context: Readonly<RouterContextProvider>): DataExportApiContext {
  const { db, config } = getServices();
  return { request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db, config };
}
