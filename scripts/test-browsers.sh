#!/usr/bin/env bash
# pnpm test:browsers [--engine <name>]... [vitest args]: the real-browser tests, on every engine or only
# on the named ones (firefox, chrome, safari, or an alias `--browser` takes: firefox-esr, chromium,
# webkit; repeat --engine or give a comma list). It sets BROWSER_PROVIDER_TEST_ENGINES, which every
# browser suite honours through describeEngine (packages/testing/src/engines.ts). Other arguments go
# to vitest, e.g. a file filter: pnpm test:browsers --engine safari packages/mcp
set -euo pipefail
cd "$(dirname "$0")/.."
engines=()
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --engine) [ $# -ge 2 ] || { echo "test:browsers: --engine needs a browser name" >&2; exit 2; }; engines+=("$2"); shift 2 ;;
    --engine=*) engines+=("${1#--engine=}"); shift ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ ${#engines[@]} -gt 0 ]; then
  asked=$(IFS=,; echo "${engines[*]}")
  # The CLI parses the names (aliases included) and refuses an unknown one; the suites see canonical names.
  status=$(node apps/cli/bin/browser-provider.js status --json --browser "$asked")
  canonical=$(printf '%s' "$status" | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).map((r)=>r.browser).join(",")))')
  export BROWSER_PROVIDER_TEST_ENGINES="$canonical"
  echo "[test:browsers] engines: $canonical" >&2
fi
exec pnpm -s exec vitest run --project browsers --project browsers-alone ${args[@]+"${args[@]}"}
