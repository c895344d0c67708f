// traincalc — web/fonts_system.cpp
// add_fonts() for the page (ui/fonts.h): glyphs from the browser's own fonts (PingFang, Microsoft
// YaHei, Noto CJK…), rasterised by Canvas 2D at device pixels (tc_js_raster) into an atlas that
// this file packs itself, so no font travels with the page and any character the system has can
// be drawn. The atlas holds the UI's characters of both languages and those first met at run time
// (a typed name, a provider's catalog, an imported config), each measured (Chinese ones are one em
// wide), but rasterises a glyph only once a frame shows it on screen: until then it is a
// placeholder of its size whose texture coordinates name it, and web/main.cpp, which scans each
// laid-out frame's vertices (take_shown_placeholders()), re-makes the atlas with the new glyphs and
// lays the frame out again before drawing it. So a Chinese visitor's start-up rasterises the ~200
// characters of the first screen, not the UI's ~800, and the start-up's pixels wait until after the
// WebGL context (hold_glyph_pixels()): Canvas 2D's first raster waits for the GPU process, which is
// presenting the prerendered text meanwhile. Glyphs are cached per size.
//
// Index of this file:
// [SECTION] JS import, cache
// [SECTION] Measuring and rasterising
// [SECTION] Packing into ImGui's atlas
// [SECTION] add_fonts()
// [SECTION] Placeholders shown, pixels held
#include "web/fonts_system.h"
#include "ui/app.h"
#include "ui/fonts.h"

#include "imgui.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

//-----------------------------------------------------------------------------
// [SECTION] JS import, cache
//-----------------------------------------------------------------------------

extern "C" {
// Measures n codepoints at a line height of target_px device pixels: advances[i] (px), and metrics =
// {H, ascent, the advance of a Chinese character (国)}; metrics[0] stays 0 when there is no canvas.
// With alpha: also rasterises them (web/glyph_raster.js), each into a cell that holds all its ink:
// cells[2i] = the pen's distance from the cell's left edge, cells[2i+1] = the cell's width (px, at
// most 4H); alpha gets the cells' width × H bytes one after another. Returns the bytes written, or
// minus the bytes needed when alpha_size is too small.
int tc_js_raster(float target_px, const unsigned* codepoints, int n, float* advances, int* cells,
                 unsigned char* alpha, int alpha_size, float* metrics);
}

