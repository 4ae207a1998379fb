// What every /api/jobs route hands its handler: the request's user, language and id, and the server's services and runner.
import type { RouterContextProvider } from "react-router";
import { getUser } from "#app/features/auth/session.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import { getJobRunner } from "./job-runner.server.ts";
import type { JobsApiContext } from "./jobs-api.server.ts";

export function jobsApiContext(request: Request, context: Readonly<RouterContextProvider>): JobsApiContext {
  const { db, config } = getServices();
  return { request, user: getUser(context), locale: getLocale(request), requestId: context.get(requestContext).requestId, db, config, runner: getJobRunner() };
}
