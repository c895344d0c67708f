// traincalc — core/catalog.cpp
// Catalog lookups, catalog JSON parsing and merging, parameter counting, and Hugging Face
// config.json import. Text in, values and bilingual messages out: no I/O, no exceptions.
//
// Index of this file:
// [SECTION] Messages and formatting (shared through json_read.h)
// [SECTION] Field tables: GpuSpec and ModelSpec (types, ranges, units)
// [SECTION] Catalog lookups
// [SECTION] Parameter counting
// [SECTION] GPU and model objects
// [SECTION] parse_catalog() and merge_catalog()
// [SECTION] Hugging Face config.json

#include "core/catalog.h"
#include "core/json_read.h"

#include <cmath>
#include <cstdio>   // snprintf only (number formatting); no file functions in core/
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Messages and formatting
//-----------------------------------------------------------------------------

void add_error(std::vector<FieldError>& errors, std::string field, std::string en, std::string zh) {
    errors.push_back(FieldError{std::move(field), std::move(en), std::move(zh)});
}

std::string format_plain(double v) {
    if (std::isnan(v)) return "NaN";
    if (v == 0) return "0"; // never "-0"
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    char buf[64];
    // Integers below 1e7 read best in full ("65536", "1000000"); larger ones as "1e15".
    if (v == std::floor(v) && std::fabs(v) < 1e7) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    // "1e+15" → "1e15", "1e-05" → "1e-5": still valid JSON and C numbers.
    std::string out = buf;
    size_t e = out.find('e');
    if (e != std::string::npos) {
        std::string mantissa = out.substr(0, e), exponent = out.substr(e + 1);
        bool negative = !exponent.empty() && exponent[0] == '-';
        size_t digits = exponent.find_first_not_of("+-0");
        out = mantissa + "e" + (negative ? "-" : "") + (digits == std::string::npos ? "0" : exponent.substr(digits));
    }
    return out;
}

bool valid_utf8(std::string_view s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > n) return false;
        unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
        for (size_t k = 1; k < len; ++k) {
            unsigned char cc = static_cast<unsigned char>(s[i + k]);
            if ((cc >> 6) != 0x2) return false;
            cp = (cp << 6) | (cc & 0x3Fu);
        }
        // Overlong forms, surrogates and code points above U+10FFFF are invalid.
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

std::string truncate_utf8(const std::string& s, size_t max_bytes) {
    if (s.size() <= max_bytes) return s;
    size_t cut = max_bytes;
    // Step back over continuation bytes so no sequence is split.
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    return s.substr(0, cut) + "…";
}

std::string dump_safe(const Json& j, int indent) {
    std::string text = j.dump(indent, ' ', false, Json::error_handler_t::replace);
    // A -0.0 set from C++ (a slider at zero, a product of zeros) is written as 0: no "-0" in output.
    // One pass over the text, skipping strings; the tree is not walked (it may be deep).
    if (text.find("-0.0") == std::string::npos) return text;
    std::string out;
    out.reserve(text.size());
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\' && i + 1 < text.size()) { out += c; out += text[++i]; continue; }
            if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '-' && text.compare(i, 4, "-0.0") == 0 &&
                   (i + 4 == text.size() || std::strchr(",]} \n", text[i + 4]) != nullptr)) {
            out += "0";
            i += 3;
            continue;
        }
        out += c;
    }
    return out;
}

std::string describe_value(const Json& v, bool zh) {
    switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case Json::value_t::string: return "\"" + truncate_utf8(v.get_ref<const std::string&>(), 60) + "\"";
    case Json::value_t::number_integer: return format_plain(static_cast<double>(v.get<std::int64_t>()));
    case Json::value_t::number_unsigned: return format_plain(static_cast<double>(v.get<std::uint64_t>()));
    case Json::value_t::number_float: return format_plain(v.get<double>());
    case Json::value_t::array: return zh ? "数组" : "an array";
    case Json::value_t::object: return zh ? "对象" : "an object";
    default: return zh ? "无法识别的值" : "an unreadable value";
    }
}

void range_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, Kind kind,
                 double lo, double hi, const std::string& got_en, const std::string& got_zh) {
    const bool integer = kind == Kind::integer;
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key,
              ctx.subject_en + name + (integer ? " must be an integer from " : " must be a number from ") +
                  format_plain(lo) + " to " + format_plain(hi) + ", got " + got_en,
              ctx.subject_zh + name + " 必须是 " + format_plain(lo) + " 到 " + format_plain(hi) + " 之间的" +
                  (integer ? "整数" : "数") + "，实际为 " + got_zh);
}

