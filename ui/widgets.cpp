// traincalc — ui/widgets.cpp
// Shared helpers for the screens (see widgets.h).
//
// Index of this file:
// [SECTION] Text and formatting
// [SECTION] Layout
// [SECTION] Inputs
// [SECTION] Results
#include "widgets.h"
#include "imgui_internal.h"  // TempInputIsActive: a slider typed into (ctrl+click)
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Text and formatting
//-----------------------------------------------------------------------------

const Estimate& shown_estimate(const App& app) {
    return app.estimate.ok ? app.estimate : app.last_good;
}

bool has_result(const App& app) { return shown_estimate(app).ok; }

// A ring of scratch buffers: a frame formats hundreds of numbers, none need to outlive the
// widget that draws them, and a ring avoids std::string churn in the hot path.
static constexpr int kScratchBytes = 256;  // longest formatted line (Chinese is 3 bytes a character)
static char* scratch() {
    static char ring[32][kScratchBytes];
    static int next = 0;
    next = (next + 1) % 32;
    return ring[next];
}

const char* fmt(const char* format, ...) {
    char* buf = scratch();
    va_list args;
    va_start(args, format);
    vsnprintf(buf, kScratchBytes, format, args);
    va_end(args);
    return buf;
}

// core's formatters return short strings (small-string optimised); copy them to the ring.
static const char* keep(const std::string& s) {
    char* buf = scratch();
    snprintf(buf, kScratchBytes, "%s", s.c_str());
    return buf;
}

const char* fnum(double v, int significant) { return keep(format_number(v, significant)); }
const char* fhours(const App& app, double hours) { return keep(format_hours(hours, app.lang)); }
const char* fmoney(const App& app, double v) { return keep(format_money(v, app.scenario.currency)); }
const char* fmoney_in(double v, Currency c) { return keep(format_money(v, c)); }
const char* fgib(double gib) { return fmt("%s GiB", format_number(gib, 3).c_str()); }

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

bool is_phone() { return ImGui::GetIO().DisplaySize.x < kPhoneWidth; }

ImVec4 color_ok() { return ImVec4(0.10f, 0.55f, 0.25f, 1.0f); }
ImVec4 color_bad() { return ImVec4(0.80f, 0.15f, 0.15f, 1.0f); }
ImVec4 color_warn() { return ImVec4(0.70f, 0.45f, 0.00f, 1.0f); }
ImVec4 color_dim() { return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled); }

void help_marker(const char* text) {
    ImGui::SameLine(0, 4);
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        text_wrapped(text, nullptr, ImGui::GetFontSize() * 22.0f);
        ImGui::EndTooltip();
    }
}

void field_label(const char* label, const char* help) {
    // Labels take ~45% of the row; a label longer than that pushes its widget to the next line
    // instead of overlapping it (Chinese and English lengths differ a lot).
    const float avail = ImGui::GetContentRegionAvail().x;
    const float column = avail * 0.45f;
    const float x0 = ImGui::GetCursorPosX();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    if (help) help_marker(help);
    const float used = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX();
    if (used + ImGui::GetStyle().ItemSpacing.x < x0 + column) ImGui::SameLine(x0 + column);
    ImGui::SetNextItemWidth(-FLT_MIN);
}

void section(const char* title) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    ImGui::TextUnformatted(title);
    ImGui::PopStyleColor();
    ImGui::Separator();
}

// A line may break after a space or before/after a CJK character, but not before closing
// punctuation (，。、；：？！）」』》”’ and their ASCII cousins): the usual Chinese line-breaking rule.
static bool is_cjk(unsigned int c) { return c >= 0x2E80 && c < 0xFFF0; }
static bool no_break_before(unsigned int c) {
    switch (c) {
    case 0xFF0C: case 0x3002: case 0x3001: case 0xFF1B: case 0xFF1A: case 0xFF1F: case 0xFF01: case 0xFF09:
    case 0x300D: case 0x300F: case 0x300B: case 0x201D: case 0x2019: case ',': case '.': case ';': case ':':
    case ')': case '!': case '?':
        return true;
    default: return false;
    }
}

