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
#include "core/url.h"
#include "fonts.h"
#include "widgets.h"
#include "imgui_internal.h"  // ClearActiveID: let a field show text typed on the phone keyboard
#include <cstdlib>

namespace traincalc {

using namespace ui;

//-----------------------------------------------------------------------------
// [SECTION] Fonts and style
//-----------------------------------------------------------------------------

static constexpr float kFontSizeDesktop = 16.0f;
static constexpr float kFontSizePhone = 17.0f;
static constexpr float kFontSizeHeadline = 21.0f;
// The headline values' characters beyond ASCII: format_hours (zh), format_money (and "none", below).
static constexpr const char kHeadlineChars[] = "¥秒分钟小时天年";
static_assert(sizeof(ImWchar) == sizeof(unsigned short), "App::headline_glyphs holds ImWchar16 ranges");

void setup_imgui(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // nothing to remember between visits: the URL holds the state
    const float dpi = app.dpi_scale > 0.0f ? app.dpi_scale : 1.0f;
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;  // kFontData is a constant array in the binary
    cfg.OversampleH = 1;               // rasterised at the device's pixel size: no oversampling needed
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    io.Fonts->Clear();
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFontData), static_cast<int>(kFontSize),
                                   kFontSizeDesktop * dpi, &cfg, reinterpret_cast<const ImWchar*>(kFontRanges));
    // Headline numbers get their own raster (a font scale would blur them): ASCII plus the few
    // characters the formatted values use; ~100 glyphs, a small part of the atlas.
    ImFontGlyphRangesBuilder builder;
    for (ImWchar c = 0x20; c < 0x7F; c++) builder.AddChar(c);
    builder.AddText(kHeadlineChars);
    builder.AddText(tr(Str::none_fits, Lang::zh));
    ImVector<ImWchar> ranges;
    builder.BuildRanges(&ranges);
    app.headline_glyphs.assign(ranges.begin(), ranges.end());
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFontData), static_cast<int>(kFontSize),
                                   kFontSizeHeadline * dpi, &cfg, app.headline_glyphs.data());
    // Wide rather than tall at high dpi: WebGL2 only promises 2,048-pixel textures.
    io.Fonts->TexDesiredWidth = dpi > 1.5f ? 2048 : 0;
    io.FontGlobalScale = 1.0f / dpi;   // crisp on HiDPI: device-pixel glyphs drawn at logical size

    ImGui::StyleColorsLight();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 0.0f;
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.ChildRounding = 4.0f;
    style.PopupRounding = 4.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameBorderSize = 1.0f;
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1.0f);
    style.Colors[ImGuiCol_Border] = ImVec4(0.75f, 0.77f, 0.80f, 1.0f);
    app.style_phone = -1;
}

// Phone: bigger touch targets and a finger-sized scrollbar and slider grab.
static void apply_layout_style(App& app, bool phone) {
    const int want = phone ? 1 : 0;
    ImGuiIO& io = ImGui::GetIO();
    const float dpi = app.dpi_scale > 0.0f ? app.dpi_scale : 1.0f;
    io.FontGlobalScale = (phone ? kFontSizePhone / kFontSizeDesktop : 1.0f) / dpi;
    if (app.style_phone == want) return;
    app.style_phone = want;
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowPadding = phone ? ImVec2(10, 10) : ImVec2(12, 10);
    style.FramePadding = phone ? ImVec2(10, 9) : ImVec2(6, 4);
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
    if (app.estimate.ok) {
        app.last_good = app.estimate;
        app.comparison = compare_gpus(app.scenario, *app.catalog);
        app.curve = cards_curve(app.scenario, *app.catalog);
        app.comparison_order_dirty = true;
    }
    for (bool& c : app.explain_cached) c = false;
    app.warnings_cached = false;
}

//-----------------------------------------------------------------------------
// [SECTION] Toolbar and notice
//-----------------------------------------------------------------------------

// Buttons flow onto the next line when the row is full (phones).
static bool flow_button(const char* label, float right) {
    const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2.0f;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    return ImGui::Button(label);
}

static const char* lang_code(Lang l) { return l == Lang::zh ? "zh" : "en"; }

static void set_notice(App& app, Str en_zh_prefix, const std::vector<FieldError>& errors) {
    app.notice = tr(en_zh_prefix, Lang::en);
    app.notice_zh = tr(en_zh_prefix, Lang::zh);
    for (size_t i = 0; i < errors.size() && i < 3; i++) {
        app.notice += (i ? "; " : " ") + errors[i].message;
        app.notice_zh += (i ? "；" : " ") + (errors[i].message_zh.empty() ? errors[i].message : errors[i].message_zh);
    }
}

static void draw_toolbar(App& app) {
    Scenario& s = app.scenario;
    const bool details = !app.embed || app.show_details;
    if (details) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
        ImGui::TextUnformatted(T(app, Str::app_title));  // unscaled: scaled glyphs blur
        ImGui::PopStyleColor();
        if (!is_phone()) {
            ImGui::SameLine();
            ImGui::AlignTextToFramePadding();
            ImGui::TextDisabled("%s", T(app, Str::app_subtitle));
        }
    }
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    // The language button names the other language, in that language.
    if (ImGui::Button(T(app, Str::switch_language))) {
        app.lang = app.lang == Lang::zh ? Lang::en : Lang::zh;
        if (app.hooks.language_changed) app.hooks.language_changed(app.hooks.user, app.lang);
    }
    if (flow_button(T(app, Str::copy_link), right) && app.hooks.copy_text) {
        // Just the hash ("#s=…"; the platform prefixes the page URL). encode_hash already starts
        // with '#'; the check keeps one '#' whatever core returns.
        std::string hash = encode_hash(s, app.embed, lang_code(app.lang));
        if (hash.empty() || hash[0] != '#') hash.insert(hash.begin(), '#');
        app.hooks.copy_text(app.hooks.user, hash.c_str());
    }
    if (flow_button(T(app, Str::copy_report), right) && app.hooks.copy_text && has_result(app)) {
        const std::string md = report_markdown(shown_estimate(app), s, app.lang);
        app.hooks.copy_text(app.hooks.user, md.c_str());
    }
    if (flow_button(T(app, Str::export_json), right) && app.hooks.save_text) {
        const std::string json = scenario_to_json(s);
        app.hooks.save_text(app.hooks.user, "traincalc-scenario.json", json.c_str());
    }
    if (flow_button(T(app, Str::import_json), right) && app.hooks.open_text) app.hooks.open_text(app.hooks.user, 0);
    if (app.embed && flow_button(T(app, app.show_details ? Str::hide_details : Str::show_details), right))
        app.show_details = !app.show_details;
}

