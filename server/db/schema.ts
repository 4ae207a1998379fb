import type { Generated } from "kysely";

/** Our tables, plus the columns of Better Auth's tables that our own queries touch. */
export interface Database {
  user: UserTable;
  session: SessionTable;
  verification: VerificationTable;
  workspace: WorkspaceTable;
  member: MemberTable;
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
