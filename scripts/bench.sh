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
node bench/page.mjs "${1:-7}"
