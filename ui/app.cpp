// traincalc — ui/app.cpp
// The page: fonts and style, refresh() (the only place the UI asks core to compute), the toolbar,
// the notice banner, and the layout (two columns on desktop, one on a phone, results first when
// embedded). Screens live in screen_*.cpp; shared helpers in widgets.cpp.
//
// Index of this file:
// [SECTION] Fonts and style
// [SECTION] refresh()
// [SECTION] Toolbar and notice
// [SECTION] Layout: draw_app()
// [SECTION] receive_text()
#include "app.h"
#include "core/hf_import.h"
#include "core/json_read.h"
#include "core/limits.h"
#include "core/url.h"
#include "fonts.h"
#include "imgui_internal.h" // ClearActiveID: let a field show text typed on the phone keyboard
#include "widgets.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace traincalc {

using namespace ui;

//-----------------------------------------------------------------------------
// [SECTION] Fonts and style
//-----------------------------------------------------------------------------

static constexpr float kFontSizeDesktop = 16.0f;
static constexpr float kFontSizePhone = 17.0f;
static constexpr float kFontSizeHeadline = 21.0f;
// The headline values' characters beyond ASCII: format_hours (zh), format_money (and "none", below),
// the minus of a negative amount (format_number's U+2212: a plan's saving can be below zero).
static constexpr const char kHeadlineChars[] = "¥−秒分钟小时天年";
static_assert(sizeof(ImWchar) == sizeof(unsigned short), "App::headline_glyphs holds ImWchar16 ranges");

// The font scale of a layout: device-pixel glyphs drawn at logical size (crisp on HiDPI), and the
// phone's larger text. setup_imgui() sets it as the current layout does, so a pass laid out right
// after an atlas re-make (new glyphs, a new device pixel ratio) is the same size as the one before it.
static void apply_font_scale(const App& app, bool phone) {
    const float dpi = app.dpi_scale > 0.0f ? app.dpi_scale : 1.0f;
    ImGui::GetIO().FontGlobalScale = (phone ? kFontSizePhone / kFontSizeDesktop : 1.0f) / dpi;
}

void setup_imgui(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // nothing to remember between visits: the URL holds the state
    const float dpi = app.dpi_scale > 0.0f ? app.dpi_scale : 1.0f;
    // Headline numbers get their own raster (a font scale would blur them): ASCII plus the few
    // characters the formatted values use; ~100 glyphs, a small part of the atlas.
    ImFontGlyphRangesBuilder builder;
    for (ImWchar c = 0x20; c < 0x7F; c++) builder.AddChar(c);
    builder.AddText(kHeadlineChars);
    builder.AddText(tr(Str::none_fits, Lang::zh));
    ImVector<ImWchar> ranges;
    builder.BuildRanges(&ranges);
    app.headline_glyphs.assign(ranges.begin(), ranges.end());
    add_fonts(app, kFontSizeDesktop * dpi, kFontSizeHeadline * dpi, app.headline_glyphs.data());
    apply_font_scale(app, io.DisplaySize.x > 0.0f && is_phone()); // before the first layout: the desktop's

    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 0.0f;
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.ChildRounding = 4.0f;
    style.PopupRounding = 4.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameBorderSize = 1.0f;
    app.style_dark = -1;
    app.style_phone = -1;
}

