#!/usr/bin/env python3
"""What two public web calculators' formulas give on traincalc's calibration cases (issue 12).

usage: build/native/bin/traincalc_tests -tc="calibration: estimates*" \
         | python3 scripts/web_calculators.py --gpu-mem-calculator DIR

The README's "against two web calculators" table: for every published figure in
tests/calibration/published.json, the measured value, traincalc's estimate (read from the calibration
test's printout, as scripts/calibration_table.py does), and what these give for the same setup:

- gpu_poor (github.com/RahulSChand/gpu_poor, the page at rahulschand.github.io/gpu_poor; commit
  ad2fc0ef0e6ceeb7684363504eecc3342a5e7dc4, src/App.js): memory for full, LoRA and QLoRA training on
  one card, and milliseconds per training iteration on one card. Its formulas are transcribed below
  function by function (getAllComputedData, getActivationMemory, getGradOptMemory, getExtraMemory,
  convertToMBModelSize, computeModelSize, token_per_second_logic_Train), with its UI's instructions
  for training (prompt length = the sequence, tokens to generate = 1) and its GPU table
  (src/gpu_config.json). It has no card count: its per-card figures are compared with per-card
  measurements only where nothing is sharded (single card or plain data parallelism); its tokens/s is
  compared per card everywhere, which is what its user would take.
- gpu-mem-calculator (github.com/George614/gpu-mem-calculator, a Hugging Face Space; commit
  2f345d1dcc3c173e09efe47a1e00ca149a2cd785): memory per GPU for full training under DDP, DeepSpeed
  ZeRO 0-3 with offload, FSDP and Megatron-LM. Its own Python code is run (pass a checkout with
  --gpu-mem-calculator; `fetch` or `git clone` it, nothing here downloads). It has no LoRA/QLoRA and no
  time estimate.

A cell is "—" where the calculator cannot express the setup; the summary counts only the cells it
can. Prints Markdown. Not part of the test command: the README quotes its output.
"""
import argparse
import json
import math
import re
import sys

MIB = 1024 * 1024
GIB = 1024**3

# gpu_poor's src/gpu_config.json (TFLOPS are the cards' non-tensor FP32 figures, as it ships them).
GPU_POOR_GPUS = {"A100-40G": 19.5, "A100-80G": 19.5, "H100-SXM": 51.7, "H100-PCIe": 51.7}
# Cards it does not list, and the entry its user would pick (same chip, same figures).
GPU_POOR_ALIAS = {"A800-80G": "A100-80G", "A100 80GB": "A100-80G"}


def shapes(model, catalog):
    if isinstance(model, dict):
        return model
    return next(m for m in catalog["models"] if m["id"] == model)


# [SECTION] gpu_poor (src/App.js at ad2fc0e), transcribed


def gp_model_size(m):  # computeModelSize: counts no GQA, no norms
    h, inter, L = m["hidden"], m["ffn"], m["layers"]
    return m["vocab"] * h * 2 + L * 4 * h * h + L * 3 * inter * h


def gp_extra_memory(m, quant, ctx):  # getExtraMemory
    common = (10 * m["hidden"] + 5 * m["hidden"] + 4 * m["ffn"] + 2 * m["ffn"]) * m["layers"]
    root = math.sqrt(ctx / 50) if ctx / 50 > 1 else 1.0
    const = {"bnb_int8": 0.75 * 1.25, "bnb_q4": 1.0, "qlora": 0.75}[quant]
    return const * common * 50 * root


def gp_activation(m, ctx, batch, fb=2):  # getActivationMemory (heads × len² terms: no flash attention)
    h, inter, a, n = m["hidden"], m["ffn"], m["heads"], ctx
    attn = n * h * 3 * fb + n * h * 2 * fb + n * n * a * fb + n * n * a * 4 + n * n * a * fb + 3 * n * h * fb
    ffn = 2 * h * n * fb + fb * 5 * n * inter + inter * n * fb
    norm = n * 4 * 2 + n * h * fb * 6
    return (attn + ffn + norm) * m["layers"] * batch


def gp_grad_opt(m, method, size, ctx, batch):  # getGradOptMemory, Adam, no bitsandbytes quant
    L, h = m["layers"], m["hidden"]
    if method == "qlora":
        return L * 8 * h * 0.5 * 4 * 3 + gp_extra_memory(m, "qlora", ctx) * batch
    if method == "full":
        return size * 3 * 2
    return L * 8 * h * 2 * 4 * 3 * 2  # lora


