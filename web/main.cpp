// traincalc — web/main.cpp
// The platform seam: the page's own main loop, the WebGL2 context (made by web/library_traincalc.js
// and registered with Emscripten's GL; SDL2 did only this and cost ~28 KB gzip of the page) + the
// page's own ImGui renderer (web/render_webgl2.cpp: no GL query), and the bridge to the browser:
// pointer input and the page's scroll from the shell's listeners, the semantics layer (DOM twins of every
// control, ui/semantics.h) and the actions people take on it, URL hash, localStorage, clipboard, files, JS
// API. This is the only code that includes Emscripten; core/ computes, ui/ draws.
//
// Index of this file:
// [SECTION] Includes, JS imports
// [SECTION] Platform state
// [SECTION] State: catalog, hash, localStorage
// [SECTION] Notifications (JS API onChange, aria-live mirror)
// [SECTION] Frame: events, idle, draw
// [SECTION] JS API exports (window.traincalc)
// [SECTION] main()

//-----------------------------------------------------------------------------
// [SECTION] Includes, JS imports
//-----------------------------------------------------------------------------
#include "core/catalog.h"
#include "core/compare.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_read.h"
#include "core/json_write.h"
#include "core/safe_text.h"
#include "core/scenario.h"
#include "core/url.h"
#include "ui/app.h"
#include "ui/strings.h"
#include "ui/widgets.h"
#include "web/fonts_system.h"
#include "web/render_webgl2.h"

#include "imgui.h"
#include "imgui_internal.h" // ActivateItem: a press on a DOM twin activates its ImGui item

#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
char* tc_js_storage_get(const char* key);                  // malloc'd or null
int tc_js_storage_set(const char* key, const char* value); // 0 when the browser refused (quota, private mode)
char* tc_js_hash_get();                                    // malloc'd
void tc_js_hash_set(const char* hash, int push);
void tc_js_copy(const char* text, const char* announce);
void tc_js_copy_link(const char* hash, const char* announce);
void tc_js_semantics(const char* json); // the semantics layer's nodes (ui/semantics.h)
void tc_js_scroll_to(float y);          // page px
void tc_js_reveal(float top, float bottom,
                  int at_once); // page px: into view by the nearest edge; 1: no glide
void tc_js_wake_after(int ms);
void tc_js_save(const char* filename, const char* text);
void tc_js_open(int purpose);
void tc_js_import(int purpose, const char* text); // typed text: YAML read by the page, then tc_receive_text
void tc_js_changed(const char* scenario_json, const char* summary, const char* lang, int valid);
char* tc_js_catalog_block(); // malloc'd or null
char* tc_js_browser_lang();  // malloc'd or null
void tc_js_frame_drawn(int frames);
void tc_js_loop_run(int run);                     // 1: tc_frame() every animation frame; 0: none
void tc_js_canvas_css_size(double* w, double* h); // #canvas as laid out, CSS px
void tc_js_canvas_backing(int* w, int* h);        // its drawing buffer, device px
void tc_js_canvas_set_backing(int w, int h);      // sets only a side that differs
int tc_js_gl_create();                            // the WebGL2 context, made current; 0: none
int tc_js_gl_max_backing();                       // the largest drawing buffer side the GPU takes, px
}

namespace tc = traincalc;

