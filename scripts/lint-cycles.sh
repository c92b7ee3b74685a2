#!/usr/bin/env bash
# pnpm lint:cycles (part of pnpm lint): no import cycle in packages/core, type-only imports included.
# A layer that imports its user is not a layer: core's backend interface (src/backend/) must stay a
# leaf, and handlers → describe → registry → handlers was a cycle that hid behind `import type`.
# dpdm reads the TypeScript sources as written (no --transform, which would drop type imports);
# eslint-plugin-import-x's no-cycle cannot count `import type`. Other packages' files are not followed.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node_modules/.bin/dpdm --no-tree --no-warning --no-progress --exit-code circular:1 --include "^$PWD/packages/core/src/" 'packages/core/src/**/*.ts'