def gp_model_mb(size, method):  # convertToMBModelSize
    mb = size * 2 / MIB
    if method == "qlora":
        return mb / 4 - size * 2 / (64 * MIB) + 0.06 * mb
    return mb


def gpu_poor_memory_gib(s, m):
    """Total MB it shows (model + grads & optimizer + activations + 650 MB overhead), as GiB."""
    if s.get("method", "full") not in ("full", "lora", "qlora"):
        return None
    sharded = s.get("zero", 0) >= 1 or s.get("tp", 1) > 1 or s.get("pp", 1) > 1 or s.get("cp", 1) > 1
    if sharded or s.get("offload", "none") != "none" or s.get("images_per_sample"):
        return None  # one card, nothing sharded or offloaded, text only
    ctx = s.get("seq_len", 2048) + 1  # prompt length + 1 token to generate (its training instruction)
    batch = s.get("micro_batch", 1)
    size = gp_model_size(m)
    act = gp_activation(m, ctx, batch) / MIB
    if s.get("checkpointing", "none") != "none":
        act *= 0.15
    grad_opt = gp_grad_opt(m, s.get("method", "full"), size, ctx, batch) / MIB
    return (gp_model_mb(size, s.get("method", "full")) + grad_opt + act + 650) / 1024


def gpu_poor_tokens_per_s(s, m):
    """Tokens per second per card from its milliseconds per iteration (token_per_second_logic_Train)."""
    gpu = GPU_POOR_ALIAS.get(s.get("gpu"), s.get("gpu"))
    if gpu not in GPU_POOR_GPUS or s.get("method", "full") not in ("full", "lora", "qlora"):
        return None
    n, batch = s.get("seq_len", 2048) + 1, s.get("micro_batch", 1)
    flops = 2 * batch * n * gp_model_size(m) + n * m["hidden"] * 2 * m["layers"] * batch
    flops *= 2 * 1.15  # "Backward pass *2", Adam
    if s.get("method") == "qlora":
        flops *= 1.75
    if s.get("method", "full") == "full":
        flops *= 3
    ms = flops * 1000 / (1e12 * GPU_POOR_GPUS[gpu] * 0.85)
    if s.get("checkpointing", "none") != "none":
        ms *= 1.65
    return batch * (n - 1) / (ms / 1000)


# [SECTION] gpu-mem-calculator (George614), its own code


