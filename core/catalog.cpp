// traincalc — core/catalog.cpp
// Catalog lookups, catalog JSON parsing and merging, parameter counting. Text in, values and
// bilingual messages out: no I/O, no exceptions. (Reading helpers: json_read.cpp; Hugging Face
// config.json: hf_import.cpp.)
//
// Index of this file:
// [SECTION] Field tables: GpuSpec and ModelSpec (types, ranges, units)
// [SECTION] Catalog lookups
// [SECTION] Parameter counting
// [SECTION] GPU and model objects
// [SECTION] parse_catalog() and merge_catalog()

#include "core/catalog.h"
#include "core/json_read.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio> // snprintf only (number formatting); no file functions in core/
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Field tables: GpuSpec and ModelSpec
//-----------------------------------------------------------------------------
// One row per member, in the struct's order. The catalog's keys are exactly these names.
//
//  GpuSpec key          type     range            unit    required
//  id                   string                            catalog
//  name                 string                            catalog
//  name_zh              string                            (its Chinese name; "" = name in both languages)
//  memory_gib           number   1 .. 4096        GiB     yes
//  tflops_16bit         number   0.01 .. 100000   TFLOPS  yes (dense, not 2:4 sparse)
//  tflops_fp8           number   0 | 0.01 .. 1e5  TFLOPS  (0 = no FP8)
//  bandwidth_gbps       number   0 .. 1000000     GB/s
//  nvlink_gbps          number   0 .. 100000      GB/s    (0 = PCIe only)
//  pcie_gen             integer  0 .. 6                   (0 = 5 from compute capability 9.0, else 4)
//  nic_gbps             number   0 .. 100000      GB/s    network between nodes per card and direction
//                                                         (0 = 25: one 200 Gb/s HDR port per card)
//  compute_capability   number   0 .. 100                 (0 = not NVIDIA)
//  tdp_w                number   0 .. 100000      W
//  utilization_default  number   0.01 .. 1        fraction
//  bf16, verified       boolean
//  price_cny_per_hour   number   0 .. 1e7         CNY/card/hour
//  price_cny_per_day    number   0 .. 1e8         CNY/card/day
//  price_cny_per_month  number   0 .. 1e9         CNY/card/month
//  price_usd_per_hour   number   0 .. 1e6         USD/card/hour
//  purchase_cny         number   0 .. 1e10        CNY/card
//  host_ram_gib         number   0 .. 1e6         GiB     (a rental node of 8 such cards; 0 = unknown)
//  host_ram_source      string                            where that figure comes from
//  source, price_source string                            where the figures and the prices come from
//
//  ModelSpec key        type     range            required
//  id, name, source     string                    id: catalog
//  name_zh              string                    (its Chinese name; "" = name in both languages)
//  params               number   1000 .. 1e14     yes, unless counted from the architecture
//  active_params        number   0 .. 1e14        (0 = params; counted for MoE when absent)
//  layers               integer  1 .. 10000       yes
//  hidden               integer  1 .. 1000000     yes
//  heads                integer  1 .. 100000      yes
//  kv_heads             integer  0 .. 100000      (0 = heads; at most heads)
//  ffn                  integer  0 .. 10000000    (per expert for MoE)
//  vocab                integer  1 .. 10000000    yes
//  context              integer  0 .. 100000000   (0 = unknown)
//  experts              integer  0 .. 100000      (0 = dense)
//  experts_per_token    integer  0 .. 100000      (at most experts; ≥ 1 for MoE)
//  gated_ffn, tied_embeddings  boolean
//  head_dim             integer  0 .. 100000      (0 = hidden / heads)
//  shared_experts       integer  0 .. 100000
//  dense_layers         integer  0 .. 10000       (at most layers)
//  dense_ffn            integer  0 .. 10000000
//  kv_lora_rank         integer  0 .. 1000000     (MLA; 0 = not MLA)
//  q_lora_rank          integer  0 .. 1000000     (MLA; 0 = full-rank query)
//  qk_nope_head_dim, qk_rope_head_dim  integer  0 .. 100000  (MLA: their sum ≥ 1)
//  v_head_dim           integer  0 .. 100000      (MLA: ≥ 1)
//  vision_depth         integer  0 .. 1000        (0 = text only; > 0 needs vision_hidden, vision_ffn,
//                                                 vision_patch, vision_merge ≥ 1)
//  vision_hidden, vision_ffn  integer  0 .. 100000
//  vision_gated_ffn, vision_layernorm, vision_patch_bias  boolean
//  vision_patch         integer  0 .. 1024   px   vision_temporal_patch, vision_merge  integer 0 .. 64
//  vision_pos_embeddings integer 0 .. 1e7         vision_deepstack  integer  0 .. 1000
//  vision_window        integer  0 .. 1e7  patches  vision_full_layers  integer  0 .. 1000 (≤ depth)
//  image_min_pixels, image_max_pixels  number  0 .. 1e10  px  (max ≥ min when both set)
namespace {

const FieldRow<GpuSpec> kGpuRows[] = {
    str_row<GpuSpec>("id", &GpuSpec::id),
    str_row<GpuSpec>("name", &GpuSpec::name),
    str_row<GpuSpec>("name_zh", &GpuSpec::name_zh),
    num_row<GpuSpec>("memory_gib", &GpuSpec::memory_gib, 1, 4096, "GiB", true),
    num_row<GpuSpec>("tflops_16bit", &GpuSpec::tflops_16bit, 0.01, 100000, "TFLOPS", true),
    unset_or_row<GpuSpec>("tflops_fp8", &GpuSpec::tflops_fp8, 0.01, 100000, "TFLOPS"),
    num_row<GpuSpec>("bandwidth_gbps", &GpuSpec::bandwidth_gbps, 0, 1e6, "GB/s"),
    num_row<GpuSpec>("nvlink_gbps", &GpuSpec::nvlink_gbps, 0, 1e5, "GB/s"),
    int_row<GpuSpec>("pcie_gen", &GpuSpec::pcie_gen, 0, 6, ""),
    num_row<GpuSpec>("nic_gbps", &GpuSpec::nic_gbps, 0, 1e5, "GB/s"),
    num_row<GpuSpec>("compute_capability", &GpuSpec::compute_capability, 0, 100, ""),
    num_row<GpuSpec>("tdp_w", &GpuSpec::tdp_w, 0, 1e5, "W"),
    num_row<GpuSpec>("utilization_default", &GpuSpec::utilization_default, 0.01, 1, "fraction"),
    bool_row<GpuSpec>("bf16", &GpuSpec::bf16),
    bool_row<GpuSpec>("verified", &GpuSpec::verified),
    num_row<GpuSpec>("price_cny_per_hour", &GpuSpec::price_cny_per_hour, 0, 1e7, "CNY/h"),
    num_row<GpuSpec>("price_cny_per_day", &GpuSpec::price_cny_per_day, 0, 1e8, "CNY/day"),
    num_row<GpuSpec>("price_cny_per_month", &GpuSpec::price_cny_per_month, 0, 1e9, "CNY/month"),
    num_row<GpuSpec>("price_usd_per_hour", &GpuSpec::price_usd_per_hour, 0, 1e6, "USD/h"),
    num_row<GpuSpec>("purchase_cny", &GpuSpec::purchase_cny, 0, 1e10, "CNY"),
    num_row<GpuSpec>("host_ram_gib", &GpuSpec::host_ram_gib, 0, 1e6, "GiB"),
    str_row<GpuSpec>("host_ram_source", &GpuSpec::host_ram_source),
    str_row<GpuSpec>("source", &GpuSpec::source),
    str_row<GpuSpec>("price_source", &GpuSpec::price_source),
};

const FieldRow<ModelSpec> kModelRows[] = {
    str_row<ModelSpec>("id", &ModelSpec::id),
    str_row<ModelSpec>("name", &ModelSpec::name),
    str_row<ModelSpec>("name_zh", &ModelSpec::name_zh),
    num_row<ModelSpec>("params", &ModelSpec::params, 1000, 1e14, "parameters"),
    num_row<ModelSpec>("active_params", &ModelSpec::active_params, 0, 1e14, "parameters"),
    int_row<ModelSpec>("layers", &ModelSpec::layers, 1, 10000, "", true),
    int_row<ModelSpec>("hidden", &ModelSpec::hidden, 1, 1e6, "", true),
    int_row<ModelSpec>("heads", &ModelSpec::heads, 1, 1e5, "", true),
    int_row<ModelSpec>("kv_heads", &ModelSpec::kv_heads, 0, 1e5, ""),
    int_row<ModelSpec>("ffn", &ModelSpec::ffn, 0, 1e7, ""),
    int_row<ModelSpec>("vocab", &ModelSpec::vocab, 1, 1e7, "tokens", true),
    int_row<ModelSpec>("context", &ModelSpec::context, 0, 1e8, "tokens"),
    int_row<ModelSpec>("experts", &ModelSpec::experts, 0, 1e5, ""),
    int_row<ModelSpec>("experts_per_token", &ModelSpec::experts_per_token, 0, 1e5, ""),
    bool_row<ModelSpec>("gated_ffn", &ModelSpec::gated_ffn),
    bool_row<ModelSpec>("tied_embeddings", &ModelSpec::tied_embeddings),
    str_row<ModelSpec>("source", &ModelSpec::source),
    int_row<ModelSpec>("head_dim", &ModelSpec::head_dim, 0, 1e5, ""),
    int_row<ModelSpec>("shared_experts", &ModelSpec::shared_experts, 0, 1e5, ""),
    int_row<ModelSpec>("dense_layers", &ModelSpec::dense_layers, 0, 1e4, ""),
    int_row<ModelSpec>("dense_ffn", &ModelSpec::dense_ffn, 0, 1e7, ""),
    int_row<ModelSpec>("kv_lora_rank", &ModelSpec::kv_lora_rank, 0, 1e6, ""),
    int_row<ModelSpec>("q_lora_rank", &ModelSpec::q_lora_rank, 0, 1e6, ""),
    int_row<ModelSpec>("qk_nope_head_dim", &ModelSpec::qk_nope_head_dim, 0, 1e5, ""),
    int_row<ModelSpec>("qk_rope_head_dim", &ModelSpec::qk_rope_head_dim, 0, 1e5, ""),
    int_row<ModelSpec>("v_head_dim", &ModelSpec::v_head_dim, 0, 1e5, ""),
    int_row<ModelSpec>("vision_depth", &ModelSpec::vision_depth, 0, 1000, ""),
    int_row<ModelSpec>("vision_hidden", &ModelSpec::vision_hidden, 0, 1e5, ""),
    int_row<ModelSpec>("vision_ffn", &ModelSpec::vision_ffn, 0, 1e5, ""),
    bool_row<ModelSpec>("vision_gated_ffn", &ModelSpec::vision_gated_ffn),
    bool_row<ModelSpec>("vision_layernorm", &ModelSpec::vision_layernorm),
    bool_row<ModelSpec>("vision_patch_bias", &ModelSpec::vision_patch_bias),
    int_row<ModelSpec>("vision_patch", &ModelSpec::vision_patch, 0, 1024, "px"),
    int_row<ModelSpec>("vision_temporal_patch", &ModelSpec::vision_temporal_patch, 0, 64, ""),
    int_row<ModelSpec>("vision_merge", &ModelSpec::vision_merge, 0, 64, ""),
    int_row<ModelSpec>("vision_pos_embeddings", &ModelSpec::vision_pos_embeddings, 0, 1e7, ""),
    int_row<ModelSpec>("vision_deepstack", &ModelSpec::vision_deepstack, 0, 1000, ""),
    int_row<ModelSpec>("vision_window", &ModelSpec::vision_window, 0, 1e7, "patches"),
    int_row<ModelSpec>("vision_full_layers", &ModelSpec::vision_full_layers, 0, 1000, ""),
    num_row<ModelSpec>("image_min_pixels", &ModelSpec::image_min_pixels, 0, 1e10, "px"),
    num_row<ModelSpec>("image_max_pixels", &ModelSpec::image_max_pixels, 0, 1e10, "px"),
};

} // namespace
} // namespace detail

