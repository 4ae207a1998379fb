import type { Generated } from "kysely";

/** Our tables, plus the columns of Better Auth's tables that our own queries touch. */
export interface Database {
  user: UserTable;
  session: SessionTable;
  verification: VerificationTable;
  workspace: WorkspaceTable;
  member: MemberTable;
  invitation: InvitationTable;
  pinned_template: PinnedTemplateTable;
  generation: GenerationTable;
  output: OutputTable;
}

/** Better Auth's user table (SQLite stores booleans as 0/1 and dates as ISO text). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  firstName: string;
  lastName: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
}

export type WorkspacePlan = "trial" | "starter" | "pro" | "enterprise";

export interface WorkspaceTable {
  id: string;
  name: string;
  website: string | null;
  billingEmail: string | null;
  plan: Generated<WorkspacePlan>;
  trialEndsAt: string;
  periodStart: string;
  createdAt: Generated<string>;
}

export interface MemberTable {
  workspaceId: string;
  userId: string;
  role: "owner" | "member";
  createdAt: Generated<string>;
}

export interface InvitationTable {
  id: string;
  workspaceId: string;
  email: string;
  tokenHash: string;
  invitedBy: string | null;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
}

export interface PinnedTemplateTable {
  userId: string;
  templateId: string;
  createdAt: string;
}

export type GenerationStatus = "running" | "succeeded" | "failed" | "cancelled";

export interface GenerationTable {
  id: string;
  userId: string;
  workspaceId: string;
  templateId: string;
  /** JSON of the validated inputs. */
  inputs: string;
  count: number;
  provider: string;
  model: string;
  status: GenerationStatus;
  words: Generated<number>;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  error: string | null;
  requestId: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface OutputTable {
  id: string;
  userId: string;
  workspaceId: string;
  generationId: string | null;
  templateId: string;
  content: string;
  /** JSON of the inputs the output was written from. */
  inputs: string;
  /** 0 or 1 in both databases. */
  favorite: Generated<number>;
  createdAt: string;
  editedAt: string | null;
}
