#!/usr/bin/env python3
"""The size guard: fails when the single-file page exceeds DESIGN.md's budget (320 KB gzip -9)."""
import gzip
import sys

BUDGET_GZIP_BYTES = 320 * 1024  # DESIGN.md: "≤ 320 KB gzip" (KiB, as the pre-stop check reads it)


def main() -> int:
    path = sys.argv[1] if len(sys.argv) > 1 else "dist/traincalc.html"
    data = open(path, "rb").read()
    gz = len(gzip.compress(data, compresslevel=9, mtime=0))
    ok = gz <= BUDGET_GZIP_BYTES
    print(f"{path}: {len(data)} bytes, {gz} gzip -9; budget {BUDGET_GZIP_BYTES}: {'ok' if ok else 'OVER BUDGET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
