// traincalc — cli/yaml_json.cpp
// yaml-cpp's node tree walked into nlohmann::json. yaml-cpp reports errors by exception; they are
// caught here and become FieldErrors with the line and column it gives.
//
// Index of this file:
// [SECTION] Scalars (PyYAML's resolution)
// [SECTION] Nodes
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
        const std::string at = e.mark.is_null() ? ""
                                                : "line " + std::to_string(e.mark.line + 1) + ", column " +
                                                      std::to_string(e.mark.column + 1) + ": ";
        const std::string at_zh = e.mark.is_null() ? ""
                                                   : "第 " + std::to_string(e.mark.line + 1) + " 行第 " +
                                                         std::to_string(e.mark.column + 1) + " 列：";
        out.errors.push_back(FieldError{"", "YAML: " + at + e.msg, "YAML：" + at_zh + e.msg});
        out.lines.clear();
    }
    return out;
}

} // namespace traincalc