//-----------------------------------------------------------------------------
// [SECTION] Catalog lookups
//-----------------------------------------------------------------------------

namespace {

using IdIndex = std::vector<std::pair<uint64_t, uint32_t>>;

// FNV-1a, 64 bits: the same on every platform (std::hash is not), cheap for short ids.
uint64_t id_hash(std::string_view id) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
    return h;
}

// id → a position, as the catalog is read (duplicate ids) and merged (a provider's entry replaces
// the one with its id): FNV-1a hashes in an open-addressing table, linear probing, at most half
// full. Linear in the number of ids, as std::unordered_map was, without its node allocator and
// prime bucket counts (~3 KB of the page's wasm).
class IdTable {
  public:
    // Room for `expected` ids (a power of two at least twice that many slots).
    explicit IdTable(size_t expected) {
        size_t n = 16;
        while (n < 2 * expected) n <<= 1;
        slots_.assign(n, Slot{});
    }

    // {position, true} after recording id → position; {the earlier position, false} when id was
    // recorded before (nothing changes).
    std::pair<size_t, bool> emplace(const std::string& id, size_t position) {
        const size_t mask = slots_.size() - 1;
        const uint64_t h = id_hash(id);
        for (size_t i = static_cast<size_t>(h ^ (h >> 32)) & mask;; i = (i + 1) & mask) {
            Slot& slot = slots_[i];
            if (slot.entry == kEmpty) {
                assert(2 * (ids_.size() + 1) <= slots_.size() &&
                       "IdTable: more ids than it was made for; pass their count to IdTable(n)");
                slot = {h, ids_.size()};
                ids_.push_back(id);
                positions_.push_back(position);
                return {position, true};
            }
            if (slot.hash == h && ids_[slot.entry] == id) return {positions_[slot.entry], false};
        }
    }