def gmc_memory_gib(s, m, gmc):
    if gmc is None or s.get("method", "full") != "full" or s.get("images_per_sample"):
        return None
    M = gmc["models"]
    cards, tp, pp = s.get("cards", 1), s.get("tp", 1), s.get("pp", 1)
    if s.get("cp", 1) > 1 or s.get("ep", 1) > 1:
        return None
    stack, zero, off = s.get("stack", "hf"), s.get("zero", 0), s.get("offload", "none")
    if stack == "megatron":
        engine = M.EngineConfig(type="megatron_lm")
    elif stack == "torchtitan":
        engine = M.EngineConfig(type="fsdp", sharding_strategy="full_shard" if zero == 3 else "shard_grad_op")
    else:
        engine = M.EngineConfig(
            type="deepspeed", zero_stage=zero, offload_optimizer="cpu" if off in ("optimizer", "all") else "none",
            offload_param="cpu" if off == "all" else "none")
    level = {"none": 0, "selective": 2, "full": 4}[s.get("checkpointing", "none")]
    calc = gmc["calc"].GPUMemoryCalculator(
        model_config=M.ModelConfig(num_parameters=int(m["params"]), num_layers=m["layers"], hidden_size=m["hidden"],
                                   num_attention_heads=m["heads"], vocab_size=m["vocab"],
                                   max_seq_len=s.get("seq_len", 2048)),
        training_config=M.TrainingConfig(batch_size=s.get("micro_batch", 1), activation_checkpointing=level,
                                         dtype="fp16" if s.get("precision") == "fp16" else "bf16"),
        parallelism_config=M.ParallelismConfig(tensor_parallel_size=tp, pipeline_parallel_size=pp,
                                               data_parallel_size=max(1, cards // (tp * pp))),
        engine_config=engine, gpu_config=M.GPUConfig(num_gpus=cards, gpu_memory_gb=80))
    return calc.calculate().total_memory_per_gpu_gb  # its "GB" are GiB (utils/precision.py: / 1024**3)


# [SECTION] table


def load_gmc(path):
    if not path:
        return None
    sys.path.insert(0, path + "/src")
    from gpu_mem_calculator.core import calculator, models  # noqa: E402  (their code, run as they ship it)
    return {"calc": calculator, "models": models}


def err(est, measured):
    return None if est is None else (est - measured) / measured


def pct(e):
    return "—" if e is None else f"{100 * e:+.0f}%"


def summary(name, errs):
    a = sorted(abs(e) for e in errs if e is not None)
    if not a:
        return f"| {name} | 0 | — | — | — |"
    p90 = a[min(len(a) - 1, math.ceil(0.9 * len(a)) - 1)]
    beyond = sum(1 for e in a if e > 0.30)
    median = a[len(a) // 2]  # as tests/test_calibration.cpp takes it
    return f"| {name} | {len(a)} | {100 * median:.0f}% | {100 * p90:.0f}% | {beyond} |"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu-mem-calculator", help="checkout of George614/gpu-mem-calculator at 2f345d1")
    args = ap.parse_args()
    gmc = load_gmc(args.gpu_mem_calculator)
    ours = {}
    for line in sys.stdin:
        mt = re.match(r"^(\S+)\s+\S+\s+([\d.]+)\s+([\d.]+)\s+([+-][\d.]+)%", line)
        if mt:
            ours[mt.group(1)] = float(mt.group(3))
    data = json.load(open("tests/calibration/published.json"))
    catalog = json.load(open("assets/catalog.json"))
    rows, cols = [], {k: {"tc": [], "gp": [], "gmc": []} for k in ("memory", "speed")}
    for e in data["entries"]:
        if e["id"] not in ours:
            sys.exit(f"web_calculators: no printed estimate for {e['id']}: pipe the calibration test's output in")
        if e.get("report_only"):
            continue
        s, m, kind, meas = e["setup"], shapes(e["setup"]["model"], catalog), e["kind"], e["measured"]
        if kind in ("memory_gib", "allocated_gib"):
            cat, gp, g = "memory", gpu_poor_memory_gib(s, m), gmc_memory_gib(s, m, gmc)
        elif kind == "tokens_per_s_per_gpu":
            cat, gp, g = "speed", gpu_poor_tokens_per_s(s, m), None
        elif kind == "gpu_hours":
            tps = gpu_poor_tokens_per_s(s, m)
            cat, gp, g = "speed", (None if tps is None else s["tokens"] / tps / 3600), None
        else:
            continue  # TFLOP/s and expert weights: neither calculator gives them
        tc = ours[e["id"]]
        for k, v in (("tc", tc), ("gp", gp), ("gmc", g)):
            cols[cat][k].append(err(v, meas))
        rows.append((e["id"], kind, meas, tc, gp, g))
    print("| category | calculator | cases it can express | median \\|error\\| | 90th percentile | beyond 30% |")
    print("|---|---|---:|---:|---:|---:|")
    for cat in ("memory", "speed"):
        print(summary(f"{cat} | traincalc, every case", cols[cat]["tc"]))
        for k, name in (("gp", "gpu_poor"), ("gmc", "gpu-mem-calculator")):
            if cat == "speed" and k == "gmc":
                continue  # it has no time estimate
            print(summary(f"{cat} | {name}", cols[cat][k]))
            same = [t for t, c in zip(cols[cat]["tc"], cols[cat][k]) if c is not None]
            print(summary(f"{cat} | traincalc, on {name}'s cases", same))
    print()
    print("| entry | measured | traincalc | gpu_poor | gpu-mem-calculator |")
    print("|---|---:|---:|---:|---:|")
    for id_, kind, meas, tc, gp, g in rows:
        f = (lambda v: "—" if v is None else (f"{v:,.0f}" if v >= 1000 else f"{v:.1f}"))
        print(f"| {id_} ({kind}) | {f(meas)} | {f(tc)} ({pct(err(tc, meas))}) | {f(gp)} ({pct(err(gp, meas))}) "
              f"| {f(g)} ({pct(err(g, meas))}) |".replace("— (—)", "—"))


if __name__ == "__main__":
    main()