static void draw_notice(App& app) {
    const std::string& text = (app.lang == Lang::zh && !app.notice_zh.empty()) ? app.notice_zh : app.notice;
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
    if (ImGui::Button(T(app, Str::dismiss), ImVec2(ImGui::GetFrameHeight(), 0))) {
        app.notice.clear();
        app.notice_zh.clear();
    }
    ImGui::EndTable();
}

// One line with the answer, for the top of a phone screen and embeds (the results are far below
// the inputs in one column).
static void draw_summary_line(App& app) {
    if (!has_result(app)) return;
    const Estimate& e = shown_estimate(app);
    text_wrapped_colored(e.memory.fits ? color_ok() : color_bad(),
                         fmt("%s · %s · %s", fhours(app, e.time.wall_hours),
                             e.memory.fits ? T(app, Str::fits) : T(app, Str::does_not_fit), fmoney(app, e.cost.total)));
}

//-----------------------------------------------------------------------------
// [SECTION] Layout: draw_app()
//-----------------------------------------------------------------------------

static bool draw_result_screens(App& app) {
    bool changed = draw_results(app);
    if (!has_result(app)) return changed;
    changed |= draw_charts(app);
    changed |= draw_compare(app);
    changed |= draw_buy(app);
    changed |= draw_renting(app);
    return changed;
}

bool draw_app(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    const bool phone = is_phone();
    apply_layout_style(app, phone);
    if (app.text_release) {
        // Text arrived from the phone keyboard: drop ImGui's edit buffer so the field shows it.
        ImGui::ClearActiveID();
        app.text_release = false;
    }
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                   (phone ? 0 : ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    bool changed = false;
    ImGui::Begin("traincalc", nullptr, flags);
    draw_toolbar(app);
    draw_notice(app);
    if (phone) {
        // One column: the page scrolls as a whole; embeds show the results first, the full page
        // has a button that scrolls down to them.
        if (!app.embed && has_result(app)) {
            if (ImGui::SmallButton(T(app, Str::jump_to_results))) app.scroll_to_results = true;
            ImGui::SameLine();
        }
        draw_summary_line(app);
        if (app.embed) {
            changed |= draw_result_screens(app);
            changed |= draw_inputs(app);
        } else {
            changed |= draw_inputs(app);
            ImGui::Separator();
            if (app.scroll_to_results) {
                ImGui::SetScrollHereY(0.0f);
                app.scroll_to_results = false;
            }
            changed |= draw_result_screens(app);
        }
    } else {
        // Two columns that scroll separately: inputs left, results right (embedded: results first,
        // on the left).
        const float avail = ImGui::GetContentRegionAvail().x;
        float inputs_w = avail * 0.38f;
        inputs_w = inputs_w < 340.0f ? 340.0f : (inputs_w > 500.0f ? 500.0f : inputs_w);
        for (int column = 0; column < 2; column++) {
            const bool inputs = (column == 0) != app.embed;
            if (column == 1) ImGui::SameLine();
            // The right column takes what is left (width 0), the left one its share.
            const float w = column == 1 ? 0.0f : (inputs ? inputs_w : avail - inputs_w - ImGui::GetStyle().ItemSpacing.x);
            ImGui::BeginChild(inputs ? "inputs" : "results", ImVec2(w, 0), false);
            changed |= inputs ? draw_inputs(app) : draw_result_screens(app);
            ImGui::EndChild();
        }
    }
    ImGui::End();
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] receive_text()
//-----------------------------------------------------------------------------

bool receive_text(App& app, int purpose, const char* utf8) {
    if (!utf8 || !app.catalog) return false;
    switch (purpose) {
    case 0: {  // an imported scenario file: applied only when it is entirely valid
        ScenarioResult r = scenario_from_json(utf8, *app.catalog);
        if (!r.errors.empty()) {
            set_notice(app, Str::import_failed, r.errors);
            return false;
        }
        app.scenario = r.scenario;
        return true;
    }
    case 1: {  // a Hugging Face config.json: becomes the custom model
        ModelResult r = model_from_hf_config(utf8);
        if (!r.errors.empty() || !(r.model.params > 0)) {
            set_notice(app, Str::config_failed, r.errors);
            return false;
        }
        app.scenario.model = r.model;
        app.scenario.model_id.clear();
        return true;
    }
    case 2: {  // the phone keyboard's text for the number field being edited
        char* end = nullptr;
        const double v = std::strtod(utf8, &end);
        if (end == utf8) return false;
        if (app.text_target_double) *app.text_target_double = v;
        else if (app.text_target_int) *app.text_target_int = static_cast<int>(v < -1e9 ? -1e9 : (v > 1e9 ? 1e9 : v));
        else return false;
        app.text_release = true;
        return true;
    }
    default: return false;
    }
}

} // namespace traincalc
