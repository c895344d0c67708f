// traincalc — cli/yaml_json.cpp
// yaml-cpp's node tree walked into nlohmann::json. yaml-cpp reports errors by exception; they are
// caught here and become FieldErrors with the line and column it gives, or, when a '[' or '{' is
// never closed, the bracket's own (the page says the same: web/yaml_json.js).
//
// Index of this file:
// [SECTION] Scalars (PyYAML's resolution)
// [SECTION] Nodes
// [SECTION] An unclosed bracket
// [SECTION] yaml_to_json()

#include "cli/yaml_json.h"
#include "core/json_read.h"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

// GCC 12 reports yaml-cpp's own iterator temporaries (inlined from its headers) as dangling
// pointers: a false positive in the library's code, silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#endif

#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

namespace traincalc {
namespace {
using Json = nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Scalars (PyYAML's resolution, yaml/resolver.py)
//-----------------------------------------------------------------------------

Json scalar(const YAML::Node& n) {
    const std::string& s = n.Scalar();
    if (n.Tag() != "?") return Json(s); // quoted, or explicitly tagged: a string
    static const std::regex kNull("~|null|Null|NULL|");
    static const std::regex kTrue("yes|Yes|YES|true|True|TRUE|on|On|ON");
    static const std::regex kFalse("no|No|NO|false|False|FALSE|off|Off|OFF");
    static const std::regex kInt("[-+]?(0|[1-9][0-9_]*)");
    static const std::regex kHex("[-+]?0x[0-9a-fA-F_]+");
    static const std::regex kFloat("[-+]?(\\.[0-9]+|[0-9][0-9_]*(\\.[0-9_]*)?)([eE][-+]?[0-9]+)?");
    if (std::regex_match(s, kNull)) return Json();
    if (std::regex_match(s, kTrue)) return Json(true);
    if (std::regex_match(s, kFalse)) return Json(false);
    std::string digits;
    for (char c : s)
        if (c != '_') digits += c;
    if (std::regex_match(s, kInt) || std::regex_match(s, kHex)) {
        errno = 0;
        const long long v = std::strtoll(digits.c_str(), nullptr, 0);
        if (errno == 0) return Json(v);
    }
    if (std::regex_match(s, kFloat)) return Json(std::strtod(digits.c_str(), nullptr));
    return Json(s);
}

//-----------------------------------------------------------------------------
// [SECTION] Nodes
//-----------------------------------------------------------------------------

Json convert(const YAML::Node& n, const std::string& path, std::vector<KeyLine>& lines, int depth) {
    if (depth > 64) throw YAML::Exception(n.Mark(), "nested more than 64 levels");
    switch (n.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return Json();
    case YAML::NodeType::Scalar:
        return scalar(n);
    case YAML::NodeType::Sequence: {
        Json a = Json::array();
        for (const YAML::Node& e : n) a.push_back(convert(e, path + "[]", lines, depth + 1));
        return a;
    }
    case YAML::NodeType::Map: {
        Json o = Json::object();
        for (auto it = n.begin(); it != n.end(); ++it) {
            const YAML::Node k = it->first;
            const YAML::Node v = it->second;
            if (!k.IsScalar()) throw YAML::Exception(k.Mark(), "a mapping key must be a plain value");
            const std::string key = k.Scalar();
            const std::string dotted = path.empty() ? key : path + "." + key;
            if (path.find('[') == std::string::npos) lines.push_back(KeyLine{dotted, k.Mark().line + 1});
            o[key] = convert(v, dotted, lines, depth + 1); // a repeated key: the last wins, as in PyYAML
        }
        return o;
    }
    }
    return Json();
}

//-----------------------------------------------------------------------------
// [SECTION] An unclosed bracket
//-----------------------------------------------------------------------------

// The innermost '[' or '{' nothing closes to the text's end (its byte offset), or npos: yaml-cpp says
// "end of sequence flow not found" where the text ends, far from what to fix. web/yaml_json.js scans
// alike (tests/yaml_layouts.json checks both): brackets and quotes open only where a value starts (a
// line's start, after ": ", "- ", "? ", or inside a flow after '[', '{', ',', ':'), so "a[1]" and
// "don't" are plain text; a '#' after a space or at a line's start begins a comment; a block
// scalar's lines (indented past its key, blank ones too) are text.
size_t unclosed_flow(const std::string& t) {
    const size_t n = t.size();
    std::vector<size_t> open;
    char prev = 0, quote = 0;   // prev: 0 at a value's start, 'v' after a value's text, else the indicator
    int indent = 0, block = -1; // block: a '|' or '>' key's indent
    auto indent_at = [&](size_t k) {
        int w = 0;
        while (k + size_t(w) < n && t[k + size_t(w)] == ' ') w++;
        return w;
    };
    auto blank_line = [&](size_t k) {
        while (k < n && (t[k] == ' ' || t[k] == '\t' || t[k] == '\r')) k++;
        return k < n && t[k] == '\n';
    };
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    for (size_t i = 0; i < n; i++) {
        const char c = t[i];
        if (quote) {
            if (quote == '"' && c == '\\')
                i++;
            else if (c == quote && !(quote == '\'' && i + 1 < n && t[i + 1] == '\'')) {
                quote = 0;
                prev = 'v';
            } else if (quote == '\'' && c == '\'')
                i++;
            continue;
        }
        if (c == '\n') {
            while (block >= 0 && i + 1 < n && (indent_at(i + 1) > block || blank_line(i + 1))) {
                const size_t next = t.find('\n', i + 1);
                if (next == std::string::npos) return open.empty() ? std::string::npos : open.back();
                i = next;
            }
            block = -1;
            indent = indent_at(i + 1);
            if (open.empty()) prev = 0;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') continue;
        if (c == '#' && (i == 0 || space(t[i - 1]))) { // to the line's end
            const size_t next = t.find('\n', i);
            if (next == std::string::npos) break;
            i = next - 1;
            continue;
        }
        const bool starts = open.empty()
                                ? prev == 0 || prev == ':' || prev == '-' || prev == '?'
                                : prev == 0 || prev == '[' || prev == '{' || prev == ',' || prev == ':';
        if (starts && (c == '[' || c == '{'))
            open.push_back(i);
        else if (starts && (c == '"' || c == '\''))
            quote = c;
        else if (starts && open.empty() && (c == '|' || c == '>'))
            block = indent;
        else if (!open.empty() && (c == ']' || c == '}'))
            open.pop_back();
        // ": ", "- ", "? " are indicators only before a space or the end: "a-b", "http://x" are text.
        const bool spaced = i + 1 >= n || space(t[i + 1]);
        prev = ((c == ':' || c == '-' || c == '?') && spaced) || c == ',' || c == '[' || c == '{' ? c : 'v';
    }
    return open.empty() ? std::string::npos : open.back();
}

// "line 2, column 13: " of a byte offset (columns in characters, as the page counts them).
std::string line_column(const std::string& t, size_t at, Lang lang) {
    int line = 1, column = 1;
    for (size_t i = 0; i < at; i++) {
        if (t[i] == '\n') {
            line++;
            column = 1;
        } else if ((static_cast<unsigned char>(t[i]) & 0xC0) != 0x80) { // not a UTF-8 continuation byte
            column++;
        }
    }
    return lang == Lang::zh ? "第 " + std::to_string(line) + " 行第 " + std::to_string(column) + " 列："
                            : "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] yaml_to_json()
//-----------------------------------------------------------------------------

bool looks_like_json(const std::string& text) {
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        return c == '{' || c == '[';
    }
    return false;
}

YamlJson yaml_to_json(const std::string& text) {
    YamlJson out;
    try {
        const YAML::Node root = YAML::Load(text);
        Json j = convert(root, "", out.lines, 0);
        out.json = detail::dump_safe(j);
    } catch (const YAML::Exception& e) {
        out.lines.clear();
        // An unclosed bracket opened at or before where yaml-cpp stopped (an error before it comes first).
        const size_t open = unclosed_flow(text);
        if (open != std::string::npos && (e.mark.is_null() || open <= size_t(e.mark.pos))) {
            const bool seq = text[open] == '[';
            out.errors.push_back(
                FieldError{"",
                           "YAML: " + line_column(text, open, Lang::en) +
                               (seq ? "this '[' is not closed by ']'" : "this '{' is not closed by '}'"),
                           "YAML：" + line_column(text, open, Lang::zh) +
                               (seq ? "这里的“[”没有用“]”闭合" : "这里的“{”没有用“}”闭合")});
            return out;
        }
        const std::string at = e.mark.is_null() ? ""
                                                : "line " + std::to_string(e.mark.line + 1) + ", column " +
                                                      std::to_string(e.mark.column + 1) + ": ";
        const std::string at_zh = e.mark.is_null() ? ""
                                                   : "第 " + std::to_string(e.mark.line + 1) + " 行第 " +
                                                         std::to_string(e.mark.column + 1) + " 列：";
        out.errors.push_back(FieldError{"", "YAML: " + at + e.msg, "YAML：" + at_zh + e.msg});
    }
    return out;
}

} // namespace traincalc