// Colours with at least 4.5:1 contrast for every text on its background (WCAG AA), light and
// dark (prefers-color-scheme). Dim text is for labels, never for results.
static void apply_colors(App& app) {
    const int want = app.dark ? 1 : 0;
    if (app.style_dark == want) return;
    app.style_dark = want;
    ImGuiStyle& style = ImGui::GetStyle();
    if (app.dark) {
        ImGui::StyleColorsDark(&style);
        style.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.10f, 0.12f, 1.0f);
        style.Colors[ImGuiCol_PopupBg] = ImVec4(0.14f, 0.14f, 0.17f, 1.0f);
        style.Colors[ImGuiCol_Text] = ImVec4(0.93f, 0.93f, 0.95f, 1.0f);
        style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.72f, 0.73f, 0.77f, 1.0f);  // 9.0:1 on the background
        style.Colors[ImGuiCol_PlotHistogram] = ImVec4(0.55f, 0.75f, 1.00f, 1.0f); // section titles, 9.2:1
        style.Colors[ImGuiCol_Border] = ImVec4(0.40f, 0.42f, 0.46f, 1.0f);
    } else {
        ImGui::StyleColorsLight(&style);
        style.Colors[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1.0f);
        style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.33f, 0.34f, 0.38f, 1.0f);  // #54575F: 6.8:1 on #F7F7FA
        style.Colors[ImGuiCol_PlotHistogram] = ImVec4(0.08f, 0.30f, 0.62f, 1.0f); // section titles, 7.7:1
        style.Colors[ImGuiCol_Border] = ImVec4(0.55f, 0.57f, 0.62f, 1.0f); // field edges, 3:1 (non-text)
        style.Colors[ImGuiCol_FrameBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
        style.Colors[ImGuiCol_PopupBg] =
            ImVec4(1.0f, 1.0f, 1.0f, 1.0f); // 0.98: the page showed through a list
    }
}

// Phone: bigger touch targets and a finger-sized scrollbar and slider grab.
static void apply_layout_style(App& app, bool phone) {
    apply_colors(app);
    const int want = (phone ? 1 : 0) | (app.touch ? 2 : 0);
    apply_font_scale(app, phone);
    if (app.style_phone == want) return;
    app.style_phone = want;
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowPadding = phone ? ImVec2(10, 10) : ImVec2(12, 10);
    // Touch: frames at least 44 CSS px tall (17 px text + 2 × 13.5); desktop stays compact.
    style.FramePadding = phone || app.touch ? ImVec2(10, 13.5f) : ImVec2(6, 4);
    style.ItemSpacing = phone ? ImVec2(10, 10) : ImVec2(8, 6);
    style.ItemInnerSpacing = phone ? ImVec2(8, 6) : ImVec2(5, 4);
    style.CellPadding = phone ? ImVec2(6, 5) : ImVec2(5, 3);
    style.ScrollbarSize = phone ? 20.0f : 14.0f;
    style.GrabMinSize = phone ? 28.0f : 12.0f;
    style.TouchExtraPadding = phone ? ImVec2(4, 4) : ImVec2(0, 0);
    style.IndentSpacing = phone ? 14.0f : 18.0f;
}

//-----------------------------------------------------------------------------
// [SECTION] refresh()
//-----------------------------------------------------------------------------

void refresh(App& app) {
    // A box's typing ended (App::typing_id): the text it did not take says why its value went
    // back; any other change makes that text old news.
    const bool typing_ended = app.typing_fallback;
    app.typing_fallback = false;
    app.fell_back = false;
    if (!typing_ended) app.typed_bad_id = 0;
    if (!app.catalog) return;
    // validate() holds the ranges the saved state and links are read back with (and the same
    // messages the CLI and the JS API give): a scenario it rejects is not estimated, drawn as a
    // result, saved, or put into a link.
    std::vector<FieldError> invalid = validate(app.scenario, *app.catalog);
    if (invalid.empty()) {
        app.estimate = estimate(app.scenario, *app.catalog);
    } else {
        app.estimate = Estimate{};
        app.estimate.errors = std::move(invalid);
    }
    app.input_errors = app.estimate.errors;
    // The scenario the results are of: this one, or, when a box's typing ended out of range, the
    // one before it began (the box keeps its text and message; what is shown and saved does not
    // take the last prefix that was valid: "99999999" tokens a sample showed 9,999,999's results).
    // When that one was invalid too (the box already showed an error), the last valid scenario
    // before the typing began: the prefixes the frames took are no one's input either.
    const Scenario* good = app.estimate.ok ? &app.scenario : nullptr;
    if (app.estimate.ok) {
        app.last_good = app.estimate;
        app.good_scenario = app.scenario;
    } else if (typing_ended) {
        const Scenario* back = validate(app.typing_from, *app.catalog).empty() ? &app.typing_from
                               : app.typing_good_known                         ? &app.typing_good
                                                                               : nullptr;
        if (back) {
            app.good_scenario = *back;
            app.last_good = estimate(app.good_scenario, *app.catalog);
            app.fell_back = true;
            good = &app.good_scenario;
        }
    }
    if (good) {
        app.comparison_pending = app.catalog->gpus.size() > kCompareAtOnce;
        if (app.comparison_pending) { // made over the next frames; no stale rows meanwhile
            app.comparison.clear();
            app.comparison_rows.clear();
            app.comparison_scenario = *good;
            app.comparison_next = 0;
        } else {
            app.comparison = compare_gpus(*good, *app.catalog);
        }
        app.curve = cards_curve(*good, *app.catalog);
        app.comparison_order_dirty = true;
    }
    for (bool& c : app.explain_cached) c = false;
    app.warnings_cached = false;
    static unsigned long refreshes = 0; // one count for every App: a new App never matches an old cache
    app.refresh_id = ++refreshes;
}

