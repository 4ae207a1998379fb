#!/usr/bin/env bash
# npm test: install what is missing (Chromium included), then lint, typecheck and build side by side, Vitest, Playwright.
source "$(dirname "$0")/lib.sh"

# The whole run's time, printed last whether it passed or failed.
test_started=$SECONDS
trap 'printf "\nnpm test: %d s\n" "$((SECONDS - test_started))"' EXIT

# The browser tests drive Debian's chromium-headless-shell: the same Blink without the browser's UI, with
# quicker navigations (docs/decisions/035). Installed with apt-get when missing (as root); otherwise
# the full chromium, which passes the same tests. CHROMIUM_PATH, when set, wins.
ensure_chromium() {
  CHROMIUM_PATH="${CHROMIUM_PATH:-}"
  if [ -z "$CHROMIUM_PATH" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing Debian's chromium-headless-shell for the browser tests"
    { apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1 \
      || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null; }; } \
      || echo "apt-get could not install chromium-headless-shell: the full chromium drives the tests."
  fi
  if [ -z "$CHROMIUM_PATH" ]; then
    for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser; do
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
  echo "Browser path: $CHROMIUM_PATH"
}

# Each phase's time, so a slow one shows where it is.
phase_started=$SECONDS
phase_done() { printf '%s: %d s\n' "$1" "$((SECONDS - phase_started))"; phase_started=$SECONDS; }

ensure_deps
rm -rf test-reports && mkdir -p test-reports
phase_done "Dependencies"

# Lint, typecheck, the browser and the build use one core each at most: on two cores they run side by
# side, each writing to its own log, shown in full when it fails.
step "Lint (eslint), typecheck (react-router typegen + tsc), browser and build, side by side"
logs=test-reports/checks && mkdir -p "$logs"
npx eslint --max-warnings=0 . >"$logs/lint.log" 2>&1 & lint_pid=$!
{ npx react-router typegen >/dev/null && npx tsc --noEmit; } >"$logs/typecheck.log" 2>&1 & typecheck_pid=$!
ensure_chromium >"$logs/browser.log" 2>&1 & browser_pid=$!
ensure_build >"$logs/build.log" 2>&1 & build_pid=$!
check() { # name pid message
  if wait "$2"; then echo "$1: ok"; else cat "$logs/$1.log"; die "$3"; fi
}
check lint "$lint_pid" "Lint failed."
check typecheck "$typecheck_pid" "Typecheck failed."
check build "$build_pid" "The build failed: see the messages above."
check browser "$browser_pid" "No browser for the browser tests: see the messages above."
cat "$logs/browser.log"
CHROMIUM_PATH="$(sed -n 's/^Browser path: //p' "$logs/browser.log")"
export CHROMIUM_PATH
phase_done "Lint, typecheck, browser and build"

if [ -n "${TEST_DATABASE_URL:-}" ]; then databases="SQLite and PostgreSQL"; else databases="SQLite only; set TEST_DATABASE_URL to add PostgreSQL"; fi
step "Unit and integration tests (Vitest on $databases)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?
phase_done "Vitest"

step "Browser and HTTP tests (Playwright in Chromium, against the built server)"
e2e_status=0
npx playwright test || e2e_status=$?
phase_done "Playwright"

node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json
[ "$vitest_status" = 0 ] || die "Vitest failed (exit $vitest_status)."
[ "$e2e_status" = 0 ] || die "Playwright failed (exit $e2e_status)."
