// traincalc — tests/zh_text.h
// How Chinese text is spaced, checked by the shown work's and the screens' tests: a space stands
// between a number or a Latin word and a Chinese character ("24 小时", "CPU 的"), never between two
// Chinese characters ("不重计算 只需", "1 小时 的期限") nor after a full-width colon ("这张卡： 8.0").
#pragma once
#include <string>

namespace traincalc::zh_text {

// Chinese characters and full-width punctuation: CJK symbols, the unified ideographs, full-width forms.
inline bool is_cjk(char32_t cp) {
    return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xFF00 && cp <= 0xFFEF);
}

// The code point at text[*i] (UTF-8), *i moved past it.
inline char32_t next_code_point(const std::string& text, size_t* i) {
    const unsigned char b = static_cast<unsigned char>(text[*i]);
    const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n && *i + k < text.size(); k++) cp = (cp << 6) | (text[*i + k] & 0x3F);
    *i += static_cast<size_t>(n);
    return cp;
}

// True when `text` (UTF-8) has a space between two Chinese characters or punctuation marks.
inline bool has_cjk_gap(const std::string& text) {
    char32_t before = 0, prev = 0;
    for (size_t i = 0; i < text.size();) {
        const char32_t cp = next_code_point(text, &i);
        if (prev == U' ' && is_cjk(before) && is_cjk(cp)) return true;
        before = prev;
        prev = cp;
    }
    return false;
}

// True when a half-width parenthesis touches Chinese text: "(23.4 小时)" is "（23.4 小时）".
inline bool has_halfwidth_paren(const std::string& text) {
    char32_t prev = 0;
    for (size_t i = 0; i < text.size();) {
        const char32_t cp = next_code_point(text, &i);
        if ((cp == U')' && is_cjk(prev)) || (prev == U'(' && is_cjk(cp))) return true;
        prev = cp;
    }
    return false;
}

// True when a half-width colon, comma or semicolon punctuates Chinese text: after a Chinese character
// ("查看算式: 时间") or before one past its space ("GPU: 名称"); Chinese takes "：", "，", "；".
inline bool has_halfwidth_punct(const std::string& text) {
    char32_t before = 0, prev = 0;
    for (size_t i = 0; i < text.size();) {
        const char32_t cp = next_code_point(text, &i);
        const bool punct = cp == U':' || cp == U',' || cp == U';';
        if (punct && is_cjk(prev) && prev < 0xFF00) return true; // a full-width form is the punctuation
        if ((before == U':' || before == U',' || before == U';') && prev == U' ' && is_cjk(cp)) return true;
        before = prev;
        prev = cp;
    }
    return false;
}

} // namespace traincalc::zh_text
