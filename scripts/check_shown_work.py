#!/usr/bin/env python3
"""The shown work reproduces by hand: for every formula line of the CLI's report (`traincalc estimate
--text`, English and Chinese) on every scenario in tests/scenarios (and a few more below), the values
as the line shows them, combined as the line writes them (a sum of products, left to right), give the
result as the line shows it, to its last shown digit; so does prose that states two amounts and their
difference ("Per card: 77.497 GiB of 77.6 GiB usable: fits, 0.103 GiB headroom"). Exit status 1 and the lines that do not.

usage: python3 scripts/check_shown_work.py [path/to/traincalc]
"""
import glob
import json
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "native", "bin", "traincalc")

EXTRA = [  # beyond tests/scenarios: spot in increments, dollars, a deadline, GRPO, PPO, multi-node
    {"model": "qwen2.5-7b", "method": "lora", "gpu": "A100-80G", "cards": 1, "spot_price_hourly": 12},
    {"model": "qwen2.5-7b", "method": "full", "gpu": "H100-SXM", "cards": 8, "zero": 3,
     "spot_price_hourly": 9.5, "interruptions_per_hour": 0.2, "min_billed_hours": 24},
    {"model": "qwen2.5-14b", "method": "lora", "samples": 80000, "avg_tokens": 700, "epochs": 3,
     "gpu": "A100-80G", "cards": 2, "zero": 2},
    {"model": "qwen2.5-7b", "method": "qlora", "gpu": "RTX4090", "cards": 1,
     "price": {"currency": "USD", "hourly": 0.66}},
    {"model": "qwen2.5-7b", "method": "full", "gpu": "H100-SXM", "cards": 32, "zero": 3, "deadline_hours": 5,
     "budget": 5000},
    {"model": "qwen2.5-7b", "method": "lora", "objective": "grpo", "gpu": "H100-SXM", "cards": 8},
    # optimisation passes per batch of rollouts: LLaMA-Factory's PPO (ppo_epochs 4), TRL's GRPO μ = 2
    {"model": "qwen2.5-7b", "method": "lora", "objective": "ppo", "generations": 1, "rollout": "policy",
     "critic": "value_head", "reward": "adapter", "update_epochs": 4, "gpu": "H100-SXM", "cards": 8},
    {"model": "qwen2.5-7b", "method": "qlora", "objective": "grpo", "update_epochs": 2, "gpu": "A100-80G",
     "cards": 2},
    {"model": "qwen2.5-7b", "method": "full", "objective": "ppo", "update_epochs": 2, "gpu": "H100-SXM",
     "cards": 16, "zero": 3, "tp": 2},
    # activations exactly 32.25 GiB: printed "32.2" (printf rounds an exact tie to even), and the line's
    # digits were chosen as if it read 32.3 ("32.2 GiB + 4.93 GiB = 37.2 GiB")
    {"model": "qwen2.5-14b", "method": "full", "objective": "ppo", "gpu": "H100-SXM", "cards": 16, "zero": 3},
    # MoE LoRA: the routed experts' adapters in the compute (Qwen3 30B-A3B), and a shared expert (Llama 4)
    {"model": "qwen3-30b-a3b", "method": "lora", "gpu": "A800-80G", "cards": 4},
    {"model": "llama-4-scout", "method": "lora", "gpu": "H100-SXM", "cards": 8, "zero": 3},
    # a divisor of 183,105 read "18.3 万" in Chinese: 408,269 ÷ 18.3 万 × 0.518 gave 1.16, not 1.15
    {"model": "qwen2.5-32b", "method": "lora", "gpu": "A100-80G", "cards": 8, "samples": 500000,
     "avg_tokens": 2000},
    # a card nearly full (0.103 GiB headroom) and one just short (0.42 GiB): at three digits each the
    # prose read "77.5 GiB of 77.6 GiB usable: fits, 0.103 GiB headroom", "78 of 77.6 … 0.42 short"
    {"model": "qwen2.5-14b", "method": "full", "micro_batch": 1, "seq_len": 4232, "gpu": "A100-80G",
     "cards": 8, "zero": 3},
    {"micro_batch": 15, "seq_len": 512},
]

# Prose that states two amounts and their difference: (pattern, group of a, group of b, groups of the
# difference). The difference is checked as the formula line "a − b = difference" would be.
DIFFERENCES = [
    (re.compile(r"Per card: ([0-9.,]+) GiB of ([0-9.,]+) GiB usable .*: "
                r"(?:fits, ([0-9.,]+) GiB headroom|does not fit, ([0-9.,]+) GiB short)"), 2, 1),
    (re.compile(r"每卡显存：([0-9.,]+) GiB / 可用 ([0-9.,]+) GiB（.*）："
                r"(?:放得下，余量 ([0-9.,]+) GiB|放不下，缺 ([0-9.,]+) GiB)"), 2, 1),
    (re.compile(r"Does not fit: ([0-9.,]+) GiB per card needed, ([0-9.,]+) GiB usable \(()([0-9.,]+) GiB short\)"),
     2, 1),
    (re.compile(r"显存放不下：每卡需要 ([0-9.,]+) GiB，可用 ([0-9.,]+) GiB（缺 ()([0-9.,]+) GiB）"), 2, 1),
]