  private:
    static constexpr size_t kEmpty = SIZE_MAX;
    struct Slot {
        uint64_t hash = 0;
        size_t entry = kEmpty; // index into ids_ and positions_
    };
    std::vector<Slot> slots_;
    std::vector<std::string> ids_;
    std::vector<size_t> positions_;
};

template <class T> IdIndex make_index(const std::vector<T>& list) {
    IdIndex index;
    index.reserve(list.size());
    for (size_t i = 0; i < list.size(); ++i)
        index.emplace_back(id_hash(list[i].id), static_cast<uint32_t>(i));
    std::sort(index.begin(), index.end());
    return index;
}

template <class T> const T* find_in(const std::vector<T>& list, const IdIndex& index, std::string_view id) {
    const uint64_t h = id_hash(id);
    for (auto it = std::lower_bound(index.begin(), index.end(), std::make_pair(h, uint32_t(0)));
         it != index.end() && it->first == h; ++it)
        if (it->second < list.size() && list[it->second].id == id) return &list[it->second];
    // Absent, or the lists changed after index_ids(): a scan, never a wrong answer.
    for (const T& x : list)
        if (x.id == id) return &x;
    return nullptr;
}

} // namespace

const GpuSpec* Catalog::find_gpu(std::string_view id) const {
    return find_in(gpus, gpu_ids, id);
}

const ModelSpec* Catalog::find_model(std::string_view id) const {
    return find_in(models, model_ids, id);
}

void Catalog::index_ids() {
    gpu_ids = make_index(gpus);
    model_ids = make_index(models);
}