bool continue_comparison(App& app) {
    if (!app.comparison_pending) return false;
    if (!app.catalog) {
        app.comparison_pending = false;
        return false;
    }
    const size_t n = app.catalog->gpus.size(), last = std::min(n, app.comparison_next + kCompareStep);
    std::vector<GpuOption> rows =
        compare_gpus_range(app.comparison_scenario, *app.catalog, app.comparison_next, last);
    app.comparison_rows.insert(app.comparison_rows.end(), rows.begin(), rows.end());
    app.comparison_next = last;
    if (last < n) return true;
    rank_gpu_options(app.comparison_rows);
    app.comparison = std::move(app.comparison_rows);
    app.comparison_rows = {};
    app.comparison_pending = false;
    app.comparison_order_dirty = true;
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] Toolbar and notice
//-----------------------------------------------------------------------------

// Buttons flow onto the next line when the row is full (phones).
static bool flow_button(App& app, const char* label, float right, const char* name = nullptr) {
    const float w = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    return button(app, label, name);
}

// "Copied" replaces a copy button's label for this long after it copied.
static constexpr double kCopiedMs = 2000.0;

static const char* lang_code(Lang l) {
    return l == Lang::zh ? "zh" : "en";
}

void ui::set_notice(App& app, Str en_zh_prefix, const std::vector<FieldError>& errors) {
    app.notice_from = NoticeFrom::page;
    app.notice = tr(en_zh_prefix, Lang::en);
    app.notice_zh = tr(en_zh_prefix, Lang::zh);
    constexpr size_t kShown = 3; // a banner, not a report: the rest are counted
    for (size_t i = 0; i < errors.size() && i < kShown; i++) {
        app.notice += (i ? "; " : " ") + errors[i].message;
        // No space after the prefix's full-width colon in Chinese ("未改变：YAML：…").
        app.notice_zh +=
            (i ? "；" : "") + (errors[i].message_zh.empty() ? errors[i].message : errors[i].message_zh);
    }
    if (errors.size() > kShown) { // the CLI lists them all: the banner says there are more
        const size_t n = errors.size() - kShown;
        const std::string more = std::to_string(n);
        app.notice += "; … and " + more + (n == 1 ? " more error" : " more errors");
        app.notice_zh += "；……另有 " + more + " 个错误";
    }
}

