// traincalc — core/json_read.cpp
// Reading JSON: parsing with limits, messages in English and Simplified Chinese, reading one
// field through a table row. Shared by the catalog, the scenario, links and config imports.
//
// Index of this file:
// [SECTION] Messages and formatting
// [SECTION] Writing JSON (nlohmann's dump() text, without its serializer)
#include "core/json_read.h"
#include "core/safe_text.h"

#include <cmath>
#include <cstdint>
#include <cstdio> // snprintf only (number formatting); no file functions in core/
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Messages and formatting
//-----------------------------------------------------------------------------

void add_error(std::vector<FieldError>& errors, std::string field, std::string en, std::string zh) {
    errors.push_back(FieldError{std::move(field), std::move(en), std::move(zh)});
}

// The fewest significant digits whose text, rounded to nearest, reads back to a (finite, > 0), and
// that text in `buf` as "%.*e" writes it ("d.ddde+XX", trailing zeros kept). For a normal double
// 15 digits read back whenever its shortest form has at most 15 (15-digit numbers are more than an
// ulp apart, so that form is the nearest): try 15, then 16, then 17. A subnormal has fewer bits:
// from 1. Shared by format_plain() and the JSON writer.
static int shortest_digits(double a, char (&buf)[40]) {
    for (int precision = a < 2.2250738585072014e-308 ? 1 : 15; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*e", precision - 1, a);
        if (std::strtod(buf, nullptr) == a) break;
    }
    int digits = 0, significant = 1;
    for (const char* q = buf; *q != 'e'; ++q) {
        if (*q == '.') continue;
        ++digits;
        if (*q != '0') significant = digits;
    }
    return significant;
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
    char shortest[40];
    std::snprintf(buf, sizeof buf, "%.*g", shortest_digits(std::fabs(v), shortest), v);
    // "1e+15" → "1e15", "1e-05" → "1e-5": still valid JSON and C numbers.
    std::string out = buf;
    size_t e = out.find('e');
    if (e != std::string::npos) {
        std::string mantissa = out.substr(0, e), exponent = out.substr(e + 1);
        bool negative = !exponent.empty() && exponent[0] == '-';
        size_t digits = exponent.find_first_not_of("+-0");
        out = mantissa + "e" + (negative ? "-" : "") +
              (digits == std::string::npos ? "0" : exponent.substr(digits));
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
    return s.substr(0, utf8_floor(s, max_bytes)) + "…";
}

std::string describe_value(const Json& v, bool zh) {
    switch (v.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case Json::value_t::string:
        return "\"" + truncate_utf8(v.get_ref<const std::string&>(), 60) + "\"";
    case Json::value_t::number_integer:
        return format_plain(static_cast<double>(v.get<std::int64_t>()));
    case Json::value_t::number_unsigned:
        return format_plain(static_cast<double>(v.get<std::uint64_t>()));
    case Json::value_t::number_float:
        return format_plain(v.get<double>());
    case Json::value_t::array:
        return zh ? "数组" : "an array";
    case Json::value_t::object:
        return zh ? "对象" : "an object";
    default:
        return zh ? "无法识别的值" : "an unreadable value";
    }
}

void range_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, Kind kind, double lo,
                 double hi, const std::string& got_en, const std::string& got_zh) {
    const bool integer = kind == Kind::integer;
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key,
              ctx.subject_en + name + (integer ? " must be an integer from " : " must be a number from ") +
                  format_plain(lo) + " to " + format_plain(hi) + ", got " + got_en,
              ctx.subject_zh + name + " 必须是 " + format_plain(lo) + " 到 " + format_plain(hi) + " 之间的" +
                  (integer ? "整数" : "数") + "，实际为 " + got_zh);
}

void type_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, const char* want_en,
                const char* want_zh, const Json& got) {
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key,
              ctx.subject_en + name + " must be " + want_en + ", got " + describe_value(got, false),
              ctx.subject_zh + name + " 必须是" + want_zh + "，实际为 " + describe_value(got, true));
}

