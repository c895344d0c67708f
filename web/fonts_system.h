// traincalc — web/fonts_system.h
// The page's side of its system-font atlas (web/fonts_system.cpp) beyond ui/fonts.h's add_fonts():
// glyphs are rasterised only once a frame shows them; until then they are placeholders.
#pragma once

struct ImDrawData;

namespace traincalc {

// Placeholders the laid-out frame shows between y_min and y_max (page px: the part on screen); their
// glyphs are rasterised at the next add_fonts() (setup_imgui()). True when there were new ones:
// re-make the atlas and lay the frame out again before drawing it.
bool take_shown_placeholders(const ImDrawData* draw, float y_min, float y_max);

// While held (start-up, before the WebGL context), add_fonts() measures and packs but rasterises
// nothing: Canvas 2D's first raster waits for the GPU process, busy presenting the prerendered text.
void hold_glyph_pixels(bool hold);

} // namespace traincalc
