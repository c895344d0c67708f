#!/usr/bin/env python3
"""Assembles dist/traincalc.html: one self-contained file (shell HTML + one LZMA stream in base64,
decoded by web/lzma_decode.js, that holds the wasm and, after it, the page's YAML parser and
Emscripten's JS loader). No request leaves the page, so it runs from file:// and http.

usage: assemble_page.py --shell web/shell.html --js traincalc.js --wasm traincalc.wasm \
                        --catalog assets/catalog.json [--prerender build/prerender.html] --out dist/traincalc.html
"""
import argparse
import base64
import gzip
import hashlib
import json
import lzma
import os
import re
import struct
import subprocess
import sys


def pack_wasm(wasm: bytes, lc: int = 4, lp: int = 0, pb: int = 0) -> bytes:
    """The wasm as web/lzma_decode.js reads it: [props][size u32 LE][raw LZMA1]. lc=4, lp=0, pb=0
    suit wasm (byte-oriented, no 2- or 4-byte alignment): 231,003 bytes against 231,645 with xz's
    defaults (lc=3, pb=2), 269,203 with zopfli's gzip and 282,158 with gzip -9, for the wasm of
    5c73c63 (614.8 KiB). Python's lzma is deterministic: the same wasm gives the same page, byte for
    byte. (tests/e2e/lzma.test.mjs packs its cases here too, with other lc, lp, pb.) nice_len 128
    against the extreme preset's 273: 118 bytes less for the wasm of 9f74608, 43-89 less for three
    400-450 KB slices of it and for it with 2 KB cut out (an encoder-only setting: the decoder reads
    the stream the same way)."""
    filters = [{"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME, "lc": lc, "lp": lp, "pb": pb,
                "dict_size": 1 << 24, "nice_len": 128}]
    assert len(wasm) < 1 << 32, "the wasm's size must fit the header's u32"
    return bytes([(pb * 5 + lp) * 9 + lc]) + struct.pack("<I", len(wasm)) + lzma.compress(
        wasm, format=lzma.FORMAT_RAW, filters=filters)