void text_wrapped(const char* text, const char* end, float width) {
    if (!end) end = text + std::strlen(text);
    ImFont* font = ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font->FontSize;
    if (width <= 0.0f) width = ImGui::GetContentRegionAvail().x;
    if (width < ImGui::GetFontSize() * 3.0f) width = ImGui::GetFontSize() * 3.0f;
    ImGui::BeginGroup();  // continuation lines keep the first line's x (after a bullet, a tick box)
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));  // one paragraph
    const char* line = text;
    while (line < end) {
        const char* s = line;
        const char* cut = nullptr;       // where this line ends
        const char* last_break = nullptr;
        float w = 0.0f;
        while (s < end) {
            unsigned int c = 0;
            int n = ImTextCharFromUtf8(&c, s, end);
            if (n <= 0) n = 1;
            if (c == '\n') { cut = s; break; }
            if (s > line && is_cjk(c) && !no_break_before(c)) last_break = s;
            const float advance = font->GetCharAdvance(static_cast<ImWchar>(c)) * scale;
            if (w + advance > width && s > line) {
                cut = (last_break && last_break > line) ? last_break : s;
                break;
            }
            w += advance;
            s += n;
            if (c == ' ' || (is_cjk(c) && s < end)) {
                unsigned int next = 0;
                if (s >= end || ImTextCharFromUtf8(&next, s, end) <= 0 || !no_break_before(next)) last_break = s;
            }
        }
        if (!cut) cut = end;
        const char* shown_end = cut;
        while (shown_end > line && shown_end[-1] == ' ') shown_end--;
        ImGui::TextUnformatted(line, shown_end);
        line = cut;
        if (line < end && *line == '\n') line++;
        while (line < end && *line == ' ') line++;
    }
    ImGui::PopStyleVar();
    ImGui::EndGroup();
}

void text_wrapped_colored(ImVec4 color, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    text_wrapped(text);
    ImGui::PopStyleColor();
}

void bullet_wrapped(const char* text) {
    ImGui::Bullet();
    text_wrapped(text);
}

//-----------------------------------------------------------------------------
// [SECTION] Inputs
//-----------------------------------------------------------------------------

void text_input_hooks(App& app, double* dtarget, int* itarget, const char* current) {
    if (ImGui::IsItemActivated()) {
        app.text_target_double = dtarget;
        app.text_target_int = itarget;
        if (app.hooks.begin_text_input) app.hooks.begin_text_input(app.hooks.user, current);
    }
    if (ImGui::IsItemDeactivated()) {
        if (app.text_target_double == dtarget && app.text_target_int == itarget) {
            app.text_target_double = nullptr;
            app.text_target_int = nullptr;
        }
        if (app.hooks.end_text_input) app.hooks.end_text_input(app.hooks.user);
    }
}

void slider_text_hooks(App& app, double* dtarget, const char* current) {
    const ImGuiID id = ImGui::GetItemID();
    const bool typing = ImGui::TempInputIsActive(id);
    if (typing && app.typing_slider_id != id) {
        app.typing_slider_id = id;
        app.text_target_double = dtarget;
        app.text_target_int = nullptr;
        if (app.hooks.begin_text_input) app.hooks.begin_text_input(app.hooks.user, current);
    } else if (!typing && app.typing_slider_id == id) {
        app.typing_slider_id = 0;
        if (app.text_target_double == dtarget) app.text_target_double = nullptr;
        if (app.hooks.end_text_input) app.hooks.end_text_input(app.hooks.user);
    }
}

void record_rect(App::Rect& r) {
    r.x0 = ImGui::GetItemRectMin().x;
    r.y0 = ImGui::GetItemRectMin().y;
    r.x1 = ImGui::GetItemRectMax().x;
    r.y1 = ImGui::GetItemRectMax().y;
}

// An error belongs to a field when its path is the field's key or lies inside it ("model" owns
// "model.layers", "quotes" owns "quotes[1].deposit").
static bool owns(const std::string& path, const char* field) {
    const size_t n = std::strlen(field);
    return path.compare(0, n, field) == 0 && (path.size() == n || path[n] == '.' || path[n] == '[');
}

static const FieldError* find_error(const App& app, const char* field) {
    for (const FieldError& e : app.input_errors)
        if (owns(e.field, field)) return &e;
    return nullptr;
}

