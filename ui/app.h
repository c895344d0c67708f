// traincalc — ui/app.h
// The page's state and its one entry point. The UI edits app.scenario and draws app.estimate;
// all arithmetic happens in core/ (refresh() calls it). No SDL, no Emscripten here: whatever
// needs the browser (clipboard, files, the soft keyboard) goes through PlatformHooks.
//
// Index of this file:
// [SECTION] PlatformHooks
// [SECTION] App
// [SECTION] Entry points
#pragma once
#include "core/compare.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/scenario.h"
#include <string>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] PlatformHooks: what the UI asks of the page around it (all optional)
//-----------------------------------------------------------------------------

struct PlatformHooks {
    void* user = nullptr;
    void (*copy_text)(void* user, const char* utf8) = nullptr;          // clipboard (from a gesture)
    void (*save_text)(void* user, const char* filename, const char* utf8) = nullptr; // download
    void (*open_text)(void* user, int purpose) = nullptr;               // file picker: 0 scenario, 1 config.json
    void (*begin_text_input)(void* user, const char* current_utf8) = nullptr; // phone soft keyboard
    void (*end_text_input)(void* user) = nullptr;
    void (*language_changed)(void* user, Lang lang) = nullptr;          // remember it
};

//-----------------------------------------------------------------------------
// [SECTION] App
//-----------------------------------------------------------------------------

struct App {
    const Catalog* catalog = nullptr;   // what the pickers list; owned by the platform
    Scenario scenario;                  // edited by the widgets
    Estimate estimate;                  // drawn; recomputed by refresh()
    Estimate last_good;                 // kept while the scenario has errors
    std::vector<GpuOption> comparison;  // every catalog GPU's cheapest configuration
    std::vector<CurvePoint> curve;      // time and cost against card count
    std::vector<FieldError> input_errors; // shown next to their inputs
    Lang lang = Lang::en;
    bool embed = false;                 // compact mode for iframes (#embed=1)
    float dpi_scale = 1.0f;             // devicePixelRatio; fonts are rasterised at size × this
    std::string notice;                 // visible one-line notice (corrupt link, bad catalog…); "" = none
    std::string notice_zh;
    PlatformHooks hooks;
    int comparison_sort = 0;            // column the GPU table is sorted by
    bool show_advanced = false;         // the "Advanced" section starts collapsed

    // UI state beyond the scenario (added by ui/; the platform may leave it alone).
    bool show_work[6] = {};             // "show work" expanders, indexed by Headline
    bool expand_all = false;            // open every collapsible section (tests, printing)
    bool show_details = false;          // embed mode: header and explanations start hidden
    bool checklist[8] = {};             // "before renting" ticks (not saved)
    bool sections_open[8] = {true, true, true, true, false, false, true, true}; // collapsible sections
    char model_search[64] = {};         // the model picker's search box
    std::vector<int> comparison_order;  // GPU table rows in display order (indices into comparison)
    bool comparison_order_dirty = true; // re-sort after refresh() or a header click
    struct Rect { float x0 = 0, y0 = 0, x1 = 0, y1 = 0; };
    Rect cards_slider_rect;             // last drawn widgets, logical px: for tests and touch hints
    Rect cards_box_rect;                // the typeable box beside the cards slider
    Rect model_picker_rect;
    Rect gpu_picker_rect;
    unsigned typing_slider_id = 0;      // ImGuiID of a slider in text-entry mode (ctrl+click)

    // Caches rebuilt lazily after refresh() or a language switch: text is not re-made per frame.
    std::vector<std::string> explain_cache[6];
    bool explain_cached[6] = {};
    std::vector<std::string> warning_cache;
    bool warnings_cached = false;
    Lang cache_lang = Lang::en;

    // Soft keyboard (receive_text purpose 2): the number field being typed into.
    double* text_target_double = nullptr;
    int* text_target_int = nullptr;
    bool text_release = false;          // deactivate the ImGui field so it shows the new value
    int style_phone = -1;               // style applied for phone (1) / desktop (0); -1 = none yet
    bool scroll_to_results = false;     // phone: the "results" button scrolls down to them next frame
    std::vector<unsigned short> headline_glyphs; // glyph ranges of the headline font (the atlas keeps a pointer)
};

//-----------------------------------------------------------------------------
// [SECTION] Entry points
//-----------------------------------------------------------------------------

// Adds the Latin and CJK fonts to io.Fonts (glyph ranges from the UI's own strings) and sets
// the style. Call once after ImGui::CreateContext(), before the first NewFrame().
void setup_imgui(App& app);

// Re-runs the estimate, the GPU comparison and the card curve for app.scenario. Keeps the last
// good estimate when the scenario has errors.
void refresh(App& app);

// Draws one frame of the whole page into a full-window ImGui window (between NewFrame and
// Render). Returns true when the scenario changed this frame: the caller calls refresh() and
// saves the state (URL hash, localStorage).
bool draw_app(App& app);

// Applies text coming back from the platform: a file picked (purpose as in open_text: 0 scenario
// JSON, 1 config.json) or the soft keyboard's content (purpose 2: the whole text of the number
// field that called begin_text_input). Returns true when the scenario changed.
bool receive_text(App& app, int purpose, const char* utf8);

} // namespace traincalc
