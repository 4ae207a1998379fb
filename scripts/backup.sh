#!/usr/bin/env bash
# npm run backup -- <file> [--force]  ·  npm run restore -- <file>
# Runs scripts/backup.ts or scripts/restore.ts with Node 24 against DATABASE_URL / DATA_DIR, like the server.
source "$(dirname "$0")/lib.sh" >&2
command="$1"
shift
case "$command" in
  backup | restore) exec node --disable-warning=ExperimentalWarning "scripts/$command.ts" "$@" ;;
  *) die "scripts/backup.sh: unknown command \"$command\" (backup or restore)" ;;
esac