def difference_line(line):
    """The formula "usable − per card = headroom" a prose line implies, or None."""
    for pattern, a, b in DIFFERENCES:
        m = pattern.search(line)
        if m:
            if m.group(3):
                return f"d = {m.group(a)} GiB − {m.group(b)} GiB = {m.group(3)} GiB"
            return f"d = {m.group(b)} GiB − {m.group(a)} GiB = {m.group(4)} GiB"
    return None

NUMBER = re.compile(r"([0-9][0-9,]*(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?)")
MAGNITUDE = {"万亿": 1e12, "亿": 1e8, "万": 1e4}
GIB = 2.0 ** 30


def parse_value(text):
    """(value, ulp, unit) of "¥4,208.33", "2.5e7", "2,500 万 tokens", "1.77 GiB"; None if no number."""
    t = text.strip()
    sign = -1 if t[:1] in "-−" else 1
    t = t.lstrip("-−").lstrip("¥$")
    m = NUMBER.match(t)
    if not m:
        return None
    s = m.group(1)
    mant, _, exp = s.replace(",", "").partition("e")
    decimals = len(mant.split(".")[1]) if "." in mant else 0
    scale = 10.0 ** int(exp) if exp else 1.0
    rest = t[m.end():].strip()
    ulp = 10.0 ** -decimals
    for word, factor in MAGNITUDE.items():
        if rest.startswith(word):
            scale *= factor
            rest = rest[len(word):].strip()
            # "1,350 亿" is three digits (format_quantity): a whole mantissa's trailing zeros are not.
            if "." not in mant:
                ulp = 10.0 ** (len(mant) - len(mant.rstrip("0")))
            break
    return sign * float(mant) * scale, ulp * scale, rest


def evaluate(expr):
    """The expression's value as shown, and whether a byte operand is in it (a GiB result scales)."""
    parts = re.split(r" (×|÷|\+|−) ", expr)
    values, units = [], []
    for p in parts[0::2]:
        v = parse_value(p)
        if v is None:
            return None
        values.append(v[0])
        units.append(v[2])
    total, group = 0.0, values[0]
    for op, x in zip(parts[1::2], values[1:]):
        if op == "×":
            group *= x
        elif op == "÷":
            group = group / x if x else 0.0
        elif op == "+":
            total, group = total + group, x
        else:
            total, group = total + group, -x
    return total + group, any(u == "B" or u.startswith("B ") for u in units)


def check(line):
    """None when the line reproduces (or is not a formula line), else what its operands give."""
    segments = line.split(" = ")
    if len(segments) < 3:
        return None
    result = re.sub(r"\s*[（(][^()（）]*[)）]$", "", segments[-1].split(" →")[0])
    r = parse_value(result)
    e = evaluate(segments[-2])
    if r is None or e is None:
        return None
    value, bytes_in = e
    shown, ulp, unit = r
    if bytes_in and unit.startswith("GiB"):
        value /= GIB
    if re.match(r"^(分钟|min)\b", unit):
        return None  # a time shown in another unit than its operands
    slack = 1e-9 * ulp + 1e-12 * abs(shown)
    if abs(abs(value - shown) - ulp * 0.5) <= slack:
        # A tie ("14.2 GiB ÷ 8 = 1.775"): a person rounds it away from zero (1.78), whatever printf's
        # binary 1.7749… printed.
        return None if abs(shown) > abs(value) else value
    if abs(value - shown) <= ulp * 0.5 + slack:
        return None
    return value


def main():
    scenarios = [(os.path.basename(p), open(p, encoding="utf-8").read())
                 for p in sorted(glob.glob(os.path.join(ROOT, "tests", "scenarios", "*.json")))
                 if not os.path.basename(p).startswith("bad_")]
    scenarios += [(f"extra {i + 1}", json.dumps(s)) for i, s in enumerate(EXTRA)]
    checked, bad = 0, []
    for name, text in scenarios:
        for lang in ("en", "zh"):
            out = subprocess.run([CLI, "estimate", "--text", "--lang", lang, "-"], input=text,
                                 capture_output=True, text=True)
            if out.returncode != 0:
                bad.append(f"{name} ({lang}): the CLI failed: {out.stderr.strip()[:200]}")
                continue
            for raw in out.stdout.splitlines():
                line = raw.lstrip("- ").strip()
                line = difference_line(line) or line
                if len(line.split(" = ")) < 3:
                    continue
                checked += 1
                got = check(line)
                if got is not None:
                    bad.append(f"{name} ({lang}): the operands give {got:.6g}: {line}")
    for b in bad:
        print(b)
    print(f"check_shown_work: {checked} formula lines in {len(scenarios)} scenarios × 2 languages, "
          f"{len(bad)} do not reproduce by hand")
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
