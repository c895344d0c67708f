#!/usr/bin/env bash
# Builds dist/traincalc.html (the single-file page) with Debian's Emscripten.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # acorn for Emscripten's optimiser (TOOLCHAIN.md trap 2)
cmake --preset web >/dev/null
cmake --build --preset web -j2
