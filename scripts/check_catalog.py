#!/usr/bin/env python3
"""Checks assets/catalog.json: counts each model's parameters from its architecture and
compares the count with the listed `params` (and `active_params` for MoE models).

usage: check_catalog.py [CATALOG_JSON]     (default: assets/catalog.json next to this script)

The struct count is the one core's count_params() makes from ModelSpec fields only:
  embeddings  V*h, times 2 unless tied_embeddings; final norm h
  per layer   q h*(a*hd), k and v h*(kv*hd) each, o (a*hd)*h     hd = head_dim, else h / a
              or, with kv_lora_rank (MLA): q h*qr + qr + qr*a*(nope+rope) (h*a*(nope+rope) when
              q_lora_rank is 0), kv h*(kvr+rope) + kvr + kvr*a*(nope+v), o a*v*h
              norms 2*h
  FFN         dense: 3*h*ffn if gated_ffn else 2*h*ffn
              MoE: router h*experts + experts (experts_per_token for the active count) and
              shared_experts experts of width ffn; dense_layers layers have a dense FFN of
              dense_ffn (their position does not matter to the count)
A model fails when the struct count differs from the listed figure by more than 3%, unless
ALLOW below names it with the reason. For every model whose real architecture has something the
struct cannot express (q/k/v/o and expert biases, q/k norms, attention sinks, extra norms,
router score biases), REAL_ARCH gives those config.json values, and the script also counts the
real architecture, which must then match the listed figure within 0.5% (or the tolerance the
entry states with its reason, e.g. a total published to one significant figure): the allow-list is
an explanation, never a blank cheque.
Active parameters follow the catalog's convention (input embedding and output matrix included,
as core's count_params); where a publisher leaves them out (OpenAI, Zhipu) the entry lists the
count and its source quotes the published figure.

Also checks the catalog's shape: the allowed top-level and per-entry keys (core/catalog.h member
names), the required ids, and basic sanity of GPU figures. Exits non-zero on any failure.
"""
import json
import os
import sys

TOLERANCE = 0.03        # struct count vs listed params
REAL_TOLERANCE = 0.005  # real-architecture count vs listed params

TOP_KEYS = {"version", "prices_date", "cny_per_usd", "gpus", "models"}
GPU_KEYS = {
    "id", "name", "name_zh", "memory_gib", "tflops_16bit", "tflops_fp8", "bandwidth_gbps", "nvlink_gbps", "pcie_gen", "nic_gbps",
    "compute_capability", "tdp_w", "utilization_default", "bf16", "verified",
    "price_cny_per_hour", "price_cny_per_day", "price_cny_per_month", "price_usd_per_hour",
    "purchase_cny", "source", "price_source", "host_ram_gib", "host_ram_source",
}
MODEL_KEYS = {
    "id", "name", "name_zh", "params", "active_params", "layers", "hidden", "heads", "kv_heads", "ffn",
    "vocab", "context", "experts", "experts_per_token", "gated_ffn", "tied_embeddings", "source",
    # optional architecture details (ModelSpec)
    "head_dim", "shared_experts", "dense_layers", "dense_ffn",
    "kv_lora_rank", "q_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim",
    # a vision-language model's tower (vision_config) and its processor's pixel limits
    "vision_depth", "vision_hidden", "vision_ffn", "vision_gated_ffn", "vision_layernorm",
    "vision_patch_bias", "vision_patch", "vision_temporal_patch", "vision_merge",
    "vision_pos_embeddings", "vision_deepstack", "vision_window", "vision_full_layers",
    "image_min_pixels", "image_max_pixels",
}
REQUIRED_GPUS = {
    "T4", "V100-32G", "A10", "A10G", "L4", "L20", "L40S", "RTX3090", "RTX4090", "RTX5090",
    "A100-40G", "A100-80G", "A800-80G", "H100-SXM", "H100-PCIe", "H800", "H20", "H200", "B200",
    "910B", "MI300X", "MI325X", "RTXPRO6000", "B300", "RTX4090-48G",
}
REQUIRED_MODELS = {
    "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b",
    "llama-3.1-405b", "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-7b", "qwen2.5-14b",
    "qwen2.5-32b", "qwen2.5-72b", "mistral-7b", "mixtral-8x7b", "deepseek-v3", "glm-4-9b",
    "yi-1.5-34b", "baichuan2-13b", "internlm2.5-7b", "internlm2.5-20b", "gemma-2-9b",
    "gemma-2-27b",
    # issue 13: models released through 2026 that people fine-tune
    "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-32b",
    "qwen3-30b-a3b", "qwen3-235b-a22b", "qwen3-vl-8b", "llama-4-scout", "llama-4-maverick",
    "gpt-oss-20b", "gpt-oss-120b", "glm-4.5", "glm-4.5-air", "kimi-k2", "deepseek-r1",
    "gemma-3-1b", "gemma-3-4b", "gemma-3-12b", "gemma-3-27b", "mistral-small-3-24b",
}