void unknown_key_error(std::vector<FieldError>& errors, const Ctx& ctx, const std::string& key) {
    std::string shown = truncate_utf8(key, 60);
    add_error(errors, ctx.field_prefix + shown,
              ctx.subject_en + "unknown key \"" + ctx.name_prefix + shown + "\"",
              ctx.subject_zh + "未知的键 \"" + ctx.name_prefix + shown + "\"");
}

void required_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key) {
    std::string name = ctx.name_prefix + key;
    add_error(errors, ctx.field_prefix + key, ctx.subject_en + name + " is required",
              ctx.subject_zh + "缺少必填字段 " + name);
}

void enum_error(std::vector<FieldError>& errors, const Ctx& ctx, const char* key, const char* const* names,
                int count, const Json& got) {
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
              ctx.subject_zh + name + " 必须是 0（不设置）或 " + format_plain(lo) + " 到 " +
                  format_plain(hi) + " 之间的数，实际为 " + got_zh);
}

bool read_number(const Json& v, const Ctx& ctx, const char* key, Kind kind, double lo, double hi,
                 std::vector<FieldError>& errors, double& out, Zero zero) {
    double d = 0;
    if (v.is_number_unsigned())
        d = static_cast<double>(v.get<std::uint64_t>());
    else if (v.is_number_integer())
        d = static_cast<double>(v.get<std::int64_t>());
    else if (v.is_number_float())
        d = v.get<double>();
    else {
        row_range_error(errors, ctx, key, kind, lo, hi, zero, describe_value(v, false),
                        describe_value(v, true));
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

FieldError over_cap_error(const std::string& field, const char* what_en, const char* what_zh,
                          size_t max_bytes) {
    std::string max = format_plain(static_cast<double>(max_bytes));
    return FieldError{field, std::string(what_en) + " is too long: more than " + max + " bytes",
                      std::string(what_zh) + "过长：超过 " + max + " 字节"};
}

Json parse_json_text(std::string_view text) {
    Json out;
    nlohmann::detail::json_sax_dom_parser<Json> sax(out, false);
    nlohmann::detail::parser<Json, nlohmann::detail::iterator_input_adapter<const char*>> p(
        nlohmann::detail::input_adapter(text.data(), text.data() + text.size()), nullptr, false, false);
    if (!p.sax_parse(&sax, true) || sax.is_errored()) out = Json(Json::value_t::discarded);
    return out;
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
    out = parse_json_text(text);
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
// [SECTION] Writing JSON
//-----------------------------------------------------------------------------
// nlohmann's dump() writes through a std::shared_ptr output adapter and formats floats with its own
// Grisu2: in the page that brought the serializer, shared_ptr's control block, and with its RTTI the
// whole __dynamic_cast machinery of libc++abi (~9 KB of wasm). This writer gives the same text as
// dump(indent, ' ', false, error_handler_t::replace) (tests/test_json_write.cpp compares the two on
// random trees and bytes), except -0.0, written as 0.

namespace {

// Bytes of the valid UTF-8 sequence at p[0..n) (RFC 3629: no overlong form, surrogate or code point
// past U+10FFFF), or 0 with `*prefix` set to how many of its bytes were a valid start.
size_t utf8_sequence(const unsigned char* p, size_t n, size_t* prefix) {
    const unsigned char c = p[0];
    if (c < 0x80) return 1;
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF; // the second byte's range
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0; // overlong
        if (c == 0xED) hi = 0x9F; // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90; // overlong
        if (c == 0xF4) hi = 0x8F; // past U+10FFFF
    } else {
        *prefix = 0;
        return 0;
    }
    size_t k = 1;
    for (; k < len && k < n; ++k)
        if (p[k] < (k == 1 ? lo : 0x80) || p[k] > (k == 1 ? hi : 0xBF)) break;
    if (k == len) return len;
    *prefix = k;
    return 0;
}

// A string in quotes: ", \ and control characters escaped; each broken UTF-8 sequence becomes one
// U+FFFD and the byte that broke it starts the next (nlohmann's replace handler does the same).
void write_string(std::string& out, const std::string& s) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char* p = reinterpret_cast<const unsigned char*>(s.data());
    const size_t n = s.size();
    out += '"';
    for (size_t i = 0; i < n;) {
        size_t prefix = 0;
        const size_t len = utf8_sequence(p + i, n - i, &prefix);
        if (len == 0) {
            out += "\xEF\xBF\xBD";
            i += prefix > 0 ? prefix : 1;
            continue;
        }
        const unsigned char c = p[i];
        if (len > 1) {
            out.append(s, i, len);
        } else if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c >= 0x20) {
            out += static_cast<char>(c);
        } else {
            const char* named = c == 0x08   ? "\\b"
                                : c == 0x09 ? "\\t"
                                : c == 0x0A ? "\\n"
                                : c == 0x0C ? "\\f"
                                : c == 0x0D ? "\\r"
                                            : nullptr;
            if (named) {
                out += named;
            } else {
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
            }
        }
        i += len;
    }
    out += '"';
}

// The shortest digits that read back to x, nearest to it, placed as nlohmann's to_chars places
// them: fixed for decimal exponents -4 < n <= 15 ("1.0", "0.001", "123.5"), else "1.5e+16". Its
// Grisu2 misses the shortest for ~1% of doubles ("5.0701599999999996" for 5.07016): not here.
void write_double(std::string& out, double x) {
    if (!std::isfinite(x)) {
        out += "null";
        return;
    }
    if (x == 0) {
        out += std::signbit(x) ? "0" : "0.0";
        return;
    }
    if (x < 0) out += '-';
    char buf[40];
    const int k = shortest_digits(std::fabs(x), buf);
    // buf: "d.ddddde[+-]XX": its first k digits without the point, and the exponent.
    char digits[20];
    int i = 0;
    const char* q = buf;
    for (; *q != 'e'; ++q)
        if (*q != '.' && i < k) digits[i++] = *q;
    const int n = std::atoi(q + 1) + 1; // the point's place after the first digit
    if (k <= n && n <= 15) {
        out.append(digits, static_cast<size_t>(k));
        out.append(static_cast<size_t>(n - k), '0');
        out += ".0";
    } else if (0 < n && n <= 15) {
        out.append(digits, static_cast<size_t>(n));
        out += '.';
        out.append(digits + n, static_cast<size_t>(k - n));
    } else if (-4 < n && n <= 0) {
        out += "0.";
        out.append(static_cast<size_t>(-n), '0');
        out.append(digits, static_cast<size_t>(k));
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out.append(digits + 1, static_cast<size_t>(k - 1));
        }
        const int e = n - 1;
        out += e < 0 ? "e-" : "e+";
        if (std::abs(e) < 10) out += '0';
        out += std::to_string(std::abs(e));
    }
}