ModelSpec model_with_params(const Catalog& catalog, const ModelSpec& current, double params) {
    const ModelSpec* nearest = nullptr;
    for (const ModelSpec& preset : catalog.models)
        if (preset.experts == 0 && preset.params > 0 &&
            (!nearest ||
             std::fabs(std::log(preset.params / params)) < std::fabs(std::log(nearest->params / params))))
            nearest = &preset;
    ModelSpec custom = nearest ? *nearest : current;
    custom.id.clear();
    custom.name.clear();
    custom.name_zh.clear();
    custom.source.clear();
    custom.params = params;
    custom.active_params = 0;
    return custom;
}

//-----------------------------------------------------------------------------
// [SECTION] Parameter counting
//-----------------------------------------------------------------------------

ParamCount count_params(const ModelSpec& m) {
    ParamCount out;
    if (m.layers <= 0 || m.hidden <= 0 || m.heads <= 0 || m.vocab <= 0) return out;
    const double h = m.hidden;
    const double head_dim = m.head_dim > 0 ? m.head_dim : h / m.heads;
    const double kv_heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
    double attention = 0;
    if (m.kv_lora_rank > 0) {
        // MLA (DeepSeek-V2 paper, section 2.1; HF DeepseekV3Attention): q = h→q_rank (+ its norm)
        // →heads·(nope+rope); kv = h→kv_rank+rope (+ norm on kv_rank) →heads·(nope+v); o = heads·v→h.
        const double a = m.heads, q_rank = m.q_lora_rank, kv_rank = m.kv_lora_rank;
        const double qk = m.qk_nope_head_dim + m.qk_rope_head_dim;
        const double q = q_rank > 0 ? h * q_rank + q_rank + q_rank * a * qk : h * a * qk;
        const double kv =
            h * (kv_rank + m.qk_rope_head_dim) + kv_rank + kv_rank * a * (m.qk_nope_head_dim + m.v_head_dim);
        attention = q + kv + a * m.v_head_dim * h;
    } else {
        // q and o project h ↔ heads·head_dim; k and v project h → kv_heads·head_dim (GQA).
        attention = 2 * h * m.heads * head_dim + 2 * h * kv_heads * head_dim;
    }
    const double norms = 2 * h;                   // pre-attention and pre-FFN
    const double matrices = m.gated_ffn ? 3 : 2;  // gate, up, down / up, down
    const double ffn = m.ffn > 0 ? m.ffn : 4 * h; // classic 4h when not given
    const double embeddings = static_cast<double>(m.vocab) * h * (m.tied_embeddings ? 1 : 2);

    double total = m.layers * (attention + norms) + embeddings + h; // + final norm
    double active = total;
    if (m.experts > 0) {
        const double dense_layers = m.dense_layers < m.layers ? m.dense_layers : m.layers;
        const double moe_layers = m.layers - dense_layers;
        const double dense_ffn = matrices * h * (m.dense_ffn > 0 ? m.dense_ffn : ffn);
        const double expert = matrices * h * ffn;
        const double router = h * m.experts;
        const double shared = m.shared_experts * expert;
        total += dense_layers * dense_ffn + moe_layers * (router + m.experts * expert + shared);
        active += dense_layers * dense_ffn + moe_layers * (router + m.experts_per_token * expert + shared);
    } else {
        total += m.layers * matrices * h * ffn;
        active = total;
    }
    out.total = total;
    out.active = active;
    out.attention_per_layer = attention;
    return out;
}

VisionParamCount count_vision_params(const ModelSpec& m) {
    VisionParamCount out;
    if (m.vision_depth <= 0 || m.vision_hidden <= 0 || m.vision_patch <= 0 || m.vision_merge <= 0) return out;
    const double hv = m.vision_hidden, f = m.vision_ffn, out_h = m.hidden;
    const double norm = m.vision_layernorm ? 2 : 1; // LayerNorm: weight + bias
    // qkv h→3h and proj h→h with biases; MLP gate/up/down (SwiGLU) or fc1/fc2, each with a bias.
    const double mlp = m.vision_gated_ffn ? 3 * hv * f + 2 * f + hv : 2 * hv * f + f + hv;
    out.per_block = 2 * norm * hv + (3 * hv * hv + 3 * hv) + (hv * hv + hv) + mlp;
    const double t = m.vision_temporal_patch > 0 ? m.vision_temporal_patch : 1;
    const double patch_embed = 3 * t * m.vision_patch * m.vision_patch * hv + (m.vision_patch_bias ? hv : 0);
    out.per_patch = m.vision_depth * out.per_block + patch_embed;
    // Merger: norm, then merge²·h → merge²·h → the language model's width. Qwen3-VL's deepstack
    // mergers norm after the shuffle (merge²·h wide).
    const double hm = hv * m.vision_merge * m.vision_merge;
    const double linears = hm * hm + hm + hm * out_h + out_h;
    out.mergers = norm * hv + linears + m.vision_deepstack * (norm * hm + linears);
    out.total = out.per_patch + out.mergers + static_cast<double>(m.vision_pos_embeddings) * hv;
    return out;
}

