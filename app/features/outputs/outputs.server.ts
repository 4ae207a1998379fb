import type { Db } from "../../../server/db/db.server.ts";
import type { TemplateInputs } from "~/templates/types.ts";

export interface OutputView {
  id: string;
  templateId: string;
  content: string;
  inputs: TemplateInputs;
  favorite: boolean;
  createdAt: string;
  editedAt: string | null;
}

interface OutputRow {
  id: string;
  templateId: string;
  content: string;
  inputs: string;
  favorite: number;
  createdAt: string;
  editedAt: string | null;
}

function parseInputs(json: string): TemplateInputs {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as TemplateInputs) : {};
  } catch {
    return {};
  }
}

export function toOutputView(row: OutputRow): OutputView {
  return { ...row, inputs: parseInputs(row.inputs), favorite: Number(row.favorite) === 1 };
}

/** The user's newest outputs, optionally of one template. */
export async function listLatestOutputs({ db, userId, templateId, limit }: { db: Db; userId: string; templateId?: string; limit: number }): Promise<OutputView[]> {
  let query = db
    .selectFrom("output")
    .select(["id", "templateId", "content", "inputs", "favorite", "createdAt", "editedAt"])
    .where("userId", "=", userId);
  if (templateId) query = query.where("templateId", "=", templateId);
  const rows = await query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toOutputView);
}
