// What every /api/listings/:id/publish… route hands its handler: the request's user, language and id, the listing's id, and the server's publisher.
import type { RouterContextProvider } from "react-router";
import { getUser } from "#app/features/auth/session.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { PublishApiContext } from "./publish-api.server.ts";
import { getPublisher } from "./publish.server.ts";

export function publishApiContext(request: Request, context: Readonly<RouterContextProvider>, id: string): PublishApiContext {
  const { db } = getServices();
  return { request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db, publisher: getPublisher(), id };
}
