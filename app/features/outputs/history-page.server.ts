import type { RouterContextProvider } from "react-router";
import { requireUser } from "#app/features/auth/session.server.ts";
import { getServices } from "#server/services.server.ts";
import { getMarketplace, registryLanguages } from "#app/features/marketplaces/registry.ts";
import { maxSearchLength } from "./output-rules.ts";
import type { HistoryFilter } from "./output-view.ts";
import { listOutputs, outputsPageSize } from "./outputs.server.ts";

/** The filter a history page shows, from its URL (lenient: a bad value is dropped, not an error page). */
export function historyFilterFromUrl(url: URL): HistoryFilter {
  const templateId = url.searchParams.get("templateId") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, maxSearchLength);
  const marketplace = url.searchParams.get("marketplace") ?? "";
  const language = url.searchParams.get("language") ?? "";
  return {
    templateId: /^[A-Za-z0-9_-]{1,100}$/.test(templateId) ? templateId : undefined,
    q: q || undefined,
    marketplace: getMarketplace(marketplace) ? marketplace : undefined,
    language: registryLanguages.has(language) ? language : undefined,
  };
}

/** The first page of /history or /favorites, rendered on the server. */
export async function loadHistoryPage({ request, context, favoritesOnly }: { request: Request; context: Readonly<RouterContextProvider>; favoritesOnly: boolean }) {
  const user = requireUser({ request, context });
  const filter = historyFilterFromUrl(new URL(request.url));
  const page = await listOutputs({ db: getServices().db, userId: user.id, filter: { ...filter, favorite: favoritesOnly ? true : undefined }, limit: outputsPageSize });
  return { page, filter, now: Date.now() };
}
