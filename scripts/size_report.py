#!/usr/bin/env python3
"""Size report of the page: what each part of the wasm and of the page costs.

usage: size_report.py --wasm build/web/bin/traincalc.wasm --symbols build/web/bin/traincalc.js.symbols \
                      [--lib LABEL=archive.a ...] [--top 15]      (scripts/bench.sh runs it)

The wasm's code is split per library by function name (the map that the build's last binaryen
pass prints, CMakeLists.txt: function index -> demangled name; everything is one LTO unit, so names
are all there is), matched against the names each of our archives defines (llvm-nm); the rest is
Emscripten's system libraries. For each library:
its functions' bytes, raw and gzip -9 of their bodies alone (the sum of the parts' gzip is more
than the whole's: each part is compressed without the others' context). Data (catalogs, strings,
tables) is reported per data segment total. Prints Markdown.
"""
import argparse
import gzip
import re
import subprocess
import sys
from collections import defaultdict


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7F) << s; s += 7
        if x < 0x80:
            return r, i


def sections(wasm):
    assert wasm[:4] == b"\0asm", "not a wasm file"
    i = 8
    while i < len(wasm):
        sid = wasm[i]; size, j = leb(wasm, i + 1)
        yield sid, j, j + size
        i = j + size


def imported_functions(wasm, start, end):
    n, i = leb(wasm, start); count = 0
    for _ in range(n):
        for _ in range(2):  # module, field
            ln, i = leb(wasm, i); i += ln
        kind = wasm[i]; i += 1
        if kind == 0:
            _, i = leb(wasm, i); count += 1
        elif kind == 1:
            i += 1; flags, i = leb(wasm, i); _, i = leb(wasm, i)
            if flags & 1: _, i = leb(wasm, i)
        elif kind == 2:
            flags, i = leb(wasm, i); _, i = leb(wasm, i)
            if flags & 1: _, i = leb(wasm, i)
        elif kind == 3:
            i += 2
    return count


# Names the symbol map escapes ("\\28" for "("): back to the demangled text.
def unescape(name):
    return re.sub(r"\\([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), name)


def defined_names(path):
    """Demangled names of the functions an archive or object (LLVM bitcode or wasm) defines."""
    out = subprocess.run(["llvm-nm", "--defined-only", "-C", "-j", path], capture_output=True, text=True).stdout
    return {line.strip() for line in out.splitlines() if line.strip() and not line.endswith(":")}


def classifier(libs):
    """First by the template's library (nlohmann, std), then by which of our archives defines it."""
    sets = [(label, defined_names(path)) for label, path in libs]

    def classify(name):
        if "nlohmann::" in name.split("(")[0]:
            return "nlohmann/json (instantiations)"
        if name.startswith("std::") or name.startswith("void std::") or name.split("(")[0].count("std::__2::") and not any(name in names for _, names in sets):
            return "libc++ (instantiations and library)"
        for label, names in sets:
            if name in names:
                return label
        return "libc, libc++, emmalloc, compiler-rt (Emscripten's system libraries)"
    return classify


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wasm", required=True)
    ap.add_argument("--symbols", required=True)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--lib", action="append", default=[], metavar="LABEL=PATH",
                    help="an archive or object of ours, its functions counted under LABEL (first match wins)")
    a = ap.parse_args()
    wasm = open(a.wasm, "rb").read()
    names = {}
    for line in open(a.symbols, encoding="utf-8", errors="replace"):
        k, _, v = line.rstrip("\n").partition(":")
        if k.isdigit():
            names[int(k)] = v
    classify = classifier([tuple(x.split("=", 1)) for x in a.lib])

    sec_sizes = defaultdict(int)
    n_imports = 0
    bodies = []
    data_bytes = 0
    for sid, s, e in sections(wasm):
        sec_sizes[sid] += e - s
        if sid == 2:
            n_imports = imported_functions(wasm, s, e)
        elif sid == 10:
            n, i = leb(wasm, s)
            for k in range(n):
                size, j = leb(wasm, i)
                bodies.append((k, wasm[j:j + size]))
                i = j + size
        elif sid == 11:
            data_bytes = e - s
    per = defaultdict(lambda: [0, 0, b""])
    funcs = []
    for k, body in bodies:
        name = unescape(names.get(n_imports + k, "?"))
        lib = classify(name)
        per[lib][0] += len(body); per[lib][1] += 1; per[lib][2] += body
        funcs.append((len(body), lib, name))

    gz = lambda b: len(gzip.compress(b, 9, mtime=0))
    total_code = sum(len(b) for _, b in bodies)
    data = next((wasm[s:e] for sid, s, e in sections(wasm) if sid == 11), b"")
    print(f"wasm {len(wasm)} bytes, gzip -9 {gz(wasm)}; code {total_code} bytes in {len(bodies)} functions"
          f" ({n_imports} imported); data {data_bytes} bytes (gzip alone {gz(data)})")
    print()
    print("| library | functions | code bytes | gzip alone | share of code |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for lib, (size, count, blob) in sorted(per.items(), key=lambda kv: -kv[1][0]):
        print(f"| {lib} | {count} | {size} | {gz(blob)} | {100 * size / total_code:.1f}% |")
    print(f"| data (catalogs, strings, tables) | | {data_bytes} | {gz(data)} | |")
    print()
    print(f"largest {a.top} functions:")
    print()
    print("| bytes | library | function |")
    print("| ---: | --- | --- |")
    for size, lib, name in sorted(funcs, reverse=True)[:a.top]:
        print(f"| {size} | {lib} | `{name[:110]}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
