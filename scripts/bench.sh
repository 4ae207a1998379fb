#!/usr/bin/env bash
# npm run bench: build if stale, then run every benchmark in bench/ and print its figures.
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_build
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || die "Chromium is needed for Lighthouse: apt-get install chromium, or set CHROMIUM_PATH."
step "Benchmarks"
node --disable-warning=ExperimentalWarning bench/index.ts
