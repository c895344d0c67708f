// traincalc — web/fonts_system.cpp
// add_fonts() for the page (ui/fonts.h): glyphs from the browser's own fonts (PingFang, Microsoft
// YaHei, Noto CJK…), rasterised by Canvas 2D at device pixels (tc_js_raster) into an atlas that
// this file packs itself, so no font travels with the page and any character the system has can
// be drawn. The atlas holds the UI's characters of the visitor's language; any other character is
// added when a frame first meets it (a typed name, a provider's catalog, an imported config): one
// small raster and a re-pack (web/main.cpp asks for it). Glyph bitmaps are cached per size.
//
// Index of this file:
// [SECTION] JS import, cache
// [SECTION] Rasterising
// [SECTION] Packing into ImGui's atlas
// [SECTION] add_fonts()
#include "ui/app.h"
#include "ui/fonts.h"

#include "imgui.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <vector>

//-----------------------------------------------------------------------------
// [SECTION] JS import, cache
//-----------------------------------------------------------------------------

extern "C" {
// Rasterises n codepoints at a line height of target_px device pixels: advances[i] (px), and the
// glyphs' alpha, each (min(ceil(advance)+2, 3H)) × H, one after another. metrics = {H, ascent}.
// Returns the bytes written, or minus the bytes needed when alpha_size is too small.
int tc_js_raster(float target_px, const unsigned* codepoints, int n, float* advances, unsigned char* alpha,
                 int alpha_size, float* metrics);
}

