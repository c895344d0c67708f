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
#include "core/config_export.h"
#include "core/config_import.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/scenario.h"
#include "semantics.h"
#include "strings.h"
#include <string>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] PlatformHooks: what the UI asks of the page around it (all optional)
//-----------------------------------------------------------------------------

// What a text from the platform (a file picked or dropped, a paste) is meant to be.
// 2 is the soft keyboard's text (web/); 3 a training config (LLaMA-Factory/axolotl YAML converted to
// JSON by the page, DeepSpeed or Transformers/TRL JSON); 4 the page's YAML error for such a file,
// as "LINE\tCOLUMN\tREASON" (the parser's own words, 1-based line and column; 0 = unknown).
enum class TextPurpose : int {
    scenario = 0,
    hf_config = 1,
    config = 3,
    config_error = 4
}; // the values cross into JS

struct PlatformHooks {
    void* user = nullptr;
    void (*copy_text)(void* user, const char* utf8) = nullptr; // clipboard (from a gesture)
    void (*save_text)(void* user, const char* filename, const char* utf8) = nullptr; // download
    void (*open_text)(void* user, TextPurpose purpose) = nullptr;                    // file picker
    // Text typed or pasted into a box, to be read as `purpose`: the platform converts what core cannot
    // read (YAML) and hands it back through receive_text() after the frame. Null: receive_text() at once.
    void (*import_text)(void* user, TextPurpose purpose, const char* utf8) = nullptr;
    void (*copy_link)(void* user, const char* hash) = nullptr; // the page's (or host's) URL + hash
    void (*language_changed)(void* user, Lang lang) = nullptr; // remember it
};

//-----------------------------------------------------------------------------
// [SECTION] App
//-----------------------------------------------------------------------------

// The collapsible sections whose open state the page keeps (App::sections_open).
enum class Section : int { model, data, gpu, prices, ownership, quotes, checklist, count };
enum class NoticeFrom : std::uint8_t { page, config, gpu, model }; // App::notice_from
enum class TypingEnd : std::uint8_t { none, ended, restore };      // restore: ended, typing_from comes back

struct App;

// Parts the platform links in or leaves out (null = left out): the "Training configs" section
// (import a config, export the plan) is linked by the page and the native builds (link_configs());
// a platform that leaves it out does not link config import and export at all.
struct OptionalParts {
    bool (*draw_configs)(App& app) = nullptr; // the section, at the end of the inputs
    // receive_text() for TextPurpose::config and ::config_error
    bool (*receive_config)(App& app, TextPurpose purpose, const char* utf8,
                           const std::vector<KeyLine>& lines) = nullptr;
};

struct App {
    const Catalog* catalog = nullptr;  // what the pickers list; owned by the platform
    Scenario scenario;                 // edited by the widgets
    Estimate estimate;                 // drawn; recomputed by refresh()
    Estimate last_good;                // kept while the scenario has errors
    std::vector<GpuOption> comparison; // every catalog GPU's cheapest configuration (empty while pending)
    // A large catalog's comparison is made over frames (continue_comparison()): the scenario it
    // is for, the rows so far, and the next catalog index; not pending for a small catalog.
    bool comparison_pending = false;
    // A frame laid out again or ahead of time (the page's glyph pass, web/main.cpp): drawn and
    // recorded as any frame, but no step of work is taken (the comparison moves one step a drawn frame).
    bool layout_only = false;
    Scenario comparison_scenario;
    std::vector<GpuOption> comparison_rows;
    size_t comparison_next = 0;
    // The height the last whole comparison took, px (0 = none yet): kept while the next one is made over
    // frames, so the page (and an embedding host's iframe) neither shrinks nor grows under a finger.
    float comparison_drawn_h = 0.0f;
    std::vector<CurvePoint> curve;        // time and cost against card count
    std::vector<FieldError> input_errors; // shown next to their inputs
    Lang lang = Lang::en;
    bool embed = false;     // compact mode for iframes (#embed=1)
    float dpi_scale = 1.0f; // devicePixelRatio; fonts are rasterised at size × this
    std::string notice;     // visible one-line notice (corrupt link, bad catalog…); "" = none
    std::string notice_zh;
    // What caused the notice, said again beside it (the top is a screenful or, on a phone, several
    // away): config, under the import button (the next good import clears it); gpu, under the GPU
    // picker and the comparison (another card or a typed price clears it); model, a config.json
    // loaded in the Model section (the next good one clears it).
    NoticeFrom notice_from = NoticeFrom::page;
    PlatformHooks hooks;
    OptionalParts parts;
    int comparison_sort = 0;          // column the GPU table is sorted by
    bool comparison_show_all = false; // the GPU table shows its first 40 rows until asked for all
    bool show_advanced = false;       // the "Advanced" section starts collapsed
    bool show_configs = false;        // "Training configs" starts collapsed; an import opens it
    ConfigImport last_import;         // the last config imported: its applied/resolved/ignored keys
    bool has_import = false;
    std::string config_text;              // "Training configs": the text box a config is pasted or typed into
    std::vector<ExportNote> export_notes; // what the last downloaded config cannot say (its notes)
    std::string export_file;              // that file's name; "" = none downloaded yet

