// traincalc — ui/fonts.h
// The font subset generated at build time by scripts/gen_font.py (build/*/gen/font_data.cpp):
// Noto Sans CJK SC reduced to ASCII plus every character our strings use.
#pragma once

namespace traincalc {
extern const unsigned char kFontData[];      // OpenType (CFF) bytes
extern const unsigned int kFontSize;         // bytes
extern const unsigned int kFontGlyphCount;   // characters covered
extern const unsigned short kFontRanges[];   // ImGui glyph ranges: pairs, 0-terminated
} // namespace traincalc