namespace traincalc {
namespace {

struct Glyph {
    int w = 0;                        // bitmap width, px (the advance and 1 px either side)
    float advance = 0;                // px
    std::vector<unsigned char> alpha; // w × cell_h
};

struct SizeCache {
    float target_px = 0; // the size these glyphs were drawn at
    int cell_h = 0;      // px: every glyph's bitmap height = the line height
    float ascent = 0;    // px from the cell's top to the baseline
    std::unordered_map<unsigned, Glyph> glyphs;
};

// One cache per font (body, headline): lives as long as the page.
SizeCache g_cache[2];

//-----------------------------------------------------------------------------
// [SECTION] Rasterising
//-----------------------------------------------------------------------------

void codepoints_of(const unsigned short* ranges, std::vector<unsigned>& out) {
    for (const unsigned short* r = ranges; r[0]; r += 2)
        for (unsigned c = r[0]; c <= r[1]; c++) out.push_back(c);
}

// Characters only the Chinese text uses: CJK punctuation, kana, ideographs, fullwidth forms.
bool chinese_only(unsigned c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

// Rasterises the codepoints the cache lacks (all of them after a size change).
void rasterise(SizeCache& cache, float target_px, const std::vector<unsigned>& want) {
    if (cache.target_px != target_px) {
        cache.glyphs.clear();
        cache.target_px = target_px;
    }
    std::vector<unsigned> missing;
    for (unsigned c : want)
        if (!cache.glyphs.count(c)) missing.push_back(c);
    if (missing.empty()) return;
    const int n = static_cast<int>(missing.size());
    std::vector<float> advances(missing.size());
    float metrics[2] = {0, 0};
    std::vector<unsigned char> alpha(static_cast<size_t>(n) * static_cast<size_t>(target_px + 2) * 8);
    int written = tc_js_raster(target_px, missing.data(), n, advances.data(), alpha.data(),
                               static_cast<int>(alpha.size()), metrics);
    if (written < 0) {
        alpha.resize(static_cast<size_t>(-written));
        written = tc_js_raster(target_px, missing.data(), n, advances.data(), alpha.data(),
                               static_cast<int>(alpha.size()), metrics);
    }
    if (written <= 0) return; // no canvas: the atlas has only what was cached
    cache.cell_h = static_cast<int>(metrics[0]);
    cache.ascent = metrics[1];
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        Glyph g;
        g.advance = advances[i];
        g.w = static_cast<int>(std::ceil(g.advance)) + 2;
        if (g.w > 3 * cache.cell_h) g.w = 3 * cache.cell_h;
        const size_t bytes = static_cast<size_t>(g.w) * cache.cell_h;
        g.alpha.assign(alpha.begin() + at, alpha.begin() + at + bytes);
        at += bytes;
        cache.glyphs.emplace(missing[i], std::move(g));
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Packing into ImGui's atlas
//-----------------------------------------------------------------------------

struct Placed {
    const SizeCache* cache;
    unsigned codepoint;
    const Glyph* glyph;
    int x, y;
};

ImFont* make_font(ImFontAtlas* atlas, const SizeCache& cache) {
    ImFont* font = IM_NEW(ImFont)();
    font->FontSize = static_cast<float>(cache.cell_h);
    font->Ascent = cache.ascent;
    font->Descent = cache.ascent - static_cast<float>(cache.cell_h);
    font->ContainerAtlas = atlas;
    font->FallbackChar = static_cast<ImWchar>('?');
    atlas->Fonts.push_back(font);
    return font;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] add_fonts()
//-----------------------------------------------------------------------------

void add_fonts(App& app, float body_px, float headline_px, const unsigned short* headline_ranges) {
    // Body text: the UI's characters in the visitor's language (in English ~120 glyphs, not the
    // ~800 of both languages: most of the start-up's raster time), then those the frames have met
    // (web/main.cpp lays a frame out before drawing it and adds what it lacks: typed names,
    // catalogs, imported configs). A change of language re-makes the atlas (web/main.cpp).
    std::vector<unsigned> ui_chars, body, headline;
    codepoints_of(kFontRanges, ui_chars);
    for (unsigned c : ui_chars)
        if (app.lang == Lang::zh || !chinese_only(c)) body.push_back(c);
    for (unsigned c : app.runtime_glyphs) body.push_back(c);
    codepoints_of(headline_ranges, headline);
    rasterise(g_cache[0], std::round(body_px), body);
    rasterise(g_cache[1], std::round(headline_px), headline);

    ImGuiIO& io = ImGui::GetIO();
    ImFontAtlas* atlas = io.Fonts;
    atlas->Clear();
    atlas->Flags |= ImFontAtlasFlags_NoBakedLines | ImFontAtlasFlags_NoMouseCursors;
    ImGui::GetStyle().AntiAliasedLinesUseTex = false; // no baked lines in this atlas

    // Shelf packing, one shelf per cell height; a 2×2 white block first (solid fills sample it).
    const int width = body_px > 24.0f ? 2048 : 1024; // WebGL2 promises 2,048-pixel textures
    std::vector<Placed> placed;
    int x = 2, y = 0, shelf_h = 2;
    for (int f = 0; f < 2; f++) {
        const SizeCache& cache = g_cache[f];
        const std::vector<unsigned>& want = f == 0 ? body : headline;
        for (unsigned c : want) {
            auto it = cache.glyphs.find(c);
            if (it == cache.glyphs.end()) continue;
            const Glyph& g = it->second;
            if (x + g.w + 1 > width) {
                x = 0;
                y += shelf_h + 1;
                shelf_h = 0;
            }
            placed.push_back({&cache, c, &g, x, y});
            x += g.w + 1;
            if (cache.cell_h > shelf_h) shelf_h = cache.cell_h;
        }
    }
    int height = y + shelf_h + 1;
    int pow2 = 1;
    while (pow2 < height) pow2 <<= 1;
    height = pow2;

    atlas->TexWidth = width;
    atlas->TexHeight = height;
    atlas->TexPixelsAlpha8 = static_cast<unsigned char*>(IM_ALLOC(static_cast<size_t>(width) * height));
    std::memset(atlas->TexPixelsAlpha8, 0, static_cast<size_t>(width) * height);
    for (int py = 0; py < 2; py++)
        for (int px = 0; px < 2; px++) atlas->TexPixelsAlpha8[py * width + px] = 0xFF;
    atlas->TexUvScale = ImVec2(1.0f / width, 1.0f / height);
    atlas->TexUvWhitePixel = ImVec2(1.0f / width, 1.0f / height);

    ImFont* fonts[2] = {make_font(atlas, g_cache[0]), make_font(atlas, g_cache[1])};
    for (const Placed& p : placed) {
        const Glyph& g = *p.glyph;
        const int h = p.cache->cell_h;
        for (int row = 0; row < h; row++)
            std::memcpy(atlas->TexPixelsAlpha8 + static_cast<size_t>(p.y + row) * width + p.x,
                        g.alpha.data() + static_cast<size_t>(row) * g.w, static_cast<size_t>(g.w));
        ImFont* font = fonts[p.cache == &g_cache[0] ? 0 : 1];
        // The bitmap starts 1 px left of the pen (the raster's margin); its top is the line's top.
        font->AddGlyph(nullptr, static_cast<ImWchar>(p.codepoint), -1.0f, 0.0f, static_cast<float>(g.w - 1),
                       static_cast<float>(h), p.x * atlas->TexUvScale.x, p.y * atlas->TexUvScale.y,
                       (p.x + g.w) * atlas->TexUvScale.x, (p.y + h) * atlas->TexUvScale.y, g.advance);
    }
    for (ImFont* font : fonts) font->BuildLookupTable();
    atlas->TexReady = true;
}

} // namespace traincalc
