import type { Generated } from "kysely";

/** Bookkeeping for our own migrations (Kysely's tables are managed by its Migrator). */
export interface Database {
  app_meta: AppMetaTable;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updatedAt: Generated<string>;
}
