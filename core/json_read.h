// traincalc — core/json_read.h
// Internal to core/*.cpp and cli/ (not part of the contract): reading JSON objects field by field
// through tables, with range messages in English and Simplified Chinese. Never throws:
// every access checks the type first (the web build has -fno-exceptions, JSON_NOEXCEPTION).
//
// Index of this file:
// [SECTION] Message context and helpers
// [SECTION] Field tables (one row per field: key, member, range, unit)
// [SECTION] Reading and checking one row
// [SECTION] Shared entry points (catalog.cpp implements them, scenario.cpp uses them)
#pragma once
#include "catalog.h"
#include "limits.h"
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace traincalc {

struct ModelResult; // hf_import.h

namespace detail {

// One json type everywhere (keys come out sorted): a second, ordered_json instantiation
// would cost ~9 KB gzip in the page.
using Json = nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Message context and helpers
//-----------------------------------------------------------------------------

// Where a field lives and how messages name it.
// Catalog: field "gpus[3].memory_gib", message "gpus[3] (id \"X\"): memory_gib must ...".
// Scenario: field "model.layers", message "model.layers must ...".
struct Ctx {
    std::string field_prefix; // prepended to the key for FieldError::field
    std::string name_prefix;  // prepended to the key inside the message
    std::string subject_en;   // e.g. "gpus[3] (id \"X\"): "
    std::string subject_zh;   // e.g. "gpus[3]（id \"X\"）："
};

void add_error(std::vector<FieldError>& errors, std::string field, std::string en, std::string zh);

// Shortest text that reads back to the same double; integers without exponent.
std::string format_plain(double v);
// A JSON value as shown after "got": strings quoted and truncated on a UTF-8 boundary,
// arrays and objects named rather than dumped (dump() recurses; input may be deeply nested).
std::string describe_value(const Json& v, bool zh);
// Cuts a string to at most max_bytes without splitting a UTF-8 sequence; appends "…" if cut.
std::string truncate_utf8(const std::string& s, size_t max_bytes);
bool valid_utf8(std::string_view s);
// The text of j.dump(indent, ' ', false, error_handler_t::replace): each broken UTF-8 sequence
// becomes U+FFFD, floats take their shortest round-trip digits ("1.0", "0.1", "1e+16"), and -0.0
// is written 0. Our own writer (json_read.cpp): nlohmann's serializer cost the page ~9 KB of wasm.
std::string dump_safe(const Json& j, int indent = -1);

// One error for text that is not JSON, with the byte offset of the problem.
FieldError json_syntax_error(std::string_view text, const std::string& field);

// Every JSON text core and the page read goes through here: one instantiation of nlohmann's parser
// (over const char*, no callback). Json::parse(std::string) and Json::parse(first, last, nullptr)
// each bring another lexer and parser, and parse() the callback parser too: ~10 KB of the page's
// wasm. The value is discarded (is_discarded()) on a syntax error or text after the document.
Json parse_json_text(std::string_view text);

// Parses `text` as one JSON document. Refused before parsing, with one error (field ""): text
// over `max_bytes` (core/limits.h; `what_en`/`what_zh` name the input) and raw NUL bytes, which
// the parser would take as the end of input (`{"cards":2}\0junk`). Then syntax errors.
bool parse_json(std::string_view text, size_t max_bytes, const char* what_en, const char* what_zh, Json& out,
                std::vector<FieldError>& errors);
// "the scenario is too long: N bytes, at most M" (field ""): also for the CLI's reads.
FieldError too_long_error(const std::string& field, const char* what_en, const char* what_zh, size_t bytes,
                          size_t max_bytes);
// "the config is too long: more than M bytes": a text refused before it is read whole (the CLI reads
// M + 1 bytes; the page refuses a file or text over its cap as given, before YAML becomes JSON).
FieldError over_cap_error(const std::string& field, const char* what_en, const char* what_zh,
                          size_t max_bytes);
// Keeps the first limits::kMaxErrors errors and adds one counting the rest (plus `dropped`,
// errors already left out while reading).
void cap_errors(std::vector<FieldError>& errors, size_t dropped = 0);

//-----------------------------------------------------------------------------
// [SECTION] Field tables
//-----------------------------------------------------------------------------

enum class Kind { number, integer, boolean, string, enumeration };

// Numbers whose 0 means "not set" (take a default): 0 passes, other values must be in [min, max].
// A range that starts at 0 instead would let 5e-324 through, which underflows to a silent 0.
enum class Zero { in_range, unset, unset_not_in_json }; // unset_not_in_json: JSON 0 refused elsewhere

// One row per field. Exactly one member pointer is set, matching `kind`.
// Enumerations read and write an int through get/set and spell it with names[].
template <class T> struct FieldRow {
    const char* key;
    Kind kind;
    double T::*num;
    int T::*integer;
    bool T::*flag;
    std::string T::*str;
    double min, max;          // inclusive range for number/integer
    bool required;            // catalog entries: must be present
    const char* unit;         // for documentation and the UI
    int (*get)(const T&);     // enumeration only
    void (*set)(T&, int);     // enumeration only
    const char* const* names; // enumeration only
    int name_count;           // enumeration only
    Zero zero;                // number only: is 0 outside [min, max] allowed
};

template <class T>
FieldRow<T> num_row(const char* key, double T::*m, double lo, double hi, const char* unit,
                    bool required = false) {
    return {key,  Kind::number, m,       nullptr, nullptr, nullptr,       lo, hi, required,
            unit, nullptr,      nullptr, nullptr, 0,       Zero::in_range};
}
// A number whose 0 means "not set": 0, or a value in [lo, hi] (lo > 0, so nothing underflows).
template <class T>
FieldRow<T> unset_or_row(const char* key, double T::*m, double lo, double hi, const char* unit,
                         Zero zero = Zero::unset) {
    return {key,   Kind::number, m,       nullptr, nullptr, nullptr, lo,  hi,
            false, unit,         nullptr, nullptr, nullptr, 0,       zero};
}
template <class T>
FieldRow<T> int_row(const char* key, int T::*m, double lo, double hi, const char* unit,
                    bool required = false) {
    return {key,  Kind::integer, nullptr, m,       nullptr, nullptr,       lo, hi, required,
            unit, nullptr,       nullptr, nullptr, 0,       Zero::in_range};
}
template <class T> FieldRow<T> bool_row(const char* key, bool T::*m) {
    return {key, Kind::boolean, nullptr, nullptr, m, nullptr,       0, 1, false,
            "",  nullptr,       nullptr, nullptr, 0, Zero::in_range};
}
template <class T> FieldRow<T> str_row(const char* key, std::string T::*m, bool required = false) {
    return {key,     Kind::string, nullptr, nullptr, nullptr,       m, 0, 0, required, "",
            nullptr, nullptr,      nullptr, 0,       Zero::in_range};
}
template <class T>
FieldRow<T> enum_row(const char* key, int (*get)(const T&), void (*set)(T&, int), const char* const* names,
                     int count) {
    return {key,   Kind::enumeration, nullptr, nullptr, nullptr, nullptr, 0, 0, false, "", get, set, names,
            count, Zero::in_range};
}

//-----------------------------------------------------------------------------
// [SECTION] Reading and checking one row
//-----------------------------------------------------------------------------

// Messages shared by readers and validate().
void range_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, Kind kind, double lo,
                 double hi, const std::string& got_en, const std::string& got_zh);
void type_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, const char* want_en,
                const char* want_zh, const Json& got);