    // UI state beyond the scenario (added by ui/; the platform may leave it alone).
    bool show_work[6] = {};       // "show work" expanders, indexed by Headline
    bool show_plans_work[3] = {}; // screen_plans.cpp's: what fits, host RAM, spot
    bool expand_all = false;      // open every collapsible section (tests, printing)
    bool show_details = false;    // embed mode: header and explanations start hidden
    bool checklist[8] = {};       // "before renting" ticks (not saved)
    bool sections_open[static_cast<int>(Section::count)] = {true,  true,  true, true,
                                                            false, false, true}; // by Section
    bool& section_open(Section s) { return sections_open[static_cast<int>(s)]; }
    char model_search[64] = {}; // the model picker's search box
    char gpu_search[64] = {};   // the GPU picker's (a provider's catalog can list thousands)
    std::string
        params_from_id; // the catalog model the parameters slider last left: back on its count, it returns
    std::vector<int> comparison_order; // GPU table rows in display order (indices into comparison)
    unsigned typed_bad_id = 0; // the box whose typed text was not taken (0 = none); cleared by refresh()
    Str typed_bad_why =
        Str::typed_not_number;   // why: not a number, not whole, or too large (from the whole text)
    std::string typed_bad_range; // or one in this range ("0.1–2000"; "" = any)
    std::string typed_bad_text;  // what was typed, shown back in the box's message
    std::string typed_bad_unit;  // the box's unit, for typed_in_unit, typed_unit_letter and typed_other_unit
                                 // ("billions", "GB", "CNY ¥")
    std::string typed_bad_hint;  // what to type instead, for typed_in_unit ("7")
    std::vector<std::pair<std::string, std::string>> field_labels; // field key → its label as drawn
    // A number box's typing applies as it goes. Its end (Enter, leaving the box) and Escape look
    // back to the scenario before its first keystroke: text the box cannot take then, and Escape,
    // restore that scenario exactly (not whichever prefix a frame happened to take), and an end
    // out of range keeps the text and its message while the results and the saved state fall
    // back to it (not to the last valid prefix, which a reload then showed without a word).
    unsigned typing_id = 0;                 // the box typed into since its last end (0 = none)
    Scenario typing_from;                   // the scenario before that box's first keystroke
    TypingEnd typing_end = TypingEnd::none; // set by the box this frame; draw_app() applies it
    bool typing_fallback = false;           // for refresh(): the typing ended; an invalid scenario falls back
    bool fell_back = false; // refresh() showed good_scenario's estimate: the platform saves it
    int sem_resend = 0;     // a typing ended: the platform sends the next frame's semantics even if unchanged
    // The scenario last_good is of, and its copy at a box's first keystroke: the fall-back when the
    // typing began in an invalid scenario ("0" rank, then "2048" typed: the prefix 204 was kept).
    Scenario good_scenario;
    Scenario typing_good;
    bool typing_good_known = false;     // typing_good was valid (last_good.ok at the first keystroke)
    std::string block_text[3];          // a phone's comparison block: name, numbers, spoken (kept capacity)
    bool comparison_order_dirty = true; // re-sort after refresh() or a header click
    // Caches rebuilt lazily after refresh() or a language switch: text is not re-made per frame.
    std::vector<std::string> explain_cache[6];
    bool explain_cached[6] = {};
    std::vector<std::string> warning_cache;
    unsigned long refresh_id =
        0; // set by refresh(), unique over all Apps: text made from an estimate keys on it
    bool warnings_cached = false;
    Lang cache_lang = Lang::en;

    int style_phone = -1;           // layout style applied: phone 1 | touch 2; -1 = none yet
    int style_dark = -1;            // colours applied: dark 1, light 0; -1 = none yet
    bool scroll_to_results = false; // phone: the "results" button scrolls down to them next frame
    // The "(?)" help open last frame (0 = none): its popup's and its button's rectangles, x0 y0 x1 y1
    // in pixels. A tap outside both closes it before the frame draws, so the tap also reaches the
    // control it lands on (ImGui's popup took it only to close: a picker tapped did not open).
    unsigned help_popup_id = 0;
    float help_rect[4] = {};
    float help_button_rect[4] = {};
    std::vector<unsigned short>
        headline_glyphs; // glyph ranges of the headline font (the atlas keeps a pointer)
    std::vector<unsigned>
        runtime_glyphs; // characters first seen at run time (the page's system-font atlas adds them)