namespace {

// Takes ownership of a malloc'd string from JS.
std::string take(char* p) {
    std::string s = p ? p : "";
    std::free(p);
    return s;
}

constexpr const char* kStorageScenario = "traincalc.scenario";
constexpr const char* kStorageLang = "traincalc.lang";
constexpr int kSettleFrames = 3;         // frames drawn after the last event: hover and layout settle
constexpr double kHistoryQuietMs = 1000; // a change after this much quiet starts a new history entry

//-----------------------------------------------------------------------------
// [SECTION] Platform state
//-----------------------------------------------------------------------------

// Pointer input from the shell's listeners, applied in order, one button change per frame: a
// tap's press and release reach ImGui in two frames (1.86 has no input queue of its own), and a press
// away from where the last frame had the pointer one frame after the move (apply_input()).
struct PointerEvent {
    enum Kind : int { move = 0, down = 1, up = 2, leave = 3, wheel = 4 } kind;
    float x, y; // CSS px in the page (move/down/up); wheel: lines right, lines down
    int button;
};

struct Platform {
    int gl = 0;          // the WebGL2 context (tc_js_gl_create); 0: none yet
    tc::Catalog builtin; // parsed once from the embedded assets
    tc::Catalog catalog; // builtin + the page's provider block + setCatalog()
    tc::App app;
    int frames_to_draw = kSettleFrames; // > 0: keep drawing; 0 and no event: pause the loop
    int frames_drawn = 0;
    bool paused = false;
    std::vector<PointerEvent> input;                   // queued by tc_pointer/tc_wheel, applied by frame()
    bool clear_hover = false;                          // a finger lifted: no hover after it (next frame)
    ImVec2 pointer_given = ImVec2(-FLT_MAX, -FLT_MAX); // io.MousePos as apply_input() last set it, page px
    float scroll_y = 0.0f; // the page's scroll, CSS px: the part of the page shown
    float page_h = 0.0f;   // the page's height (semantics content_h of the last frame)
    double last_change_ms = -1e9;
    double last_frame_ms = 0;
    int css_w = 0, css_h = 0;
    int max_backing_px = 8192;     // the largest side the GPU draws into (GL limits, read with the context)
    std::string sem_sent;          // the semantics JSON last sent to the page
    bool in_callback = false;      // an onChange callback is running: no re-entry
    bool save_failed_told = false; // the "could not save" notice was shown once
    bool program_checked = false;  // the renderer's link status was asked (once idle)
    std::string link_notice;       // the damaged-link notice shown, if any (cleared by a good link)
    // Opened with no scenario in its link: what the page showed then, for Back to that entry.
    bool start_plain = false;
    bool start_default = false; // and it was the defaults (no link or saved scenario applied)
    tc::Scenario start_scenario;
    tc::Lang start_lang = tc::Lang::en;
    std::string api_buffer; // strings returned to JS live here until the next call
};

// The one global: JS calls the exported C functions below without a user pointer.
Platform* g_platform = nullptr;

double now_ms() {
    return emscripten_get_now();
}

void wake(Platform& p, int frames) {
    if (p.frames_to_draw < frames) p.frames_to_draw = frames;
    if (p.paused) {
        p.paused = false;
        tc_js_loop_run(1);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] State: catalog, hash, localStorage
//-----------------------------------------------------------------------------

void set_notice(Platform& p, const std::string& en, const std::string& zh) {
    p.app.notice = en;
    p.app.notice_zh = zh;
    p.app.notice_from = tc::NoticeFrom::page;
}

// Fields whose errors are worth a notice: the first one, in both languages.
void notice_from_errors(Platform& p, const char* what_en, const char* what_zh,
                        const std::vector<tc::FieldError>& errors) {
    if (errors.empty()) return;
    const tc::FieldError& e = errors.front();
    std::string more = errors.size() > 1 ? " (+" + std::to_string(errors.size() - 1) + ")" : "";
    set_notice(p, std::string(what_en) + ": " + e.message + more,
               std::string(what_zh) + "：" + (e.message_zh.empty() ? e.message : e.message_zh) + more);
}

// The one notice for a link that cannot be applied (at load and on back/forward).
void notice_damaged_link(Platform& p, const std::vector<tc::FieldError>& errors) {
    constexpr const char* en = "This link's scenario is damaged, so it was not applied";
    constexpr const char* zh = "链接中的方案已损坏，未被采用";
    if (errors.empty())
        set_notice(p, en, zh);
    else
        notice_from_errors(p, en, zh, errors);
    p.link_notice = p.app.notice; // a good link later takes this notice away
}

void load_catalog(Platform& p) {
    tc::CatalogResult base = tc::parse_catalog(tc::builtin_catalog_json());
    IM_ASSERT(base.errors.empty() && "the built-in catalog must parse: run the native tests (test_catalog)");
    p.builtin = base.catalog;
    p.catalog = p.builtin;
    std::string block = take(tc_js_catalog_block());
    if (block.find_first_not_of(" \t\r\n") == std::string::npos) return;
    tc::CatalogResult merged = tc::merge_catalog(p.builtin, block);
    p.catalog = merged.catalog; // valid entries apply, bad ones are reported and skipped
    // Said as it is: a bad entry is skipped; only a card the built-in catalog also has keeps its built-in
    // figures (it said "the built-in entries are used for them" of a provider's own card, which is dropped).
    notice_from_errors(
        p,
        "The page's GPU catalog has errors; those entries are left out (a built-in card of the "
        "same id keeps its built-in figures)",
        "页面中的 GPU 目录有错误，这些条目未被采用（内置目录中同 id 的卡沿用内置数据）", merged.errors);
}

const char* lang_code(tc::Lang l) {
    return l == tc::Lang::zh ? "zh" : "en";
}

// A scenario read from a link or storage whose only errors are catalog ids this page lacks (a
// provider's page opened with a link made elsewhere): the rest is kept, the GPU or model falls
// back, and the notice names the id and asks to pick. Other errors reject it whole.
tc::ScenarioResult read_keeping_unknown_ids(const std::string& text, const tc::Catalog& catalog,
                                            std::vector<std::string>* dropped) {
    tc::ScenarioResult r = tc::scenario_from_json(text, catalog);
    if (r.errors.empty()) return r;
    for (const tc::FieldError& e : r.errors)
        if ((e.field != "gpu" && e.field != "model") || e.message.rfind("unknown ", 0) != 0) return r;
    nlohmann::json j = tc::detail::parse_json_text(text);
    if (j.is_discarded() || !j.is_object()) return r;
    for (const tc::FieldError& e : r.errors) {
        if (j.contains(e.field) && j[e.field].is_string())
            dropped->push_back(e.field + " \"" + tc::plain_text(j[e.field].get<std::string>(), 60) + "\"");
        j.erase(e.field);
    }
    if (j.empty()) {
        dropped->clear();
        return r;
    } // nothing else to keep: a damaged link
    tc::ScenarioResult kept = tc::scenario_from_json(tc::detail::dump_safe(j), catalog);
    if (!kept.errors.empty()) {
        dropped->clear();
        return r;
    }
    return kept;
}

void notice_unknown_ids(Platform& p, const std::vector<std::string>& dropped) {
    std::string ids;
    for (const std::string& d : dropped) ids += (ids.empty() ? "" : ", ") + d;
    set_notice(p,
               "This scenario names " + ids +
                   ", which this page's catalog does not have: the rest is kept; please pick a card (or "
                   "model) in its place.",
               "该方案中的 " + ids + " 不在本页的目录中：其余设置已保留，请另选显卡（或模型）。");
}

// The scenario JSON inside a "#s=…" hash ("" when none or not decodable).
std::string hash_scenario_json(const std::string& hash) {
    const size_t at = hash.find("s=");
    if (at == std::string::npos || (at > 0 && hash[at - 1] != '#' && hash[at - 1] != '&')) return "";
    const size_t end = hash.find('&', at);
    std::string out;
    if (!tc::base64url_decode(
            hash.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2), out))
        return "";
    return out;
}

void load_state(Platform& p) {
    // Language: remembered choice, else the browser's.
    // Only what the page writes ("zh", "en"): junk saved there ("klingon") made a Chinese browser English.
    std::string lang = take(tc_js_storage_get(kStorageLang));
    if (lang != "zh" && lang != "en") lang = take(tc_js_browser_lang());
    p.app.lang = lang.rfind("zh", 0) == 0 ? tc::Lang::zh : tc::Lang::en;

    // Scenario: the link first, else the last one saved here, else the defaults. A link does not
    // overwrite what is saved here until the visitor edits.
    const std::string hash = take(tc_js_hash_get());
    tc::HashState h = tc::decode_hash(hash, p.catalog);
    p.app.embed = h.embed;
    p.app.embed_io = h.embed_io;
    if (h.lang == "zh") p.app.lang = tc::Lang::zh;
    if (h.lang == "en") p.app.lang = tc::Lang::en;
    bool have = false;
    std::vector<std::string> dropped;
    if (h.has_scenario && h.scenario.errors.empty()) {
        p.app.scenario = h.scenario.scenario;
        have = true;
    } else if (h.has_scenario || !h.scenario.errors.empty()) {
        tc::ScenarioResult kept = read_keeping_unknown_ids(hash_scenario_json(hash), p.catalog, &dropped);
        if (!dropped.empty()) {
            p.app.scenario = kept.scenario;
            have = true;
            notice_unknown_ids(p, dropped);
        } else {
            notice_damaged_link(p, h.scenario.errors);
        }
    }
    if (!have) {
        std::string saved = take(tc_js_storage_get(kStorageScenario));
        if (!saved.empty()) {
            tc::ScenarioResult r = read_keeping_unknown_ids(saved, p.catalog, &dropped);
            if (r.errors.empty()) {
                p.app.scenario = r.scenario;
                have = true;
                if (!dropped.empty()) notice_unknown_ids(p, dropped);
            } else if (p.app.notice.empty()) {
                notice_from_errors(
                    p,
                    "The saved scenario is damaged; the defaults are shown (it stays saved until you edit)",
                    "已保存的方案已损坏，现显示默认值（修改前不会覆盖）", r.errors);
            }
        }
    }
    // The defaults: on a provider's page, with its card (Catalog::start_gpu).
    p.start_default = !have;
    if (!have && !p.catalog.start_gpu.empty()) p.app.scenario.gpu_id = p.catalog.start_gpu;
    tc::keep_ids_in_catalog(p.app.scenario, p.catalog);
    p.start_plain = !h.has_scenario && h.scenario.errors.empty();
    p.start_scenario = p.app.scenario;
    p.start_lang = p.app.lang;
}

std::string summary_text(const Platform& p) {
    return tc::summary_sentence(p.app.estimate, p.app.lang);
}

//-----------------------------------------------------------------------------
// [SECTION] Notifications
//-----------------------------------------------------------------------------

// After every change: remember it, put it in the link, tell the JS API and the aria-live text.
// `save` is false only at start-up: a damaged saved state stays until the user edits.
void commit(Platform& p, bool from_history, bool save = true) {
    const std::string json = tc::scenario_to_json(p.app.scenario);
    // An invalid scenario is shown with its errors but neither saved nor put into the link; when a
    // box's typing ended out of range, the last valid one before it began is (App::fell_back,
    // good_scenario): a reload showed the last valid prefix ("9999999" of "99999999") without a word.
    const bool valid = p.app.input_errors.empty();
    const tc::Scenario* kept = valid ? &p.app.scenario : (p.app.fell_back ? &p.app.good_scenario : nullptr);
    const std::string kept_json = kept == &p.app.scenario ? json : kept ? tc::scenario_to_json(*kept) : "";
    if (save && kept) {
        if (!tc_js_storage_set(kStorageScenario, kept_json.c_str()) && !p.save_failed_told) {
            // Quota or private mode: say so once; the link still holds the scenario.
            p.save_failed_told = true;
            set_notice(p,
                       "This browser refused to save the scenario here (storage full or blocked); copy the "
                       "link to keep it.",
                       "浏览器拒绝在本地保存方案（存储已满或被禁止）；请复制链接保存。");
        }
    }
    const std::string hash = !from_history && kept
                                 ? tc::encode_hash(*kept, p.app.embed, lang_code(p.app.lang), p.app.embed_io)
                                 : "";
    // A commit that leaves the link as it is (a box left unchanged as focus moves on) is no step:
    // counted as one, it made the next real change within a second replace the entry before it.
    if (!hash.empty() && hash != take(tc_js_hash_get())) {
        const double t = now_ms();
        // Embedded in a host page, an edit never adds to the host's history (Back stays the host's).
        const bool push = !p.app.embed && t - p.last_change_ms > kHistoryQuietMs;
        p.last_change_ms = t;
        tc_js_hash_set(hash.c_str(), push ? 1 : 0);
    }
    const std::string summary = summary_text(p);
    if (p.in_callback) return; // a callback that sets the scenario: applied, not re-announced
    p.in_callback = true;
    tc_js_changed(json.c_str(), summary.c_str(), lang_code(p.app.lang), valid ? 1 : 0);
    p.in_callback = false;
}

// After a change: from_history (back/forward, an edited address) neither saves nor pushes; only
// the visitor's own edits overwrite what is saved here.
void changed(Platform& p, bool from_history = false) {
    tc::refresh(p.app);
    commit(p, from_history, !from_history);
    wake(p, kSettleFrames);
}

// PlatformHooks: what the UI asks of the browser.
void hook_copy(void* user, const char* text) {
    Platform& p = *static_cast<Platform*>(user);
    tc_js_copy(text, tc::tr(tc::Str::copied, p.app.lang));
    tc_js_wake_after(2100); // the button's "Copied" goes back to its label
}
void hook_copy_link(void* user, const char* hash) {
    Platform& p = *static_cast<Platform*>(user);
    tc_js_copy_link(hash, tc::tr(tc::Str::link_copied, p.app.lang));
    tc_js_wake_after(2100);
}
void hook_save(void*, const char* name, const char* text) {
    tc_js_save(name, text);
}
void hook_open(void*, tc::TextPurpose purpose) {
    tc_js_open(static_cast<int>(purpose));
}
void hook_import(void*, tc::TextPurpose purpose, const char* text) {
    tc_js_import(static_cast<int>(purpose), text);
}
void hook_lang(void* user, tc::Lang lang) {
    Platform& p = *static_cast<Platform*>(user);
    tc_js_storage_set(kStorageLang, lang_code(lang));
    commit(p, false); // the link carries the language too; the aria-live text follows it
}

//-----------------------------------------------------------------------------
// [SECTION] Frame: events, idle, draw
//-----------------------------------------------------------------------------

// CSS size and devicePixelRatio: the canvas follows the window; a zoom re-rasterises the fonts
// at the new pixel size so text stays crisp (no reload needed).
// The canvas's backing store: its CSS size times devicePixelRatio, in whole device pixels
// (web/shell.html sizes it the same way before it makes the context; unchanged, it is left be:
// a resize of a WebGL canvas waits for the GPU process).
// The backing store's scale: devicePixelRatio (1–3: the atlas grows with its square), but never
// past the GPU's largest drawing buffer. A phone's iframe sized to the page's content (8,535 CSS
// px) asked for 25,605 device px; the browser gave 8,192 and stretched them, a third of the
// sharpness in height only. Such a frame now gets a canvas only as tall as what its host shows and
// a margin (web/shell.html [Slice]); a canvas still past the limit is capped (in 1/16 steps, so a
// growing page does not re-raster the fonts at every height) and drawn at one scale both ways.
float backing_scale(const Platform& p) {
    float dpr = (float)emscripten_get_device_pixel_ratio();
    dpr = dpr < 1.0f ? 1.0f : (dpr > 3.0f ? 3.0f : dpr);
    const int longest = std::max(p.css_w, p.css_h);
    if (longest > 0 && dpr * (float)longest > (float)p.max_backing_px)
        dpr = std::max(0.25f, std::floor(16.0f * (float)p.max_backing_px / (float)longest) / 16.0f);
    return dpr;
}

void set_backing_size(const Platform& p) {
    const double dpr = backing_scale(p);
    // Sets only a side that differs (web/library_traincalc.js): a resize waits for the GPU process.
    tc_js_canvas_set_backing((int)std::floor(p.css_w * dpr), (int)std::floor(p.css_h * dpr));
}

void sync_canvas_size(Platform& p) {
    double w = 0, h = 0;
    tc_js_canvas_css_size(&w, &h);
    const int iw = (int)w, ih = (int)h;
    const bool resized = iw > 0 && ih > 0 && (iw != p.css_w || ih != p.css_h);
    if (resized) {
        p.css_w = iw;
        p.css_h = ih;
    }
    const float dpr = backing_scale(p);
    const bool dpr_changed = dpr != p.app.dpi_scale;
    if (resized || (dpr_changed && p.css_w > 0)) {
        set_backing_size(p);
        p.frames_to_draw = kSettleFrames > p.frames_to_draw ? kSettleFrames : p.frames_to_draw;
    }
    if (dpr_changed && ImGui::GetCurrentContext()) {
        p.app.dpi_scale = dpr;
        tc::setup_imgui(p.app);
        if (p.gl > 0) tc::webgl2_upload_fonts();
    }
}

// The shell's pointer events, in order; stops after one button change (see PointerEvent).
void apply_input(Platform& p, ImGuiIO& io) {
    if (p.clear_hover) {
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        p.clear_hover = false;
    }
    // Where the last frame found what the pointer is over, as given (NewFrame() floors io.MousePos).
    const ImVec2 seen = p.pointer_given;
    size_t used = 0;
    for (; used < p.input.size(); used++) {
        const PointerEvent& e = p.input[used];
        if (e.kind == PointerEvent::wheel) {
            io.MouseWheelH += e.x;
            io.MouseWheel += e.y;
            continue;
        }
        if (e.kind == PointerEvent::leave) {
            p.clear_hover = !io.MouseDown[0];
            if (p.clear_hover) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
            continue;
        }
        io.MousePos = ImVec2(e.x, e.y); // page px, as at the event (the canvas may have moved since)
        // A press where the last frame did not have the pointer waits a frame, there, unpressed: a
        // table header (any item that may overlap others) takes a press only when it was hovered the
        // frame before (ImGui 1.86's ButtonBehavior). A quick click on a header after another, or a
        // tap, in the frame of its move did nothing (8 of 12 clicks, a tester, 2026-12-08).
        if (e.kind == PointerEvent::down && (e.x != seen.x || e.y != seen.y)) break;
        if (e.kind == PointerEvent::down || e.kind == PointerEvent::up) {
            if (e.button >= 0 && e.button < 3) io.MouseDown[e.button] = e.kind == PointerEvent::down;
            used++;
            break;
        }
    }
    p.pointer_given = io.MousePos;
    p.input.erase(p.input.begin(), p.input.begin() + (long)used);
    // Events left for the next frames: the settling frames count from the last one applied.
    if (!p.input.empty() && p.frames_to_draw < kSettleFrames) p.frames_to_draw = kSettleFrames;
}

// Glyphs the atlas lacks in the frame just laid out: characters on screen that are still
// placeholders (every character is one until first shown, web/fonts_system.cpp), and characters
// beyond the UI's strings (a typed name, a provider's catalog, an imported config), found in the
// semantics layer, which holds every such string. They are rasterised from the browser's fonts and
// the atlas re-made. Returns true when it changed: the caller lays the frame out again before drawing
// it, so no frame shows a placeholder, or the fallback '?' for a character the system can draw.
bool add_missing_glyphs(Platform& p) {
    ImFont* font = ImGui::GetIO().Fonts->Fonts.Size > 0 ? ImGui::GetIO().Fonts->Fonts[0] : nullptr;
    if (!font) return false;
    constexpr size_t kMaxRuntimeGlyphs = 8192; // an atlas of 8k extra glyphs is already 2048² at dpi 2
    size_t before = p.app.runtime_glyphs.size();
    auto scan = [&](const std::string& text) {
        const char* s = text.c_str();
        const char* end = s + text.size();
        while (s < end) {
            unsigned int c = 0;
            const int n = ImTextCharFromUtf8(&c, s, end);
            s += n > 0 ? n : 1;
            if (c < 0x80 || c > 0xFFFF || font->FindGlyphNoFallback(static_cast<ImWchar>(c))) continue;
            if (p.app.runtime_glyphs.size() >= kMaxRuntimeGlyphs) return;
            bool known = false;
            for (size_t i = before; i < p.app.runtime_glyphs.size() && !known; i++)
                known = p.app.runtime_glyphs[i] == c;
            if (!known) p.app.runtime_glyphs.push_back(c);
        }
    };
    for (const tc::SemNode& n : p.app.sem) {
        scan(n.name);
        scan(n.value);
    }
    const bool shown =
        tc::take_shown_placeholders(ImGui::GetDrawData(), p.scroll_y, p.scroll_y + (float)p.css_h);
    if (p.app.runtime_glyphs.size() == before && !shown) return false;
    // setup_imgui() keeps the layout's font scale (the phone's too): the pass that follows calls
    // NewFrame() before draw_app() applies it, and a desktop scale there laid out, drew and took taps
    // on a page of the wrong size (a tap on a phone picker's list landed outside it).
    tc::setup_imgui(p.app);
    if (p.gl > 0) tc::webgl2_upload_fonts();
    return true;
}

// One ImGui frame laid out (not drawn), again while it met characters the atlas lacked; true when
// the scenario changed. `ahead`: the start-up's pass before the context, which takes no step of
// work (a drawn frame does: the first one shows a large comparison's first step).
bool layout_frame(Platform& p, bool ahead = false) {
    p.app.layout_only = ahead;
    ImGui::NewFrame();
    bool scenario_changed = tc::draw_app(p.app);
    ImGui::Render();
    // Ahead of the first frame the atlas is re-made and that frame lays itself out with it. A pass
    // with new glyphs can wrap text differently and show more: up to 3 more passes.
    for (int pass = 0; pass < 3 && add_missing_glyphs(p) && !ahead; pass++) {
        p.app.layout_only = true; // the input was applied by the first pass; these only lay out
        ImGui::NewFrame();
        scenario_changed = tc::draw_app(p.app) || scenario_changed;
        ImGui::Render();
    }
    p.app.layout_only = false;
    return scenario_changed;
}

// The semantics layer and the page's height go to the shell when they change.
void publish_semantics(Platform& p) {
    std::string json = tc::semantics_to_json(p.app.sem);
    const bool resend = p.app.sem_resend == 1; // App::sem_resend: the frame after a typing's end
    if (p.app.sem_resend > 0) p.app.sem_resend--;
    if (json != p.sem_sent || resend) {
        p.sem_sent = std::move(json);
        tc_js_semantics(p.sem_sent.c_str());
    }
    if (p.app.scroll_request_y >= 0.0f) {
        tc_js_scroll_to(p.app.scroll_request_y);
        p.app.scroll_request_y = -1.0f;
    }
    if (p.app.reveal_request[0] >= 0.0f) {
        tc_js_reveal(p.app.reveal_request[0], p.app.reveal_request[1], p.app.reveal_at_once ? 1 : 0);
        p.app.reveal_request[0] = p.app.reveal_request[1] = -1.0f;
        p.app.reveal_at_once = false;
    }
}

void frame(void* arg) {
    Platform& p = *static_cast<Platform*>(arg);
    sync_canvas_size(p);
    if (p.frames_to_draw <= 0 && p.input.empty()) {
        // Idle: no GL call keeps the last image; the loop sleeps until JS wakes it (tc_wake).
        p.paused = true;
        if (!p.program_checked) { // the renderer's one query, once nothing waits for the GPU process
            p.program_checked = true;
            char log[512] = "";
            if (!tc::webgl2_check_program(log, sizeof log))
                EM_ASM(
                    {
                        window.traincalc&& window.traincalc.__fatal('WebGL2: the shaders did not link: ' +
                                                                    UTF8ToString($0));
                    },
                    log);
        }
        tc_js_loop_run(0);
        return;
    }
    if (p.frames_to_draw > 0) p.frames_to_draw--;

    ImGuiIO& io = ImGui::GetIO();
    const int w = p.css_w, h = p.css_h;
    int dw = 0, dh = 0;
    tc_js_canvas_backing(&dw, &dh);
    // ImGui's display is the whole page (nothing below the fold is culled from the semantics
    // layer); the draw data is shifted to show the scrolled part (below).
    io.DisplaySize = ImVec2((float)w, p.page_h > (float)h ? p.page_h : (float)h);
    p.app.view_h = (float)h; // what the browser shows at once: pickers' lists are sized to it
    if (w > 0 && h > 0) io.DisplayFramebufferScale = ImVec2((float)dw / w, (float)dh / h);
    const double t = now_ms();
    // 1.86 asserts DeltaTime > 0 (docs/toolchain.md); after an idle pause: no jump in double-click timing.
    io.DeltaTime = p.last_frame_ms > 0 && t > p.last_frame_ms && t - p.last_frame_ms < 250.0
                       ? (float)((t - p.last_frame_ms) / 1000.0)
                       : 1.0f / 60.0f;
    p.last_frame_ms = t;
    p.app.now_ms = t;
    apply_input(p, io);
    const bool scenario_changed = layout_frame(p);
    if (p.app.comparison_pending && p.frames_to_draw < 1) p.frames_to_draw = 1; // its next step next frame
    p.page_h = p.app.sem.content_h;
    ImDrawData* draw = ImGui::GetDrawData();
    draw->DisplayPos.y += p.scroll_y; // the backend's projection and scissors follow DisplayPos
    draw->DisplaySize.y = (float)h;

    const ImVec2 fb(draw->DisplaySize.x * io.DisplayFramebufferScale.x,
                    draw->DisplaySize.y * io.DisplayFramebufferScale.y);
    glViewport(0, 0, (int)fb.x, (int)fb.y);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    tc::webgl2_render(draw); // the browser presents it when this callback returns
    tc_js_frame_drawn(++p.frames_drawn);

    if (scenario_changed) changed(p);
    publish_semantics(p);
    if (tc::sem_after_frame(p.app) && p.frames_to_draw < 1) p.frames_to_draw = 1; // the next action's frame
}

const char* api_return(std::string s) {
    g_platform->api_buffer = std::move(s);
    return g_platform->api_buffer.c_str();
}

std::string errors_json(const std::vector<tc::FieldError>& errors, tc::Lang lang) {
    return tc::errors_to_json(errors, lang);
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] JS API exports (window.traincalc, see web/shell.html)
//-----------------------------------------------------------------------------

extern "C" {

// One frame of the main loop (web/library_traincalc.js calls it from requestAnimationFrame).
EMSCRIPTEN_KEEPALIVE void tc_frame() {
    if (g_platform) frame(g_platform);
}

EMSCRIPTEN_KEEPALIVE void tc_wake() {
    if (g_platform) wake(*g_platform, kSettleFrames);
}

EMSCRIPTEN_KEEPALIVE const char* tc_get_scenario() {
    return api_return(tc::scenario_to_json(g_platform->app.scenario));
}

// A partial scenario over the current one. Returns {"ok":true} or {"errors":[...]} (nothing applied).
EMSCRIPTEN_KEEPALIVE const char* tc_set_scenario(const char* json) {
    Platform& p = *g_platform;
    tc::ScenarioResult r = tc::scenario_patch(p.app.scenario, json ? json : "", p.catalog);
    if (!r.errors.empty()) return api_return(errors_json(r.errors, p.app.lang));
    p.app.scenario = r.scenario;
    changed(p);
    return api_return("{\"ok\":true}");
}

EMSCRIPTEN_KEEPALIVE const char* tc_estimate() {
    Platform& p = *g_platform;
    return api_return(tc::estimate_to_json(p.app.estimate, p.app.lang));
}

// A provider catalog ({"mode":"extend"|"replace", "gpus":[...], "models":[...]}) over the built-in one.
EMSCRIPTEN_KEEPALIVE const char* tc_set_catalog(const char* json) {
    Platform& p = *g_platform;
    tc::CatalogResult r = tc::merge_catalog(p.builtin, json ? json : "");
    if (r.catalog.gpus.empty() || r.catalog.models.empty()) {
        r.errors.push_back({"catalog",
                            "the catalog must keep at least one GPU and one model; nothing was applied",
                            "目录中至少要保留一个 GPU 和一个模型；未应用任何更改"});
        return api_return(errors_json(r.errors, p.app.lang));
    }
    p.catalog = r.catalog;
    p.app.catalog = &p.catalog;
    // A host that gives its cards this way right after load: the untouched defaults start on its
    // card, as with the page's block; a scenario the visitor (or a link) chose stays.
    if (p.start_default && !p.catalog.start_gpu.empty() &&
        tc::scenario_to_json(p.app.scenario) == tc::scenario_to_json(p.start_scenario)) {
        p.app.scenario.gpu_id = p.catalog.start_gpu;
        p.start_scenario = p.app.scenario;
    }
    const std::string was = p.app.scenario.gpu_id;
    tc::keep_ids_in_catalog(p.app.scenario, p.catalog);
    if (p.app.scenario.gpu_id != was) { // the visitor's card is gone: said, not a silent switch
        const tc::GpuSpec* now = p.catalog.find_gpu(p.app.scenario.gpu_id);
        const std::string name =
            tc::plain_text(now && !now->name.empty() ? now->name : p.app.scenario.gpu_id);
        const std::string gone = tc::plain_text(was);
        set_notice(p,
                   "The GPU " + gone + " is not in the page's new catalog: the estimate is now for " + name,
                   "页面的新目录中没有 GPU " + gone + "：估算已改为 " + name);
    }
    changed(p);
    return api_return(r.errors.empty() ? std::string("{\"ok\":true}") : errors_json(r.errors, p.app.lang));
}

// Text from a file picker, a drop, or (purpose 2) the soft keyboard: see ui/app.h receive_text.
// `lines`: for a YAML config, where each key sits, "KEY\tLINE\n" per key (the page's YAML parser's
// marks); null or "" when unknown.
EMSCRIPTEN_KEEPALIVE void tc_receive_text(int purpose, const char* text, const char* lines) {
    Platform& p = *g_platform;
    if (purpose != static_cast<int>(tc::TextPurpose::scenario) &&
        purpose != static_cast<int>(tc::TextPurpose::hf_config) &&
        purpose != static_cast<int>(tc::TextPurpose::config) &&
        purpose != static_cast<int>(tc::TextPurpose::config_error))
        return;
    std::vector<tc::KeyLine> key_lines;
    for (const char* at = lines; at && *at;) {
        const char* tab = std::strchr(at, '\t');
        const char* end = std::strchr(at, '\n');
        if (!end) end = at + std::strlen(at);
        if (tab && tab < end) key_lines.push_back(tc::KeyLine{std::string(at, tab), std::atoi(tab + 1)});
        at = *end ? end + 1 : end;
    }
    if (tc::receive_text(p.app, static_cast<tc::TextPurpose>(purpose), text ? text : "", key_lines))
        changed(p);
    wake(p, kSettleFrames);
}

// The cap on a text for `purpose` as given (core/limits.h): the shell refuses a longer one unread.
EMSCRIPTEN_KEEPALIVE double tc_text_cap(int purpose) {
    return static_cast<double>(tc::text_cap_bytes(static_cast<tc::TextPurpose>(purpose)));
}

// A file or text over tc_text_cap(): the notice names the cap, as the CLI's does.
EMSCRIPTEN_KEEPALIVE void tc_receive_too_long(int purpose) {
    Platform& p = *g_platform;
    if (purpose != static_cast<int>(tc::TextPurpose::scenario) &&
        purpose != static_cast<int>(tc::TextPurpose::hf_config) &&
        purpose != static_cast<int>(tc::TextPurpose::config))
        return;
    tc::receive_too_long(p.app, static_cast<tc::TextPurpose>(purpose));
    wake(p, kSettleFrames);
}

// Pointer input from the shell (CSS px in the page): kind 0 move, 1 down, 2 up, 3 leave.
EMSCRIPTEN_KEEPALIVE void tc_pointer(int kind, float x, float y, int button) {
    Platform& p = *g_platform;
    if (kind < 0 || kind > 3 || !std::isfinite(x) || !std::isfinite(y)) return;
    if (p.input.size() > 256) p.input.erase(p.input.begin()); // a stalled page never grows without bound
    p.input.push_back({static_cast<PointerEvent::Kind>(kind), x, y, button});
    wake(p, kSettleFrames);
}

// The wheel over an open list (the page itself scrolls natively): lines right, lines down.
EMSCRIPTEN_KEEPALIVE void tc_wheel(float lines_x, float lines_y) {
    Platform& p = *g_platform;
    if (!std::isfinite(lines_x) || !std::isfinite(lines_y)) return;
    p.input.push_back({PointerEvent::wheel, lines_x, lines_y, 0});
    wake(p, kSettleFrames);
}

// The page's scroll (CSS px): the drawing follows it.
EMSCRIPTEN_KEEPALIVE void tc_scroll(float y) {
    Platform& p = *g_platform;
    if (!std::isfinite(y) || y < 0) y = 0;
    if (y == p.scroll_y) return;
    p.scroll_y = y;
    wake(p, kSettleFrames);
}

// What a person did to a DOM twin (ui/semantics.h SemActionKind): applied by the widget it names
// in the next frame; a press activates the ImGui item as a click would.
EMSCRIPTEN_KEEPALIVE void tc_sem_action(unsigned id, int kind, double amount, const char* text) {
    Platform& p = *g_platform;
    if (kind < 1 || kind > 4 || !std::isfinite(amount)) return;
    tc::sem_post_action(p.app,
                        tc::SemAction{id, static_cast<tc::SemActionKind>(kind), amount, text ? text : ""});
    wake(p, kSettleFrames);
}

// The WebGL context came back after a loss: every GL object is gone, so the renderer's objects
// and the font texture are made again, and the page draws.
EMSCRIPTEN_KEEPALIVE void tc_gl_restored() {
    Platform& p = *g_platform;
    tc::webgl2_shutdown();
    tc::webgl2_init();
    tc::webgl2_upload_fonts();
    wake(p, kSettleFrames);
}

// prefers-color-scheme and the pointer kind (coarse = a finger: larger targets, help on tap).
EMSCRIPTEN_KEEPALIVE void tc_set_environment(int dark, int coarse) {
    Platform& p = *g_platform;
    p.app.dark = dark != 0;
    p.app.touch = coarse != 0;
    wake(p, kSettleFrames);
}

// The host's share URL for "Copy link" ("" = the page's own address).
EMSCRIPTEN_KEEPALIVE void tc_set_share_url(const char* url) {
    g_platform->app.share_url = url ? url : "";
}

// Back/forward or an edited address: apply a valid hash, keep the scenario on a damaged one.
EMSCRIPTEN_KEEPALIVE void tc_hash_changed() {
    Platform& p = *g_platform;
    tc::HashState h = tc::decode_hash(take(tc_js_hash_get()), p.catalog);
    // The hash's language too (Back over a language switch, an edited address), as the button
    // switches it, but not remembered here: only the visitor's own choice is saved.
    // (decode_hash() gives "zh", "en" or "" for none.)
    const tc::Lang hash_lang = h.lang == "zh" ? tc::Lang::zh : tc::Lang::en;
    const bool lang_moved = !h.lang.empty() && hash_lang != p.app.lang;
    if (lang_moved) p.app.lang = hash_lang;
    // Back to the entry the page was opened on, which has no scenario in its link: what the page
    // showed then (not the last edit), in its language unless the hash names one.
    const bool no_scenario = !h.has_scenario && h.scenario.errors.empty();
    const bool to_start = no_scenario && p.start_plain;
    if (to_start && h.lang.empty()) p.app.lang = p.start_lang;
    if (no_scenario && !to_start) {
        if (lang_moved) {
            commit(p, true, false); // <html lang>, the aria-live text and onChange follow it
            wake(p, kSettleFrames);
        }
        return;
    }
    if (!h.scenario.errors.empty()) {
        notice_damaged_link(p, h.scenario.errors);
        if (lang_moved) commit(p, true, false);
        wake(p, kSettleFrames);
        return;
    }
    p.app.scenario = to_start ? p.start_scenario : h.scenario.scenario;
    if (!p.link_notice.empty() && p.app.notice == p.link_notice) set_notice(p, "", ""); // that link is gone
    p.link_notice.clear();
    tc::keep_ids_in_catalog(p.app.scenario, p.catalog);
    changed(p, true);
}

// The visible notice in the page's language ("" when none): for hosts and tests.
EMSCRIPTEN_KEEPALIVE const char* tc_notice() {
    const tc::App& a = g_platform->app;
    return api_return(tc::ui::notice_text(a));
}

EMSCRIPTEN_KEEPALIVE int tc_frames_drawn() {
    return g_platform ? g_platform->frames_drawn : 0;
}

// In-page timing for the benchmark: µs per estimate() and per compare_gpus(), as JSON.
EMSCRIPTEN_KEEPALIVE const char* tc_bench(int iterations) {
    Platform& p = *g_platform;
    if (iterations < 1) iterations = 1;
    volatile double sink = 0;
    double t0 = now_ms();
    for (int i = 0; i < iterations; ++i)
        sink = sink + tc::estimate(p.app.scenario, p.catalog).time.wall_hours;
    double t1 = now_ms();
    for (int i = 0; i < iterations; ++i)
        sink = sink + (double)tc::compare_gpus(p.app.scenario, p.catalog).size();
    double t2 = now_ms();
    char buf[160];
    snprintf(buf, sizeof buf, "{\"estimate_us\":%.3f,\"compare_us\":%.3f,\"gpus\":%d}",
             (t1 - t0) * 1000.0 / iterations, (t2 - t1) * 1000.0 / iterations, (int)p.catalog.gpus.size());
    return api_return(buf);
}

} // extern "C"

//-----------------------------------------------------------------------------
// [SECTION] main()
//-----------------------------------------------------------------------------

// The font builder ImFontAtlas::Build would use (CMake names FreeType's for the page so that
// stb_truetype stays out of it). The page's atlas is packed by web/fonts_system.cpp, so Build
// never runs; if it ever did, it fails here instead of drawing nothing.
namespace ImGuiFreeType {
const ImFontBuilderIO* GetBuilderForFreeType() {
    static const ImFontBuilderIO io = {[](ImFontAtlas*) {
        IM_ASSERT(
            false &&
            "the page builds its atlas in web/fonts_system.cpp (add_fonts), never with ImFontAtlas::Build");
        return false;
    }};
    return &io;
}
} // namespace ImGuiFreeType

int main(int, char**) {
    static Platform platform; // lives for the page's lifetime; the main loop never returns
    Platform& p = platform;
    g_platform = &p;

    double w = 0, h = 0;
    tc_js_canvas_css_size(&w, &h);
    p.css_w = w > 0 ? (int)w : 1280;
    p.css_h = h > 0 ? (int)h : 800;
    set_backing_size(p);
    // Input comes from the shell's own listeners (pointer events, the page's scroll, the DOM
    // twins' keys and text); the canvas size is followed every frame (sync_canvas_size).

    const double t_catalog = now_ms();
    load_catalog(p);
    p.app.catalog = &p.catalog;
    p.app.dpi_scale = (float)emscripten_get_device_pixel_ratio();
    if (p.app.dpi_scale < 1.0f) p.app.dpi_scale = 1.0f;
    if (p.app.dpi_scale > 3.0f) p.app.dpi_scale = 3.0f; // atlas size grows with its square
    p.app.hooks.user = &p;
    p.app.hooks.copy_text = hook_copy;
    p.app.hooks.copy_link = hook_copy_link;
    p.app.hooks.save_text = hook_save;
    p.app.hooks.open_text = hook_open;
    p.app.hooks.import_text = hook_import;
    tc::link_configs(p.app); // the "Training configs" section (import a config, export the plan)
    p.app.hooks.language_changed = hook_lang;
    const double t_state = now_ms();
    load_state(p);
    const double t_state_end = now_ms();

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;              // the URL hash and localStorage hold the state
    io.ConfigInputTextCursorBlink = false; // a blinking caret would need frames while idle
    io.ConfigWindowsMoveFromTitleBarOnly = true;
    io.BackendPlatformName = "traincalc_web";
    io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange; // the DOM twins carry the cursor styles
    const double t_imgui = now_ms();
    tc::hold_glyph_pixels(true); // measured now, rasterised after the WebGL context (below)
    tc::setup_imgui(p.app);

    const double t_refresh = now_ms();
    tc::refresh(p.app);
    // The first frame laid out before the context, on the CPU while the GPU process presents the
    // text: it finds the glyphs the first screen shows (rasterised once the context is made).
    const double t_layout = now_ms();
    io.DisplaySize = ImVec2((float)p.css_w, (float)p.css_h);
    io.DeltaTime = 1.0f / 60.0f;
    if (layout_frame(p, true)) tc::refresh(p.app); // nothing is saved or linked before the first edit
    p.page_h = p.app.sem.content_h;
    const double t_gl = now_ms();
    // The WebGL2 context last: everything above is the CPU's while the GPU process (one thread, a
    // software GL here) rasterises and presents the prerendered text; asked for earlier, the
    // context is made first and the text waits for it. No alpha, depth, stencil or antialiasing
    // (web/library_traincalc.js). No extension either: asking for their list waits for the GPU
    // process (GetRequestableExtensionsCHROMIUM: 266 ms in a loaded trace).
    p.gl = tc_js_gl_create();
    if (p.gl <= 0) {
        EM_ASM({ window.traincalc&& window.traincalc.__fatal('WebGL2: no context (' + $0 + ')'); },
               (int)p.gl);
        return 1;
    }
    const double t_context = now_ms();
    const int limit = tc_js_gl_max_backing();
    if (limit >= 1024) p.max_backing_px = limit;
    tc::webgl2_init();
    const double t_pixels = now_ms();
    tc::hold_glyph_pixels(false);
    tc::setup_imgui(p.app); // the first screen's glyphs, which the pass above found
    tc::webgl2_upload_fonts();
    // Where start-up time goes, for the benchmark (bench/page.mjs): ms in each step.
    EM_ASM(
        {
            var q = window.__traincalcPerf;
            if (q) {
                q.catalogMs = $0;
                q.stateMs = $1;
                q.refreshMs = $2;
                q.glStartMs = $3;
                q.glMs = $4;
                q.layoutMs = $5;
                q.imguiMs = $6;
                q.pixelsMs = $7;
                q.contextMs = $8;
            }
        },
        t_state - t_catalog, t_state_end - t_state, t_layout - t_refresh, t_gl, now_ms() - t_gl,
        t_gl - t_layout, t_refresh - t_imgui, now_ms() - t_pixels, t_context - t_gl);
    const double t_commit = now_ms();
    commit(p, true,
           false); // mirror and JS API get the first state; link and storage change on the first edit
    EM_ASM(
        {
            if (window.__traincalcPerf) window.__traincalcPerf.commitMs = $0;
        },
        now_ms() - t_commit);
    EM_ASM({ window.traincalc&& window.traincalc.__ready(); });
    tc_js_loop_run(1); // web/library_traincalc.js: tc_frame() at each animation frame
    return 0;
}
