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
# The three static checks are single-threaded and independent: run side by side (2 cores), each into
# its own log, printed whole in order; any failure fails the run after all three have finished.
static_dir=$(mktemp -d "${TMPDIR:-/tmp}/browser-provider-static.XXXXXX")
trap 'rm -rf "$static_dir"' EXIT
pnpm -s docs:check >"$static_dir/docs" 2>&1 & docs_pid=$!
pnpm -s exec tsc -p tsconfig.json >"$static_dir/tsc" 2>&1 & tsc_pid=$!
pnpm -s lint >"$static_dir/lint" 2>&1 & lint_pid=$!
static_failed=0
report() { # <title> <pid> <log>
  local rc=0
  wait "$2" || rc=$?
  step "$1"
  cat "$3" >&2
  [ "$rc" = 0 ] || { printf 'FAILED (exit %s): %s\n' "$rc" "$1" >&2; static_failed=1; }
}
report "generated docs are up to date" "$docs_pid" "$static_dir/docs"
report "typecheck" "$tsc_pid" "$static_dir/tsc"
report "lint (and no import cycle in any package)" "$lint_pid" "$static_dir/lint"
[ "$static_failed" = 0 ] || exit 1
step "unit and real-browser tests";       pnpm -s exec vitest run
step "packages as npm installs them";     pnpm -s test:pack
step "fault run (kill -9 / SIGSTOP)";     pnpm -s test:faults
# --require-all: a browser that is not installed fails the run instead of being a row that says so.
step "certification of every browser (each must be installed)"
pnpm -s exec browser-provider certify --browser all --runs 3 --out reports --no-docs --require-all
step "done"