ImageGrid image_grid(const ModelSpec& m, double width_px, double height_px, double max_pixels) {
    ImageGrid g;
    if (m.vision_depth <= 0 || m.vision_patch <= 0 || m.vision_merge <= 0 || width_px <= 0 || height_px <= 0)
        return g;
    // LLaMA-Factory's image_max_pixels first: both sides × √(max / (W·H)), truncated to whole pixels.
    if (max_pixels > 0 && width_px * height_px > max_pixels) {
        const double f = std::sqrt(max_pixels / (width_px * height_px));
        width_px = std::max(1.0, std::floor(width_px * f));
        height_px = std::max(1.0, std::floor(height_px * f));
    }
    const double factor = static_cast<double>(m.vision_patch) * m.vision_merge;
    // std::nearbyint in the default rounding mode rounds halves to even, as Python's round().
    double h = std::max(factor, std::nearbyint(height_px / factor) * factor);
    double w = std::max(factor, std::nearbyint(width_px / factor) * factor);
    if (m.image_max_pixels > 0 && h * w > m.image_max_pixels) {
        const double beta = std::sqrt(height_px * width_px / m.image_max_pixels);
        h = std::max(factor, std::floor(height_px / beta / factor) * factor);
        w = std::max(factor, std::floor(width_px / beta / factor) * factor);
    } else if (m.image_min_pixels > 0 && h * w < m.image_min_pixels) {
        const double beta = std::sqrt(m.image_min_pixels / (height_px * width_px));
        h = std::ceil(height_px * beta / factor) * factor;
        w = std::ceil(width_px * beta / factor) * factor;
    }
    g.height_px = h;
    g.width_px = w;
    g.rows = h / factor;
    g.cols = w / factor;
    g.tokens = g.rows * g.cols;
    g.patches = g.tokens * m.vision_merge * m.vision_merge;
    return g;
}

double kv_cache_values_per_token_layer(const ModelSpec& m) {
    if (m.hidden <= 0 || m.heads <= 0) return 0;
    if (m.kv_lora_rank > 0) return static_cast<double>(m.kv_lora_rank) + m.qk_rope_head_dim;
    const double head_dim = m.head_dim > 0 ? m.head_dim : static_cast<double>(m.hidden) / m.heads;
    return 2 * (m.kv_heads > 0 ? m.kv_heads : m.heads) * head_dim;
}

namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] GPU and model objects
//-----------------------------------------------------------------------------

namespace {

// "gpus[3] (id \"A100-80G\"): " once the id is known, "gpus[3]: " before.
Ctx entry_ctx(const std::string& list, size_t index, const Json& entry) {
    std::string where = list + "[" + std::to_string(index) + "]";
    Ctx ctx;
    ctx.field_prefix = where + ".";
    ctx.subject_en = where + ": ";
    ctx.subject_zh = where + "：";
    if (entry.is_object() && entry.contains("id") && entry["id"].is_string()) {
        std::string id = truncate_utf8(entry["id"].get_ref<const std::string&>(), 60);
        ctx.subject_en = where + " (id \"" + id + "\"): ";
        ctx.subject_zh = where + "（id \"" + id + "\"）：";
    }
    return ctx;
}

// A scenario's custom card also takes "nvlink": true/false or GB/s (docs/design.md spelling).
bool gpu_extra_key(const std::string& key, const Json& v, const Ctx& ctx, GpuSpec& out,
                   std::vector<FieldError>& errors) {
    if (key != "nvlink") return false;
    if (v.is_boolean())
        out.nvlink_gbps = v.get<bool>() ? 600 : 0; // true: A100-class NVLink 3
    else {
        double d = 0;
        if (read_number(v, ctx, "nvlink", Kind::number, 0, 1e5, errors, d)) out.nvlink_gbps = d;
    }
    return true;
}

void check_required(const Json& obj, const FieldRow<GpuSpec>* rows, size_t n, const Ctx& ctx,
                    std::vector<FieldError>& errors) {
    for (size_t i = 0; i < n; ++i)
        if (rows[i].required && !obj.contains(rows[i].key)) required_error(errors, ctx, rows[i].key);
}

} // namespace

// A name is one line: a provider's "H100 80GB\n(Shanghai)" drew over the next row of the page's GPU
// table. Tabs and line breaks (and VT, FF) become spaces; reports strip the other control characters.
static void one_line(std::string& name) {
    for (char& c : name)
        if (c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f') c = ' ';
}

bool read_gpu_object(const Json& obj, const Ctx& ctx, bool require_id, GpuSpec& out,
                     std::vector<FieldError>& errors) {
    size_t before = errors.size();
    if (!obj.is_object()) {
        add_error(errors,
                  ctx.field_prefix.empty() ? "" : ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1),
                  ctx.subject_en + "a GPU must be a JSON object, got " + describe_value(obj, false),
                  ctx.subject_zh + "GPU 必须是 JSON 对象，实际为 " + describe_value(obj, true));
        return false;
    }
    GpuSpec g;
    if (require_id) {
        if (!obj.contains("id")) required_error(errors, ctx, "id");
        if (!obj.contains("name")) required_error(errors, ctx, "name");
    }
    check_required(obj, kGpuRows, sizeof kGpuRows / sizeof kGpuRows[0], ctx, errors);
    read_object(kGpuRows, obj, ctx, g, errors, require_id ? nullptr : gpu_extra_key);
    if (require_id && obj.contains("id") && obj["id"].is_string() && g.id.empty())
        add_error(errors, ctx.field_prefix + "id", ctx.subject_en + "id must not be empty",
                  ctx.subject_zh + "id 不能为空");
    if (errors.size() != before) return false;
    one_line(g.name);
    one_line(g.name_zh);
    out = std::move(g);
    return true;
}