bool has_error(const App& app, const char* field) { return find_error(app, field) != nullptr; }

void field_error(const App& app, const char* field) {
    for (const FieldError& e : app.input_errors) {
        if (!owns(e.field, field)) continue;
        const std::string& msg = (app.lang == Lang::zh && !e.message_zh.empty()) ? e.message_zh : e.message;
        ImGui::PushStyleColor(ImGuiCol_Text, color_bad());
        text_wrapped(msg.c_str(), msg.c_str() + msg.size());
        ImGui::PopStyleColor();
    }
}

// Fields with an error get a red frame so the eye finds them before reading the message.
static void push_error_style(const App& app, const char* field, bool* pushed) {
    *pushed = has_error(app, field);
    if (*pushed) {
        ImGui::PushStyleColor(ImGuiCol_Border, color_bad());
        ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
    }
}
static void pop_error_style(bool pushed) {
    if (pushed) {
        ImGui::PopStyleVar();
        ImGui::PopStyleColor();
    }
}

bool input_double(App& app, const char* label, const char* field, double* v, const char* format,
                  const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    const bool changed = ImGui::InputDouble("##v", v, 0.0, 0.0, format);
    pop_error_style(pushed);
    text_input_hooks(app, v, nullptr, fmt(format, *v));
    field_error(app, field);
    ImGui::PopID();
    return changed;
}

bool input_int(App& app, const char* label, const char* field, int* v, const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    bool changed = ImGui::InputInt("##v", v, 0, 0);
    pop_error_style(pushed);
    // No silent clamp: an out-of-range value gets validate()'s message beside the box.
    text_input_hooks(app, nullptr, v, fmt("%d", *v));
    field_error(app, field);
    ImGui::PopID();
    return changed;
}

bool log_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                const char* format, const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    const bool changed = ImGui::SliderScalar("##v", ImGuiDataType_Double, v, &lo, &hi, format,
                                             ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoRoundToFormat);
    pop_error_style(pushed);
    slider_text_hooks(app, v, fmt("%g", *v));
    field_error(app, field);
    ImGui::PopID();
    return changed;
}

bool percent_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                    const char* zero_text, const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    // The slider edits percent; the scenario stores a fraction (a unit change, not a computation).
    double pct = *v * 100.0, plo = lo * 100.0, phi = hi * 100.0;
    const char* format = (*v == 0.0 && zero_text) ? zero_text : "%.0f%%";
    // A box beside the slider takes a typed percent: phones cannot ctrl+click a slider.
    const float box_w = ImGui::CalcTextSize("000.0").x + ImGui::GetStyle().FramePadding.x * 2.0f;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - box_w - ImGui::GetStyle().ItemSpacing.x);
    bool changed = ImGui::SliderScalar("##v", ImGuiDataType_Double, &pct, &plo, &phi, format);
    slider_text_hooks(app, nullptr, fmt("%g", pct));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(box_w);
    if (ImGui::InputDouble("##box", &pct, 0.0, 0.0, "%g")) changed = true;  // range: validate()
    text_input_hooks(app, nullptr, nullptr, fmt("%g", pct));
    if (changed) *v = pct / 100.0;
    pop_error_style(pushed);
    field_error(app, field);
    ImGui::PopID();
    return changed;
}

bool cards_slider(App& app, int* cards) {
    ImGui::PushID("cards");
    const float box_w = ImGui::CalcTextSize("00000").x + ImGui::GetStyle().FramePadding.x * 2.0f;
    bool pushed;
    push_error_style(app, "cards", &pushed);
    // The slider moves over the exponent (1, 2, 4 … 4,096): it snaps to powers of two while
    // dragging; the label shows the real count, which the box beside it may set to any value.
    int exponent = 0;
    while (exponent < 12 && (1 << (exponent + 1)) <= *cards) exponent++;
    if (exponent < 12 && *cards - (1 << exponent) > (1 << (exponent + 1)) - *cards) exponent++;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - box_w - ImGui::GetStyle().ItemSpacing.x);
    const char* label = fmt("%d", *cards);
    bool changed = ImGui::SliderInt("##slider", &exponent, 0, 12, label, ImGuiSliderFlags_NoInput);
    record_rect(app.cards_slider_rect);
    if (changed) *cards = 1 << exponent;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(box_w);
    // No silent clamp: an out-of-range count gets validate()'s message beside the box.
    if (ImGui::InputInt("##box", cards, 0, 0)) changed = true;
    record_rect(app.cards_box_rect);
    text_input_hooks(app, nullptr, cards, fmt("%d", *cards));
    pop_error_style(pushed);
    field_error(app, "cards");
    ImGui::PopID();
    return changed;
}

