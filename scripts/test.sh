#!/usr/bin/env bash
# npm test: install what is missing (Chromium included), then lint, typecheck, Vitest, build, Playwright.
source "$(dirname "$0")/lib.sh"

# The whole run's time, printed last whether it passed or failed.
test_started=$SECONDS
trap 'printf "\nnpm test: %d s\n" "$((SECONDS - test_started))"' EXIT

ensure_chromium() {
  CHROMIUM_PATH="${CHROMIUM_PATH:-}"
  if [ -z "$CHROMIUM_PATH" ]; then
    for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
      [ -x "$candidate" ] && CHROMIUM_PATH="$candidate" && break
    done
  fi
  if [ -z "$CHROMIUM_PATH" ]; then
    step "No Chromium found: installing Debian's chromium package"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
        || die "apt-get could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH."
      CHROMIUM_PATH=/usr/bin/chromium
    else
      die "No Chromium found and apt-get is not available as root. Install chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary."
    fi
  fi
  export CHROMIUM_PATH
  echo "Browser: $("$CHROMIUM_PATH" --version 2>/dev/null || echo "$CHROMIUM_PATH")"
}

ensure_deps
rm -rf test-reports && mkdir -p test-reports

step "Lint (eslint)"
npx eslint --max-warnings=0 . || die "Lint failed."

step "Typecheck (react-router typegen + tsc)"
npx react-router typegen >/dev/null && npx tsc --noEmit || die "Typecheck failed."

if [ -n "${TEST_DATABASE_URL:-}" ]; then databases="SQLite and PostgreSQL"; else databases="SQLite only; set TEST_DATABASE_URL to add PostgreSQL"; fi
step "Unit and integration tests (Vitest on $databases)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?

ensure_chromium
ensure_build

step "Browser and HTTP tests (Playwright in Chromium, against the built server)"
e2e_status=0
npx playwright test || e2e_status=$?

node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json
[ "$vitest_status" = 0 ] || die "Vitest failed (exit $vitest_status)."
[ "$e2e_status" = 0 ] || die "Playwright failed (exit $e2e_status)."
