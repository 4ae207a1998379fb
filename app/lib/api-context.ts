import type { Locale } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";

/** What a JSON endpoint's handler gets from its route: the request, who asks, in which language, and the database. */
export interface ApiContext {
  request: Request;
  user: { id: string; name: string; email: string } | null;
  locale: Locale;
  requestId: string;
  db: Db;
}
