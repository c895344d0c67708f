// traincalc — ui/fonts.h
// The page's fonts: one seam, two implementations chosen in CMake.
// - ui/fonts_ttf.cpp (native: UI tests, tools): the subset of Noto Sans CJK SC that
//   scripts/gen_font.py builds (build/*/gen/font_data.cpp), rasterised by ImGui's stb_truetype.
// - web/fonts_system.cpp (the page): glyphs rasterised from the browser's own fonts by Canvas 2D,
//   at the device pixel ratio, for the UI's characters in the visitor's language and any character
//   first seen at run time (typed names, provider catalogs): no font travels with the page.
#pragma once

namespace traincalc {

struct App;

// The UI's characters (both languages, core's text, the catalog): kFontGlyphCount of them, as ImGui
// glyph ranges (native: pairs, 0-terminated) or, in the page, as steps (each its distance from the
// one before, from 0; 7 bits a byte, low bits first, the high bit on all but a step's last; 0 ends).
extern const unsigned int kFontGlyphCount;
extern const unsigned short kFontRanges[];   // native only
extern const unsigned char kFontCharSteps[]; // the page only
extern const unsigned char kFontData[];      // native only: OpenType (CFF) bytes of the subset
extern const unsigned int kFontSize;         // native only: bytes

// Replaces io.Fonts' fonts with the page's two: [0] body text at body_px, [1] headline numbers at
// headline_px holding `headline_ranges` (ImGui ranges, kept alive by the caller). Sizes are device
// pixels (already times app.dpi_scale). The atlas is ready to upload when it returns.
void add_fonts(App& app, float body_px, float headline_px, const unsigned short* headline_ranges);

} // namespace traincalc
