import type { Db } from "#server/db/db.server.ts";
import { getTemplateById } from "#app/templates/registry.ts";

/** The user's pinned template ids, oldest pin first; ids no longer in the registry are skipped. */
export async function listPinnedTemplateIds({ db, userId }: { db: Db; userId: string }): Promise<string[]> {
  const rows = await db.selectFrom("pinned_template").select("templateId").where("userId", "=", userId).orderBy("createdAt", "asc").execute();
  return rows.map((r) => r.templateId).filter((id) => getTemplateById(id) !== undefined);
}

export async function setTemplatePinned({ db, userId, templateId, pinned }: { db: Db; userId: string; templateId: string; pinned: boolean }): Promise<void> {
  if (!pinned) {
    await db.deleteFrom("pinned_template").where("userId", "=", userId).where("templateId", "=", templateId).execute();
    return;
  }
  await db
    .insertInto("pinned_template")
    .values({ userId, templateId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["userId", "templateId"]).doNothing())
    .execute();
}