// Relations between fields that no single range can express.
void check_model_relations(const ModelSpec& m, const Ctx& ctx, std::vector<FieldError>& errors) {
    auto rel = [&](const char* key, const std::string& en, const std::string& zh) {
        add_error(errors, ctx.field_prefix + key, ctx.subject_en + ctx.name_prefix + key + " " + en,
                  ctx.subject_zh + ctx.name_prefix + key + " " + zh);
    };
    if (m.kv_heads > m.heads)
        rel("kv_heads",
            "must be at most heads (" + format_plain(m.heads) + "), got " + format_plain(m.kv_heads),
            "不能超过 heads（" + format_plain(m.heads) + "），实际为 " + format_plain(m.kv_heads));
    if (m.experts_per_token > m.experts)
        rel("experts_per_token",
            "must be at most experts (" + format_plain(m.experts) + "), got " +
                format_plain(m.experts_per_token),
            "不能超过 experts（" + format_plain(m.experts) + "），实际为 " +
                format_plain(m.experts_per_token));
    if (m.experts > 0 && m.experts_per_token < 1)
        rel("experts_per_token",
            "must be at least 1 when experts is set, got " + format_plain(m.experts_per_token),
            "在设置了 experts 时至少为 1，实际为 " + format_plain(m.experts_per_token));
    if (m.dense_layers > m.layers)
        rel("dense_layers",
            "must be at most layers (" + format_plain(m.layers) + "), got " + format_plain(m.dense_layers),
            "不能超过 layers（" + format_plain(m.layers) + "），实际为 " + format_plain(m.dense_layers));
    if (m.kv_lora_rank > 0 && m.v_head_dim < 1)
        rel("v_head_dim", "must be at least 1 when kv_lora_rank is set, got " + format_plain(m.v_head_dim),
            "在设置了 kv_lora_rank 时至少为 1，实际为 " + format_plain(m.v_head_dim));
    if (m.kv_lora_rank > 0 && m.qk_nope_head_dim + m.qk_rope_head_dim < 1)
        rel("qk_nope_head_dim", "plus qk_rope_head_dim must be at least 1 when kv_lora_rank is set, got 0",
            "与 qk_rope_head_dim 之和在设置了 kv_lora_rank 时至少为 1，实际为 0");
    if (m.vision_depth > 0)
        for (auto [key, v] : {std::pair<const char*, int>{"vision_hidden", m.vision_hidden},
                              {"vision_ffn", m.vision_ffn},
                              {"vision_patch", m.vision_patch},
                              {"vision_merge", m.vision_merge}})
            if (v < 1)
                rel(key, "must be at least 1 when vision_depth is set, got " + format_plain(v),
                    "在设置了 vision_depth 时至少为 1，实际为 " + format_plain(v));
    if (m.vision_full_layers > m.vision_depth)
        rel("vision_full_layers",
            "must be at most vision_depth (" + format_plain(m.vision_depth) + "), got " +
                format_plain(m.vision_full_layers),
            "不能超过 vision_depth（" + format_plain(m.vision_depth) + "），实际为 " +
                format_plain(m.vision_full_layers));
    if (m.image_max_pixels > 0 && m.image_max_pixels < m.image_min_pixels)
        rel("image_max_pixels",
            "must be at least image_min_pixels (" + format_plain(m.image_min_pixels) + "), got " +
                format_plain(m.image_max_pixels),
            "不能小于 image_min_pixels（" + format_plain(m.image_min_pixels) + "），实际为 " +
                format_plain(m.image_max_pixels));
    if (m.params > 0 && m.active_params > m.params)
        rel("active_params",
            "must be at most params (" + format_plain(m.params) + "), got " + format_plain(m.active_params),
            "不能超过 params（" + format_plain(m.params) + "），实际为 " + format_plain(m.active_params));
}

namespace {} // namespace

bool read_model_object(const Json& obj, const Ctx& ctx, bool require_id, ModelSpec& out,
                       std::vector<FieldError>& errors) {
    size_t before = errors.size();
    if (!obj.is_object()) {
        add_error(errors,
                  ctx.field_prefix.empty() ? "" : ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1),
                  ctx.subject_en + "a model must be a JSON object, got " + describe_value(obj, false),
                  ctx.subject_zh + "模型必须是 JSON 对象，实际为 " + describe_value(obj, true));
        return false;
    }
    ModelSpec m;
    if (require_id && !obj.contains("id")) required_error(errors, ctx, "id");
    for (const FieldRow<ModelSpec>& r : kModelRows)
        if (r.required && !obj.contains(r.key)) required_error(errors, ctx, r.key);
    read_object(kModelRows, obj, ctx, m, errors);
    if (require_id && obj.contains("id") && obj["id"].is_string() && m.id.empty())
        add_error(errors, ctx.field_prefix + "id", ctx.subject_en + "id must not be empty",
                  ctx.subject_zh + "id 不能为空");
    if (errors.size() != before) return false;
    one_line(m.name);
    one_line(m.name_zh);
    check_model_relations(m, ctx, errors);
    if (errors.size() != before) return false;
    // Params may be left out when the architecture determines them.
    ParamCount counted = count_params(m);
    if (!obj.contains("params")) {
        if (counted.total < 1000) {
            required_error(errors, ctx, "params");
            return false;
        }
        m.params = counted.total;
        if (!obj.contains("active_params") && m.experts > 0) m.active_params = counted.active;
    } else if (!obj.contains("active_params") && m.experts > 0 && counted.total > 0) {
        // Scale the counted active share to the listed total.
        m.active_params = m.params * counted.active / counted.total;
    }
    out = std::move(m);
    return true;
}

