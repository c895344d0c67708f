#!/usr/bin/env bash
# Builds dist/traincalc.html (the single-file page) with Debian's Emscripten.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # acorn for Emscripten's optimiser (docs/toolchain.md trap 2)
# Content first: the default scenario's text, rendered by the real UI and core natively.
cmake --preset native >/dev/null
cmake --build --preset native -j2 --target traincalc_prerender
build/native/bin/traincalc_prerender build/prerender.html
cmake --preset web >/dev/null
cmake --build --preset web -j2
