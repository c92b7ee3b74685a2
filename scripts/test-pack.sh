#!/usr/bin/env bash
# pnpm test:pack: the packages as a user gets them. Builds them (turbo, cached), packs each with pnpm
# (publishConfig points the tarball at dist/; workspace:* becomes the version), installs the tarballs
# with npm into empty folders outside the workspace, and there runs the CLI, a plain ESM consumer and
# a TypeScript consumer. Install scripts are off, and the trees must hold no browser/driver downloader.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export TURBO_TELEMETRY_DISABLED=1
PACKAGES=(packages/protocol packages/page-script packages/core packages/bidi packages/classic packages/firefox
  packages/chrome packages/safari packages/grid packages/mcp packages/client conformance apps/cli)
# A browser or driver downloader in a tree would fetch binaries on install or first use.
DOWNLOADERS='puppeteer|playwright|geckodriver|chromedriver|edgedriver|safaridriver|selenium-manager|selenium-webdriver|@puppeteer/browsers|webdriverio|^webdriver@'

step() { printf '\n== test:pack: %s\n' "$*" >&2; }
fail() { printf 'test:pack FAILED: %s\n' "$*" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/browser-provider-pack.XXXXXX")
case "$WORK" in "$ROOT"/*) fail "the temporary folder is inside the workspace" ;; esac
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

step "build (turbo run build)"
pnpm -s exec turbo run build --concurrency=2 --output-logs=errors-only

step "pack ${#PACKAGES[@]} packages"
mkdir -p "$WORK/tarballs"
declare -A TARBALL
for dir in "${PACKAGES[@]}"; do
  name=$(node -p "require('./$dir/package.json').name")
  file=$(cd "$dir" && pnpm pack --pack-destination "$WORK/tarballs" 2>/dev/null | tail -1)
  [ -f "$file" ] || fail "pnpm pack wrote nothing for $dir"
  TARBALL[$name]=$file
  # What the tarball points at must be in it: dist/ or lib/, no sources.
  tar -tzf "$file" | grep -q '^package/src/' && fail "$name ships its src/"
done

# install <folder> <package…>: a package.json naming the tarballs, overrides pinning every one of ours
# to its tarball (none is on a registry), then npm install with install scripts off.
install() {
  local dir=$1; shift
  mkdir -p "$dir"
  node -e '
    const [dir, wanted, all] = [process.argv[1], JSON.parse(process.argv[2]), JSON.parse(process.argv[3])];
    const file = (n) => `file:${all[n]}`;
    const pkg = { name: "pack-consumer", private: true, type: "module",
      dependencies: Object.fromEntries(wanted.map((n) => [n, file(n)])),
      overrides: Object.fromEntries(Object.keys(all).map((n) => [n, file(n)])) };
    require("fs").writeFileSync(`${dir}/package.json`, JSON.stringify(pkg, null, 2));
  ' "$dir" "$(printf '%s\n' "$@" | node -e 'console.log(JSON.stringify(require("fs").readFileSync(0,"utf8").trim().split("\n")))')" \
    "$(for n in "${!TARBALL[@]}"; do printf '%s\t%s\n' "$n" "${TARBALL[$n]}"; done | node -e 'console.log(JSON.stringify(Object.fromEntries(require("fs").readFileSync(0,"utf8").trim().split("\n").map((l) => l.split("\t")))))')"
  (cd "$dir" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  local found
  found=$(cd "$dir" && npm ls --all --parseable 2>/dev/null | sed 's|.*/node_modules/||' | grep -E "$DOWNLOADERS" || true)
  [ -z "$found" ] || fail "a browser/driver downloader is in the tree of $*: $found"
  SIZE=$(cd "$dir" && du -sh node_modules | cut -f1)
  COUNT=$(cd "$dir" && npm ls --all --parseable 2>/dev/null | tail -n +2 | wc -l)
}

# Every process a step starts gets its temporary files (profiles included) under $WORK/tmp, so any
# process left naming $WORK is one of ours.
mkdir -p "$WORK/tmp"
no_leftovers() {
  sleep 1
  local left
  left=$(pgrep -a -f "$WORK" | grep -v -E "pgrep|test-pack" || true)
  [ -z "$left" ] || fail "processes left after $1: $left"
}

step "install the CLI alone"
install "$WORK/cli" @browser-provider/cli
CLI_SIZE=$SIZE CLI_COUNT=$COUNT
printf 'install size: @browser-provider/cli %s in node_modules (%s packages), no downloader\n' "$CLI_SIZE" "$CLI_COUNT"

step "npx browser-provider status"
(cd "$WORK/cli" && TMPDIR=$WORK/tmp npx --no browser-provider status)
no_leftovers status

step "npx browser-provider certify --browser firefox --tiers core --runs 1"
(cd "$WORK/cli" && TMPDIR=$WORK/tmp npx --no browser-provider certify --browser firefox --tiers core --runs 1 --out "$WORK/reports")
no_leftovers certify

step "install one adapter (@browser-provider/client + @browser-provider/firefox)"
install "$WORK/app" @browser-provider/client @browser-provider/firefox
APP_SIZE=$SIZE APP_COUNT=$COUNT
printf 'install size: @browser-provider/client + @browser-provider/firefox %s in node_modules (%s packages), no downloader\n' "$APP_SIZE" "$APP_COUNT"

step "add the other adapters; a plain ESM consumer drives every installed engine"
install "$WORK/app" @browser-provider/client @browser-provider/firefox @browser-provider/chrome @browser-provider/safari
cp scripts/test-pack/consumer.mjs scripts/test-pack/consumer-ok.ts scripts/test-pack/consumer-bad.ts scripts/test-pack/tsconfig.json "$WORK/app/"
(cd "$WORK/app" && TMPDIR=$WORK/tmp node consumer.mjs firefox chrome safari)
no_leftovers consumer

step "TypeScript consumers: a correct one passes tsc, a misuse fails it"
TSC="$ROOT/node_modules/typescript/bin/tsc"
# tsc itself and @types/node come from the workspace; every @browser-provider type comes from the tarballs.
# (pnpm links them: copy the real folders, and undici-types, which @types/node imports).
types_node=$(realpath "$ROOT/node_modules/@types/node")
mkdir -p "$WORK/app/node_modules/@types"
cp -rL "$types_node" "$WORK/app/node_modules/@types/node"
cp -rL "$(dirname "$(dirname "$types_node")")/undici-types" "$WORK/app/node_modules/undici-types"
(cd "$WORK/app" && node "$TSC" -p tsconfig.json) || fail "consumer-ok.ts does not type-check against the packed .d.ts"
bad=$(cd "$WORK/app" && node "$TSC" --module nodenext --moduleResolution nodenext --target es2022 --strict --noEmit --types node consumer-bad.ts 2>&1 || true)
errors=$(printf '%s\n' "$bad" | grep -c 'consumer-bad.ts([0-9]*,[0-9]*): error' || true)
printf '%s\n' "$bad" | grep 'consumer-bad.ts' >&2 || true
[ "$errors" -ge 3 ] || fail "consumer-bad.ts should fail tsc with 3 errors, got $errors"

step "ok"
printf 'test:pack: %s packages packed and installed outside the workspace; CLI %s (%s packages), client+firefox %s (%s packages)\n' \
  "${#PACKAGES[@]}" "$CLI_SIZE" "$CLI_COUNT" "$APP_SIZE" "$APP_COUNT"
