// traincalc — core/url.cpp
// The URL hash "#s=<base64url(JSON)>&embed=1&lang=zh". Links are short: only the keys that
// differ from a default Scenario are written. Decoding treats the hash as hostile text.
//
// Index of this file:
// [SECTION] base64url
// [SECTION] encode_hash()
// [SECTION] decode_hash()

#include "core/url.h"

#include "core/json_read.h"

#include <string>

namespace traincalc {
using detail::Json;

//-----------------------------------------------------------------------------
// [SECTION] base64url (RFC 4648 §5; padding optional on input, never written)
//-----------------------------------------------------------------------------
namespace {
const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int sextet(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}
} // namespace

std::string base64url_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        unsigned v =
            (unsigned char)bytes[i] << 16 | (unsigned char)bytes[i + 1] << 8 | (unsigned char)bytes[i + 2];
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
        out += kAlphabet[v >> 6 & 63];
        out += kAlphabet[v & 63];
    }
    size_t rest = bytes.size() - i;
    if (rest == 1) {
        unsigned v = (unsigned char)bytes[i] << 16;
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
    } else if (rest == 2) {
        unsigned v = (unsigned char)bytes[i] << 16 | (unsigned char)bytes[i + 1] << 8;
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
        out += kAlphabet[v >> 6 & 63];
    }
    return out;
}

bool base64url_decode(std::string_view text, std::string& out) {
    out.clear();
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);
    if (text.size() % 4 == 1) return false; // a lone sextet carries no whole byte
    out.reserve(text.size() / 4 * 3 + 2);
    unsigned acc = 0;
    int bits = 0;
    for (char c : text) {
        int v = sextet(c);
        if (v < 0) {
            out.clear();
            return false;
        }
        acc = (acc << 6 | static_cast<unsigned>(v)) & 0xFFFFFF;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>(acc >> bits & 0xFF);
        }
    }
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] encode_hash()
//-----------------------------------------------------------------------------

std::string encode_hash(const Scenario& s, bool embed, std::string_view lang, bool embed_io) {
    Json full = detail::parse_json_text(scenario_to_json(s));
    Json defaults = detail::parse_json_text(scenario_to_json(Scenario{}));
    Json diff = Json::object();
    // In another currency than the defaults' yuan, every amount is written: the link's reader
    // converts the amounts a scenario leaves out (scenario_patch), so one equal to a yuan default
    // ($0.8/kWh) would come back as $0.111. The amounts are the keys whose default in_currency()
    // changes (at any rate; a zero default stays zero, so leaving it out is safe).
    Json converted;
    if (s.currency != Scenario{}.currency) {
        Catalog any_rate;
        any_rate.cny_per_usd = 2;
        converted = detail::parse_json_text(scenario_to_json(in_currency(Scenario{}, s.currency, any_rate)));
    }
    if (full.is_object() && defaults.is_object()) {
        for (auto it = full.begin(); it != full.end(); ++it) {
            const std::string& key = it.key();
            const bool amount = key != "price" && converted.is_object() && converted.contains(key) &&
                                converted[key] != defaults[key];
            if (defaults.contains(key) && defaults[key] == it.value() && !amount) continue;
            if (key == "price" && defaults.contains(key)) {
                // Only the changed price keys: the price object is read as a patch.
                Json part = Json::object();
                for (auto p = it.value().begin(); p != it.value().end(); ++p)
                    if (defaults[key][p.key()] != p.value()) part[p.key()] = p.value();
                diff[key] = std::move(part);
            } else {
                diff[key] = it.value();
            }
        }
        // Data keys imply data_input when it is absent; write it so it is never inferred.
        for (const char* key : {"tokens", "samples", "avg_tokens", "dataset_mb"})
            if (diff.contains(key)) diff["data_input"] = full["data_input"];
    }
    std::string out = "#s=" + base64url_encode(detail::dump_safe(diff));
    if (embed) out += embed_io ? "&embed=1&io=1" : "&embed=1";
    if (lang == "en" || lang == "zh") out += "&lang=" + std::string(lang);
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] decode_hash()
//-----------------------------------------------------------------------------

std::vector<FieldError> check_hash_length(std::string_view hash) {
    if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
    if (hash.size() <= limits::kMaxHashBytes) return {};
    return {detail::too_long_error("s", "the link", "链接", hash.size(), limits::kMaxHashBytes)};
}

namespace {
// A link's language as people write it: "zh", "zh-CN", "zh_Hans", "ZH" -> "zh"; "en", "en-US" ->
// "en"; anything else -> "" (the visitor's own language).
std::string link_lang(std::string_view v) {
    if (v.size() < 2 || (v.size() > 2 && v[2] != '-' && v[2] != '_')) return "";
    const char a = static_cast<char>(v[0] | 0x20), b = static_cast<char>(v[1] | 0x20);
    if (a == 'z' && b == 'h') return "zh";
    if (a == 'e' && b == 'n') return "en";
    return "";
}
} // namespace

HashState decode_hash(std::string_view hash, const Catalog& catalog) {
    HashState st;
    st.scenario.errors = check_hash_length(hash);
    if (!st.scenario.errors.empty()) return st;
    if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
    std::string_view payload;
    bool has_payload = false;
    while (!hash.empty()) {
        size_t amp = hash.find('&');
        std::string_view part = hash.substr(0, amp);
        hash = amp == std::string_view::npos ? std::string_view() : hash.substr(amp + 1);
        size_t eq = part.find('=');
        std::string_view key = part.substr(0, eq);
        std::string_view value = eq == std::string_view::npos ? std::string_view() : part.substr(eq + 1);
        if (key == "s") {
            payload = value;
            has_payload = true;
        } else if (key == "embed")
            st.embed = value == "1" || value == "true";
        else if (key == "io")
            st.embed_io = value == "1" || value == "true";
        else if (key == "lang")
            st.lang = link_lang(value);
        // Other parameters (analytics tags and the like) are ignored.
    }
    if (!has_payload) return st;

    std::string json_text;
    if (!base64url_decode(payload, json_text)) {
        st.scenario.errors.push_back(FieldError{"s",
                                                "the link is damaged: the scenario is not valid base64url",
                                                "链接已损坏：场景数据不是有效的 base64url"});
        return st;
    }
    if (!detail::valid_utf8(json_text)) {
        st.scenario.errors.push_back(FieldError{"s",
                                                "the link is damaged: the scenario is not valid UTF-8 text",
                                                "链接已损坏：场景数据不是有效的 UTF-8 文本"});
        return st;
    }
    ScenarioResult r = scenario_from_json(json_text, catalog);
    // Text that is not a JSON object carries no scenario; field errors still leave one.
    if (!r.errors.empty() && r.errors.front().field.empty()) {
        st.scenario.errors = std::move(r.errors);
        return st;
    }
    // A link that reads without errors writes back one that reads: its text fits a link. (The
    // text read may fit in this link and not in the one written back, whose JSON is fuller.)
    if (r.errors.empty()) r.errors = link_text_errors(r.scenario);
    st.has_scenario = true;
    st.scenario = std::move(r);
    return st;
}

} // namespace traincalc