void type_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key,
                const char* want_en, const char* want_zh, const Json& got) {
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key,
              ctx.subject_en + name + " must be " + want_en + ", got " + describe_value(got, false),
              ctx.subject_zh + name + " 必须是" + want_zh + "，实际为 " + describe_value(got, true));
}

void unknown_key_error(std::vector<FieldError>& errors, const Ctx& ctx, const std::string& key) {
    std::string shown = truncate_utf8(key, 60);
    add_error(errors, ctx.field_prefix + shown, ctx.subject_en + "unknown key \"" + ctx.name_prefix + shown + "\"",
              ctx.subject_zh + "未知的键 \"" + ctx.name_prefix + shown + "\"");
}

void required_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key) {
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key, ctx.subject_en + name + " is required",
              ctx.subject_zh + "缺少必填字段 " + name);
}

void enum_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key,
                const char* const* names, int count, const Json& got) {
    std::string list_en, list_zh;
    for (int i = 0; i < count; ++i) {
        list_en += (i ? ", \"" : "\"") + std::string(names[i]) + "\"";
        list_zh += (i ? "、\"" : "\"") + std::string(names[i]) + "\"";
    }
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key,
              ctx.subject_en + name + " must be one of " + list_en + ", got " + describe_value(got, false),
              ctx.subject_zh + name + " 必须是 " + list_zh + " 之一，实际为 " + describe_value(got, true));
}

void row_range_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, Kind kind, double lo,
                     double hi, Zero zero, const std::string& got_en, const std::string& got_zh) {
    if (zero != Zero::unset) {
        range_error(errors, ctx, key, kind, lo, hi, got_en, got_zh);
        return;
    }
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key,
              ctx.subject_en + name + " must be 0 (not set) or a number from " + format_plain(lo) + " to " +
                  format_plain(hi) + ", got " + got_en,
              ctx.subject_zh + name + " 必须是 0（不设置）或 " + format_plain(lo) + " 到 " + format_plain(hi) +
                  " 之间的数，实际为 " + got_zh);
}

bool read_number(const Json& v, const Ctx& ctx, const char* key, Kind kind, double lo, double hi,
                 std::vector<FieldError>& errors, double& out, Zero zero) {
    double d = 0;
    if (v.is_number_unsigned()) d = static_cast<double>(v.get<std::uint64_t>());
    else if (v.is_number_integer()) d = static_cast<double>(v.get<std::int64_t>());
    else if (v.is_number_float()) d = v.get<double>();
    else {
        row_range_error(errors, ctx, key, kind, lo, hi, zero, describe_value(v, false), describe_value(v, true));
        return false;
    }
    // The parser never yields NaN, but an overflowing literal such as 1e999 reads as inf.
    bool ok = std::isfinite(d) && ((d >= lo && d <= hi) || (d == 0 && zero != Zero::in_range)) &&
              (kind != Kind::integer || d == std::floor(d));
    if (!ok) {
        std::string got = format_plain(d);
        row_range_error(errors, ctx, key, kind, lo, hi, zero, got, got);
        return false;
    }
    out = d + 0.0; // -0 + 0 = +0: no "-0" reaches any output
    return true;
}

namespace {
// A SAX consumer that only remembers where parsing failed.
struct ErrorLocator : nlohmann::json_sax<Json> {
    size_t position = 0;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t pos, const std::string&, const nlohmann::detail::exception&) override {
        position = pos;
        return false;
    }
};
} // namespace

FieldError json_syntax_error(std::string_view text, const std::string& field) {
    ErrorLocator locator;
    Json::sax_parse(text.begin(), text.end(), &locator);
    // The parser counts characters read (1-based); report the 0-based offset of the culprit.
    size_t offset = locator.position > 0 ? locator.position - 1 : 0;
    std::string at = format_plain(static_cast<double>(offset));
    if (text.empty())
        return FieldError{field, "not valid JSON: the text is empty", "不是有效的 JSON：内容为空"};
    return FieldError{field, "not valid JSON: syntax error at byte offset " + at,
                      "不是有效的 JSON：语法错误位于字节偏移 " + at};
}