    // The page scrolls as a web page does: io.DisplaySize is the whole page (the platform shows
    // the scrolled part), and every control and result text is described for the platform's
    // semantics layer (semantics.h), in page px.
    Semantics sem;                    // rebuilt each frame by the widgets
    SemAction sem_action;             // set by the platform; taken by the widget it names
    std::vector<SemAction> sem_queue; // actions behind it, one per frame (sem_post_action)
    float scroll_request_y = -1.0f;   // page px the UI asks the platform to scroll to; -1 = none
    // Page px [top, bottom] the UI asks the platform to bring into view by the nearest edge (no
    // scroll when it shows already); top -1 = none. A "Show work" opened below the viewport uses it.
    float reveal_request[2] = {-1.0f, -1.0f};
    bool reveal_at_once =
        false; // the reveal jumps instead of gliding: a list under the pointer must not slide
    unsigned revealed_picker = 0; // the open picker whose list was brought into view (ImGuiID); 0 = none
    unsigned revealed_help = 0;   // the "?" whose open help was brought into view (ImGuiID); 0 = none
    float view_h = 0.0f;  // px of the page shown at once (the web canvas's height); 0 = all of DisplaySize
    int work_opened = -1; // the headline whose "Show work" a press just opened; -1 = none
    bool import_answered =
        false;             // a config was read (or refused): its answer is brought into view next frame
    bool dark = false;     // colours for prefers-color-scheme: dark
    bool touch = false;    // a coarse pointer (finger): larger targets, help opens on tap
    bool embed_io = false; // embed mode shows export/import only when asked (#io=1)
    double now_ms = 0.0;   // set by the platform each frame: "copied" confirmations expire
    Role next_text_role = Role::text; // heading(): the next wrapped text is a heading
    double copied_at_ms = -1e9;       // when "Copy link" last copied
    int copied_what = 0;              // 1 link, 2 report, 3 a formula line
    std::string share_url;            // the host's share URL for "Copy link" ("" = the page's own)
};

//-----------------------------------------------------------------------------
// [SECTION] Entry points
//-----------------------------------------------------------------------------

// Adds the Latin and CJK fonts to io.Fonts (glyph ranges from the UI's own strings) and sets
// the style. Call once after ImGui::CreateContext(), before the first NewFrame().
void setup_imgui(App& app);

// Re-runs the estimate, the GPU comparison and the card curve for app.scenario. Keeps the last
// good estimate when the scenario has errors. A catalog of more than kCompareAtOnce GPUs (a
// provider's thousands) is compared in steps instead, one per frame (continue_comparison()).
void refresh(App& app);

// GPUs compared in refresh() itself; a larger catalog's comparison goes kCompareStep GPUs a
// frame, so neither the first frame nor an edit waits for thousands of searches (~20 µs each).
constexpr size_t kCompareAtOnce = 256;
constexpr size_t kCompareStep = 256;

// One step of a pending comparison (draw_app() calls it each frame). Returns true while more
// remains: the platform keeps drawing frames until it returns false.
bool continue_comparison(App& app);

// Draws one frame of the whole page into a full-window ImGui window (between NewFrame and
// Render). Returns true when the scenario changed this frame: the caller calls refresh() and
// saves the state (URL hash, localStorage).
bool draw_app(App& app);

// Applies text coming back from the platform: a file picked or dropped, or text pasted (purpose
// as in open_text: 0 scenario JSON, 1 config.json, 3 a training config as JSON, 4 the page's YAML
// error for one). `lines`: where each key of a YAML config sits, for error messages. Returns true
// when the scenario changed.
bool receive_text(App& app, TextPurpose purpose, const char* utf8, const std::vector<KeyLine>& lines = {});
// The most bytes a text for `purpose` may have as given (core/limits.h, the CLI's caps): the platform
// refuses a longer file or text unread (a YAML's JSON, without its comments, can be far shorter).
size_t text_cap_bytes(TextPurpose purpose);
// A file or text over text_cap_bytes(): a notice names the cap, as the CLI does; nothing changes.
void receive_too_long(App& app, TextPurpose purpose);

// Links the "Training configs" section into this app (ui/screen_configs.cpp): see OptionalParts.
void link_configs(App& app);

} // namespace traincalc
