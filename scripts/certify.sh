#!/usr/bin/env bash
# The main job: certify every installed browser and print the matrix. Extra args go to `certify`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure.sh
exec pnpm exec browser-provider certify --browser all "$@"