bool combo(const App& app, const char* label, const char* field, int* value, const Str* names, int count,
           const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool changed = false;
    const int cur = (*value >= 0 && *value < count) ? *value : 0;
    if (ImGui::BeginCombo("##v", T(app, names[cur]))) {
        for (int i = 0; i < count; i++) {
            if (ImGui::Selectable(T(app, names[i]), i == *value)) {
                changed = *value != i;
                *value = i;
            }
            if (i == *value) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    field_error(app, field);
    ImGui::PopID();
    return changed;
}

bool text_field(App& app, const char* id, std::string* s, const char* hint) {
    // ImGui edits a fixed buffer; the std::string is only re-assigned when the text changed.
    static char buf[128];
    snprintf(buf, sizeof buf, "%s", s->c_str());
    ImGui::SetNextItemWidth(-FLT_MIN);
    const bool changed = ImGui::InputTextWithHint(id, hint, buf, sizeof buf);
    text_input_hooks(app, nullptr, nullptr, buf);
    if (changed) s->assign(buf);
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Results
//-----------------------------------------------------------------------------

// Text caches follow the language: a switch drops them (refresh() drops them on a new estimate).
static void sync_cache_lang(App& app) {
    if (app.cache_lang == app.lang) return;
    for (bool& c : app.explain_cached) c = false;
    app.warnings_cached = false;
    app.cache_lang = app.lang;
}

const std::vector<std::string>& warning_lines(App& app) {
    sync_cache_lang(app);
    if (!app.warnings_cached) {
        const Estimate& e = shown_estimate(app);
        app.warning_cache.clear();
        for (const Warning& w : e.warnings) app.warning_cache.push_back(warning_text(w, e, app.lang));
        app.warnings_cached = true;
    }
    return app.warning_cache;
}

const std::vector<std::string>& explain_lines(App& app, Headline h) {
    const int i = static_cast<int>(h);
    sync_cache_lang(app);
    if (!app.explain_cached[i]) {
        app.explain_cache[i] = explain(shown_estimate(app), h, app.lang);
        app.explain_cached[i] = true;
    }
    return app.explain_cache[i];
}

bool show_work_toggle(App& app, Headline h) {
    const int i = static_cast<int>(h);
    ImGui::PushID(i);
    ImGui::SetNextItemOpen(app.show_work[i] || app.expand_all, ImGuiCond_Always);
    app.show_work[i] = ImGui::TreeNodeEx("##work", ImGuiTreeNodeFlags_NoTreePushOnOpen, "%s", T(app, Str::show_work));
    ImGui::PopID();
    return app.show_work[i];
}

void show_work_lines(App& app, Headline h) {
    ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
    for (const std::string& line : explain_lines(app, h)) bullet_wrapped(line.c_str());
    ImGui::PopStyleColor();
}

void headline_card(App& app, Str title, const char* value, ImVec4 value_color, const char* sub,
                   const char* sub2, Headline h) {
    ImGui::TextDisabled("%s", T(app, title));
    // The headline font (setup_imgui's second font) holds ASCII and the formatted values' few
    // other characters: values only, never labels.
    ImFontAtlas* fonts = ImGui::GetIO().Fonts;
    ImFont* big = fonts->Fonts.Size > 1 ? fonts->Fonts[1] : nullptr;
    if (big) ImGui::PushFont(big);
    text_wrapped_colored(value_color, value);
    if (big) ImGui::PopFont();
    if (sub && *sub) text_wrapped(sub);
    if (sub2 && *sub2) text_wrapped(sub2);
    if (!app.embed || app.show_details) show_work_toggle(app, h);
}

} // namespace ui
} // namespace traincalc