FieldError too_long_error(const std::string& field, const char* what_en, const char* what_zh, size_t bytes,
                          size_t max_bytes) {
    std::string n = format_plain(static_cast<double>(bytes));
    std::string max = format_plain(static_cast<double>(max_bytes));
    return FieldError{field, std::string(what_en) + " is too long: " + n + " bytes, at most " + max,
                      std::string(what_zh) + "过长：" + n + " 字节，最多 " + max + " 字节"};
}

bool parse_json(std::string_view text, size_t max_bytes, const char* what_en, const char* what_zh, Json& out,
                std::vector<FieldError>& errors) {
    if (text.size() > max_bytes) {
        errors.push_back(too_long_error("", what_en, what_zh, text.size(), max_bytes));
        return false;
    }
    // JSON allows no raw NUL anywhere; the parser would stop at one and accept what came before.
    size_t nul = text.find('\0');
    if (nul != std::string_view::npos) {
        std::string at = format_plain(static_cast<double>(nul));
        add_error(errors, "", "not valid JSON: a NUL byte at byte offset " + at,
                  "不是有效的 JSON：字节偏移 " + at + " 处有 NUL 字节");
        return false;
    }
    out = Json::parse(text.begin(), text.end(), nullptr, false);
    if (out.is_discarded()) {
        errors.push_back(json_syntax_error(text, ""));
        return false;
    }
    return true;
}

void cap_errors(std::vector<FieldError>& errors, size_t dropped) {
    if (errors.size() <= limits::kMaxErrors && dropped == 0) return;
    if (errors.size() > limits::kMaxErrors) {
        dropped += errors.size() - limits::kMaxErrors;
        errors.resize(limits::kMaxErrors);
    }
    std::string more = format_plain(static_cast<double>(dropped));
    add_error(errors, "", "… and " + more + " more errors", "……另有 " + more + " 个错误");
}

//-----------------------------------------------------------------------------
// [SECTION] Field tables: GpuSpec and ModelSpec
//-----------------------------------------------------------------------------
// One row per member, in the struct's order. The catalog's keys are exactly these names.
//
//  GpuSpec key          type     range            unit    required
//  id                   string                            catalog
//  name                 string                            catalog
//  memory_gib           number   1 .. 4096        GiB     yes
//  tflops_16bit         number   0.01 .. 100000   TFLOPS  yes (dense, not 2:4 sparse)
//  tflops_fp8           number   0 | 0.01 .. 1e5  TFLOPS  (0 = no FP8)
//  bandwidth_gbps       number   0 .. 1000000     GB/s
//  nvlink_gbps          number   0 .. 100000      GB/s    (0 = PCIe only)
//  compute_capability   number   0 .. 100                 (0 = not NVIDIA)
//  tdp_w                number   0 .. 100000      W
//  utilization_default  number   0.01 .. 1        fraction
//  bf16, verified       boolean
//  price_cny_per_hour   number   0 .. 1e7         CNY/card/hour
//  price_cny_per_day    number   0 .. 1e8         CNY/card/day
//  price_cny_per_month  number   0 .. 1e9         CNY/card/month
//  price_usd_per_hour   number   0 .. 1e6         USD/card/hour
//  purchase_cny         number   0 .. 1e10        CNY/card
//  source, price_source string
//
//  ModelSpec key        type     range            required
//  id, name, source     string                    id: catalog
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
namespace {

const FieldRow<GpuSpec> kGpuRows[] = {
    str_row<GpuSpec>("id", &GpuSpec::id),
    str_row<GpuSpec>("name", &GpuSpec::name),
    num_row<GpuSpec>("memory_gib", &GpuSpec::memory_gib, 1, 4096, "GiB", true),
    num_row<GpuSpec>("tflops_16bit", &GpuSpec::tflops_16bit, 0.01, 100000, "TFLOPS", true),
    unset_or_row<GpuSpec>("tflops_fp8", &GpuSpec::tflops_fp8, 0.01, 100000, "TFLOPS"),
    num_row<GpuSpec>("bandwidth_gbps", &GpuSpec::bandwidth_gbps, 0, 1e6, "GB/s"),
    num_row<GpuSpec>("nvlink_gbps", &GpuSpec::nvlink_gbps, 0, 1e5, "GB/s"),
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
    str_row<GpuSpec>("source", &GpuSpec::source),
    str_row<GpuSpec>("price_source", &GpuSpec::price_source),
};

const FieldRow<ModelSpec> kModelRows[] = {
    str_row<ModelSpec>("id", &ModelSpec::id),
    str_row<ModelSpec>("name", &ModelSpec::name),
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
};

} // namespace
} // namespace detail

