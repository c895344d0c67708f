#!/usr/bin/env bash
# deps.sh — install everything traincalc needs, from Debian's archive and npm only.
# Idempotent: a warm machine returns in about a second. Run as root on Debian 12.
#   scripts/deps.sh            all dependencies (native, web, browser tests)
#   scripts/deps.sh --native   only what the native build and unit tests need
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
third="$here/third_party"           # ignored by git: unpacked Debian sources, npm modules
mode="${1:-all}"

need_native=(cmake ninja-build g++ clang libclang-rt-14-dev nlohmann-json3-dev doctest-dev dpkg-dev clang-format libyaml-cpp-dev)
need_web=(emscripten binaryen fonts-noto-cjk fonttools chromium nodejs npm)

sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
pkgs=("${need_native[@]}")
[ "$mode" = --native ] || pkgs+=("${need_web[@]}")
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm may come with nodesource's nodejs: accept any npm on PATH
if command -v npm >/dev/null; then missing=("${missing[@]/npm}"); fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))

# Debian source packages need a deb-src entry (docs/toolchain.md)
src_list=/etc/apt/sources.list.d/traincalc-src.sources
updated=0
if [ ! -f "$src_list" ]; then
  sudo_ tee "$src_list" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  sudo_ apt-get update -qq; updated=1
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  [ $updated = 1 ] || sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive sudo_ apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$third"
fetch_src() { # $1 source package, $2 folder it unpacks to
  if [ ! -d "$third/$2" ]; then
    echo "deps: apt-get source $1"
    (cd "$third" && apt-get source -qq "$1" >/dev/null 2>&1) || {
      sudo_ apt-get update -qq; (cd "$third" && apt-get source -qq "$1" >/dev/null); }
    [ -d "$third/$2" ] || { echo "deps: $1 did not unpack to $third/$2" >&2; exit 1; }
  fi
}
fetch_src imgui imgui-1.86+ds
[ "$mode" = --native ] && exit 0

# npm: playwright-core drives Debian's chromium (never its own browser download); terser
# minifies the page's JS; js-yaml reads YAML configs in the page. Versions are pinned in package-lock.json.
if [ ! -d "$here/node_modules/playwright-core" ] || [ ! -d "$here/node_modules/terser" ] || [ ! -d "$here/node_modules/axe-core" ] || [ ! -d "$here/node_modules/js-yaml" ]; then
  echo "deps: npm ci (playwright-core, terser, axe-core, js-yaml)"
  (cd "$here" && npm ci --silent --no-audit --no-fund --prefix "$here" >/dev/null 2>&1) || \
  (cd "$here" && npm install --silent --no-audit --no-fund >/dev/null)
fi
echo "deps: ready"