namespace traincalc {
namespace {

struct Glyph {
    float advance = 0; // px
    int left = 0;      // px from the bitmap's left edge to the pen (the ink left of the pen, + 1)
    int w = 0;         // bitmap width, px (the ink and the advance, 1 px either side); 0 until rasterised
    std::vector<unsigned char> alpha; // w × cell_h; empty until a frame shows the glyph
};

struct SizeCache {
    float target_px = 0;       // the size these glyphs were measured and drawn at
    int cell_h = 0;            // px: every glyph's bitmap height = the line height; 0 = not measured yet
    float ascent = 0;          // px from the cell's top to the baseline
    float cjk_advance = 0;     // px: a Chinese character's advance (their placeholders' width until drawn)
    std::vector<Glyph> glyphs; // measured (advance) or rasterised (alpha)
    std::vector<unsigned short> index; // codepoint -> 1 + its place in glyphs; 0 = none (ImWchar16 only)
    const Glyph* find(unsigned c) const {
        return c < index.size() && index[c] ? &glyphs[index[c] - 1u] : nullptr;
    }
    Glyph& add(unsigned c) { // c < 0x10000
        if (index.empty()) index.assign(0x10000, 0);
        if (!index[c]) {
            glyphs.emplace_back();
            index[c] = static_cast<unsigned short>(glyphs.size());
        }
        return glyphs[index[c] - 1u];
    }
    std::vector<unsigned> show; // characters a frame showed as placeholders: rasterise
};

// One cache per font (body, headline): lives as long as the page.
SizeCache g_cache[2];
bool g_hold = false;      // start-up: measure only, rasterise after the WebGL context (hold_glyph_pixels)
bool g_no_canvas = false; // Canvas 2D failed: what is not rasterised stays '?'-less placeholders, not retried

// Placeholders: a glyph's U0 = kPlaceholderU + its index here (real glyphs and the white pixel are
// within 0..1), so the laid-out frame's vertices name the characters it shows.
constexpr float kPlaceholderU = 2.0f;
struct Placeholder {
    int font;           // 0 body, 1 headline
    unsigned codepoint; //
};
std::vector<Placeholder> g_placeholders; // of the current atlas

//-----------------------------------------------------------------------------
// [SECTION] Measuring and rasterising
//-----------------------------------------------------------------------------

void codepoints_of(const unsigned short* ranges, std::vector<unsigned>& out) {
    for (const unsigned short* r = ranges; r[0]; r += 2)
        for (unsigned c = r[0]; c <= r[1]; c++) out.push_back(c);
}

// The UI's characters from kFontCharSteps (scripts/gen_font.py: a third of the ranges' bytes).
void ui_codepoints(std::vector<unsigned>& out) {
    unsigned c = 0;
    for (const unsigned char* p = kFontCharSteps; *p;) {
        unsigned step = 0;
        for (int shift = 0;; shift += 7) {
            step |= unsigned(*p & 0x7F) << shift;
            if (!(*p++ & 0x80)) break;
        }
        out.push_back(c += step);
    }
    IM_ASSERT(out.size() == kFontGlyphCount &&
              "kFontCharSteps is not scripts/gen_font.py's: rebuild gen/font_ranges.cpp");
}

// Characters only the Chinese text uses: CJK punctuation, kana, ideographs, fullwidth forms. They
// are one em wide: their placeholders take the measured width of 国 instead of a measure each.
bool chinese_only(unsigned c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

// The font's metrics and the advances of `want`'s characters the cache lacks, Chinese ones aside
// (all of them after a size change); no pixels.
void measure(SizeCache& cache, float target_px, const std::vector<unsigned>& want) {
    if (cache.target_px != target_px) {
        cache.glyphs.clear();
        cache.index.clear();
        cache.show.clear();
        cache.target_px = target_px;
        cache.cell_h = 0;
    }
    std::vector<unsigned> missing;
    for (unsigned c : want)
        if (c < 0x10000 && !chinese_only(c) && !cache.find(c)) missing.push_back(c);
    if (missing.empty() && cache.cell_h > 0) return;
    std::vector<float> advances(missing.size());
    float metrics[3] = {0, 0, 0};
    tc_js_raster(target_px, missing.data(), static_cast<int>(missing.size()), advances.data(), nullptr,
                 nullptr, 0, metrics);
    if (metrics[0] <= 0) {
        g_no_canvas = true;
        return;
    }
    cache.cell_h = static_cast<int>(metrics[0]);
    cache.ascent = metrics[1];
    cache.cjk_advance = metrics[2];
    for (size_t i = 0; i < missing.size(); i++) cache.add(missing[i]).advance = advances[i];
}

// Pixels for the characters frames have shown (cache.show), in one raster.
void rasterise(SizeCache& cache) {
    std::vector<unsigned> missing;
    for (unsigned c : cache.show) {
        const Glyph* g = cache.find(c);
        if (c < 0x10000 && (!g || g->alpha.empty())) missing.push_back(c);
    }
    cache.show.clear();
    if (missing.empty() || cache.cell_h <= 0) return;
    const int n = static_cast<int>(missing.size());
    std::vector<float> advances(missing.size());
    std::vector<int> cells(missing.size() * 2);
    float metrics[3] = {0, 0, 0};
    // A cell is at most 4H × H, H = round(target_px) = cell_h: this holds any raster of these glyphs.
    const size_t cell_max = static_cast<size_t>(cache.cell_h) * static_cast<size_t>(cache.cell_h) * 4;
    std::vector<unsigned char> alpha(static_cast<size_t>(n) * cell_max);
    const int written = tc_js_raster(cache.target_px, missing.data(), n, advances.data(), cells.data(),
                                     alpha.data(), static_cast<int>(alpha.size()), metrics);
    if (written <= 0 || metrics[0] <= 0) { // no canvas: these stay placeholders
        g_no_canvas = true;
        return;
    }
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        Glyph& g = cache.add(missing[i]);
        g.advance = advances[i];
        g.left = cells[2 * static_cast<size_t>(i)];
        g.w = cells[2 * static_cast<size_t>(i) + 1];
        const size_t bytes = static_cast<size_t>(g.w) * cache.cell_h;
        g.alpha.assign(alpha.begin() + at, alpha.begin() + at + bytes);
        at += bytes;
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
    // The body font holds the UI's characters (both languages: the language button, a switch) and
    // those frames have met beyond them (web/main.cpp: typed names, catalogs, imported configs);
    // the headline font ASCII and the few characters the headline values use. Each character is
    // measured (Chinese ones are one em); its pixels are rasterised once a frame shows it, and until
    // then it is a placeholder of its size (take_shown_placeholders()).
    std::vector<unsigned> want[2]; // [0] body, [1] headline
    ui_codepoints(want[0]);
    want[0].insert(want[0].end(), app.runtime_glyphs.begin(), app.runtime_glyphs.end());
    codepoints_of(headline_ranges, want[1]);
    const float px[2] = {std::round(body_px), std::round(headline_px)};
    for (int f = 0; f < 2; f++) {
        measure(g_cache[f], px[f], want[f]);
        if (!g_hold) rasterise(g_cache[f]);
    }

    ImGuiIO& io = ImGui::GetIO();
    ImFontAtlas* atlas = io.Fonts;
    atlas->Clear();
    atlas->Flags |= ImFontAtlasFlags_NoBakedLines | ImFontAtlasFlags_NoMouseCursors;
    ImGui::GetStyle().AntiAliasedLinesUseTex = false; // no baked lines in this atlas

    // Shelf packing, one shelf per cell height; a 2×2 white block first (solid fills sample it).
    // Every bitmap keeps a 1-px gap to its neighbours and to the block: the texture is sampled
    // linearly, and a glyph drawn at a fractional x reads half a texel past its edge (the first
    // glyph, at x = 2, showed a grey dot from the block at its top left: before "$" in "USD $").
    const int width = body_px > 24.0f ? 2048 : 1024; // WebGL2 promises 2,048-pixel textures
    std::vector<Placed> placed;
    int x = 3, y = 0, shelf_h = 2;
    for (int f = 0; f < 2; f++) {
        const SizeCache& cache = g_cache[f];
        for (unsigned c : want[f]) {
            const Glyph* found = cache.find(c);
            if (!found || found->alpha.empty()) continue;
            const Glyph& g = *found;
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
        // The bitmap starts g.left px left of the pen (the ink there, and a margin); its top is the line's
        // top.
        font->AddGlyph(nullptr, static_cast<ImWchar>(p.codepoint), static_cast<float>(-g.left), 0.0f,
                       static_cast<float>(g.w - g.left), static_cast<float>(h), p.x * atlas->TexUvScale.x,
                       p.y * atlas->TexUvScale.y, (p.x + g.w) * atlas->TexUvScale.x,
                       (p.y + h) * atlas->TexUvScale.y, g.advance);
    }
    // Placeholders: the size of the glyph they stand for, their index in U. A frame that shows one
    // is laid out again with its glyph before it is drawn (web/main.cpp).
    g_placeholders.clear();
    for (int f = 0; f < 2; f++) {
        const SizeCache& cache = g_cache[f];
        for (unsigned c : want[f]) {
            const Glyph* g = cache.find(c);
            if (g && !g->alpha.empty()) continue; // a glyph
            if (!g && !chinese_only(c)) continue; // not measured: '?'
            const float advance = g ? g->advance : cache.cjk_advance;
            const float u = kPlaceholderU + static_cast<float>(g_placeholders.size());
            g_placeholders.push_back({f, c});
            fonts[f]->AddGlyph(nullptr, static_cast<ImWchar>(c), 0.0f, 0.0f, advance,
                               static_cast<float>(cache.cell_h), u, 0.0f, u + 0.5f, 0.0f, advance);
        }
    }
    for (ImFont* font : fonts) font->BuildLookupTable();
    atlas->TexReady = true;
}

//-----------------------------------------------------------------------------
// [SECTION] Placeholders shown, pixels held
//-----------------------------------------------------------------------------

bool take_shown_placeholders(const ImDrawData* draw, float y_min, float y_max) {
    if (!draw || g_placeholders.empty() || g_no_canvas) return false;
    std::vector<unsigned char> seen(g_placeholders.size(), 0);
    bool any = false;
    for (int n = 0; n < draw->CmdListsCount; n++) {
        const ImVector<ImDrawVert>& v = draw->CmdLists[n]->VtxBuffer;
        for (int i = 0; i < v.Size; i++) {
            const ImDrawVert& d = v.Data[i];
            if (d.uv.x < kPlaceholderU || d.pos.y < y_min || d.pos.y > y_max) continue;
            const size_t k = static_cast<size_t>(d.uv.x - kPlaceholderU);
            if (k >= seen.size() || seen[k]) continue;
            seen[k] = 1;
            std::vector<unsigned>& show = g_cache[g_placeholders[k].font].show;
            if (std::find(show.begin(), show.end(), g_placeholders[k].codepoint) != show.end())
                continue; // already asked for (held until the WebGL context)
            show.push_back(g_placeholders[k].codepoint);
            any = true;
        }
    }
    return any;
}

void hold_glyph_pixels(bool hold) {
    g_hold = hold;
}

} // namespace traincalc