void unknown_key_error(std::vector<FieldError>& errors, const Ctx& ctx, const std::string& key);
void required_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key);
void enum_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, const char* const* names,
                int count, const Json& got);

// Numbers: finite, in range (or 0 when `zero` allows it), integral for Kind::integer; -0 reads as 0.
// Returns false (and reports) otherwise.
bool read_number(const Json& v, const Ctx& ctx, const char* key, Kind kind, double lo, double hi,
                 std::vector<FieldError>& errors, double& out, Zero zero = Zero::in_range);
// range_error() for a row: "must be 0 or a number from lo to hi" when 0 is allowed in JSON.
void row_range_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, Kind kind, double lo,
                     double hi, Zero zero, const std::string& got_en, const std::string& got_zh);

template <class T>
bool read_row(const FieldRow<T>& row, const Json& v, const Ctx& ctx, T& out,
              std::vector<FieldError>& errors) {
    switch (row.kind) {
    case Kind::number:
    case Kind::integer: {
        double d = 0;
        if (!read_number(v, ctx, row.key, row.kind, row.min, row.max, errors, d, row.zero)) return false;
        if (row.kind == Kind::number)
            out.*row.num = d;
        else
            out.*row.integer = static_cast<int>(d);
        return true;
    }
    case Kind::boolean:
        if (!v.is_boolean()) {
            type_error(errors, ctx, row.key, "true or false", "true 或 false", v);
            return false;
        }
        out.*row.flag = v.get<bool>();
        return true;
    case Kind::string:
        if (!v.is_string()) {
            type_error(errors, ctx, row.key, "a string", "字符串", v);
            return false;
        }
        out.*row.str = v.get_ref<const std::string&>();
        return true;
    case Kind::enumeration:
        if (v.is_string()) {
            const std::string& s = v.get_ref<const std::string&>();
            for (int i = 0; i < row.name_count; ++i)
                if (s == row.names[i]) {
                    row.set(out, i);
                    return true;
                }
        }
        enum_error(errors, ctx, row.key, row.names, row.name_count, v);
        return false;
    }
    return false;
}

