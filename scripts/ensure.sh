#!/usr/bin/env bash
# Installs what the project needs and is missing: pnpm, the Debian browser packages, Xvfb, and the
# workspace's node modules. Safe to run again: each step checks first. Browsers come only from the
# operating system's packages; nothing here downloads a browser or a driver from anywhere else.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=9.15.9
APT_PACKAGES=(firefox-esr chromium chromium-driver webkit2gtk-driver xvfb openjdk-17-jre-headless ffmpeg)

say() { printf '[setup] %s\n' "$*" >&2; }

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # In the background, beside pnpm and the node modules below: both mostly wait on downloads and the
    # disk, and neither needs the other. Its log is printed whole when it is done.
    say "installing Debian packages: ${missing[*]}"
    apt_log=$(mktemp "${TMPDIR:-/tmp}/browser-provider-apt.XXXXXX")
    (
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"
    ) >"$apt_log" 2>&1 &
    apt_pid=$!
    # A step below that fails ends this script: apt still finishes (a dpkg killed halfway leaves a
    # broken system), and its log is not lost.
    trap 'if [ -n "${apt_pid:-}" ]; then wait "$apt_pid" || true; cat "$apt_log" >&2; rm -f "$apt_log"; fi' EXIT
  elif [ -n "${CI:-}" ] && [ "${CI}" != false ] && [ "${CI}" != 0 ]; then
    # CI must test every engine: a run that carried on would skip (and the suites fail) what is missing.
    say "CI is set and the browsers cannot be installed here (not root, or no apt-get): missing ${missing[*]}"
    exit 1
  else
    say "missing Debian packages: ${missing[*]} (run as root: apt-get install -y ${missing[*]}); continuing with what is installed"
  fi
fi

if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  say "installing pnpm $PNPM_VERSION"
  npm install -g "pnpm@$PNPM_VERSION" >&2
fi

stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ pnpm-lock.yaml -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  say "installing node modules"
  pnpm install --frozen-lockfile >&2
  touch "$stamp"
fi

if [ -n "${apt_pid:-}" ]; then
  apt_rc=0
  wait "$apt_pid" || apt_rc=$?
  apt_pid=
  trap - EXIT
  cat "$apt_log" >&2
  rm -f "$apt_log"
  [ "$apt_rc" = 0 ] || { say "installing the Debian packages failed (exit $apt_rc)"; exit "$apt_rc"; }
  say "Debian packages installed"
fi

# The server bundle the bin runs instead of the TypeScript sources (less memory, faster start); built
# when missing or stale. The bin falls back to the sources by itself, so this only saves the cost.
pnpm -s build --if-stale >&2