# Families whose q/k/v projections carry biases (config: Qwen2 always; GLM-4 add_qkv_bias).
QKV_BIAS_PREFIXES = ("qwen2.5-", "glm-4-")

# Deliberate exceptions: the struct count may miss the listed figure by more than 3%.
ALLOW = {}

# config.json values the struct cannot hold, used for the real-architecture count.
REAL_ARCH = {
    "gemma-2-9b": {"norms_per_layer": 4},
    "gemma-2-27b": {"norms_per_layer": 4},
    "deepseek-v3": {"router_bias": True},
    "deepseek-r1": {"router_bias": True},
    "kimi-k2": {"router_bias": True, "tolerance": 0.05,
                "why": "published as '1T' and '32B' (one or two significant figures)"},
    "qwen3-0.6b": {"qk_norm": True}, "qwen3-1.7b": {"qk_norm": True}, "qwen3-4b": {"qk_norm": True},
    "qwen3-8b": {"qk_norm": True}, "qwen3-14b": {"qk_norm": True}, "qwen3-32b": {"qk_norm": True},
    "qwen3-30b-a3b": {"qk_norm": True}, "qwen3-235b-a22b": {"qk_norm": True},
    "qwen3-vl-8b": {"qk_norm": True},
    "gpt-oss-20b": {"qkv_bias": True, "o_bias": True, "sinks": True, "router_bias": True,
                    "expert_bias": True},
    "gpt-oss-120b": {"qkv_bias": True, "o_bias": True, "sinks": True, "router_bias": True,
                     "expert_bias": True},
    "glm-4.5": {"qkv_bias": True, "qk_norm": True, "router_bias": True,
                "tolerance": 0.01, "why": "the multi-token-prediction layer in the release is not counted"},
    "glm-4.5-air": {"qkv_bias": True, "router_bias": True,
                    "tolerance": 0.01, "why": "counted 0.8% above the published 106B: not explained; GLM "
                    "publishes rounded totals"},
    "gemma-3-1b": {"norms_per_layer": 4, "qk_norm": True},
    "gemma-3-4b": {"norms_per_layer": 4, "qk_norm": True},
    "gemma-3-12b": {"norms_per_layer": 4, "qk_norm": True},
    "gemma-3-27b": {"norms_per_layer": 4, "qk_norm": True},
}


def real_arch(m):
    """The extras for model m: REAL_ARCH's entry, plus q/k/v biases for the prefix families."""
    real = dict(REAL_ARCH.get(m["id"], {}))
    if m["id"].startswith(QKV_BIAS_PREFIXES):
        real["qkv_bias"] = True
    return real