bool read_gpu_fields(const Json& obj, const Ctx& ctx, GpuSpec& out, std::vector<FieldError>& errors) {
    if (!obj.is_object()) {
        type_error(errors, Ctx{}, ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1).c_str(),
                   "an object", "对象", obj);
        return false;
    }
    GpuSpec g = out;
    if (!read_object(kGpuRows, obj, ctx, g, errors, gpu_extra_key)) return false;
    out = std::move(g);
    return true;
}

bool read_model_fields(const Json& obj, const Ctx& ctx, ModelSpec& out, std::vector<FieldError>& errors) {
    if (!obj.is_object()) {
        type_error(errors, Ctx{}, ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1).c_str(),
                   "an object", "对象", obj);
        return false;
    }
    ModelSpec m = out;
    if (!read_object(kModelRows, obj, ctx, m, errors)) return false;
    out = std::move(m);
    return true;
}

Json gpu_to_json(const GpuSpec& g) {
    Json j = Json::object();
    for (const FieldRow<GpuSpec>& r : kGpuRows) {
        switch (r.kind) {
        case Kind::number:
            j[r.key] = g.*r.num;
            break;
        case Kind::integer:
            j[r.key] = g.*r.integer;
            break;
        case Kind::boolean:
            j[r.key] = g.*r.flag;
            break;
        case Kind::string:
            j[r.key] = g.*r.str;
            break;
        case Kind::enumeration:
            break;
        }
    }
    return j;
}

Json model_to_json(const ModelSpec& m) {
    Json j = Json::object();
    for (const FieldRow<ModelSpec>& r : kModelRows) {
        switch (r.kind) {
        case Kind::number:
            j[r.key] = m.*r.num;
            break;
        case Kind::integer:
            j[r.key] = m.*r.integer;
            break;
        case Kind::boolean:
            j[r.key] = m.*r.flag;
            break;
        case Kind::string:
            j[r.key] = m.*r.str;
            break;
        case Kind::enumeration:
            break;
        }
    }
    if (m.vision_depth == 0) // text-only models: no vision keys (the written models stay as they were)
        for (const FieldRow<ModelSpec>& r : kModelRows)
            if (std::strncmp(r.key, "vision_", 7) == 0 || std::strncmp(r.key, "image_", 6) == 0)
                j.erase(r.key);
    return j;
}

void check_gpu(const GpuSpec& g, const Ctx& ctx, std::vector<FieldError>& errors) {
    for (const FieldRow<GpuSpec>& r : kGpuRows) check_row(r, g, ctx, errors);
}

void check_model(const ModelSpec& m, const Ctx& ctx, std::vector<FieldError>& errors) {
    size_t before = errors.size();
    for (const FieldRow<ModelSpec>& r : kModelRows) check_row(r, m, ctx, errors);
    if (errors.size() == before) check_model_relations(m, ctx, errors);
}

//-----------------------------------------------------------------------------
// [SECTION] parse_catalog() and merge_catalog()
//-----------------------------------------------------------------------------

