#!/usr/bin/env bash
# traincalc — scripts/fuzz.sh: build every libFuzzer target (tests/fuzz/fuzz_*.cpp) with clang
# and run each for a while from its seed corpus, two at a time. Exits non-zero on any crash, leak,
# timeout or FUZZ_CHECK failure (the reproducer is left in fuzz-out/<target>/).
#
#   scripts/fuzz.sh           20 s per target (the smoke run used by the test command)
#   scripts/fuzz.sh 600       10 min per target (a long run before a release)
#
# The long-input seeds (tests/fuzz/corpus/*/long_*) are written by scripts/gen_long_corpus.py.
# Reproduce a finding:  build/fuzz/bin/<target> fuzz-out/<target>/crash-<sha>
# Then add the input as a regression test case in tests/test_<concept>.cpp.
set -euo pipefail

seconds="${1:-20}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TRAINCALC_FUZZ_BUILD:-$root/build/fuzz}"
out="$root/fuzz-out"
jobs="${TRAINCALC_FUZZ_JOBS:-2}"

# The core library is compiled with coverage instrumentation and sanitizers too (not only the
# targets), or libFuzzer would be blind inside core/ where the parsing happens.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRAINCALC_FUZZ=ON \
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
      > /dev/null
targets=()
for src in "$root"/tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$src" .cpp)"); done
ninja -C "$build" -j "$jobs" "${targets[@]}"

# One target: its seeds, then the mutation run. Its report goes to $out/<target>/summary.txt.
fuzz_one() {
    local t=$1 status=0
    local corpus="$out/$t/corpus"    # grows across runs; the seeds stay read-only in git
    mkdir -p "$corpus"
    # Every seed once at its full length first: the mutation run below truncates inputs to
    # -max_len, and the long-input seeds (scripts/gen_long_corpus.py: 66 KB strings, 100,000-deep
    # nesting, 100,000-entry arrays, thousands of keys, emoji, invalid UTF-8) are longer than that.
    echo "== $t: every seed once, full length"
    if ! (cd "$out/$t" && "$build/bin/$t" -runs=0 -max_len=$((8 * 1024 * 1024 + 1)) -timeout=60 \
              -rss_limit_mb=2048 "$root/tests/fuzz/corpus/$t" > "$out/$t/seeds.txt" 2>&1); then
        echo "!! $t failed on a seed: see $out/$t/seeds.txt and the crash-* file there"
        tail -n 40 "$out/$t/seeds.txt"
        return 1
    fi
    grep -E "INITED|seed corpus" "$out/$t/seeds.txt" | tail -n 1 || true
    echo "== $t: ${seconds}s"
    if ! (cd "$out/$t" && "$build/bin/$t" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
              -rss_limit_mb=2048 -print_final_stats=1 "$corpus" "$root/tests/fuzz/corpus/$t" \
              > "$out/$t/log.txt" 2>&1); then
        echo "!! $t failed: see $out/$t/log.txt and the crash-* file there"
        tail -n 40 "$out/$t/log.txt"
        status=1
    else
        grep -E "stat::number_of_executed_units|cov:" "$out/$t/log.txt" | tail -n 2 || true
    fi
    return $status
}

# `jobs` targets at a time (each libFuzzer run is one process on one core); reports in order.
status=0
pids=()
for t in "${targets[@]}"; do
    mkdir -p "$out/$t"
    fuzz_one "$t" > "$out/$t/summary.txt" 2>&1 &
    pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then wait "${pids[0]}" || status=1; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
for t in "${targets[@]}"; do cat "$out/$t/summary.txt"; done
exit $status
