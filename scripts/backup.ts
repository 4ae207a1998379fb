// npm run backup -- <file> [--force]: a consistent copy of the SQLite database while the server runs
// (DATABASE_URL / DATA_DIR as the server reads them). On PostgreSQL it prints the pg_dump command.
// Run by scripts/backup.sh with Node 24's type stripping (like npm run credits).
import { BackupError, runBackupCommand } from "#server/db/backup.server.ts";
import { buildConfig, ConfigError } from "#server/config.server.ts";

let exitCode = 0;
try {
  // These commands need no session secret: a stand-in keeps buildConfig from writing a new one into a fresh data folder.
  const config = buildConfig({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || "unused-by-backup-and-restore-commands" });
  // npm runs scripts from the repository root; a relative file name means the operator's own folder.
  console.log(await runBackupCommand(process.argv.slice(2), { config, cwd: process.env.INIT_CWD ?? process.cwd() }));
} catch (error) {
  exitCode = error instanceof BackupError ? error.exitCode : 1;
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : `The backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
process.exitCode = exitCode;
