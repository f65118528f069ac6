#!/usr/bin/env bash
# `npm test`: everything, in order (client tests beside the real-time ones), starting what it needs.
# Stops at the first failing step.
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

# A step is skipped only while its config file does not exist yet (incremental landing).
skip_if_missing() {
  local name=$1 config=$2
  if [ "$config" != "-" ] && [ ! -e "$root/$config" ]; then
    echo
    echo "==================== ${name} ===================="
    echo "SKIPPED (no ${config})"
    skipped=$((skipped + 1))
    report+=("SKIPPED  ${name} (no ${config})")
    return 0
  fi
  return 1
}

# record NAME RC SECONDS LOG: counts the step; on failure shows what failed and ends the run
record() {
  local name=$1 rc=$2 took=$3 log=$4
  if [ "$rc" -eq 0 ]; then
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
    [ -n "${bg_pid:-}" ] && kill_tree "$bg_pid"
    summary
    exit "$rc"
  fi
}

kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null
}

# step NAME CONFIG-FILE-OR-- COMMAND...: runs in the foreground, its output as it comes
step() {
  local name=$1 config=$2
  shift 2
  skip_if_missing "$name" "$config" && return 0
  echo
  echo "==================== ${name} ===================="
  echo "\$ $*"
  local t0=$(date +%s)
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  record "$name" "$rc" $(( $(date +%s) - t0 )) "$log"
}

# step_bg NAME CONFIG-FILE-OR-- COMMAND...: starts a step beside the next foreground ones (the
# 2-core machine has a core to spare during them); join_bg waits for it, then prints its output
# whole and counts it. One background step at a time.
bg_name='' bg_pid='' bg_log='' bg_t0=0
step_bg() {
  local name=$1 config=$2
  shift 2
  skip_if_missing "$name" "$config" && return 0
  echo
  echo "==================== ${name} (started beside the next steps; its output follows when it ends) ===================="
  bg_name=$name bg_log=$(mktemp) bg_t0=$(date +%s)
  # its own time is written when it ends: join_bg may come later
  ( "$@" >"$bg_log" 2>&1; rc=$?; echo $(( $(date +%s) - bg_t0 )) >"$bg_log.took"; exit $rc ) &
  bg_pid=$!
}
join_bg() {
  [ -z "$bg_pid" ] && return 0
  local rc=0
  wait "$bg_pid" || rc=$?
  local took
  took=$(cat "$bg_log.took" 2>/dev/null || echo $(( $(date +%s) - bg_t0 )))
  rm -f "$bg_log.took"
  bg_pid=''
  echo
  echo "==================== ${bg_name} (ran beside the steps above) ===================="
  cat "$bg_log"
  record "$bg_name" "$rc" "$took" "$bg_log"
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
# The client tests (35 s) run beside the real-time tests, which mostly wait on their server
# processes. The other steps keep both cores busy (measured) and run alone.
step "5/8 server tests (vitest)" server/vitest.config.mts npm run test -w server
step_bg "6/8 client tests (vitest)" "$(client_vitest_config)" npm run test -w client
step "7/8 real-time cross-process tests" test/realtime/vitest.config.mts npm run realtime -w test
join_bg
step "8/8 end-to-end (Playwright, chromium)" test/e2e/playwright.config.ts npm run e2e -w test
summary