namespace {

struct Lists {
    std::vector<GpuSpec> gpus;
    std::vector<ModelSpec> models;
    bool has_gpus = false, has_models = false;
    bool replace = false;
    size_t dropped_errors = 0; // past limits::kMaxErrors: counted, not kept
};

// Reads one list, skipping (and reporting) bad and duplicate entries.
template <class T>
void read_list(const Json& doc, const char* list, std::vector<T>& out, bool& present,
               std::vector<FieldError>& errors, size_t& dropped,
               bool (*read)(const Json&, const Ctx&, bool, T&, std::vector<FieldError>&)) {
    if (!doc.contains(list)) return;
    const Json& arr = doc[list];
    if (!arr.is_array()) {
        add_error(errors, list, std::string(list) + " must be an array, got " + describe_value(arr, false),
                  std::string(list) + " 必须是数组，实际为 " + describe_value(arr, true));
        return;
    }
    present = true;
    // Where each accepted id was defined: hashed, so 100,000 entries load in linear time.
    IdTable first_index(arr.size());
    for (size_t i = 0; i < arr.size(); ++i) {
        // Past the kept errors, an entry that is not an object is one more error, counted without
        // making its message: an 8 MiB array of 4 million zeros took 30 s to be refused.
        if (!arr[i].is_object() && errors.size() >= limits::kMaxErrors) {
            ++dropped;
            continue;
        }
        Ctx ctx = entry_ctx(list, i, arr[i]);
        T item;
        const bool ok = read(arr[i], ctx, true, item, errors);
        if (errors.size() > limits::kMaxErrors) { // counted but not kept: memory stays bounded
            dropped += errors.size() - limits::kMaxErrors;
            errors.resize(limits::kMaxErrors);
        }
        if (!ok) continue;
        auto [at, inserted] = first_index.emplace(item.id, i);
        if (!inserted) {
            std::string first = std::string(list) + "[" + std::to_string(at) + "]";
            add_error(errors, ctx.field_prefix + "id",
                      ctx.subject_en + "duplicate id, first defined at " + first,
                      ctx.subject_zh + "id 重复，首次定义于 " + first);
            continue;
        }
        out.push_back(std::move(item));
    }
}

// The document-level keys shared by a catalog and a provider catalog.
bool parse_document(std::string_view text, bool provider, Catalog& settings, Lists& lists,
                    std::vector<FieldError>& errors) {
    Json doc;
    if (!parse_json(text, limits::kMaxCatalogBytes, "the catalog", "目录", doc, errors)) return false;
    if (!doc.is_object()) {
        add_error(errors, "", "a catalog must be a JSON object, got " + describe_value(doc, false),
                  "目录必须是 JSON 对象，实际为 " + describe_value(doc, true));
        return false;
    }
    Ctx top;
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        const std::string& key = it.key();
        const Json& v = it.value();
        double d = 0;
        if (key == "gpus" || key == "models") continue; // read below
        if (key == "version") {
            read_number(v, top, "version", Kind::integer, 1, 1, errors, d);
        } else if (key == "prices_date") {
            if (v.is_string())
                settings.prices_date = v.get_ref<const std::string&>();
            else
                type_error(errors, top, "prices_date", "a string", "字符串", v);
        } else if (key == "cny_per_usd") {
            if (read_number(v, top, "cny_per_usd", Kind::number, 0.01, 1000, errors, d))
                settings.cny_per_usd = d;
        } else if (provider && key == "only_provider") {
            if (v.is_boolean())
                settings.only_provider = v.get<bool>();
            else
                type_error(errors, top, "only_provider", "true or false", "布尔值（true 或 false）", v);
        } else if (provider && key == "default_gpu") {
            if (v.is_string())
                settings.start_gpu = v.get_ref<const std::string&>(); // checked once merged
            else
                type_error(errors, top, "default_gpu", "a GPU id (a string)", "GPU id（字符串）", v);
        } else if (provider && key == "mode") {
            static const char* const kModes[] = {"extend", "replace"};
            if (v.is_string() && v.get_ref<const std::string&>() == "replace")
                lists.replace = true;
            else if (!v.is_string() || v.get_ref<const std::string&>() != "extend")
                enum_error(errors, top, "mode", kModes, 2, v);
        } else {
            unknown_key_error(errors, top, key);
        }
    }
    read_list<GpuSpec>(doc, "gpus", lists.gpus, lists.has_gpus, errors, lists.dropped_errors,
                       read_gpu_object);
    read_list<ModelSpec>(doc, "models", lists.models, lists.has_models, errors, lists.dropped_errors,
                         read_model_object);
    return true;
}

template <class T> void extend_list(std::vector<T>& base, std::vector<T>& extra) {
    IdTable index(base.size() + extra.size()); // id → position in base: linear, not base × extra
    for (size_t i = 0; i < base.size(); ++i) index.emplace(base[i].id, i);
    for (T& item : extra) {
        auto [at, inserted] = index.emplace(item.id, base.size());
        if (inserted)
            base.push_back(std::move(item));
        else
            base[at] = std::move(item);
    }
}

} // namespace
} // namespace detail

CatalogResult parse_catalog(std::string_view json_text) {
    CatalogResult result;
    detail::Lists lists;
    if (!detail::parse_document(json_text, false, result.catalog, lists, result.errors)) return result;
    detail::cap_errors(result.errors, lists.dropped_errors);
    result.catalog.gpus = std::move(lists.gpus);
    result.catalog.models = std::move(lists.models);
    result.catalog.index_ids();
    return result;
}

CatalogResult merge_catalog(const Catalog& base, std::string_view provider_json_text) {
    CatalogResult result;
    result.catalog = base;
    detail::Lists lists;
    if (!detail::parse_document(provider_json_text, true, result.catalog, lists, result.errors))
        return result;
    detail::cap_errors(result.errors, lists.dropped_errors);
    for (GpuSpec& g : lists.gpus) g.from_provider = true; // the comparison lists these first
    if (lists.replace) {
        if (lists.has_gpus) result.catalog.gpus = std::move(lists.gpus);
        if (lists.has_models) result.catalog.models = std::move(lists.models);
    } else {
        detail::extend_list(result.catalog.gpus, lists.gpus);
        detail::extend_list(result.catalog.models, lists.models);
    }
    result.catalog.index_ids();
    // A provider's page starts on a card it offers: the one named, else its first when it lists
    // only its own (the built-in default would show another seller's card and price).
    Catalog& c = result.catalog;
    if (!c.start_gpu.empty() && !c.find_gpu(c.start_gpu)) {
        const std::string shown = detail::truncate_utf8(c.start_gpu, 60);
        detail::add_error(result.errors, "default_gpu",
                          "unknown GPU id \"" + shown +
                              "\": not in the catalog; the page starts on its default",
                          "未知的 GPU id \"" + shown + "\"：目录中没有；页面从默认 GPU 开始");
        c.start_gpu.clear();
    }
    if (c.start_gpu.empty() && c.only_provider)
        for (const GpuSpec& g : c.gpus)
            if (g.from_provider) {
                c.start_gpu = g.id;
                break;
            }
    return result;
}

} // namespace traincalc
