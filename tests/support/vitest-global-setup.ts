import { createTemplates } from "./template-db.ts";

// Vitest's global setup: one migrated template database per kind for the whole run (see template-db.ts).
export default async function setup(): Promise<() => Promise<void>> {
  return createTemplates();
}