def strip_shell_comments(shell: str) -> str:
    """The shell's comments are for the people who read its source. The built page keeps only the
    HTML comments marked "<!--!" (they speak to whoever edits the built file: the provider block,
    the CSP), written as plain comments, and no indentation; the style loses its comments and
    spacing (-810 bytes of gzip -9 in all, 2026-12-01). Script elements are left alone (terser has
    minified the shell's own; the provider block is the provider's)."""
    def html(part: str) -> str:
        part = re.sub(r"<!--(!?)(.*?)-->", lambda m: "<!--" + m.group(2) + "-->" if m.group(1) else "", part, flags=re.S)
        return re.sub(r"\s*\n\s*", "\n", part)  # indentation: a newline stays, as whitespace

    def css(text: str) -> str:
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"\s+", " ", text)
        # Only around { } ; , and after ':' (never before it: "a :hover" is not "a:hover").
        text = re.sub(r"\s*([{};,])\s*", r"\1", text)
        return re.sub(r":\s+", ":", text).replace(";}", "}").strip()

    out, pos = [], 0
    for m in re.finditer(r"<script\b[^>]*>.*?</script>|<style>(.*?)</style>", shell, flags=re.S):
        out.append(html(shell[pos:m.start()]))
        out.append(m.group(0) if m.group(1) is None else "<style>" + css(m.group(1)) + "</style>")
        pos = m.end()
    out.append(html(shell[pos:]))
    return "".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shell", required=True)
    ap.add_argument("--js", required=True)
    ap.add_argument("--wasm", required=True)
    ap.add_argument("--catalog", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--prerender", default="", help="tools/prerender.cpp's HTML (optional)")
    a = ap.parse_args()

    shell = open(a.shell, encoding="utf-8").read()
    js = open(a.js, encoding="utf-8").read()
    # The page's LZMA decoder goes into the shell's script before it is minified.
    lzma_js = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web", "lzma_decode.js"),
                   encoding="utf-8").read()
    if shell.count("/*{{TRAINCALC_LZMA_JS}}*/") != 1:
        print(f"assemble_page: {a.shell} must contain /*{{{{TRAINCALC_LZMA_JS}}}}*/ exactly once", file=sys.stderr)
        return 1
    shell = shell.replace("/*{{TRAINCALC_LZMA_JS}}*/", lzma_js)
    # Emscripten without Closure leaves long local names: terser (npm) mangles them (~18% gzip).
    # The loader runs inside a function of its own (window.Module, which the shell makes, is its
    # only way in and out): its top-level names are then locals, so terser mangles them and drops
    # the runtime functions nothing calls (the XHR readers, locateFile, the run-dependency and
    # status hooks...): 30.7 -> 20.9 KB of JS, 1.8 KB less LZMA (2026-12-06).
    js = "(function(Module){\n" + js + "\n})(window.Module);"
    terser = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "node_modules", ".bin", "terser")
    if os.path.exists(terser):
        js = subprocess.run([terser, "--compress", "passes=2", "--mangle", "--ecma", "2017"], input=js,
                            check=True, capture_output=True, text=True).stdout
        # The shell's own script(s) too: comments and long names are most of their size.
        def minify(m):
            body = m.group(1)
            if "{{TRAINCALC_" in body:
                return m.group(0)
            out = subprocess.run([terser, "--compress", "passes=2", "--mangle", "--ecma", "2017"], input=body,
                                 check=True, capture_output=True, text=True).stdout
            return "<script>" + out.replace("</script", "<\\/script") + "</script>"
        shell = re.sub(r"<script>(.*?)</script>", minify, shell, flags=re.S)
    else:
        print("assemble_page: terser not installed (scripts/deps.sh installs it); JS left unminified", file=sys.stderr)
    shell = strip_shell_comments(shell)
    # The page's YAML parser for the "Training configs" section (web layer only; the wasm reads
    # JSON): js-yaml's parser (npm) and web/yaml_json.js, exposing window.__tcYaml(text) -> {json, lines}:
    # js-yaml's parser events built into JSON with the CLI's rules (cli/yaml_json.cpp) and each
    # mapping key's 1-based line ("key.dotted\tLINE\n", keys under lists left out, as the CLI).
    mjs_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "node_modules", "js-yaml", "dist", "js-yaml.mjs")
    if not os.path.exists(mjs_path):
        print(f"assemble_page: {mjs_path} is missing: run scripts/deps.sh (npm js-yaml)", file=sys.stderr)
        return 1
    mjs = open(mjs_path, encoding="utf-8").read()
    # The parser's regions of the bundle (its "//#region src/..." markers): the rest (constructor,
    # schemas, tags, dumper) is not used, and terser cannot tell all of it is unreachable.
    regions = dict(re.findall(r"//#region (\S+)\n(.*?)//#endregion", mjs, flags=re.S))
    wanted = ["src/common/object.ts", "src/common/snippet.ts", "src/common/exception.ts", "src/parser/events.ts",
              "src/parser/parser_scalar.ts", "src/common/tagname.ts", "src/parser/parser.ts"]
    # The page shows an error's reason, line and column (web/shell.html), never js-yaml's source
    # excerpt: its snippet maker goes.
    regions["src/common/snippet.ts"] = "function makeSnippet() { return ''; }\n"
    # A flow collection's lines and a quoted value's at any indentation, as PyYAML (LLaMA-Factory's and
    # axolotl's reader) and yaml-cpp (the CLI's) take them: js-yaml 5 keeps YAML 1.2's rule and refused
    # "lora_target: [\n  q_proj,\n  v_proj\n]" ("deficient indentation" at the ']', under its key).
    # Each text must be found once, or the build stops: a js-yaml whose parser moved is read again.
    lenient = [
        ('if (state.line > startLine && state.lineIndent < nodeIndent || state.firstTabInLine !== -1 && '
         'state.lineIndent < nodeIndent) throwError(state, "deficient indentation");', ''),  # skipFlowSeparationSpace
        ('if (state.lineIndent < nodeIndent) throwError(state, "deficient indentation");', ''),  # readFlowScalarBreak
        ('if (state.lineIndent >= nodeIndent) {\n\t\t\t\tmultiline = true;',
         'if (inFlow || state.lineIndent >= nodeIndent) {\n\t\t\t\tmultiline = true;'),  # readPlainScalar
    ]
    for old, new in lenient:
        if regions.get("src/parser/parser.ts", "").count(old) != 1:
            print(f"assemble_page: {mjs_path}'s parser lacks {old!r} (js-yaml 5.5.0's layout)", file=sys.stderr)
            return 1
        regions["src/parser/parser.ts"] = regions["src/parser/parser.ts"].replace(old, new)
    missing = [r for r in wanted if r not in regions]
    if missing:
        print(f"assemble_page: {mjs_path} lacks the regions {missing} (js-yaml 5.5.0's layout)", file=sys.stderr)
        return 1
    license = mjs[:mjs.index("*/") + 2] if mjs.startswith("/*!") else ""  # kept by terser: MIT asks for it
    # Compiled at the first config read, not at start-up: window.__tcYaml is at first a function that
    # runs the parser's code (which sets window.__tcYaml to the real one), then calls it.
    yaml_js = license + "\nwindow.__tcYaml=function(t){(function(){" + "".join(regions[r] for r in wanted) + open(
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web", "yaml_json.js"), encoding="utf-8").read() + "\n})();return window.__tcYaml(t)};"
    if os.path.exists(terser):
        yaml_js = subprocess.run([terser, "--compress", "passes=3,pure_new=true",
                                  "--mangle", "--ecma", "2020"], input=yaml_js, check=True, capture_output=True, text=True).stdout
    wasm = open(a.wasm, "rb").read()
    # The program: [the wasm's size, u32 LE][the wasm][JS: the YAML parser, the loader], one LZMA
    # stream (web/shell.html's wasmModule() compiles the wasm as it is decoded, then runs the JS as a
    # script). The loader
    # in the stream, after the wasm, is 663 bytes less gzip than as its own script (2026-12-02, an A/B
    # of the two pages over the wasm of 33a0d22: 262,655 against 263,318; 866 when it landed over the
    # wasm before; as a stream of its own, or packed before the wasm, it saved less).
    # The YAML parser travels there too, ahead of the loader (in one script: one hash in the CSP):
    # nothing compiles it before the text's first paint (2.3 ms of main thread in a trace) or the
    # first frame, and the page is 55 bytes less gzip (263,286 → 263,231).
    js_b = (yaml_js + "\n" + js).encode("utf-8")
    wasm_packed = pack_wasm(struct.pack("<I", len(wasm)) + wasm + js_b)
    wasm_b64 = base64.b64encode(wasm_packed).decode("ascii")
    if shell.count("{{TRAINCALC_WASM_LZMA_BASE64}}") != 1:
        print(f"assemble_page: {a.shell} must contain {{{{TRAINCALC_WASM_LZMA_BASE64}}}} exactly once", file=sys.stderr)
        return 1
    prerender = ""
    if a.prerender and os.path.exists(a.prerender):
        prerender = open(a.prerender, encoding="utf-8").read()
    else:
        print("assemble_page: no prerendered text (scripts/build_page.sh makes it); the page starts blank", file=sys.stderr)
    shell = shell.replace("{{TRAINCALC_PRERENDER}}", prerender)
    page = shell.replace("{{TRAINCALC_WASM_LZMA_BASE64}}", wasm_b64)
    # Content-Security-Policy: the sha256 of each of the page's own inline scripts and of the loader
    # (a script the page makes), and nothing else ('unsafe-inline' would let a broken provider block
    # run script).
    sha = lambda b: "'sha256-" + base64.b64encode(hashlib.sha256(b).digest()).decode("ascii") + "'"
    hashes = [sha(m.group(1).encode("utf-8")) for m in re.finditer(r"<script>(.*?)</script>", page, flags=re.S)]
    hashes.append(sha(js_b))
    if page.count("{{TRAINCALC_SCRIPT_HASHES}}") != 1 or not hashes:
        print(f"assemble_page: {a.shell} must contain {{{{TRAINCALC_SCRIPT_HASHES}}}} once, and inline scripts", file=sys.stderr)
        return 1
    page = page.replace("{{TRAINCALC_SCRIPT_HASHES}}", " ".join(hashes))

    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(page)

    # Sizes for the benchmark and the size guard: raw and gzip -9 of each part.
    def gz(b: bytes) -> int:
        return len(gzip.compress(b, compresslevel=9, mtime=0))
    page_b = page.encode("utf-8")
    shell_only = shell.replace("{{TRAINCALC_WASM_LZMA_BASE64}}", "").encode("utf-8")
    sizes = {
        "page_bytes": len(page_b), "page_gzip": gz(page_b),
        "wasm_bytes": len(wasm), "wasm_lzma": len(wasm_packed), "wasm_base64_bytes": len(wasm_b64),
        "js_bytes": len(js.encode("utf-8")), "js_gzip": gz(js.encode("utf-8")),
        "shell_bytes": len(shell_only), "shell_gzip": gz(shell_only),
    }
    # The shell's parts: prerendered text, style, its own script (the JS API and the page's input).
    style = "".join(re.findall(r"<style>(.*?)</style>", shell, flags=re.S)).encode("utf-8")
    own_js = "".join(re.findall(r"<script>(.*?)</script>", shell, flags=re.S)).encode("utf-8")
    pre_b = prerender.encode("utf-8")
    for key, part in (("prerender", pre_b), ("style", style), ("shell_script", own_js), ("yaml_js", yaml_js.encode("utf-8"))):
        sizes[key + "_bytes"], sizes[key + "_gzip"] = len(part), gz(part)
    with open(os.path.splitext(a.out)[0] + ".sizes.json", "w") as f:
        json.dump(sizes, f, indent=1)
    print(f"assemble_page: {a.out}: {sizes['page_bytes']} bytes, {sizes['page_gzip']} gzip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
