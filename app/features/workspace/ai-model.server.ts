// The AI model a workspace writes with: picked by an owner from the models the configured provider
// offers (its models list, read through the provider table), else the configured default.
import { getProvider, type ProviderModel } from "#server/ai/providers.server.ts";
import type { AiConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";

export type { ProviderModel };

export type ProviderModels = { ok: true; models: ProviderModel[] } | { ok: false };

/** Longest wait for a provider's models list: the settings page waits for it. */
export const modelListTimeoutMs = 5000;
/** A list read is kept this long; a failure only briefly, so a provider back up shows soon. */
const listCacheMs = 5 * 60_000;
const failureCacheMs = 15_000;
/** More than any provider offers today; a bound on what a page carries. */
const maxModels = 1000;

const cache = new WeakMap<AiConfig, { expiresAt: number; result: Promise<ProviderModels> }>();

async function readProviderModels(ai: AiConfig, timeoutMs: number): Promise<ProviderModels> {
  try {
    const listed = await getProvider(ai.provider).listModels(ai, AbortSignal.timeout(timeoutMs));
    const unique = [...new Map(listed.map((model) => [model.id, model])).values()];
    return { ok: true, models: unique.sort((a, b) => a.id.localeCompare(b.id)).slice(0, maxModels) };
  } catch (error) {
    logger.warn({ provider: ai.provider, err: error instanceof Error ? error.message : String(error) }, "could not read the AI provider's models list");
    return { ok: false };
  }
}

/**
 * The models the configured provider offers (`GET /models`; the offline writer's one model), sorted by
 * id; `{ok: false}` when the list cannot be read within `timeoutMs`. Kept in memory for a few minutes.
 */
export async function listProviderModels({ ai, timeoutMs = modelListTimeoutMs, now = Date.now() }: { ai: AiConfig; timeoutMs?: number; now?: number }): Promise<ProviderModels> {
  const cached = cache.get(ai);
  if (cached && cached.expiresAt > now) return cached.result;
  const result = readProviderModels(ai, timeoutMs);
  const entry = { expiresAt: now + listCacheMs, result };
  cache.set(ai, entry);
  if (!(await result).ok) entry.expiresAt = now + failureCacheMs;
  return result;
}

/** Which provider a pick came from: a model id means nothing to another provider or server. */
function modelSource(ai: AiConfig): string {
  return `${ai.provider} ${ai.baseUrl ?? ""}`.trim();
}

/**
 * The model the workspace writes with: its owner's pick while the provider that offered it is still the
 * configured one, else the configured model (the offline writer has only its own).
 */
export async function getWorkspaceModel({ db, workspaceId, ai }: { db: Db; workspaceId: string; ai: AiConfig }): Promise<string> {
  if (ai.offline) return ai.model;
  const row = await db.selectFrom("workspace").select(["aiModel", "aiModelSource"]).where("id", "=", workspaceId).executeTakeFirst();
  return row?.aiModel && row.aiModelSource === modelSource(ai) ? row.aiModel : ai.model;
}

export type ModelChange = { ok: true } | { ok: false; reason: "unknownModel" | "listUnavailable" };

/**
 * Sets the workspace's model after checking it against the provider's list. The configured default is
 * always accepted (and stored as "no choice", so the workspace follows AI_MODEL); nothing is saved otherwise.
 */
export async function setWorkspaceModel({ db, workspaceId, ai, model }: { db: Db; workspaceId: string; ai: AiConfig; model: string }): Promise<ModelChange> {
  if (model !== ai.model) {
    const list = await listProviderModels({ ai });
    if (!list.ok) return { ok: false, reason: "listUnavailable" };
    if (!list.models.some((offered) => offered.id === model)) return { ok: false, reason: "unknownModel" };
  }
  await db
    .updateTable("workspace")
    .set(model === ai.model ? { aiModel: null, aiModelSource: null } : { aiModel: model, aiModelSource: modelSource(ai) })
    .where("id", "=", workspaceId)
    .execute();
  return { ok: true };
}
