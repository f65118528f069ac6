#!/usr/bin/env bash
# `npm test`: everything, in order, starting what it needs. Stops at the first failing step.
# Ends with one line `N passed, M failed, K skipped` counting steps (read by CI).
# A step is skipped only while its config file does not exist yet (incremental landing).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

passed=0 failed=0 skipped=0
declare -a report=()
suite_start=$(date +%s)

summary() {
  local total=$(( $(date +%s) - suite_start ))
  echo
  echo "==================== summary (${total}s) ===================="
  for line in "${report[@]}"; do echo "  $line"; done
  echo "${passed} passed, ${failed} failed, ${skipped} skipped"
}

# step NAME CONFIG-FILE-OR-- COMMAND...
step() {
  local name=$1 config=$2
  shift 2
  echo
  echo "==================== ${name} ===================="
  if [ "$config" != "-" ] && [ ! -e "$root/$config" ]; then
    echo "SKIPPED (no ${config})"
    skipped=$((skipped + 1))
    report+=("SKIPPED  ${name} (no ${config})")
    return 0
  fi
  echo "\$ $*"
  local t0=$(date +%s)
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local took=$(( $(date +%s) - t0 ))
  if [ $rc -eq 0 ]; then
    rm -f "$log"
    passed=$((passed + 1))
    report+=("PASSED   ${name} (${took}s)")
    echo "---- ${name}: PASSED in ${took}s"
  else
    failed=$((failed + 1))
    report+=("FAILED   ${name} (${took}s, exit ${rc})")
    echo "---- ${name}: FAILED (exit ${rc}) after ${took}s"
    # CI shows only the end of the output: the failure's own lines again, just above the summary
    echo
    echo "==================== what failed in ${name} ===================="
    grep -E -A12 '^ +[0-9]+\) |FAIL |Error:|AssertionError|Unhandled' "$log" | sed 's/\x1b\[[0-9;]*m//g' | grep -v '^ *$' | grep -v '^--$' | head -12
    rm -f "$log"
    summary
    exit $rc
  fi
}

migrations() {
  node tools/check-migrations.mjs || return 1
  node tools/check-migrations.mjs --postgres "${MIGRATION_CHECK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" || return 1
  node tools/check-migrations.mjs --self-test
}

client_vitest_config() {
  for f in client/vitest.config.mts client/vitest.config.ts client/vite.config.mts client/vite.config.ts; do
    [ -e "$f" ] && { echo "$f"; return; }
  done
  echo client/vitest.config.mts
}

export CI=${CI:-}
step "1/8 services (Postgres, Redis, chromium, node_modules)" - bash tools/ensure-services.sh
step "2/8 build (shared-types, server, client)" - npm run build
step "3/8 lint (tsc --noEmit per workspace + eslint + doc links)" - npm run lint
step "4/8 migration drift (PGlite, Postgres, self-test)" - migrations
step "5/8 server tests (vitest)" server/vitest.config.mts npm run test -w server
step "6/8 client tests (vitest)" "$(client_vitest_config)" npm run test -w client
step "7/8 real-time cross-process tests" test/realtime/vitest.config.mts npm run realtime -w test
step "8/8 end-to-end (Playwright, chromium)" test/e2e/playwright.config.ts npm run e2e -w test
summary
