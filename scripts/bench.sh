#!/usr/bin/env bash
# The benchmark (not part of the test command): native estimate timings, then the page's
# sizes, first frame, idle behaviour and in-page timings. Prints Markdown tables for the README.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake --preset native >/dev/null && cmake --build --preset native -j2 --target traincalc_bench >/dev/null
scripts/build_page.sh >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/{print $2}') GiB"
echo
build/native/bin/traincalc_bench
echo
# What the wasm's code is made of, per library (names from the link's symbol map).
w=build/web
python3 scripts/size_report.py --wasm $w/bin/traincalc.wasm --symbols $w/bin/traincalc.js.symbols \
  --lib "traincalc web (web/)=$w/CMakeFiles/traincalc_web.dir/web/main.cpp.o" \
  --lib "traincalc web (web/)=$w/CMakeFiles/traincalc_web.dir/web/fonts_system.cpp.o" \
  --lib "traincalc web (web/)=$w/CMakeFiles/traincalc_web.dir/web/render_webgl2.cpp.o" \
  --lib "traincalc web (web/)=$w/CMakeFiles/traincalc_web.dir/web/strtod.cpp.o" \
  --lib "traincalc ui (ui/)=$w/libtraincalc_ui.a" --lib "traincalc core (core/)=$w/libtraincalc_core.a" \
  --lib "Dear ImGui=$w/libimgui.a"
echo
node bench/page.mjs "${1:-7}"
echo
node bench/drag.mjs 5   # a slider's drag: the page's script time per frame