def count(m, active=False, real=None):
    """Parameters of model m from its architecture; real = extra config values or None."""
    h, L, a, V = m["hidden"], m["layers"], m["heads"], m["vocab"]
    kv = m["kv_heads"] or a
    real = real or {}
    hd = m.get("head_dim") or h / a
    n = V * h * (1 if m["tied_embeddings"] else 2) + h  # embeddings (+ output) + final norm

    # attention
    if m.get("kv_lora_rank"):                                              # MLA
        qr, kvr = m.get("q_lora_rank", 0), m["kv_lora_rank"]
        nope, rope, v = m.get("qk_nope_head_dim", 0), m.get("qk_rope_head_dim", 0), m["v_head_dim"]
        attn = ((h * qr + qr + qr * a * (nope + rope)) if qr else h * a * (nope + rope))  # q (+ latent norm)
        attn += h * (kvr + rope) + kvr + kvr * a * (nope + v)               # kv_a (rope key), norm, kv_b
        attn += a * v * h                                                   # o
    else:
        attn = h * a * hd + 2 * h * kv * hd + a * hd * h
        if real.get("qkv_bias"):
            attn += a * hd + 2 * kv * hd
        if real.get("o_bias"):
            attn += h
        if real.get("qk_norm"):
            attn += 2 * hd                                                  # RMSNorm over head_dim
        if real.get("sinks"):
            attn += a                                                       # one learned sink per head
    norms = real.get("norms_per_layer", 2) * h

    mats = 3 if m["gated_ffn"] else 2
    E = m["experts"]
    if E:
        f = m["ffn"]
        used = m["experts_per_token"] if active else E
        expert = mats * h * f + (mats - 1) * f + h if real.get("expert_bias") else mats * h * f
        moe = (expert * used + mats * h * f * m.get("shared_experts", 0)
               + h * E + (E if real.get("router_bias") else 0))
        k_dense = min(m.get("dense_layers", 0), L)
        dense = mats * h * (m.get("dense_ffn") or f)
        ffn_total = k_dense * dense + (L - k_dense) * moe
    else:
        ffn_total = L * mats * h * m["ffn"]
    return n + L * (attn + norms) + ffn_total


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "assets", "catalog.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    fails = []

    # shape
    extra = set(doc) - TOP_KEYS
    if extra:
        fails.append(f"top level: unknown keys {sorted(extra)}")
    for kind, keys, required in (("gpus", GPU_KEYS, REQUIRED_GPUS),
                                 ("models", MODEL_KEYS, REQUIRED_MODELS)):
        ids = [e.get("id") for e in doc.get(kind, [])]
        if len(ids) != len(set(ids)):
            fails.append(f"{kind}: duplicate ids")
        missing = required - set(ids)
        if missing:
            fails.append(f"{kind}: missing ids {sorted(missing)}")
        for i, e in enumerate(doc.get(kind, [])):
            bad = set(e) - keys
            if bad:
                fails.append(f"{kind}[{i}] {e.get('id')}: unknown keys {sorted(bad)}")
            if not e.get("source"):
                fails.append(f"{kind}[{i}] {e.get('id')}: no source")

    # GPU sanity
    for g in doc.get("gpus", []):
        gid = g["id"]
        if not g.get("price_source"):
            fails.append(f"{gid}: no price_source")
        if not (0 < g["utilization_default"] < 0.75):
            fails.append(f"{gid}: utilization_default {g['utilization_default']} out of (0, 0.75)")
        if g["memory_gib"] <= 0 or g["tflops_16bit"] <= 0:
            fails.append(f"{gid}: memory or 16-bit TFLOPS missing")
        if g["tflops_fp8"] and g["tflops_fp8"] < g["tflops_16bit"]:
            fails.append(f"{gid}: FP8 rate below the 16-bit rate")
        if g["compute_capability"] and (g["compute_capability"] >= 8.0) != g["bf16"]:
            fails.append(f"{gid}: bf16 flag disagrees with compute capability")
        if g["tflops_fp8"] and g["compute_capability"] and g["compute_capability"] < 8.9:
            fails.append(f"{gid}: FP8 rate on a card below CC 8.9")
        h, d, mo = g["price_cny_per_hour"], g["price_cny_per_day"], g["price_cny_per_month"]
        if h and d and not (h * 24 * 0.5 <= d <= h * 24):
            fails.append(f"{gid}: daily price {d} not within 50-100% of 24 x hourly {h}")
        if h and mo and not (h * 720 * 0.3 <= mo <= h * 720):
            fails.append(f"{gid}: monthly price {mo} not within 30-100% of 720 x hourly {h}")

    # parameter counts
    print(f"{'model':20} {'listed':>10} {'counted':>10} {'ratio':>7}  {'real arch':>10} {'ratio':>7}  note")
    for m in doc.get("models", []):
        mid = m["id"]
        listed = m["params"]
        c = count(m)
        r = c / listed
        line = f"{mid:20} {listed / 1e9:9.3f}B {c / 1e9:9.3f}B {r:7.4f}"
        note = []
        real = real_arch(m)
        tol = real.get("tolerance", REAL_TOLERANCE)
        if "tolerance" in real and not real.get("why"):
            fails.append(f"{mid}: REAL_ARCH tolerance without a reason")
        if real:
            rc = count(m, real=real)
            rr = rc / listed
            line += f"  {rc / 1e9:9.3f}B {rr:7.4f}"
            if abs(rr - 1) > tol:
                fails.append(f"{mid}: real-architecture count {rc:.4g} vs listed {listed:.4g} "
                             f"(ratio {rr:.4f}) beyond {tol:.1%}")
            if "why" in real:
                note.append(f"within {tol:.1%}: {real['why']}")
        else:
            line += " " * 19
        if abs(r - 1) > TOLERANCE:
            if mid in ALLOW:
                note.append("allowed")
            else:
                fails.append(f"{mid}: counted {c:.4g} vs listed {listed:.4g} (ratio {r:.4f}) "
                             f"beyond {TOLERANCE:.0%}")
                note.append("FAIL")
        elif mid in ALLOW:
            note.append("allow-listed")
        if m["experts"]:
            act = m["active_params"]
            ca = count(m, active=True, real=real)
            ra = ca / act if act else float("inf")
            note.append(f"active {act / 1e9:.2f}B counted {ca / 1e9:.2f}B ({ra:.4f})")
            if abs(ra - 1) > max(TOLERANCE, tol):
                fails.append(f"{mid}: active count {ca:.4g} vs listed {act:.4g} (ratio {ra:.4f})")
        elif m["active_params"]:
            fails.append(f"{mid}: active_params set on a dense model")
        print(line + "  " + "; ".join(note))

    print()
    for mid, why in ALLOW.items():
        print(f"allow-list {mid}: {why}")
    unverified = [g["id"] for g in doc.get("gpus", []) if not g["verified"]]
    print(f"unverified GPUs: {', '.join(unverified) or 'none'}")
    if fails:
        print(f"\n{len(fails)} problem(s):")
        for f in fails:
            print("  " + f)
        return 1
    print(f"\nok: {len(doc['gpus'])} GPUs, {len(doc['models'])} models")
    return 0


if __name__ == "__main__":
    sys.exit(main())
