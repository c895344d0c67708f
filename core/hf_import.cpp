// traincalc — core/hf_import.cpp
// A Hugging Face config.json read into a ModelSpec; parameters counted from the architecture.
//
// Index of this file:
// [SECTION] Hugging Face config.json
#include "core/hf_import.h"
#include "core/json_read.h"

#include <string>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Hugging Face config.json
//-----------------------------------------------------------------------------
// Keys read (first present wins), Llama/Qwen2/Mistral/Mixtral/Gemma-2/GLM/InternLM/DeepSeek:
//   hidden_size | d_model                          → hidden
//   num_hidden_layers | num_layers                 → layers
//   num_attention_heads                            → heads
//   num_key_value_heads | multi_query_group_num    → kv_heads (GLM only with multi_query_attention)
//   intermediate_size | ffn_hidden_size            → ffn (dense) ; moe_intermediate_size → ffn per expert
//   padded_vocab_size | vocab_size                 → vocab (GLM's padded size is the real matrix)
//   text_config | llm_config | language_config     → read instead when the top level has no hidden_size
//   max_position_embeddings | seq_length           → context
//   num_local_experts | n_routed_experts | num_experts, num_experts_per_tok
//   n_shared_experts, shared_expert_intermediate_size (Qwen-MoE), first_k_dense_replace
//   head_dim | kv_channels, tie_word_embeddings (default true for Gemma)
//   DeepSeek MLA: q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim
//   vision_config of Qwen2-VL / Qwen2.5-VL / Qwen3-VL (model_type qwen2_vl, qwen2_5_vl, qwen3_vl): the
//     vision tower (read_vision_tower); other families' vision_config is not read (text only)
// Other keys are ignored: config.json files carry many unrelated settings.
namespace detail {
namespace {

struct HfReader {
    const Json& cfg;
    const Ctx& ctx;
    std::vector<FieldError>& errors;

