#!/usr/bin/env bash
# pnpm lint:cycles (part of pnpm lint): no import cycle inside any package, type-only imports included.
# A layer that imports its user is not a layer: core's backend interface (src/backend/) must stay a
# leaf, and handlers → describe → registry → handlers was a cycle that hid behind `import type`.
# dpdm reads the TypeScript sources as written (no --transform, which would drop type imports);
# eslint-plugin-import-x's no-cycle cannot count `import type`. Each package is read on its own (its
# imports of other packages are not followed: the workspace's dependency graph keeps those acyclic).
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
for src in packages/*/src apps/*/src conformance/src; do
  [ -d "$src" ] || continue
  if ! out=$(node_modules/.bin/dpdm --no-tree --no-warning --no-progress --exit-code circular:1 --include "^$PWD/$src/" "$src/**/*.ts" 2>&1); then
    echo "== $src"
    echo "$out"
    failed=1
  fi
done
[ "$failed" = 0 ] && echo "no import cycle in $(ls -d packages/*/src apps/*/src conformance/src 2>/dev/null | wc -l) packages' sources"
exit "$failed"
