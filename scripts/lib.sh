# shellcheck shell=bash
# Shared steps for `npm start`, `npm test` and `npm run bench`. Source it from the repo root.
set -euo pipefail

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
die() { printf '\n\033[31mERROR: %s\033[0m\n' "$*" >&2; exit 1; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Node 24 (installs it into a cache outside the repo when the machine's node is older).
# shellcheck source=../.ci/node24.sh
source "$ROOT/.ci/node24.sh" || die "Node 24 is required and could not be installed."

# Installs dependencies when node_modules is missing or older than package-lock.json.
ensure_deps() {
  local stamp="node_modules/.sellscribe-lock"
  local want
  want="$(node -v) $(sha1sum package-lock.json | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  step "Installing dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed: see the messages above."
  echo "$want" > "$stamp"
}

# Builds when build/ is missing or any source file is newer than the last build.
ensure_build() {
  local stamp="build/.sellscribe-build"
  if [ -f "$stamp" ] && [ -z "$(find app server public package-lock.json vite.config.ts react-router.config.ts -newer "$stamp" -type f -print -quit)" ]; then
    echo "Build is up to date."
    return 0
  fi
  step "Building the app"
  npx react-router build || die "The build failed: see the messages above."
  touch "$stamp"
}