    // The first key present among `keys`, checked as an integer in [lo, hi]. 0 when absent.
    int integer(std::initializer_list<const char*> keys, double lo, double hi, bool required) {
        for (const char* k : keys) {
            if (!cfg.contains(k) || cfg[k].is_null()) continue;
            double d = 0;
            return read_number(cfg[k], ctx, k, Kind::integer, lo, hi, errors, d) ? static_cast<int>(d) : 0;
        }
        if (required) required_error(errors, ctx, *keys.begin());
        return 0;
    }
    bool flag(const char* key, bool fallback) {
        if (!cfg.contains(key) || cfg[key].is_null()) return fallback;
        if (cfg[key].is_boolean()) return cfg[key].get<bool>();
        type_error(errors, ctx, key, "true or false", "true 或 false", cfg[key]);
        return fallback;
    }
    std::string text(const char* key) {
        return cfg.contains(key) && cfg[key].is_string()
                   ? truncate_utf8(cfg[key].get_ref<const std::string&>(), 200)
                   : std::string();
    }
};

// Multimodal configs (Gemma-3, LLaVA, InternVL) keep the language model in a sub-object: true when
// one was found and read in place of the top level.
bool read_language_sub_object(const Json& cfg, const Ctx& ctx, ModelResult& out) {
    if (cfg.contains("hidden_size") || cfg.contains("d_model")) return false;
    for (const char* sub : {"text_config", "llm_config", "language_config"}) {
        if (cfg.contains(sub) && cfg[sub].is_object() && cfg[sub].contains("hidden_size")) {
            Ctx inner = ctx;
            inner.field_prefix += std::string(sub) + ".";
            inner.name_prefix += std::string(sub) + ".";
            model_from_hf_object(cfg[sub], inner, out);
            return true;
        }
    }
    return false;
}

// The dense shape every family has (sizes, heads, vocabulary, context, expert counts); the FFN
// width is the dense one until read_experts() knows whether the model routes.
ModelSpec read_shape(HfReader& r, const Json& cfg, const std::string& type, int* dense_ffn) {
    ModelSpec m;
    m.hidden = r.integer({"hidden_size", "d_model"}, 1, 1e6, true);
    m.layers = r.integer({"num_hidden_layers", "num_layers"}, 1, 10000, true);
    m.heads = r.integer({"num_attention_heads"}, 1, 1e5, true);
    m.vocab = cfg.contains("padded_vocab_size") ? r.integer({"padded_vocab_size"}, 1, 1e7, true)
                                                : r.integer({"vocab_size"}, 1, 1e7, true);
    if (cfg.contains("multi_query_group_num")) {
        int groups = r.integer({"multi_query_group_num"}, 1, 1e5, false);
        if (r.flag("multi_query_attention", true)) m.kv_heads = groups;
    } else {
        m.kv_heads = r.integer({"num_key_value_heads"}, 0, 1e5, false);
    }
    *dense_ffn = r.integer({"intermediate_size", "ffn_hidden_size"}, 0, 1e7, false);
    m.context = r.integer({"max_position_embeddings", "seq_length"}, 0, 1e8, false);
    m.experts = r.integer({"num_local_experts", "n_routed_experts", "num_experts"}, 0, 1e5, false);
    m.experts_per_token = m.experts > 0 ? r.integer({"num_experts_per_tok"}, 1, 1e5, true) : 0;
    m.head_dim = r.integer({"head_dim", "kv_channels"}, 0, 1e5, false);
    m.tied_embeddings = r.flag("tie_word_embeddings", type.rfind("gemma", 0) == 0);
    m.gated_ffn = true; // every family listed above uses SwiGLU/GeGLU
    m.ffn = *dense_ffn;
    return m;
}

// Mixture of experts: the per-expert width replaces the dense one (kept for dense layers), shared
// experts counted in expert widths, and the leading dense layers (DeepSeek).
void read_experts(HfReader& r, int dense_ffn, ModelSpec& m) {
    if (m.experts <= 0) return;
    const int expert_ffn = r.integer({"moe_intermediate_size"}, 1, 1e7, false);
    if (expert_ffn > 0) {
        m.ffn = expert_ffn;
        m.dense_ffn = dense_ffn != expert_ffn ? dense_ffn : 0;
    }
    m.shared_experts = r.integer({"n_shared_experts"}, 0, 1e5, false);
    const int shared_width = r.integer({"shared_expert_intermediate_size"}, 0, 1e7, false);
    if (shared_width > 0 && m.ffn > 0) m.shared_experts = (shared_width + m.ffn - 1) / m.ffn;
    m.dense_layers = r.integer({"first_k_dense_replace"}, 0, 1e4, false);
}

// Multi-head latent attention (DeepSeek-V2/V3, Kimi K2): its ranks, which count_params counts.
void read_latent_attention(HfReader& r, const Json& cfg, ModelSpec& m) {
    if (!cfg.contains("kv_lora_rank") || cfg["kv_lora_rank"].is_null()) return;
    m.kv_lora_rank = r.integer({"kv_lora_rank"}, 1, 1e6, true);
    m.q_lora_rank = r.integer({"q_lora_rank"}, 0, 1e6, false); // null in DeepSeek-V2-Lite: full-rank q
    m.qk_nope_head_dim = r.integer({"qk_nope_head_dim"}, 0, 1e5, false);
    m.qk_rope_head_dim = r.integer({"qk_rope_head_dim"}, 0, 1e5, false);
    m.v_head_dim = r.integer({"v_head_dim"}, 0, 1e5, false);
}

// Parameters per layer that ModelSpec cannot describe: the q/k/v biases (Qwen2, or a config's
// add_qkv_bias / attention_bias) and Qwen3's q/k norms, which count_params leaves out.
double bias_params_per_layer(HfReader& r, const std::string& type, const ModelSpec& m) {
    const double head_dim = m.head_dim > 0 ? m.head_dim : static_cast<double>(m.hidden) / m.heads;
    const double kv_heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
    bool qkv_bias = type == "qwen2" || type == "qwen2_moe" || type == "qwen2_vl" || type == "qwen2_5_vl" ||
                    r.flag("add_qkv_bias", false) || r.flag("attention_bias", false);
    const double bias = qkv_bias && m.kv_lora_rank == 0 ? m.heads * head_dim + 2 * kv_heads * head_dim : 0.0;
    // Qwen3's q/k RMSNorm weights (head_dim each; modeling_qwen3.py q_norm, k_norm), in every Qwen3
    // text model (the catalog's Qwen3 totals include them).
    const bool qk_norm = type == "qwen3" || type == "qwen3_moe" || type == "qwen3_vl_text";
    return bias + (qk_norm ? 2 * head_dim : 0.0);
}

// The vision tower of a Qwen2-VL / Qwen2.5-VL / Qwen3-VL config.json (`vision_config`), in the shape
// the catalog gives it (ModelSpec vision_*; count_vision_params counts it). Missing keys take
// transformers' config defaults (Qwen2VLVisionConfig: depth 32, embed_dim 1280, mlp_ratio 4, patch 14,
// temporal patch 2, merge 2). The processor's pixel limits are not in config.json
// (preprocessor_config.json): the family's published ones, as the catalog entries cite them.
void read_vision_tower(const Json& cfg, const Ctx& ctx, const std::string& type, ModelResult& out) {
    const bool q2 = type == "qwen2_vl", q25 = type == "qwen2_5_vl", q3 = type == "qwen3_vl";
    if (!(q2 || q25 || q3) || !cfg.contains("vision_config") || !cfg["vision_config"].is_object()) return;
    const Json& v = cfg["vision_config"];
    Ctx inner = ctx;
    inner.field_prefix += "vision_config.";
    inner.name_prefix += "vision_config.";
    HfReader r{v, inner, out.errors};
    const size_t before = out.errors.size();
    auto or_default = [](int got, int def) { return got > 0 ? got : def; };
    ModelSpec& m = out.model;
    m.vision_depth = or_default(r.integer({"depth"}, 1, 1000, false), 32);
    if (q2) { // Qwen2-VL: hidden_size is the merger's output; the ViT width is embed_dim
        m.vision_hidden = or_default(r.integer({"embed_dim"}, 1, 1e5, false), 1280);
        double ratio = 4;
        if (v.contains("mlp_ratio") && !v["mlp_ratio"].is_null())
            read_number(v["mlp_ratio"], inner, "mlp_ratio", Kind::number, 0.01, 100, out.errors, ratio);
        m.vision_ffn = static_cast<int>(m.vision_hidden * ratio);
    } else {
        m.vision_hidden = r.integer({"hidden_size"}, 1, 1e5, true);
        m.vision_ffn = r.integer({"intermediate_size"}, 1, 1e6, true);
    }
    m.vision_gated_ffn = q25;  // Qwen2.5-VL: SwiGLU MLP; Qwen2-VL, Qwen3-VL: fc1/fc2
    m.vision_layernorm = !q25; // Qwen2.5-VL: RMSNorm; the others LayerNorm (weight + bias)
    m.vision_patch_bias = q3;  // Qwen3-VL's patch embedding convolution has a bias
    m.vision_patch = or_default(r.integer({"patch_size"}, 1, 1e4, false), q3 ? 16 : 14);
    m.vision_temporal_patch = or_default(r.integer({"temporal_patch_size"}, 1, 100, false), 2);
    m.vision_merge = or_default(r.integer({"spatial_merge_size"}, 1, 100, false), 2);
    m.vision_pos_embeddings = q3 ? r.integer({"num_position_embeddings"}, 0, 1e7, false) : 0;
    m.vision_deepstack =
        q3 && v.contains("deepstack_visual_indexes") && v["deepstack_visual_indexes"].is_array()
            ? static_cast<int>(v["deepstack_visual_indexes"].size())
            : 0;
    if (q25) { // windowed attention: (window_size / patch)² patches per window, full attention in fullatt
               // blocks
        const int window_px = r.integer({"window_size"}, 0, 1e6, false);
        const int side = window_px / m.vision_patch;
        m.vision_window = side * side;
        m.vision_full_layers = v.contains("fullatt_block_indexes") && v["fullatt_block_indexes"].is_array()
                                   ? static_cast<int>(v["fullatt_block_indexes"].size())
                                   : 0;
    }
    // preprocessor_config.json: Qwen2-VL/2.5-VL min_pixels 3136, max_pixels 12845056; Qwen3-VL
    // size.shortest_edge 65536, size.longest_edge 16777216.
    m.image_min_pixels = q3 ? 65536 : 3136;
    m.image_max_pixels = q3 ? 16777216 : 12845056;
    if (out.errors.size() != before) m.vision_depth = 0; // a tower that did not read is no tower
}

} // namespace

void model_from_hf_object(const Json& cfg, const Ctx& ctx, ModelResult& out) {
    std::vector<FieldError>& errors = out.errors;
    size_t before = errors.size();
    if (!cfg.is_object()) {
        add_error(errors,
                  ctx.field_prefix.empty() ? "" : ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1),
                  ctx.subject_en + "a config.json must be a JSON object, got " + describe_value(cfg, false),
                  ctx.subject_zh + "config.json 必须是 JSON 对象，实际为 " + describe_value(cfg, true));
        return;
    }
    HfReader r{cfg, ctx, errors};
    const std::string type = r.text("model_type");
    if (read_language_sub_object(cfg, ctx, out)) { // Qwen3-VL: text_config, vision_config beside it
        if (errors.size() == before) read_vision_tower(cfg, ctx, type, out);
        return;
    }
    int dense_ffn = 0;
    ModelSpec m = read_shape(r, cfg, type, &dense_ffn);
    read_experts(r, dense_ffn, m);
    read_latent_attention(r, cfg, m);
    // If the names are missing the model is still usable: fall back to the type.
    m.name = r.text("_name_or_path");
    if (m.name.empty()) m.name = type.empty() ? "custom" : type;
    m.source = "config.json";
    if (errors.size() != before) return;
    check_model_relations(m, ctx, errors);
    if (errors.size() != before) return;

    const ParamCount count = count_params(m);
    const double per_layer = bias_params_per_layer(r, type, m);
    m.params = count.total + m.layers * per_layer;
    m.active_params = m.experts > 0 ? count.active + m.layers * per_layer : 0;
    if (!(m.params >= 1000 && m.params <= 1e14)) {
        std::string got = format_plain(m.params);
        range_error(errors, ctx, "params", Kind::number, 1000, 1e14, got, got);
        return;
    }
    out.model = std::move(m);
    read_vision_tower(cfg, ctx, type, out); // Qwen2-VL, Qwen2.5-VL: the text shape at the top level
}

} // namespace detail

ModelResult model_from_hf_config(std::string_view config_json_text) {
    ModelResult result;
    detail::Json cfg;
    if (!detail::parse_json(config_json_text, limits::kMaxConfigBytes, "the config.json", "config.json ", cfg,
                            result.errors))
        return result;
    detail::model_from_hf_object(cfg, detail::Ctx{}, result);
    return result;
}

} // namespace traincalc
