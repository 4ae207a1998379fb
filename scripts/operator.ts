// Operator commands against the configured database (DATABASE_URL / DATA_DIR, as the server reads them):
//   npm run credits -- grant <email> <words>
//   npm run plan -- set <email> <starter|pro|enterprise|none> [monthly|yearly]
// Run by scripts/operator.sh with Node 24's type stripping (like npm run bench).
import { sql } from "kysely";
import { OperatorError, runOperatorCommand } from "#app/features/admin/operator.server.ts";
import { buildConfig, ConfigError } from "#server/config.server.ts";
import { createDb } from "#server/db/db.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";

let exitCode = 0;
try {
  const config = buildConfig(process.env);
  const db = createDb(config.database);
  try {
    try {
      await sql`select 1 from workspace where 1 = 0`.execute(db);
    } catch {
      throw new OperatorError("noTables", "The database has no Sellscribe tables yet: start the server once (npm start) so it creates them, with the same DATABASE_URL.");
    }
    // A database the current server version has not started on yet gets our newer tables first.
    await migrateToLatest(db);
    console.log(await runOperatorCommand(process.argv.slice(2), { db, config }));
  } finally {
    await db.destroy();
  }
} catch (error) {
  if (error instanceof OperatorError || error instanceof ConfigError) {
    console.error(error.message);
    exitCode = error instanceof OperatorError ? error.exitCode : 1;
  } else {
    console.error(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  }
}
process.exitCode = exitCode;
