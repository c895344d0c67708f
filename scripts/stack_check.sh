#!/usr/bin/env bash
# traincalc — scripts/stack_check.sh: the page as a stack-checked test build, under hostile input.
# Builds build/web/traincalc-stackcheck.html (the web preset's page_stackcheck target: the same
# page linked with -sSTACK_OVERFLOW_CHECK=2 -sASSERTIONS=1; CMakeLists.txt, "Web") and runs
# tests/stack/stack.test.mjs against it: long strings, deep nesting, many keys, emoji and lone
# surrogates into set(), setCatalog(), a pasted config.json, imported files, the URL hash and
# provider blocks; each must leave the page running with its peak stack use under 256 KiB. Prints
# the peak per input. Not part of scripts/test.sh (it adds more than two minutes: README, "Bad input").
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # acorn for Emscripten's optimiser (docs/toolchain.md trap 2)
t0=$(date +%s)
# The page embeds the prerendered text (tools/prerender.cpp), made by the native build.
if [ ! -f build/prerender.html ]; then
  cmake --preset native >/dev/null
  cmake --build --preset native -j2 --target traincalc_prerender
  build/native/bin/traincalc_prerender build/prerender.html
fi
cmake --preset web >/dev/null
cmake --build --preset web-stackcheck -j2
echo "stack_check: built in $(( $(date +%s) - t0 )) s"
TRAINCALC_PAGE="$(pwd)/build/web/traincalc-stackcheck.html" node --test --test-reporter=spec tests/stack/
echo "stack_check: done in $(( $(date +%s) - t0 )) s"
