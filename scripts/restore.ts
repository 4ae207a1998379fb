// npm run restore -- <file>: checks a backup made by npm run backup and puts it in place of the SQLite
// database of a stopped server (DATABASE_URL / DATA_DIR as the server reads them), keeping the previous
// one beside it. On PostgreSQL it prints the pg_restore command. Run by scripts/backup.sh with Node 24.
import { BackupError, runRestoreCommand } from "#server/db/backup.server.ts";
import { buildConfig, ConfigError } from "#server/config.server.ts";

let exitCode = 0;
try {
  // These commands need no session secret: a stand-in keeps buildConfig from writing a new one into a fresh data folder.
  const config = buildConfig({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || "unused-by-backup-and-restore-commands" });
  // npm runs scripts from the repository root; a relative file name means the operator's own folder.
  console.log(runRestoreCommand(process.argv.slice(2), { config, cwd: process.env.INIT_CWD ?? process.cwd() }));
} catch (error) {
  exitCode = error instanceof BackupError ? error.exitCode : 1;
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : `The restore failed: ${error instanceof Error ? error.message : String(error)}`);
}
process.exitCode = exitCode;
