// traincalc — core/safe_text.h
// User text (GPU, model and quote names, ids, messages quoting them) made safe for text and
// Markdown outputs: the CLI's listings and --text, the copied report. A provider or a link
// chooses these names, so they may hold ANSI escapes, HTML or Markdown links.
//
// Index of this file:
// [SECTION] Plain text (terminal, listings)
// [SECTION] Markdown (report_markdown)
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace traincalc {

struct Estimate;

// Longest name shown in a report or listing, in bytes (a 5,000-emoji name is cut with "…").
constexpr size_t kMaxShownNameBytes = 200;

// Where to cut s to at most n bytes without splitting a UTF-8 sequence: n itself (s.size() when n
// is past the end), or back over the continuation bytes (10xxxxxx) that n would split.
inline size_t utf8_floor(std::string_view s, size_t n) {
    if (n >= s.size()) return s.size();
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) n--;
    return n;
}

//-----------------------------------------------------------------------------
// [SECTION] Plain text (terminal, listings)
//-----------------------------------------------------------------------------

// Valid UTF-8 (bad bytes become U+FFFD), on one line (tab, CR, LF become a space), without
// control characters (C0, DEL, C1; ANSI escape sequences removed whole) or bidirectional
// overrides, and at most `max_bytes` long, cut between characters with "…" appended.
std::string plain_text(std::string_view s, size_t max_bytes = kMaxShownNameBytes);

// Columns `s` takes in a terminal (what a listing pads by): East Asian wide and fullwidth characters
// (CJK, Hangul, fullwidth forms such as "（", emoji) 2, combining marks and zero-width characters 0,
// the rest 1. For plain_text()'s output; invalid bytes count 1.
size_t display_width(std::string_view s);

//-----------------------------------------------------------------------------
// [SECTION] Markdown (report_markdown)
//-----------------------------------------------------------------------------

// plain_text(), then Markdown-significant characters backslash-escaped (\ ` * _ [ ] # | ~ !)
// and HTML's < > & written as entities: a name renders as itself, never as a link, an image,
// emphasis, a table cell break or an HTML element.
std::string markdown_text(std::string_view s, size_t max_bytes = kMaxShownNameBytes);

// A copy of `e` whose user text (model, GPU and quote names and ids, error messages) has been
// through markdown_text(): report_markdown() formats this copy.
Estimate markdown_safe(const Estimate& e);

} // namespace traincalc
