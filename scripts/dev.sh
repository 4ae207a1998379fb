#!/usr/bin/env bash
# npm run dev: Vite in middleware mode with hot reload (no build, no CSP), on PORT or 3000.
# React Router loads its development build under Vite; --conditions=development makes Node resolve the same copy.
source "$(dirname "$0")/lib.sh"
ensure_deps
step "Starting Sellscribe in development mode"
export NODE_ENV=development
exec node --conditions=development server/main.js