// Range check of a value already in the struct (validate(), catalog cross-checks).
// The in-range test inline (validate() runs it on ~80 rows per estimate), the message out of line.
template <class T>
bool check_row_failed(const FieldRow<T>& row, double d, const Ctx& ctx, std::vector<FieldError>& errors) {
    std::string got = format_plain(d);
    row_range_error(errors, ctx, row.key, row.kind, row.min, row.max, row.zero, got, got);
    return false;
}
template <class T>
inline bool check_row(const FieldRow<T>& row, const T& in, const Ctx& ctx, std::vector<FieldError>& errors) {
    if (row.kind != Kind::number && row.kind != Kind::integer) return true;
    double d = row.kind == Kind::number ? in.*row.num : static_cast<double>(in.*row.integer);
    if (d >= row.min && d <= row.max) return true; // false for NaN
    if (d == 0 && row.zero != Zero::in_range) return true;
    return check_row_failed(row, d, ctx, errors);
}

template <class T, size_t N>
const FieldRow<T>* find_row(const FieldRow<T> (&rows)[N], const std::string& key) {
    for (const FieldRow<T>& r : rows)
        if (key == r.key) return &r;
    return nullptr;
}

// Reads every key of `obj` through `rows`; keys not in the table are "unknown key" errors
// unless `other` (may be null) claims them. Returns false when any error was added.
template <class T, size_t N>
bool read_object(const FieldRow<T> (&rows)[N], const Json& obj, const Ctx& ctx, T& out,
                 std::vector<FieldError>& errors,
                 bool (*other)(const std::string& key, const Json& v, const Ctx& ctx, T& out,
                               std::vector<FieldError>& errors) = nullptr) {
    size_t before = errors.size();
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const FieldRow<T>* row = find_row(rows, it.key());
        if (row)
            read_row(*row, it.value(), ctx, out, errors);
        else if (!other || !other(it.key(), it.value(), ctx, out, errors))
            unknown_key_error(errors, ctx, it.key());
    }
    return errors.size() == before;
}

//-----------------------------------------------------------------------------
// [SECTION] Shared entry points
//-----------------------------------------------------------------------------

// A GPU or model object in the catalog's spelling (member names). `require_catalog_fields`:
// catalog entries need id and the required rows; a scenario's custom card/model does not
// need an id. Models missing params get them counted from the architecture.
bool read_gpu_object(const Json& obj, const Ctx& ctx, bool require_id, GpuSpec& out,
                     std::vector<FieldError>& errors);
bool read_model_object(const Json& obj, const Ctx& ctx, bool require_id, ModelSpec& out,
                       std::vector<FieldError>& errors);
// Lenient: reads the keys present into `out` (types and ranges checked, nothing required).
// For a scenario's stored custom card/model while a catalog id is selected.
bool read_gpu_fields(const Json& obj, const Ctx& ctx, GpuSpec& out, std::vector<FieldError>& errors);
bool read_model_fields(const Json& obj, const Ctx& ctx, ModelSpec& out, std::vector<FieldError>& errors);
// Relations between a model's fields that no single range can express (heads divide hidden, ...).
void check_model_relations(const ModelSpec& m, const Ctx& ctx, std::vector<FieldError>& errors);
// A Hugging Face config.json object (already parsed).
void model_from_hf_object(const Json& cfg, const Ctx& ctx, ModelResult& out);
// Writes every member of the spec (for scenario_to_json's exact round trip).
Json gpu_to_json(const GpuSpec& g);
Json model_to_json(const ModelSpec& m);
// Range checks on already-built specs (validate()).
void check_gpu(const GpuSpec& g, const Ctx& ctx, std::vector<FieldError>& errors);
void check_model(const ModelSpec& m, const Ctx& ctx, std::vector<FieldError>& errors);

} // namespace detail
} // namespace traincalc