//-----------------------------------------------------------------------------
// [SECTION] Catalog lookups
//-----------------------------------------------------------------------------

const GpuSpec* Catalog::find_gpu(std::string_view id) const {
    for (const GpuSpec& g : gpus)
        if (g.id == id) return &g;
    return nullptr;
}

const ModelSpec* Catalog::find_model(std::string_view id) const {
    for (const ModelSpec& m : models)
        if (m.id == id) return &m;
    return nullptr;
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
    // q and o project h ↔ heads·head_dim; k and v project h → kv_heads·head_dim (GQA).
    const double attention = 2 * h * m.heads * head_dim + 2 * h * kv_heads * head_dim;
    const double norms = 2 * h;                                  // pre-attention and pre-FFN
    const double matrices = m.gated_ffn ? 3 : 2;                 // gate, up, down / up, down
    const double ffn = m.ffn > 0 ? m.ffn : 4 * h;                // classic 4h when not given
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
    return out;
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

// A scenario's custom card also takes "nvlink": true/false or GB/s (DESIGN.md spelling).
bool gpu_extra_key(const std::string& key, const Json& v, const Ctx& ctx, GpuSpec& out,
                   std::vector<FieldError>& errors) {
    if (key != "nvlink") return false;
    if (v.is_boolean()) out.nvlink_gbps = v.get<bool>() ? 600 : 0; // true: A100-class NVLink 3
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

bool read_gpu_object(const Json& obj, const Ctx& ctx, bool require_id, GpuSpec& out,
                     std::vector<FieldError>& errors) {
    size_t before = errors.size();
    if (!obj.is_object()) {
        add_error(errors, ctx.field_prefix.empty() ? "" : ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1),
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
    out = std::move(g);
    return true;
}

namespace {

// Relations between fields that no single range can express.
void check_model_relations(const ModelSpec& m, const Ctx& ctx, std::vector<FieldError>& errors) {
    auto rel = [&](const char* key, const std::string& en, const std::string& zh) {
        add_error(errors, ctx.field_prefix + key, ctx.subject_en + ctx.name_prefix + key + " " + en,
                  ctx.subject_zh + ctx.name_prefix + key + " " + zh);
    };
    if (m.kv_heads > m.heads)
        rel("kv_heads", "must be at most heads (" + format_plain(m.heads) + "), got " + format_plain(m.kv_heads),
            "不能超过 heads（" + format_plain(m.heads) + "），实际为 " + format_plain(m.kv_heads));
    if (m.experts_per_token > m.experts)
        rel("experts_per_token",
            "must be at most experts (" + format_plain(m.experts) + "), got " + format_plain(m.experts_per_token),
            "不能超过 experts（" + format_plain(m.experts) + "），实际为 " + format_plain(m.experts_per_token));
    if (m.experts > 0 && m.experts_per_token < 1)
        rel("experts_per_token", "must be at least 1 when experts is set, got " + format_plain(m.experts_per_token),
            "在设置了 experts 时至少为 1，实际为 " + format_plain(m.experts_per_token));
    if (m.dense_layers > m.layers)
        rel("dense_layers",
            "must be at most layers (" + format_plain(m.layers) + "), got " + format_plain(m.dense_layers),
            "不能超过 layers（" + format_plain(m.layers) + "），实际为 " + format_plain(m.dense_layers));
    if (m.params > 0 && m.active_params > m.params)
        rel("active_params",
            "must be at most params (" + format_plain(m.params) + "), got " + format_plain(m.active_params),
            "不能超过 params（" + format_plain(m.params) + "），实际为 " + format_plain(m.active_params));
}

} // namespace

bool read_model_object(const Json& obj, const Ctx& ctx, bool require_id, ModelSpec& out,
                       std::vector<FieldError>& errors) {
    size_t before = errors.size();
    if (!obj.is_object()) {
        add_error(errors, ctx.field_prefix.empty() ? "" : ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1),
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
        type_error(errors, Ctx{}, ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1).c_str(), "an object",
                   "对象", obj);
        return false;
    }
    GpuSpec g = out;
    if (!read_object(kGpuRows, obj, ctx, g, errors, gpu_extra_key)) return false;
    out = std::move(g);
    return true;
}

bool read_model_fields(const Json& obj, const Ctx& ctx, ModelSpec& out, std::vector<FieldError>& errors) {
    if (!obj.is_object()) {
        type_error(errors, Ctx{}, ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1).c_str(), "an object",
                   "对象", obj);
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
        case Kind::number: j[r.key] = g.*r.num; break;
        case Kind::integer: j[r.key] = g.*r.integer; break;
        case Kind::boolean: j[r.key] = g.*r.flag; break;
        case Kind::string: j[r.key] = g.*r.str; break;
        case Kind::enumeration: break;
        }
    }
    return j;
}