void write_value(std::string& out, const Json& j, int indent, int depth) {
    const bool pretty = indent >= 0;
    auto newline = [&](int level) {
        out += '\n';
        out.append(static_cast<size_t>(indent) * static_cast<size_t>(level), ' ');
    };
    switch (j.type()) {
    case Json::value_t::object:
    case Json::value_t::array: {
        const bool object = j.is_object();
        if (j.empty()) {
            out += object ? "{}" : "[]";
            return;
        }
        out += object ? '{' : '[';
        for (auto it = j.cbegin(); it != j.cend(); ++it) {
            if (it != j.cbegin()) out += ',';
            if (pretty) newline(depth + 1);
            if (object) {
                write_string(out, it.key());
                out += pretty ? ": " : ":";
            }
            write_value(out, it.value(), indent, depth + 1);
        }
        if (pretty) newline(depth);
        out += object ? '}' : ']';
        return;
    }
    case Json::value_t::string:
        write_string(out, j.get_ref<const std::string&>());
        return;
    case Json::value_t::boolean:
        out += j.get<bool>() ? "true" : "false";
        return;
    case Json::value_t::number_integer:
        out += std::to_string(j.get<std::int64_t>());
        return;
    case Json::value_t::number_unsigned:
        out += std::to_string(j.get<std::uint64_t>());
        return;
    case Json::value_t::number_float:
        write_double(out, j.get<double>());
        return;
    case Json::value_t::discarded:
        out += "<discarded>";
        return;
    default: // null; binary values are never built here
        out += "null";
        return;
    }
}

} // namespace

std::string dump_safe(const Json& j, int indent) {
    std::string out;
    write_value(out, j, indent, 0);
    return out;
}

} // namespace detail
} // namespace traincalc