static void draw_toolbar(App& app) {
    Scenario& s = app.scenario;
    const bool details = !app.embed || app.show_details;
    if (details) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
        app.next_text_role = Role::title;     // h2 beside the sections: headings go one level at a time
        text_wrapped(T(app, Str::app_title)); // unscaled: scaled glyphs blur
        ImGui::PopStyleColor();
        if (!is_phone()) {
            ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
            text_wrapped(T(app, Str::app_subtitle));
            ImGui::PopStyleColor();
        }
    }
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    // The language button names the other language, in that language.
    const bool switched = button(app, T(app, Str::switch_language));
    app.sem.back().lang =
        app.lang == Lang::zh ? "en" : "zh-Hans"; // read in its language: "中文", not "zhong wen"
    if (switched) {
        app.lang = app.lang == Lang::zh ? Lang::en : Lang::zh;
        if (app.hooks.language_changed) app.hooks.language_changed(app.hooks.user, app.lang);
    }
    const bool copied_recently = app.now_ms - app.copied_at_ms < kCopiedMs;
    const bool link_copied = copied_recently && app.copied_what == 1;
    const char* link_label = fmt("%s###copylink", T(app, link_copied ? Str::copied : Str::copy_link));
    if (flow_button(app, link_label, right, T(app, link_copied ? Str::link_copied : Str::copy_link)) &&
        app.hooks.copy_link) {
        // The hash ("#s=…"); the platform puts the page's (or the host's share) URL before it.
        std::string hash = encode_hash(s, app.embed, lang_code(app.lang), app.embed_io);
        if (hash.empty() || hash[0] != '#') hash.insert(hash.begin(), '#');
        app.hooks.copy_link(app.hooks.user, hash.c_str());
        app.copied_at_ms = app.now_ms;
        app.copied_what = 1;
    }
    const bool report_copied = copied_recently && app.copied_what == 2;
    const char* report_label = fmt("%s###copyreport", T(app, report_copied ? Str::copied : Str::copy_report));
    if (flow_button(app, report_label, right,
                    T(app, report_copied ? Str::report_copied : Str::copy_report)) &&
        app.hooks.copy_text && has_result(app)) {
        // With the computed remedies when it does not fit (the same list the results show).
        const std::string md = app.catalog ? report_markdown(shown_estimate(app), *app.catalog, app.lang)
                                           : report_markdown(shown_estimate(app), app.lang);
        app.hooks.copy_text(app.hooks.user, md.c_str());
        app.copied_at_ms = app.now_ms;
        app.copied_what = 2;
    }
    // Embedded on someone's page, files are the host's business unless it asks (#io=1).
    if (!app.embed || app.embed_io) {
        if (flow_button(app, T(app, Str::export_json), right) && app.hooks.save_text) {
            const std::string json = scenario_to_json(s);
            app.hooks.save_text(app.hooks.user, "traincalc-scenario.json", json.c_str());
        }
        if (flow_button(app, T(app, Str::import_json), right) && app.hooks.open_text)
            app.hooks.open_text(app.hooks.user, TextPurpose::scenario);
    }
    if (app.embed &&
        flow_button(app, T(app, app.show_details ? Str::hide_details : Str::show_details), right))
        app.show_details = !app.show_details;
}