Json model_to_json(const ModelSpec& m) {
    Json j = Json::object();
    for (const FieldRow<ModelSpec>& r : kModelRows) {
        switch (r.kind) {
        case Kind::number: j[r.key] = m.*r.num; break;
        case Kind::integer: j[r.key] = m.*r.integer; break;
        case Kind::boolean: j[r.key] = m.*r.flag; break;
        case Kind::string: j[r.key] = m.*r.str; break;
        case Kind::enumeration: break;
        }
    }
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
    size_t dropped_errors = 0;         // past limits::kMaxErrors: counted, not kept
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
    std::unordered_map<std::string, size_t> first_index;
    first_index.reserve(arr.size());
    for (size_t i = 0; i < arr.size(); ++i) {
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
            std::string first = std::string(list) + "[" + std::to_string(at->second) + "]";
            add_error(errors, ctx.field_prefix + "id", ctx.subject_en + "duplicate id, first defined at " + first,
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
            if (v.is_string()) settings.prices_date = v.get_ref<const std::string&>();
            else type_error(errors, top, "prices_date", "a string", "字符串", v);
        } else if (key == "cny_per_usd") {
            if (read_number(v, top, "cny_per_usd", Kind::number, 0.01, 1000, errors, d)) settings.cny_per_usd = d;
        } else if (provider && key == "only_provider") {
            if (v.is_boolean()) settings.only_provider = v.get<bool>();
            else type_error(errors, top, "only_provider", "true or false", "布尔值（true 或 false）", v);
        } else if (provider && key == "mode") {
            static const char* const kModes[] = {"extend", "replace"};
            if (v.is_string() && v.get_ref<const std::string&>() == "replace") lists.replace = true;
            else if (!v.is_string() || v.get_ref<const std::string&>() != "extend")
                enum_error(errors, top, "mode", kModes, 2, v);
        } else {
            unknown_key_error(errors, top, key);
        }
    }
    read_list<GpuSpec>(doc, "gpus", lists.gpus, lists.has_gpus, errors, lists.dropped_errors, read_gpu_object);
    read_list<ModelSpec>(doc, "models", lists.models, lists.has_models, errors, lists.dropped_errors,
                         read_model_object);
    return true;
}

template <class T> void extend_list(std::vector<T>& base, std::vector<T>& extra) {
    std::unordered_map<std::string, size_t> index; // id → position in base: linear, not base × extra
    index.reserve(base.size() + extra.size());
    for (size_t i = 0; i < base.size(); ++i) index.emplace(base[i].id, i);
    for (T& item : extra) {
        auto [at, inserted] = index.emplace(item.id, base.size());
        if (inserted) base.push_back(std::move(item));
        else base[at->second] = std::move(item);
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
    return result;
}

CatalogResult merge_catalog(const Catalog& base, std::string_view provider_json_text) {
    CatalogResult result;
    result.catalog = base;
    detail::Lists lists;
    if (!detail::parse_document(provider_json_text, true, result.catalog, lists, result.errors)) return result;
    detail::cap_errors(result.errors, lists.dropped_errors);
    for (GpuSpec& g : lists.gpus) g.from_provider = true;   // the comparison lists these first
    if (lists.replace) {
        if (lists.has_gpus) result.catalog.gpus = std::move(lists.gpus);
        if (lists.has_models) result.catalog.models = std::move(lists.models);
    } else {
        detail::extend_list(result.catalog.gpus, lists.gpus);
        detail::extend_list(result.catalog.models, lists.models);
    }
    return result;
}

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
        return cfg.contains(key) && cfg[key].is_string() ? truncate_utf8(cfg[key].get_ref<const std::string&>(), 200)
                                                          : std::string();
    }
};

} // namespace

