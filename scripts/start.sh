#!/usr/bin/env bash
# npm start: install what is missing, build if stale, migrate, serve in production mode.
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_build
step "Starting Sellscribe (migrations run first)"
export NODE_ENV="${NODE_ENV:-production}"
exec node server/main.js