static void draw_notice(App& app) {
    const std::string& text = notice_text(app);
    if (text.empty()) return;
    // A one-row table: it sizes itself to the wrapped text, and its row colour is the banner.
    if (!ImGui::BeginTable("notice", 2, ImGuiTableFlags_BordersOuter | ImGuiTableFlags_PadOuterX)) return;
    ImGui::TableSetupColumn("text", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("close", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
    ImGui::TableNextRow(0, ImGui::GetFrameHeight());
    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(255, 242, 204, 255));
    ImGui::TableNextColumn();
    text_wrapped(text.c_str(), text.c_str() + text.size());
    ImGui::TableNextColumn();
    if (button(app, T(app, Str::dismiss), app.lang == Lang::zh ? "关闭提示" : "Dismiss notice",
               ImVec2(ImGui::GetFrameHeight(), 0)))
        clear_notice(app);
    ImGui::EndTable();
}

// One line with the answer, for the top of a phone screen and embeds (the results are far below
// the inputs in one column).
static void draw_summary_line(App& app) {
    if (!has_result(app)) return;
    const Estimate& e = shown_estimate(app);
    // It runs when the cards hold it and so does the machine's RAM (the results' warning says how short).
    const bool runs = e.memory.fits && e.host.fits;
    // Past the deadline or over the budget the user set: said after the hours and the amount it is about.
    const bool late = has_warning(e, WarningCode::misses_deadline);
    const bool over = has_warning(e, WarningCode::over_budget);
    const char* line = fmt("%s · %s · %s", fhours(app, e.time.wall_hours),
                           T(app, !e.memory.fits ? Str::does_not_fit
                                  : runs         ? Str::fits
                                                 : Str::host_ram_short),
                           e.cost.priced ? fmoney(app, e.cost.total) : T(app, Str::no_price));
    if (late)
        line =
            fmt("%s · %s", line, fmt(T(app, Str::past_deadline), fhours(app, app.scenario.deadline_hours)));
    if (over) line = fmt("%s · %s", line, fmt(T(app, Str::over_budget), fmoney(app, app.scenario.budget)));
    text_wrapped_colored(!runs ? color_bad() : late || over ? color_warn() : color_ok(), line);
}

//-----------------------------------------------------------------------------
// [SECTION] Layout: draw_app()
//-----------------------------------------------------------------------------

static bool draw_result_screens(App& app) {
    bool changed = draw_results(app);
    if (!has_result(app)) return changed;
    changed |= draw_plans(app);
    changed |= draw_charts(app);
    changed |= draw_compare(app);
    changed |= draw_buy(app);
    changed |= draw_renting(app);
    return changed;
}

// A tap or click outside the open help (and outside its "?") closes it before anything is drawn:
// the control it lands on takes it this frame (ImGui's popup would take it only to close itself).
static void close_help_on_tap_outside(App& app) {
    const unsigned id = app.help_popup_id;
    app.help_popup_id = 0; // help_marker() records it again while it stays open
    ImGuiContext& g = *GImGui;
    if (id == 0 || !ImGui::IsMouseClicked(0) || g.OpenPopupStack.Size != 1 ||
        g.OpenPopupStack[0].PopupId != id)
        return;
    const ImVec2 p = ImGui::GetIO().MousePos;
    const auto inside = [&](const float* r) {
        return p.x >= r[0] && p.y >= r[1] && p.x < r[2] && p.y < r[3];
    };
    if (!inside(app.help_rect) && !inside(app.help_button_rect)) ImGui::ClosePopupToLevel(0, true);
}

// The inputs and the results keep their IDs in either layout (a phone turned: one column, then two):
// under the desktop's table they differed, so when a phone was turned an open picker closed, a collapsed
// section opened again and every control's DOM twin was made anew (the focus in it lost).
static bool draw_inputs_column(App& app) {
    ImGui::PushOverrideID(ImHashStr("inputs"));
    const bool changed = draw_inputs(app);
    ImGui::PopID();
    return changed;
}
static bool draw_results_column(App& app) {
    ImGui::PushOverrideID(ImHashStr("results"));
    const bool changed = draw_result_screens(app);
    ImGui::PopID();
    return changed;
}

bool draw_app(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    io.UserData = &app; // helpers without an App parameter (help markers, text) record into it
    app.sem.clear();
    if (!app.layout_only) continue_comparison(app); // a large catalog's comparison: one step a frame
    close_help_on_tap_outside(app);
    const bool phone = is_phone();
    apply_layout_style(app, phone);
    // The page scrolls like a web page (the platform's scroll, with its momentum, its scrollbar and
    // chaining to a host page): ImGui's display is the whole page, as tall as its content (the
    // platform sizes it from sem.content_h), and the platform shows the part scrolled into view.
    // Nothing is culled below the fold, so every control is in the semantics layer at all times.
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    bool changed = false;
    ImGui::Begin("traincalc", nullptr, flags);
    draw_toolbar(app);
    draw_notice(app);
    if (phone) {
        // One column: embeds show the results first; the full page has a button that scrolls
        // down to them.
        if (!app.embed && has_result(app)) {
            if (button(app, T(app, Str::jump_to_results))) app.scroll_to_results = true;
            ImGui::SameLine();
        }
        draw_summary_line(app);
        if (app.embed) {
            changed |= draw_results_column(app);
            changed |= draw_inputs_column(app);
        } else {
            changed |= draw_inputs_column(app);
            ImGui::Separator();
            if (app.scroll_to_results) {
                app.scroll_request_y = ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y;
                app.scroll_to_results = false;
            }
            changed |= draw_results_column(app);
        }
    } else if (ImGui::BeginTable("layout", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadOuterX)) {
        // Two columns on one page: inputs left, results right (embedded: results first).
        const float avail = ImGui::GetContentRegionAvail().x;
        float inputs_w = avail * 0.38f;
        inputs_w = inputs_w < 340.0f ? 340.0f : (inputs_w > 500.0f ? 500.0f : inputs_w);
        ImGui::TableSetupColumn("left", ImGuiTableColumnFlags_WidthFixed,
                                app.embed ? avail - inputs_w - 16.0f : inputs_w);
        ImGui::TableSetupColumn("right", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableNextRow();
        for (int column = 0; column < 2; column++) {
            ImGui::TableSetColumnIndex(column);
            const bool inputs = (column == 0) != app.embed;
            changed |= inputs ? draw_inputs_column(app) : draw_results_column(app);
        }
        ImGui::EndTable();
    }
    app.sem.content_h = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
    // A box's typing ended this frame (Enter, leaving it, Escape): the scenario from before it
    // comes back when the box took no text at the end (or on Escape); refresh() falls back to it
    // when the end is out of range.
    if (app.typing_end != TypingEnd::none) {
        if (app.typing_end == TypingEnd::restore) app.scenario = app.typing_from;
        app.typing_fallback = true;
        // "abc" then Enter: the box's value never changed, so no node did, and its twin kept
        // showing "abc" beside "the box still holds 30.00" (the shell re-syncs a twin it is sent).
        // The next frame's: this one drew the box before the restore ("7" after Escape).
        app.sem_resend = 2;
        app.typing_id = 0;
        app.typing_end = TypingEnd::none;
        changed = true;
    }
    // Any open popup (a picker's list, a "(?)" help) lies over the boxes below it: the platform
    // keeps their DOM twins from taking its taps.
    app.sem.popup_open |=
        ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    ImGui::End();
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] receive_text()
//-----------------------------------------------------------------------------

size_t text_cap_bytes(TextPurpose purpose) {
    switch (purpose) {
    case TextPurpose::scenario:
        return limits::kMaxScenarioBytes;
    case TextPurpose::hf_config:
        return limits::kMaxConfigBytes;
    case TextPurpose::config: // as the file is, YAML or JSON: the CLI's cap on a FILE
    case TextPurpose::config_error:
        return limits::kMaxImportFileBytes;
    }
    return limits::kMaxScenarioBytes;
}

void receive_too_long(App& app, TextPurpose purpose) {
    const size_t cap = text_cap_bytes(purpose);
    switch (purpose) {
    case TextPurpose::scenario:
        set_notice(app, Str::import_failed, {detail::over_cap_error("", "the scenario", "场景", cap)});
        return;
    case TextPurpose::hf_config:
        set_notice(app, Str::config_failed,
                   {detail::over_cap_error("", "the config.json", "config.json ", cap)});
        app.notice_from = NoticeFrom::model;
        return;
    case TextPurpose::config:
    case TextPurpose::config_error:
        if (!app.parts.receive_config) return; // no section: a config is not taken at all
        set_notice(app, Str::config_import_failed, {detail::over_cap_error("", "the config", "配置", cap)});
        app.notice_from = NoticeFrom::config;
        app.has_import = false; // the last good import's list is not this file's
        return;
    }
}

bool receive_text(App& app, TextPurpose purpose, const char* utf8, const std::vector<KeyLine>& lines) {
    if (!utf8 || !app.catalog) return false;
    switch (purpose) {
    case TextPurpose::scenario: { // an imported scenario file: applied only when it is entirely valid
        ScenarioResult r = scenario_from_json(utf8, *app.catalog);
        if (!r.errors.empty()) {
            set_notice(app, Str::import_failed, r.errors);
            return false;
        }
        app.scenario = r.scenario;
        return true;
    }
    case TextPurpose::hf_config: { // a Hugging Face config.json: becomes the custom model
        ModelResult r = model_from_hf_config(utf8);
        if (!r.errors.empty() || !(r.model.params > 0)) {
            set_notice(app, Str::config_failed, r.errors);
            app.notice_from = NoticeFrom::model;
            return false;
        }
        if (app.notice_from == NoticeFrom::model)
            clear_notice(app); // a good config.json takes away the bad one's
        app.scenario.model = r.model;
        app.scenario.model_id.clear();
        app.scenario.model_repo.clear(); // the imported config's repository named another model
        return true;
    }
    case TextPurpose::config: // a training config, or the page's YAML error for one
    case TextPurpose::config_error:
        return app.parts.receive_config && app.parts.receive_config(app, purpose, utf8, lines);
    }
    return false;
}

} // namespace traincalc
