#!/usr/bin/env bash
# npm run credits -- grant <email> <words>  ·  npm run plan -- set <email> <plan> [monthly|yearly]
# Runs scripts/operator.ts with Node 24 against DATABASE_URL / DATA_DIR, like the server.
source "$(dirname "$0")/lib.sh" >&2
exec node --disable-warning=ExperimentalWarning scripts/operator.ts "$@"
