#!/usr/bin/env bash
# Everything CI checks: generated files up to date, types, lint, unit tests, real-browser tests, and
# the certification of every browser (3 runs of the core tier; errors, optional and security once).
# Under CI (CI=true, as .ci/run sets) a browser that is missing fails: ensure.sh when it cannot install
# it, each browser suite that needs it (describeEngine), and the certification (--require-all).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure.sh
# Each step's header says how long the run has taken so far, so a slow step shows in CI's log.
step() { printf '\n== %s  [%ss into the run]\n' "$*" "$SECONDS" >&2; }
logs=$(mktemp -d "${TMPDIR:-/tmp}/browser-provider-ci.XXXXXX")
# A step that fails ends the run: what still runs beside it is stopped, not left behind.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT
failed=0
# side <name> <command…>: runs a step in the background into its own log; `report` prints it whole.
declare -A pid_of
side() { local name=$1; shift; "$@" >"$logs/$name" 2>&1 & pid_of[$name]=$!; }
report() { # <title> <name>
  local rc=0
  wait "${pid_of[$2]}" || rc=$?
  step "$1"
  cat "$logs/$2" >&2
  [ "$rc" = 0 ] || { printf 'FAILED (exit %s): %s\n' "$rc" "$1" >&2; failed=1; }
}
# The three static checks are single-threaded and independent: side by side (2 cores), printed whole
# in order; any failure fails the run after all three have finished.
side docs pnpm -s docs:check
side tsc pnpm -s exec tsc -p tsconfig.json
side lint pnpm -s lint
report "generated docs are up to date" docs
report "typecheck" tsc
report "lint (and no import cycle in any package)" lint
[ "$failed" = 0 ] || exit 1
# test:pack's build of the packages (turbo, CPU alone, no deadline) starts now at the lowest
# priority: it takes only the CPU the tests leave idle (the unit tests wait on child processes, the
# browser tests on browsers), and test:pack later finds it in turbo's cache instead of building it
# in the last phase, where the CPU is short.
side build env TURBO_TELEMETRY_DISABLED=1 nice -n 19 pnpm -s exec turbo run build --concurrency=2 --output-logs=errors-only
step "unit and real-browser tests";       pnpm -s exec vitest run
report "the packages built for test:pack (turbo, beside the tests)" build
[ "$failed" = 0 ] || exit 1
# The last three steps wait much of their time (npm installs, browsers starting, pages' timers): one
# after the other they left a fifth of the 2 cores idle for 9 minutes; side by side they use it. Each
# owns its processes (the fault run judges only its own server's family, the pack run only what names
# its folder), so none mistakes another's browsers for its own leftovers.
side pack pnpm -s test:pack
side faults pnpm -s test:faults
# --require-all: a browser that is not installed fails the run instead of being a row that says so.
# --jobs 3: its three browsers at once, so the three steps end together (one at a time, certify was
# the last by minutes); the report says its times include each other's load.
side certify pnpm -s exec browser-provider certify --browser all --runs 3 --jobs 3 --out reports --no-docs --require-all
report "packages as npm installs them" pack
report "fault run (kill -9 / SIGSTOP)" faults
report "certification of every browser (each must be installed)" certify
[ "$failed" = 0 ] || exit 1
step "done"
