#!/usr/bin/env python3
"""The README's per-entry calibration table, from tests/calibration/published.json and the errors
tests/test_calibration.cpp prints (so the README quotes the test, not hand-copied numbers).

usage: build/native/bin/traincalc_tests -tc="calibration*" | python3 scripts/calibration_table.py
"""
import json
import re
import sys
from urllib.parse import urlparse

SOURCES = [  # (substring of the URL, link text), first match wins
    ("unsloth.ai/docs", "Unsloth benchmarks"), ("unsloth.ai/blog/llama3-3", "Unsloth Llama 3.3 blog"),
    ("llama3_h100_202412", "torchtitan H100 benchmarks"), ("torchtitan", "torchtitan performance"),
    ("llm-foundry", "llm-foundry benchmarks"), ("Megatron-LM", "Megatron-LM README"),
    ("2307.09288", "Llama 2 paper, Table 2"), ("gist.github.com", "DeepSpeed benchmark (gist)"),
    ("LLaMA-Factory", "LLaMA-Factory wiki"), ("Megatron-Bridge", "Megatron-Bridge PR 4754"),
    ("performance_long_sequence", "NeMo long-sequence performance"), ("ms-swift", "ms-swift example"),
    ("2411.09009", "Cut Cross-Entropy, Table 1"),
]
UNITS = {"memory_gib": "GiB", "allocated_gib": "GiB alloc.", "tokens_per_s_per_gpu": "tok/s/GPU",
         "tflops_per_gpu": "TFLOP/s/GPU", "gpu_hours": "GPU-h", "expert_weights_gb": "GB experts/GPU",
         "loss_gradient_mib": "MiB"}
# Cut Cross-Entropy's rows measure the loss and its gradient alone: named by the implementation measured.
LOSS_IMPL = {"cce-table1-torch-compile-bf16": "torch.compile", "cce-table1-cce-chunked": "CCE",
             "cce-table1-liger-chunked": "Liger", "cce-table1-baseline-fp32": "baseline",
             "cce-table1-torchtune-chunked": "torchtune 8 chunks"}


def num(x):
    if x >= 1000:
        return f"{x:,.0f}"
    return f"{x:.1f}"


def setup_text(s, entry_id=""):
    if entry_id in LOSS_IMPL:
        return (f"{s['model']['name']} loss + gradient, {s['seq_len']:,} tokens, {LOSS_IMPL[entry_id]}, "
                f"loss {s['loss']}")
    model = s["model"]["name"] if isinstance(s["model"], dict) else s["model"]
    parts = [model, s.get("method", "full")]
    if s.get("precision") not in (None, "bf16"):
        parts.append(s["precision"])
    parts.append(s.get("stack", "hf"))
    gpu = s.get("gpu", "A100-80G")
    parts.append(f"{s.get('cards', 1)}× {gpu}")
    parts.append(f"s {s.get('seq_len', 2048):,}")
    parts.append(f"b {s.get('micro_batch', 1)}")
    ck = s.get("checkpointing", "none")
    if ck != "none":
        parts.append(f"{ck} AC")
    if s.get("zero", 0):
        parts.append(f"ZeRO-{s['zero']}")
    for k in ("tp", "pp", "cp", "ep"):
        if s.get(k, 1) > 1:
            parts.append(f"{k.upper()} {s[k]}")
    if s.get("offload", "none") != "none":
        parts.append(f"offload {s['offload']}")
    return ", ".join(parts)


def main():
    errors = {}
    for line in sys.stdin:
        m = re.match(r"^(\S+)\s+\S+\s+([\d.]+)\s+([\d.]+)\s+([+-][\d.]+)%", line)
        if m:
            errors[m.group(1)] = (float(m.group(3)), float(m.group(4)))
    data = json.load(open("tests/calibration/published.json"))
    print("| source | setup | measured | traincalc | error |")
    print("|---|---|---:|---:|---:|")
    for e in data["entries"]:
        if e["id"] not in errors:
            sys.exit(f"calibration_table: no printed error for {e['id']}: pipe the test's output in")
        est, err = errors[e["id"]]
        name = next((t for k, t in SOURCES if k in e["source"]), urlparse(e["source"]).netloc)
        flag = " (report only)" if e.get("report_only") else " (outside)" if e.get("outside_tolerance") else ""
        print(f"| [{name}]({e['source']}) | {setup_text(e['setup'], e['id'])} | {num(e['measured'])} {UNITS[e['kind']]} "
              f"| {num(est)} | {err:+.0f}%{flag} |")


if __name__ == "__main__":
    main()
