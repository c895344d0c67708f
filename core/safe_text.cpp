// traincalc — core/safe_text.cpp
// Names made safe for terminals and Markdown: one pass over the code points, then escaping.
//
// Index of this file:
// [SECTION] UTF-8 decoding
// [SECTION] plain_text()
// [SECTION] markdown_text() and markdown_safe()

#include "core/safe_text.h"
#include "core/estimate.h"

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] UTF-8 decoding
//-----------------------------------------------------------------------------
namespace {

constexpr unsigned kReplacement = 0xFFFD;

// The code point at s[i] and its length in bytes; invalid bytes read as U+FFFD of length 1.
unsigned decode(std::string_view s, size_t i, size_t& len) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > s.size()) {
        len = 1;
        return kReplacement;
    }
    unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
    for (size_t k = 1; k < len; ++k) {
        const unsigned char cc = static_cast<unsigned char>(s[i + k]);
        if ((cc >> 6) != 0x2) {
            len = 1;
            return kReplacement;
        }
        cp = (cp << 6) | (cc & 0x3Fu);
    }
    // Overlong forms, surrogates and code points above U+10FFFF are invalid.
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
        len = 1;
        return kReplacement;
    }
    return cp;
}

void encode(unsigned cp, std::string& out) {
    if (cp < 0x80)
        out += static_cast<char>(cp);
    else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | cp >> 6);
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | cp >> 12);
        out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | cp >> 18);
        out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
        out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Bytes of the escape sequence starting with ESC at s[i] (ECMA-48 CSI and OSC, else ESC + one).
size_t escape_length(std::string_view s, size_t i) {
    size_t j = i + 1;
    if (j >= s.size()) return 1;
    if (s[j] == '[') { // CSI: parameter and intermediate bytes, then one final byte 0x40–0x7E
        for (++j; j < s.size(); ++j)
            if (s[j] >= 0x40 && s[j] <= 0x7E) return j + 1 - i;
        return s.size() - i;
    }
    if (s[j] == ']') { // OSC (terminal title, hyperlinks): up to BEL or ESC '\'
        for (++j; j < s.size(); ++j) {
            if (s[j] == '\a') return j + 1 - i;
            if (s[j] == '\x1B') return (j + 1 < s.size() && s[j + 1] == '\\' ? j + 2 : j + 1) - i;
        }
        return s.size() - i;
    }
    return s[j] >= 0x40 && s[j] <= 0x5F ? 2 : 1; // two-byte escapes such as ESC c (reset)
}

// Columns of one code point in a terminal: Unicode's East Asian Width W and F ranges (as wcwidth() of
// glibc and Markus Kuhn's mk_wcwidth take them) 2; combining marks, zero-width spaces and joiners and
// variation selectors 0.
int columns(unsigned cp) {
    if ((cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0xFE00 && cp <= 0xFE0F) ||
        (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0xFEFF)
        return 0;
    const bool wide =
        (cp >= 0x1100 && cp <= 0x115F) || cp == 0x2329 || cp == 0x232A || (cp >= 0x2E80 && cp <= 0x303E) ||
        (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
        (cp >= 0xA000 && cp <= 0xA4CF) || (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
        (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE10 && cp <= 0xFE19) || (cp >= 0xFE30 && cp <= 0xFE6F) ||
        (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) ||
        (cp >= 0x1F300 && cp <= 0x1F64F) || (cp >= 0x1F680 && cp <= 0x1F6FF) ||
        (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x2FFFD) ||
        (cp >= 0x30000 && cp <= 0x3FFFD);
    return wide ? 2 : 1;
}

bool is_bidi_control(unsigned cp) {
    return (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069); // embeddings, overrides, isolates
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] plain_text()
//-----------------------------------------------------------------------------

std::string plain_text(std::string_view s, size_t max_bytes) {
    static const char kEllipsis[] = "\xE2\x80\xA6";        // …
    const size_t keep = max_bytes > 3 ? max_bytes - 3 : 0; // room for "…" when cut
    std::string out;
    out.reserve(s.size() < max_bytes ? s.size() : max_bytes);
    size_t cut = std::string::npos; // the last character boundary at or below `keep`
    for (size_t i = 0; i < s.size();) {
        if (s[i] == '\x1B') {
            i += escape_length(s, i);
            continue;
        }
        size_t len = 0;
        unsigned cp = decode(s, i, len);
        i += len;
        if (cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x2028 || cp == 0x2029) cp = ' ';
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || is_bidi_control(cp)) continue;
        if (out.size() <= keep) cut = out.size();
        encode(cp, out);
        if (out.size() > max_bytes) { // too long: back to the last boundary that leaves room for "…"
            out.resize(cut);
            return out + kEllipsis;
        }
    }
    return out;
}

size_t display_width(std::string_view s) {
    size_t width = 0;
    for (size_t i = 0; i < s.size();) {
        size_t len = 0;
        width += columns(decode(s, i, len));
        i += len;
    }
    return width;
}

//-----------------------------------------------------------------------------
// [SECTION] markdown_text() and markdown_safe()
//-----------------------------------------------------------------------------

std::string markdown_text(std::string_view s, size_t max_bytes) {
    const std::string plain = plain_text(s, max_bytes);
    std::string out;
    out.reserve(plain.size() + plain.size() / 8);
    for (char c : plain) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '\\':
        case '`':
        case '*':
        case '_':
        case '[':
        case ']':
        case '#':
        case '|':
        case '~':
        case '!':
            out += '\\';
            out += c;
            break;
        default:
            out += c;
        }
    }
    return out;
}

Estimate markdown_safe(const Estimate& e) {
    // Error messages quote user text (ids, values) and are longer than a name.
    constexpr size_t kMaxMessageBytes = 2000;
    Estimate out = e;
    for (std::string* name :
         {&out.model.name, &out.model.name_zh, &out.model.id, &out.gpu.name, &out.gpu.name_zh, &out.gpu.id,
          &out.scenario.model_id, &out.scenario.gpu_id, &out.scenario.model.name, &out.scenario.model.name_zh,
          &out.scenario.gpu.name, &out.scenario.gpu.name_zh})
        *name = markdown_text(*name);
    for (Quote& q : out.scenario.quotes) q.name = markdown_text(q.name);
    for (FieldError& fe : out.errors) {
        fe.message = markdown_text(fe.message, kMaxMessageBytes);
        fe.message_zh = markdown_text(fe.message_zh, kMaxMessageBytes);
    }
    return out;
}

} // namespace traincalc
