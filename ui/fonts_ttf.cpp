// traincalc — ui/fonts_ttf.cpp
// add_fonts() for native builds (UI tests, tools): the bundled font subset (see fonts.h).
#include "app.h"
#include "fonts.h"
#include "imgui.h"

namespace traincalc {

void add_fonts(App&, float body_px, float headline_px, const unsigned short* headline_ranges) {
    static_assert(sizeof(ImWchar) == sizeof(unsigned short), "glyph ranges are ImWchar16");
    ImGuiIO& io = ImGui::GetIO();
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false; // kFontData is a constant array in the binary
    cfg.OversampleH = 1;              // rasterised at the device's pixel size: no oversampling needed
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    io.Fonts->Clear();
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFontData), static_cast<int>(kFontSize),
                                   body_px, &cfg, reinterpret_cast<const ImWchar*>(kFontRanges));
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFontData), static_cast<int>(kFontSize),
                                   headline_px, &cfg, reinterpret_cast<const ImWchar*>(headline_ranges));
    // Wide rather than tall at high dpi: WebGL2 only promises 2,048-pixel textures.
    io.Fonts->TexDesiredWidth = body_px > 24.0f ? 2048 : 0;
    io.Fonts->Build();
}

} // namespace traincalc