void model_from_hf_object(const Json& cfg, const Ctx& ctx, ModelResult& out) {
    std::vector<FieldError>& errors = out.errors;
    size_t before = errors.size();
    if (!cfg.is_object()) {
        add_error(errors, ctx.field_prefix.empty() ? "" : ctx.field_prefix.substr(0, ctx.field_prefix.size() - 1),
                  ctx.subject_en + "a config.json must be a JSON object, got " + describe_value(cfg, false),
                  ctx.subject_zh + "config.json 必须是 JSON 对象，实际为 " + describe_value(cfg, true));
        return;
    }
    // Multimodal configs (Gemma-3, LLaVA, InternVL) keep the language model in a sub-object.
    if (!cfg.contains("hidden_size") && !cfg.contains("d_model")) {
        for (const char* sub : {"text_config", "llm_config", "language_config"}) {
            if (cfg.contains(sub) && cfg[sub].is_object() && cfg[sub].contains("hidden_size")) {
                Ctx inner = ctx;
                inner.field_prefix += std::string(sub) + ".";
                inner.name_prefix += std::string(sub) + ".";
                model_from_hf_object(cfg[sub], inner, out);
                return;
            }
        }
    }
    HfReader r{cfg, ctx, errors};
    const std::string type = r.text("model_type");
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
    const int dense_ffn = r.integer({"intermediate_size", "ffn_hidden_size"}, 0, 1e7, false);
    m.context = r.integer({"max_position_embeddings", "seq_length"}, 0, 1e8, false);
    m.experts = r.integer({"num_local_experts", "n_routed_experts", "num_experts"}, 0, 1e5, false);
    m.experts_per_token = m.experts > 0 ? r.integer({"num_experts_per_tok"}, 1, 1e5, true) : 0;
    m.head_dim = r.integer({"head_dim", "kv_channels"}, 0, 1e5, false);
    m.tied_embeddings = r.flag("tie_word_embeddings", type.rfind("gemma", 0) == 0);
    m.gated_ffn = true; // every family listed above uses SwiGLU/GeGLU
    m.ffn = dense_ffn;
    if (m.experts > 0) {
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
    // If the names are missing the model is still usable: fall back to the type.
    m.name = r.text("_name_or_path");
    if (m.name.empty()) m.name = type.empty() ? "custom" : type;
    m.source = "config.json";
    if (errors.size() != before) return;
    check_model_relations(m, ctx, errors);
    if (errors.size() != before) return;

    ParamCount count = count_params(m);
    // Corrections for what ModelSpec cannot describe, per layer.
    const double h = m.hidden;
    const double head_dim = m.head_dim > 0 ? m.head_dim : h / m.heads;
    const double kv_heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
    double per_layer = 0;
    bool qkv_bias = type == "qwen2" || type == "qwen2_moe" || r.flag("add_qkv_bias", false) ||
                    r.flag("attention_bias", false);
    if (qkv_bias) per_layer += m.heads * head_dim + 2 * kv_heads * head_dim;
    if (cfg.contains("kv_lora_rank")) {
        // DeepSeek multi-head latent attention replaces the q/k/v/o matrices.
        const double q_rank = r.integer({"q_lora_rank"}, 0, 1e6, false);
        const double kv_rank = r.integer({"kv_lora_rank"}, 1, 1e6, true);
        const double nope = r.integer({"qk_nope_head_dim"}, 0, 1e5, false);
        const double rope = r.integer({"qk_rope_head_dim"}, 0, 1e5, false);
        const double v_dim = r.integer({"v_head_dim"}, 1, 1e5, false);
        if (errors.size() != before) return;
        const double qk = nope + rope;
        const double q = q_rank > 0 ? h * q_rank + q_rank + q_rank * m.heads * qk : h * m.heads * qk;
        const double kv = h * (kv_rank + rope) + kv_rank + kv_rank * m.heads * (nope + v_dim);
        const double o = m.heads * v_dim * h;
        const double gqa = 2 * h * m.heads * head_dim + 2 * h * kv_heads * head_dim;
        per_layer += q + kv + o - gqa;
    }
    m.params = count.total + m.layers * per_layer;
    m.active_params = m.experts > 0 ? count.active + m.layers * per_layer : 0;
    if (!(m.params >= 1000 && m.params <= 1e14)) {
        std::string got = format_plain(m.params);
        range_error(errors, ctx, "params", Kind::number, 1000, 1e14, got, got);
        return;
    }
    out.model = std::move(m);
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
