#!/usr/bin/env bash
# Everything CI checks: generated files up to date, types, lint, unit tests, real-browser tests, and
# the certification of every browser (3 runs of the core tier; errors, optional and security once).
# Under CI (CI=true, as .ci/run sets) a browser that is missing fails: ensure.sh when it cannot install
# it, each browser suite that needs it (describeEngine), and the certification (--require-all).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure.sh
step() { printf '\n== %s\n' "$*" >&2; }
step "generated docs are up to date";     pnpm -s docs:check
step "typecheck";                         pnpm -s exec tsc -p tsconfig.json
step "lint (and no import cycle in any package)"; pnpm -s lint
step "unit and real-browser tests";       pnpm -s exec vitest run
step "packages as npm installs them";     pnpm -s test:pack
step "fault run (kill -9 / SIGSTOP)";     pnpm -s test:faults
# --require-all: a browser that is not installed fails the run instead of being a row that says so.
step "certification of every browser (each must be installed)"
pnpm -s exec browser-provider certify --browser all --runs 3 --out reports --no-docs --require-all
