// traincalc — core/catalog.h
// The GPU and model catalogs: what a card can do and costs, what a model is made of.
//
// Index of this file:
// [SECTION] GpuSpec
// [SECTION] ModelSpec
// [SECTION] Catalog
// [SECTION] Parsing (JSON text in, values + messages out; no I/O)
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace traincalc {

// An input problem: which field, what is wrong, in both languages. Bad external data
// returns these; programmer errors assert.
struct FieldError {
    std::string field;      // JSON path, e.g. "gpus[3].memory_gib" or "model.layers"
    std::string message;    // English: names the field, the value given and the allowed range
    std::string message_zh; // Simplified Chinese, same content
};

//-----------------------------------------------------------------------------
// [SECTION] GpuSpec
//-----------------------------------------------------------------------------

struct GpuSpec {
    std::string id;      // catalog id, e.g. "A100-80G"
    std::string name;    // display name, e.g. "NVIDIA A100 80GB SXM"
    std::string name_zh; // its Chinese display name where words differ ("…（国内魔改版）"); "" = name
    double memory_gib = 0;         // nominal memory, GiB
    double tflops_16bit = 0;       // dense BF16/FP16 tensor TFLOPS (FP32 accumulate), not 2:4 sparse
    double tflops_fp8 = 0;         // dense FP8 TFLOPS; 0 = no FP8
    double bandwidth_gbps = 0;     // memory bandwidth, GB/s; 0 = unknown
    double nvlink_gbps = 0;        // NVLink (or HCCS) bandwidth per card, GB/s; 0 = PCIe only
    int pcie_gen = 0;              // PCIe generation of the card's x16 link (3-6); 0 = 5 from CC 9.0, else 4
    double nic_gbps = 0;           // network between nodes per card and direction, GB/s; 0 = 25 (HDR IB)
    double compute_capability = 0; // CUDA compute capability, e.g. 8.0; 0 = not NVIDIA
    double tdp_w = 0;              // board power, W
    double utilization_default = 0.4; // typical fraction of peak reached in training
    bool bf16 = true;                 // native bf16 (false below CC 8.0)
    bool verified = true;             // false = figures from unverified sources
    // Reference prices: edit to your own quote. 0 = not offered.
    double price_cny_per_hour = 0;  // per card
    double price_cny_per_day = 0;   // per card
    double price_cny_per_month = 0; // per card
    double price_usd_per_hour = 0;  // per card
    double purchase_cny = 0;        // per card, street price
    double host_ram_gib = 0;        // host RAM of a typical rental node of 8 such cards, GiB; 0 = unknown
    std::string host_ram_source;    // where that figure comes from
    std::string source;             // where the spec figures come from (and date)
    std::string price_source;       // where the prices come from (and date)
    bool from_provider = false;     // set by merge_catalog(): the provider's own entry (listed first)
};

//-----------------------------------------------------------------------------
// [SECTION] ModelSpec
//-----------------------------------------------------------------------------

struct ModelSpec {
    std::string id;   // lower case, e.g. "qwen2.5-7b"; empty for a custom model
    std::string name; // display name
    std::string name_zh; // its Chinese display name where words differ ("…（语言模型部分）"); "" = name
    double params = 0;            // N: total parameters
    double active_params = 0;     // N_act per token (MoE); 0 = same as params
    int layers = 0;               // L
    int hidden = 0;               // h
    int heads = 0;                // a: attention (query) heads
    int kv_heads = 0;             // key/value heads (GQA); 0 = heads
    int ffn = 0;                  // feed-forward (intermediate) width; per expert for MoE
    int vocab = 0;                // V
    int context = 0;              // maximum sequence length the model was trained for; 0 = unknown
    int experts = 0;              // routed experts per MoE layer; 0 = dense
    int experts_per_token = 0;    // routed experts active per token
    bool gated_ffn = true;        // SwiGLU/GeGLU: three FFN matrices instead of two
    bool tied_embeddings = false; // input and output embeddings shared
    std::string source;           // config.json it comes from
    // Added for exact parameter counts (all optional; 0 = the simple case).
    int head_dim = 0;       // per attention head; 0 = hidden / heads (Gemma-2: 256)
    int shared_experts = 0; // MoE: always-active experts of width ffn (DeepSeek, Qwen-MoE)
    int dense_layers = 0;   // MoE: leading layers with a dense FFN (DeepSeek first_k_dense_replace)
    int dense_ffn = 0;      // MoE: FFN width of those dense layers; 0 = ffn
    // Multi-head latent attention (DeepSeek-V2/V3/R1, Kimi K2; DeepSeek-V2 paper, section 2.1):
    // keys and values are up-projected from one cached latent per token. 0 = ordinary attention.
    int kv_lora_rank = 0;     // MLA: width of the key/value latent; > 0 turns MLA on (512)
    int q_lora_rank = 0;      // MLA: width of the query latent; 0 = full-rank query (1536)
    int qk_nope_head_dim = 0; // MLA: per-head query/key width without rotary position (128)
    int qk_rope_head_dim = 0; // MLA: per-head rotary width; its key is shared by all heads (64)
    int v_head_dim = 0;       // MLA: per-head value width (128)
    // Vision tower of a vision-language model (Qwen2-VL/2.5-VL/3-VL config.json vision_config): a ViT
    // over patch_size² pixel patches (× temporal_patch_size frames: a still image is repeated), and
    // mergers joining merge² patches into one language-model token of width `hidden`.
    int vision_depth = 0;           // ViT blocks (depth: 32); 0 = a text-only model
    int vision_hidden = 0;          // ViT width (hidden_size: 1280)
    int vision_ffn = 0;             // ViT MLP width (intermediate_size: 3420)
    bool vision_gated_ffn = false;  // SwiGLU MLP (Qwen2.5-VL), else fc1/fc2 (Qwen2-VL, Qwen3-VL)
    bool vision_layernorm = false;  // LayerNorm norms (weight + bias; Qwen3-VL), else RMSNorm (weight)
    bool vision_patch_bias = false; // the patch embedding's convolution has a bias (Qwen3-VL)
    int vision_patch = 0;           // patch_size, pixels (14; Qwen3-VL 16)
    int vision_temporal_patch = 0;  // temporal_patch_size (2); 0 = 1
    int vision_merge = 0;           // spatial_merge_size (2): merge² patches per token
    int vision_pos_embeddings = 0;  // learned position table rows (Qwen3-VL num_position_embeddings)
    int vision_deepstack = 0;       // extra mergers (Qwen3-VL deepstack_visual_indexes: 3)
    int vision_window = 0;          // patches per attention window ((window_size/patch)²: 64); 0 = full
    int vision_full_layers = 0;     // blocks with full attention when windowed (fullatt_block_indexes)
    double image_min_pixels = 0;    // the processor's min_pixels (3136); 0 = none
    double image_max_pixels = 0;    // the processor's max_pixels (12845056); 0 = none
};

//-----------------------------------------------------------------------------
// [SECTION] Catalog
//-----------------------------------------------------------------------------

struct Catalog {
    std::vector<GpuSpec> gpus;
    std::vector<ModelSpec> models;
    double cny_per_usd = 7.2;   // exchange rate used for USD display and USD-only prices
    std::string prices_date;    // when the reference prices were collected
    bool only_provider = false; // provider catalog's "only_provider": compare only its GPUs
    // The card a visit starts on when no link or saved scenario names one: a provider catalog's
    // "default_gpu", else its first card when "only_provider" ("" = the scenario's own default).
    std::string start_gpu;

    const GpuSpec* find_gpu(std::string_view id) const;     // nullptr when absent; O(log n) when indexed
    const ModelSpec* find_model(std::string_view id) const; // nullptr when absent; O(log n) when indexed

    // The id index: (hash of id, position) pairs sorted, made by parse_catalog(), merge_catalog()
    // and index_ids(). A provider's 100,000 cards are looked up once per card in the comparison:
    // a scan each time was O(n²) (110 s for 100,000). Call index_ids() after changing the lists in
    // code; a stale index is only slower (find_* check each hit and scan on a miss), never wrong.
    std::vector<std::pair<uint64_t, uint32_t>> gpu_ids, model_ids;
    void index_ids();
};

// A custom model of `params` parameters with the shape (layers, width, heads, vocabulary) of the
// dense catalog model nearest in log(parameters) — the page's parameters slider. Falls back to
// `current`'s shape when the catalog has no dense model. id, name and source are cleared.
ModelSpec model_with_params(const Catalog& catalog, const ModelSpec& current, double params);

//-----------------------------------------------------------------------------
// [SECTION] Parsing
//-----------------------------------------------------------------------------

struct CatalogResult {
    Catalog catalog;                // valid entries only
    std::vector<FieldError> errors; // one per malformed entry or field; empty = all good
};

// Parses a catalog document: {"gpus":[...], "models":[...], "cny_per_usd":7.2, ...}.
// Either list may be absent. Never throws, never asserts on bad text.
CatalogResult parse_catalog(std::string_view json_text);

// A provider's catalog applied over a base one: {"mode":"extend"|"replace", "gpus":[...], ...}.
// extend: entries with a known id replace that entry, new ids are appended.
CatalogResult merge_catalog(const Catalog& base, std::string_view provider_json_text);

// The built-in catalog text, embedded at build time from assets/catalog.json (generated
// source; no file is read at run time). Parse it with parse_catalog(); the caller owns it.
std::string_view builtin_catalog_json();

// Parameters counted from a ModelSpec's architecture (embeddings, attention with GQA and
// head_dim, FFN, norms, output head unless tied, MoE router/experts/shared experts).
// Zero when the architecture is incomplete (layers, hidden, heads or vocab missing).
struct ParamCount {
    double total = 0;               // N
    double active = 0;              // N_act per token (== total for dense models)
    double attention_per_layer = 0; // one layer's q, k, v, o weights (MLA: its projections + latent norms)
};
ParamCount count_params(const ModelSpec& m);

// A vision tower's parameters from its shape (core/catalog.cpp: count_vision_params): the blocks
// (norms, qkv and output projections with biases, MLP with biases) and the patch embedding, which
// run per patch; the mergers (norm, two linears with biases), which run per merged token; the
// position table. All zero for a text-only model (vision_depth 0).
struct VisionParamCount {
    double total = 0;     // N_vis
    double per_block = 0; // one ViT block
    double per_patch = 0; // blocks + patch embedding: the weights each patch goes through
    double mergers = 0;   // the merger (+ deepstack mergers): the weights each image token goes through
};
VisionParamCount count_vision_params(const ModelSpec& m);

// An image's size as the model's processor resizes it (Qwen2-VL image processor smart_resize,
// transformers image_processing_qwen2_vl.py; qwen-vl-utils vision_process.py): each side rounded to
// the nearest multiple of factor = patch·merge (Python round: halves to even), at least one factor;
// above max_pixels both sides scaled by √(H·W/max) and floored to the factor, below min_pixels
// scaled up and ceiled. max_pixels > 0 first shrinks a larger image as LLaMA-Factory's
// image_max_pixels does (mm_plugin _preprocess_image: both sides × √(max/(W·H)), truncated).
struct ImageGrid {
    double height_px = 0, width_px = 0; // after resizing
    double rows = 0, cols = 0;          // tokens along each side: side / (patch · merge)
    double tokens = 0;                  // rows · cols: the image's tokens in the language model
    double patches = 0; // tokens · merge²: the ViT's sequence (one frame of temporal patches)
};
ImageGrid image_grid(const ModelSpec& m, double width_px, double height_px, double max_pixels = 0);

// Values a generating model caches per token per layer (times bytes per value: 2 in 16-bit):
// a key and a value of kv_heads·head_dim each, or MLA's one latent of kv_lora_rank +
// qk_rope_head_dim (DeepSeek-V2 paper, table 1: (d_c + d_h^R)·l per token). 0 when incomplete.
double kv_cache_values_per_token_layer(const ModelSpec& m);

} // namespace traincalc
