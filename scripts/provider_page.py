#!/usr/bin/env python3
# traincalc — scripts/provider_page.py: a GPU provider's copy of the page (README "Embedding it").
#
#   scripts/provider_page.py acme.json --out acme.html [--page dist/traincalc.html]
#
# Puts the provider's block (the keys of `traincalc gpus --json`, "mode", "only_provider",
# "default_gpu") into the page and renders the page's first text with it: the native UI draws the
# default scenario on the merged catalog, from the provider's starting card at its prices
# (tools/prerender.cpp). So the copy shows its own numbers at once, and with scripts off, instead
# of a skeleton over the built-in defaults'. The text carries the FNV-1a of the block it was
# rendered with (data-tc-block); a block edited by hand afterwards no longer matches, and the page
# shows the skeleton again until its program runs (web/shell.html).
#
# A block the page would load with errors (each reported in a notice there) is refused here, each
# error said: the text cannot show a notice. Needs dist/traincalc.html and the native prerender
# tool, both made by scripts/page.sh (or scripts/build_page.sh).
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK_RE = re.compile(r'(<script type="application/json" id="traincalc-catalog">)(.*?)(</script>)', re.S)
# The prerendered text: #tc-pre and its two languages' <div class="pr">, which hold no <div>.
PRE_RE = re.compile(r'<div id="tc-pre"[^>]*>((?:<div class="pr" lang="[^"]*">.*?</div>\n)*)</div>', re.S)


def fnv1a(text: str) -> str:
    """FNV-1a, 32 bits, over the text's UTF-16 code units: web/shell.html's sum of the block."""
    h = 0x811C9DC5
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = ((h ^ (units[i] | units[i + 1] << 8)) * 16777619) & 0xFFFFFFFF
    return format(h, "x")


def main() -> int:
    ap = argparse.ArgumentParser(description="a GPU provider's copy of traincalc's page")
    ap.add_argument("block", help="the provider's catalog block (JSON)")
    ap.add_argument("--out", required=True, help="the provider's page to write")
    ap.add_argument("--page", default=os.path.join(ROOT, "dist", "traincalc.html"), help="the built page")
    ap.add_argument("--prerender", default=os.path.join(ROOT, "build", "native", "bin", "traincalc_prerender"),
                    help="tools/prerender.cpp's binary")
    a = ap.parse_args()

    try:
        raw = open(a.block, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"provider_page: cannot read {a.block}: {e}", file=sys.stderr)
        return 1
    try:
        json.loads(raw)
    except json.JSONDecodeError as e:
        print(f"provider_page: {a.block} is not valid JSON: {e}", file=sys.stderr)
        return 1
    # As the page's parser will read it: its newlines as LF; "</" written "<\/" (the same JSON
    # string), so no string closes the block's <script>.
    text = raw.replace("\r\n", "\n").replace("\r", "\n").strip().replace("</", "<\\/")
    for path in (a.page, a.prerender):
        if not os.path.exists(path):
            print(f"provider_page: {path} is missing: build the page first (scripts/page.sh)", file=sys.stderr)
            return 1
    page = open(a.page, encoding="utf-8").read()
    if 'data-tc-scenario="' in page:
        print(f"provider_page: {a.page} was saved from a running page (it holds a visitor's scenario); "
              "use the page as built, dist/traincalc.html", file=sys.stderr)
        return 1
    if len(BLOCK_RE.findall(page)) != 1 or len(PRE_RE.findall(page)) != 1:
        print(f"provider_page: {a.page} is not traincalc's page (one catalog block, one #tc-pre)", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory() as tmp:
        block_path, pre_path = os.path.join(tmp, "block.json"), os.path.join(tmp, "pre.html")
        with open(block_path, "w", encoding="utf-8") as f:
            f.write(text)
        r = subprocess.run([a.prerender, pre_path, block_path], capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr.replace(block_path, a.block))
            print("provider_page: the block has errors (above); nothing written", file=sys.stderr)
            return 1
        pre = open(pre_path, encoding="utf-8").read()

    content = "\n" + text + "\n"  # the block's textContent, as the shell sums it
    page = BLOCK_RE.sub(lambda m: m.group(1) + content + m.group(3), page)
    page = PRE_RE.sub(lambda m: f'<div id="tc-pre" data-tc-block="{fnv1a(content)}">{pre}</div>', page)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(page)
    print(f"provider_page: {a.out}: the page with {a.block}, its text rendered with it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
