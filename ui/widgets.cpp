// traincalc — ui/widgets.cpp
// Shared helpers for the screens (see widgets.h).
//
// Index of this file:
// [SECTION] Text and formatting
// [SECTION] Layout
// [SECTION] Inputs
// [SECTION] Results
#include "widgets.h"
#include "core/config_import.h"
#include "core/decimal.h"
#include "core/format.h"
#include "core/limits.h"
#include "core/safe_text.h"
#include "imgui_internal.h" // the open list's window (listbox node)
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Text and formatting
//-----------------------------------------------------------------------------

const Estimate& shown_estimate(const App& app) {
    return app.estimate.ok ? app.estimate : app.last_good;
}

bool has_result(const App& app) {
    return shown_estimate(app).ok;
}

void clear_notice(App& app) {
    app.notice.clear();
    app.notice_zh.clear();
    app.notice_from = NoticeFrom::page;
}

const std::string& notice_text(const App& app) {
    return app.lang == Lang::zh && !app.notice_zh.empty() ? app.notice_zh : app.notice;
}

void notice_here(App& app, NoticeFrom from, const ImVec4& color) {
    if (app.notice_from != from || app.notice.empty()) return;
    text_wrapped_colored(color, notice_text(app).c_str());
}

void take_gpu(App& app, const std::string& gpu_id) {
    Scenario& s = app.scenario;
    if (s.gpu_id == gpu_id) return;
    const bool typed =
        s.price_hourly >= 0 || s.price_daily >= 0 || s.price_monthly >= 0 || s.spot_price_hourly > 0;
    if (typed && app.catalog) {
        const GpuSpec* from = app.catalog->find_gpu(s.gpu_id);
        const GpuSpec* to = app.catalog->find_gpu(gpu_id);
        const std::string a = from ? from->name : s.gpu_id, b = to ? to->name : gpu_id;
        app.notice = "The prices you typed were for " + a + ": " + b + " is priced from the catalog.";
        app.notice_zh = "你输入的价格属于 " + a + "：" + b + " 按目录价格计算。";
        app.notice_from = NoticeFrom::gpu;
    } else if (app.notice_from == NoticeFrom::gpu) {
        clear_notice(app); // it named the card before: stale now
    }
    s.price_hourly = s.price_daily = s.price_monthly = -1;
    s.spot_price_hourly = 0;
    s.gpu_id = gpu_id;
}

// A ring of scratch buffers: a frame formats hundreds of numbers, none need to outlive the
// widget that draws them, and a ring avoids std::string churn in the hot path.
static constexpr int kScratchBytes = 256; // longest formatted line (Chinese is 3 bytes a character)
static char* scratch() {
    static char ring[32][kScratchBytes];
    static int next = 0;
    next = (next + 1) % 32;
    return ring[next];
}

// A line longer than its buffer ends before the character it would split, not inside it (a long
// Chinese name: the semantics layer's text decoder made U+FFFD of the half character).
static const char* whole_characters(char* buf, int written) {
    if (written < kScratchBytes) return buf;
    int start = kScratchBytes - 2; // the last byte written
    while (start > 0 && (static_cast<unsigned char>(buf[start]) & 0xC0) == 0x80) start--;
    const unsigned char lead = static_cast<unsigned char>(buf[start]);
    const int bytes = lead < 0x80 ? 1 : (lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2));
    if (start + bytes > kScratchBytes - 1) buf[start] = '\0';
    return buf;
}

const char* fmt(const char* format, ...) {
    char* buf = scratch();
    va_list args;
    va_start(args, format);
    const int written = vsnprintf(buf, kScratchBytes, format, args);
    va_end(args);
    return whole_characters(buf, written);
}

// core's formatters return short strings (small-string optimised); copy them to the ring.
static const char* keep(const std::string& s) {
    char* buf = scratch();
    return whole_characters(buf, snprintf(buf, kScratchBytes, "%s", s.c_str()));
}

const char* fnum(double v, int significant) {
    return keep(format_number(v, significant));
}
const char* fhours(const App& app, double hours) {
    return keep(format_hours(hours, app.lang));
}
const char* fmoney(const App& app, double v) {
    return keep(format_money(v, app.scenario.currency));
}
const char* fmoney_in(double v, Currency c) {
    return keep(format_money(v, c));
}
const char* cards_text(const App& app, int cards) {
    return fmt("%d %s", cards, T(app, cards == 1 ? Str::card_unit : Str::cards_unit));
}
const char* fgib(double gib, int sig) {
    return fmt("%s GiB", format_number(gib, sig).c_str());
}
const char* label_gap(const char* label) {
    const size_t n = std::strlen(label);
    const bool full_width = n >= 3 && std::strcmp(label + n - 3, "\xEF\xBC\x9A") == 0; // "："
    return full_width ? "" : " ";
}
const char* after_label(const char* label, const char* value) {
    return fmt("%s%s%s", label, label_gap(label), value);
}
const char* fstrategy(const App& app, const StrategyChoice& st) {
    const char* recompute =
        st.checkpointing == Checkpointing::full        ? fmt(" · %s", T(app, Str::recompute_full_short))
        : st.checkpointing == Checkpointing::selective ? fmt(" · %s", T(app, Str::recompute_selective_short))
                                                       : "";
    // A degree of 1 is no parallelism of that kind: said only when > 1, so the table's last column
    // fits beside a long card name at 1,280 px.
    return fmt("ZeRO-%d%s%s%s%s%s%s", st.zero, st.tp > 1 ? fmt(" · TP %d", st.tp) : "",
               st.cp > 1 ? fmt(" · CP %d", st.cp) : "", st.ep > 1 ? fmt(" · EP %d", st.ep) : "",
               st.activation_offload ? fmt(" · %s", T(app, Str::act_offload_short)) : "",
               st.offload != Offload::none ? fmt(" · %s", T(app, Str::offload)) : "", recompute);
}
const char* short_gpu_name(const char* name) {
    // Makers' and families' words, as many as lead: a narrow comparison cut "GeForce RTX 4090 24GB"
    // and "GeForce RTX 3090 24GB" both to "GeForce R…090 24GB" (and the two Instinct cards alike).
    static const char* const kLeads[] = {"NVIDIA ", "GeForce ", "AMD Instinct ", "AMD ", "Huawei "};
    for (bool cut = true; cut;) {
        cut = false;
        for (const char* lead : kLeads) {
            const size_t n = std::strlen(lead);
            if (std::strncmp(name, lead, n) == 0 && name[n]) {
                name += n;
                cut = true;
            }
        }
    }
    return name;
}
const char* fbuy_verdict(const App& app, const Estimate& e) {
    IM_ASSERT(e.buy.purchase_known && e.buy.rent_known &&
              "the verdict needs both prices: check purchase_known and rent_known first");
    return fmt(T(app, e.buy.buying_cheaper ? Str::buying_cheaper : Str::renting_cheaper),
               fnum(e.scenario.hours_per_month_used));
}

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

bool is_phone() {
    return ImGui::GetIO().DisplaySize.x < kPhoneWidth;
}

// Status colours with ≥ 4.5:1 contrast on the page background, light and dark.
static bool dark() {
    return ImGui::GetIO().UserData && current_app().dark;
}
ImVec4 color_ok() {
    return dark() ? ImVec4(0.45f, 0.85f, 0.55f, 1.0f) : ImVec4(0.04f, 0.42f, 0.18f, 1.0f);
}
ImVec4 color_bad() {
    return dark() ? ImVec4(1.00f, 0.50f, 0.50f, 1.0f) : ImVec4(0.72f, 0.08f, 0.08f, 1.0f);
}
ImVec4 color_warn() {
    return dark() ? ImVec4(1.00f, 0.78f, 0.35f, 1.0f) : ImVec4(0.53f, 0.31f, 0.00f, 1.0f);
}
ImVec4 color_dim() {
    return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
}

// Closes the open popup `id` (and any opened from it), wherever it sits in the popup stack.
static void close_popup(ImGuiID id) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    for (int i = 0; i < g.OpenPopupStack.Size; i++)
        if (g.OpenPopupStack[i].PopupId == id) {
            ImGui::ClosePopupToLevel(i, true);
            return;
        }
}

static void draw_wrapped_lines(const char* text, const char* end, float width); // below, by text_wrapped()

float help_marker_width() {
    return 4.0f + (current_app().touch
                       ? ImGui::GetFrameHeight()
                       : ImGui::CalcTextSize("?").x + ImGui::GetStyle().FramePadding.x * 1.2f);
}

// An open popup (a picker's list, a help) low in the window went on below its bottom edge (ImGui's
// display is the whole page, so it found room there): once measured (its first frame is hidden), the
// page brings [top, the popup's bottom] into view, once per opening (*revealed: the one that was;
// its owner sets it back to 0 when closed), at once: a glide moved a search box from under the
// click that followed the opening (CI, 12-07: the click focused a row under it). Call inside it.
static void reveal_popup_once(App& app, unsigned* revealed, ImGuiID id, float top) {
    const ImGuiWindow* popup = ImGui::GetCurrentWindow();
    if (*revealed == id || popup->Hidden || popup->Size.y <= 0.0f) return;
    *revealed = id;
    app.reveal_request[0] = top;
    app.reveal_request[1] = popup->Pos.y + popup->Size.y;
    app.reveal_at_once = true;
}

void help_marker(const char* text, const char* about) {
    App& app = current_app();
    ImGui::SameLine(0, 4); // help_marker_width() counts these 4 px
    ImGui::PushID(text);
    // A real button: hover shows the tooltip on a desktop; a tap, a click, Enter or a screen
    // reader's activation opens it as a popup (phones have no hover).
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                        ImVec2(ImGui::GetStyle().FramePadding.x * 0.6f, ImGui::GetStyle().FramePadding.y));
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
    // A finger's target is as wide as it is tall (it was 20 × 44 px on a phone).
    const bool pressed = ImGui::Button("?", ImVec2(app.touch ? ImGui::GetFrameHeight() : 0.0f, 0.0f));
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
    // A toggle, as its aria-expanded says: pressed while open (Enter on its twin; a click would
    // close the popup first) it closes, and so does Escape (a "close" action).
    const ImGuiID button_id = ImGui::GetItemID();
    const bool was_open = ImGui::IsPopupOpen("##help");
    if (was_open && (pressed || sem_take(app, button_id, SemActionKind::close)))
        close_popup(ImGui::GetID("##help"));
    // Opened before its state is read: the frame that draws the popup's text also says expanded
    // (a screen reader, or a test, reading that frame saw the text with aria-expanded false).
    else if (pressed)
        ImGui::OpenPopup("##help");
    const bool open = ImGui::IsPopupOpen("##help");
    sem_item(app, Role::button, fmt("%s%s", T(app, Str::help_for), about ? about : ""), nullptr,
             open ? 1 : 0);
    if (ImGui::IsItemHovered() && !open && !app.touch) {
        ImGui::BeginTooltip();
        text_wrapped(text, nullptr, ImGui::GetFontSize() * 22.0f);
        ImGui::EndTooltip();
    }
    const ImRect button_rect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    const float text_w = popup_width(ImGui::GetFontSize() * 22.0f);
    // Below its "?", not at the pointer: over it, a second tap on the "?" landed in the text and the
    // help stayed open (a toggle that did not toggle).
    const float room_x = ImGui::GetIO().DisplaySize.x - text_w - ImGui::GetStyle().WindowPadding.x * 2 - 4.0f;
    ImGui::SetNextWindowPos(ImVec2(ImMax(0.0f, ImMin(button_rect.Min.x, room_x)), button_rect.Max.y + 2.0f),
                            ImGuiCond_Appearing);
    if (ImGui::BeginPopup("##help")) {
        text_wrapped(text, nullptr, text_w);
        // A "?" at the window's bottom edge opened its text out of sight (the "?" seemed dead).
        reveal_popup_once(app, &app.revealed_help, button_id, button_rect.Min.y);
        const auto keep = [](float* out, const ImRect& r) {
            out[0] = r.Min.x, out[1] = r.Min.y, out[2] = r.Max.x, out[3] = r.Max.y;
        };
        keep(app.help_rect, ImGui::GetCurrentWindow()->Rect());
        keep(app.help_button_rect, button_rect);
        app.help_popup_id = ImGui::GetCurrentWindow()->PopupId;
        ImGui::EndPopup();
    } else if (app.revealed_help == button_id) {
        app.revealed_help = 0; // closed: the next opening is brought into view again
    }
    ImGui::PopID();
}

void field_label(const char* label, const char* help, const char* picker_value) {
    // Labels take ~45% of the row; a label longer than that pushes its widget to the next line
    // instead of overlapping it (Chinese and English lengths differ a lot).
    // Screen coordinates: right in a window and in a table column alike (SameLine(x) counts from
    // the column's start, GetCursorPosX() from the window's).
    const float avail = ImGui::GetContentRegionAvail().x;
    const float target_x = ImGui::GetCursorScreenPos().x + avail * 0.45f;
    // A picker whose value would end in "…" in the other 55% (a phone's "Samples × toke…", "NVIDIA
    // A100 80…") takes the whole row under its label instead, when the whole row holds it.
    bool beside = true;
    if (picker_value) {
        const float chrome = ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2.0f;
        const float need = ImGui::CalcTextSize(picker_value).x + chrome;
        beside = need <= avail * 0.55f || need > avail;
    }
    ImGui::AlignTextToFramePadding();
    // The "?" after the label stays on screen: a label too long for the row with it wraps (a
    // phone's "Spot billing increment, hours (0 = by the second)" pushed it off the right edge).
    const float help_w = help ? help_marker_width() : 0.0f;
    const char* end = label + std::strlen(label);
    if (help && ImGui::CalcTextSize(label, end).x + help_w > avail) {
        ImGui::BeginGroup();
        draw_wrapped_lines(label, end, avail - help_w);
        ImGui::EndGroup();
    } else {
        ImGui::TextUnformatted(label, end);
    }
    if (help) help_marker(help, label);
    if (beside && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x < target_x) {
        ImGui::SameLine();
        ImGui::SetCursorScreenPos(ImVec2(target_x, ImGui::GetCursorScreenPos().y));
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
}

void section(const char* title) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    heading(title);
    ImGui::PopStyleColor();
    ImGui::Separator();
}

// A line may break after a space or before/after a CJK character, but not before closing
// punctuation (，。、；：？！）」』》”’ and their ASCII cousins) nor after opening brackets
// (（「『《“‘【 and "("): the usual Chinese line-breaking rule. Nor around a range's en dash.
static bool is_cjk(unsigned int c) {
    return c >= 0x2E80 && c < 0xFFF0;
}
static bool no_break_before(unsigned int c) {
    switch (c) {
    case 0xFF0C:
    case 0x3002:
    case 0x3001:
    case 0xFF1B:
    case 0xFF1A:
    case 0xFF1F:
    case 0xFF01:
    case 0xFF09:
    case 0x300D:
    case 0x300F:
    case 0x300B:
    case 0x201D:
    case 0x2019:
    case ',':
    case '.':
    case ';':
    case ':':
    case ')':
    case '!':
    case '?':
    case 0x2013: // – : a range stays whole ("6.77 – 11 小时")
        return true;
    default:
        return false;
    }
}
static bool no_break_after(unsigned int c) {
    switch (c) {
    case 0xFF08: // （
    case 0x300C: // 「
    case 0x300E: // 『
    case 0x300A: // 《
    case 0x3010: // 【
    case 0x201C: // “
    case 0x2018: // ‘
    case '(':
        return true;
    default:
        return false;
    }
}

// A number's digits or its Chinese magnitude (万, 亿): the space after one is glued to a unit.
static bool ends_number(unsigned int c) {
    return (c >= '0' && c <= '9') || c == 0x4E07 || c == 0x4EBF;
}

// Where the unit after a number's space ends ("B", "GiB", "token", "卡时", "个参数": ASCII letters,
// '%' and '/', or up to three CJK characters), or `from` when no unit follows ("× 3").
static const char* unit_end(const char* from, const char* end) {
    const char* s = from;
    int cjk = 0;
    unsigned int last = 0;
    while (s < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, s, end);
        if (n <= 0) break;
        const bool letter = (c < 0x80 && std::isalpha(static_cast<int>(c))) || c == '%' || c == '/';
        const bool word = is_cjk(c) && !no_break_before(c) && !no_break_after(c) && cjk < 3;
        if (!letter && !word) break;
        cjk += word ? 1 : 0;
        last = c;
        s += n;
    }
    // "7,500 万 token": a magnitude is part of the number, its own unit follows.
    if (s > from && ends_number(last) && s < end && *s == ' ') {
        const char* more = unit_end(s + 1, end);
        if (more > s + 1) return more;
    }
    return s;
}

// Just past the ")" or "）" that closes the parenthesis opened before `from`, on the same line and
// without another opening inside it; null when there is none.
static const char* group_end(const char* from, const char* end) {
    for (const char* s = from; s < end;) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, s, end);
        if (n <= 0 || c == '\n' || c == '(' || c == 0xFF08) return nullptr;
        s += n;
        if (c == ')' || c == 0xFF09) return s;
    }
    return nullptr;
}

const char* wrap_line_end(const char* line, const char* end, float width) {
    ImFont* font = ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font->FontSize;
    const char* s = line;
    const char* last_break = nullptr;
    // A number and its unit stay on one line ("2 B", "8.17 卡时", "7,500 万 token"), and so does a
    // short parenthesis: no break in (glue_from, glue_until).
    const char* glue_from = nullptr;
    const char* glue_until = nullptr;
    auto may_break = [&](const char* at) { return !(at > glue_from && at < glue_until); };
    unsigned int prev = 0; // the character before s
    float w = 0.0f;
    while (s < end) {
        unsigned int c = 0;
        int n = ImTextCharFromUtf8(&c, s, end);
        if (n <= 0) n = 1;
        if (c == '\n') return s;
        // A short parenthesis goes whole to the next line rather than break inside: "✓ fits" then
        // "(headroom 44.6 GiB)", not "(headroom" then "44.6 GiB)".
        const bool glued = glue_until && s < glue_until;
        if ((c == '(' || c == 0xFF08) && !glued) {
            const char* close = group_end(s + n, end);
            if (close && ImGui::CalcTextSize(s, close).x <= width) glue_from = s, glue_until = close;
        }
        if (c == ' ' && ends_number(prev)) {
            const char* unit = unit_end(s + 1, end);
            if (unit > s + 1) {
                if (!glued)
                    glue_from = s, glue_until = unit;
                else if (unit > glue_until)
                    glue_until = unit; // a number's unit past a parenthesis' end
            }
        }
        if (s > line && is_cjk(c) && !no_break_before(c) && !no_break_after(prev) && may_break(s))
            last_break = s;
        const float advance = font->GetCharAdvance(static_cast<ImWchar>(c)) * scale;
        if (w + advance > width && s > line) return (last_break && last_break > line) ? last_break : s;
        w += advance;
        s += n;
        // A range stays whole: no line starts with its dash (above) nor ends with it.
        if ((c == ' ' || (is_cjk(c) && s < end)) && !no_break_after(c) && may_break(s) &&
            !(c == ' ' && prev == 0x2013)) {
            unsigned int next = 0;
            if (s >= end || ImTextCharFromUtf8(&next, s, end) <= 0 || !no_break_before(next)) last_break = s;
        }
        prev = c;
    }
    return end;
}

// The lines of [text, end) cut by wrap_line_end() to `width`, as one paragraph (no gap between
// lines); the caller groups them.
static void draw_wrapped_lines(const char* text, const char* end, float width) {
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
    for (const char* line = text; line < end;) {
        const char* cut = wrap_line_end(line, end, width);
        const char* shown_end = cut;
        while (shown_end > line && shown_end[-1] == ' ') shown_end--;
        ImGui::TextUnformatted(line, shown_end);
        line = cut;
        if (line < end && *line == '\n') line++;
        while (line < end && *line == ' ') line++;
    }
    ImGui::PopStyleVar();
}

void text_wrapped(const char* text, const char* end, float width) {
    if (!end) end = text + std::strlen(text);
    if (width <= 0.0f) width = ImGui::GetContentRegionAvail().x;
    if (width < ImGui::GetFontSize() * 3.0f) width = ImGui::GetFontSize() * 3.0f;
    ImGui::BeginGroup(); // continuation lines keep the first line's x (after a bullet, a tick box)
    draw_wrapped_lines(text, end, width);
    ImGui::EndGroup();
    if (ImGui::GetIO().UserData) {
        App& app = current_app();
        sem_text(app, app.next_text_role, text, end, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        app.next_text_role = Role::text;
    }
}

void heading(const char* text) {
    current_app().next_text_role = Role::heading;
    text_wrapped(text);
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

App& current_app() {
    IM_ASSERT(ImGui::GetIO().UserData && "draw_app() sets io.UserData to the App it draws");
    return *static_cast<App*>(ImGui::GetIO().UserData);
}

// A typed number in parts: the number and the magnitude typed after it ("7.6B": 7.6 and 1e9; "3千万":
// 3 and 1e7; 1 when none), and whether that magnitude was a Latin letter (K/M/B/T).
struct TypedNumber {
    double number = 0;
    double magnitude = 1;
    bool latin = false;
};

// Typed text as ASCII, as people type it: spaces and thousands separators (a comma only before three
// digits), and from a Chinese input method full-width digits, signs and letters ("７Ｂ", "１ｅ８": the
// letters as its digits), its ideographic space, and its "。" for the point (what "." gives in Chinese
// punctuation mode). False when a comma is not a thousands separator.
static bool typed_ascii(const std::string& text, std::string* out) {
    std::string& t = *out;
    t.clear();
    for (size_t i = 0; i < text.size(); i++) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (text.compare(i, 3, "\xE3\x80\x82") == 0) { // U+3002 。
            t += '.';
            i += 2;
            continue;
        }
        if (text.compare(i, 3, "\xE3\x80\x80") == 0) { // U+3000, an input method's full-width space
            i += 2;
            continue;
        }
        if (c == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBC) {
            const unsigned char d = static_cast<unsigned char>(text[i + 2]); // U+FF0B..U+FF3A
            if (d >= 0x90 && d <= 0x99) {
                t += static_cast<char>('0' + (d - 0x90));
                i += 2;
                continue;
            }
            if (d >= 0xA1 && d <= 0xBA) { // Ａ..Ｚ (U+FF21..U+FF3A)
                t += static_cast<char>('A' + (d - 0xA1));
                i += 2;
                continue;
            }
            if (d == 0x8E) {
                t += '.';
                i += 2;
                continue;
            }
            if (d == 0x8B) {
                t += '+';
                i += 2;
                continue;
            }
            if (d == 0x8D) {
                t += '-';
                i += 2;
                continue;
            }
            if (d == 0x8C) {
                t += ',';
                i += 2;
                continue;
            } // full-width comma: a thousands separator
        }
        if (c == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBD) {
            const unsigned char d = static_cast<unsigned char>(text[i + 2]);
            if (d >= 0x81 && d <= 0x9A) { // ａ..ｚ (U+FF41..U+FF5A)
                t += static_cast<char>('a' + (d - 0x81));
                i += 2;
                continue;
            }
        }
        if (c == ' ' || c == '_') continue;
        t += static_cast<char>(c);
    }
    // A comma groups thousands: three digits follow it. "25,5" or "0,8" (a decimal comma, as a phone's
    // keypad in many locales types it) is not a number, rather than 255 or 8.
    for (size_t i = t.find(','); i != std::string::npos; i = t.find(',', i + 1)) {
        const auto digit = [&](size_t k) { return k < t.size() && t[k] >= '0' && t[k] <= '9'; };
        if (!digit(i + 1) || !digit(i + 2) || !digit(i + 3) || digit(i + 4)) return false;
    }
    t.erase(std::remove(t.begin(), t.end(), ','), t.end());
    return true;
}

// An ASCII number (typed_ascii()) and its magnitudes. Units as the page writes counts, so what it
// shows can be typed back: "1 万亿" (万 of 亿: 1e12), "3千万", "5百万", and the English "25M",
// "1.2k", "7.6B", "2T" (core/format.cpp). Up to three, from the right; "1万亿" and "3千万" were "not a
// number". A Latin letter in either case: "7b" was "not a number" beside "7B". "m" is mega, never
// milli: every box that takes a magnitude counts tokens, parameters, samples, hours or money, none a
// thousandth of anything (a size's box, where "m" or "b" could be a unit, takes no letter: BoxUnit).
static bool typed_parts(const std::string& t, TypedNumber* out) {
    std::string digits = t;
    double magnitude = 1.0;
    bool latin = false;
    static const struct {
        const char* suffix;
        double scale;
    } kSuffixes[] = {{"万", 1e4}, {"亿", 1e8}, {"千", 1e3}, {"百", 1e2}, {"k", 1e3},  {"K", 1e3},
                     {"m", 1e6},  {"M", 1e6},  {"b", 1e9},  {"B", 1e9},  {"t", 1e12}, {"T", 1e12}};
    for (int units = 0; units < 3; units++) {
        const auto* hit = std::find_if(std::begin(kSuffixes), std::end(kSuffixes), [&](const auto& s) {
            const size_t n = std::strlen(s.suffix);
            return digits.size() > n && digits.compare(digits.size() - n, n, s.suffix) == 0;
        });
        if (hit == std::end(kSuffixes)) break;
        latin = hit->suffix[1] == '\0'; // alone: "2kk" and "5M万" are not numbers
        if (latin && units > 0) break;
        digits.resize(digits.size() - std::strlen(hit->suffix));
        magnitude *= hit->scale;
        if (latin) break;
    }
    if (digits.empty()) return false;
    double v = 0;
    const char* end = parse_decimal(digits.c_str(), &v); // decimal only, in the page as natively
    if (end != digits.c_str() + digits.size() || !std::isfinite(v)) return false;
    *out = TypedNumber{v, magnitude, latin};
    return true;
}

static bool parse_typed(const std::string& text, TypedNumber* out) {
    std::string t;
    return typed_ascii(text, &t) && typed_parts(t, out);
}

// Words a box's number may carry, as people write amounts and counts: a currency's sign or name
// ("¥25", "25元", "2.5万元", "$3", "3 USD"), a count's measure word ("8 张", "8张卡", "8 cards"); they
// were "not a number". Matched on typed_ascii()'s text (spaces gone, full-width letters Latin),
// Latin letters in either case, one before and one after, the longest first. `other_*`: the other
// currency's own lists ("$25" in a box in yuan), said with what the box is in rather than taken;
// one list per currency, so a word added to it is known in both boxes ("3美元" in a box in yuan was
// "not a number": its copy of the dollar's words had only the signs).
struct BoxWords {
    const char* name;          // what the box is in, as its message says it: "CNY ¥"
    const char* const* before; // each list ends with nullptr
    const char* const* after;
    const char* const* other_before;
    const char* const* other_after;
};
static constexpr const char* kNone[] = {nullptr};
static constexpr const char* kYuanBefore[] = {"¥", "￥", "CNY", "RMB", nullptr};
static constexpr const char* kYuanAfter[] = {"块钱", "人民币", "元", "块", "¥", "￥", "CNY", "RMB", nullptr};
static constexpr const char* kDollarBefore[] = {"US$", "$", "＄", "USD", nullptr};
// "刀" and "美刀": how Chinese speakers say dollars ("3 刀 一小时"), as "块" is said for yuan.
static constexpr const char* kDollarAfter[] = {"美元", "美金", "美刀", "刀", "$", "＄", "USD", nullptr};
static constexpr BoxWords kYuan{"CNY ¥", kYuanBefore, kYuanAfter, kDollarBefore, kDollarAfter};
static constexpr BoxWords kDollar{"USD $", kDollarBefore, kDollarAfter, kYuanBefore, kYuanAfter};
static constexpr const char* kCardsAfter[] = {"张卡",  "块卡", "张",   "块",  "卡",
                                              "cards", "card", "GPUs", "GPU", nullptr};
static constexpr BoxWords kCardWords{"cards", kNone, kCardsAfter, kNone, kNone};

static bool ascii_iequal(const char* a, const char* b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const unsigned char x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
        if (x != y && (x >= 0x80 || y >= 0x80 || std::tolower(x) != std::tolower(y))) return false;
    }
    return true;
}
// Takes one of `words` off t's start (at_end false) or end; true when one was there.
static bool take_word(std::string& t, const char* const* words, bool at_end) {
    for (const char* const* w = words; *w; w++) {
        const size_t n = std::strlen(*w);
        if (t.size() <= n) continue;
        const size_t at = at_end ? t.size() - n : 0;
        if (!ascii_iequal(t.c_str() + at, *w, n)) continue;
        t.erase(at, n);
        return true;
    }
    return false;
}
// The typed number without the words `words` allows around it; *other when it carries one of what
// the box is not in.
static bool parse_typed(const std::string& text, TypedNumber* out, const BoxWords* words, bool* other) {
    *other = false;
    std::string t;
    if (!typed_ascii(text, &t)) return false;
    if (typed_parts(t, out)) return true;
    if (!words) return false;
    std::string bare = t;
    take_word(bare, words->before, false);
    take_word(bare, words->after, true);
    if (bare != t && typed_parts(bare, out)) return true;
    bare = t;
    // One word at either end, as the other currency writes it before or after its amount.
    for (const char* const* list : {words->other_before, words->other_after})
        if (!*other) *other = take_word(bare, list, false) || take_word(bare, list, true);
    *other = *other && typed_parts(bare, out);
    return false;
}

bool parse_number(const std::string& text, double* out) {
    TypedNumber n;
    if (!parse_typed(text, &n)) return false;
    *out = n.number * n.magnitude;
    return true;
}

// The typed number in the box's unit: a magnitude names an absolute count, divided by the unit ("7B",
// "7000M", "0.5T" in billions: 7, 7, 500); a bare number is already in it. By the exact ratio of the
// two powers of ten (7000 × 0.001 is 7.000000000000001, 7000 / 1000 is 7).
static double in_unit(const TypedNumber& n, const BoxUnit* unit) {
    const double scale = unit ? unit->scale : 1.0;
    if (n.magnitude == 1.0) return n.number;
    return n.magnitude >= scale ? n.number * (n.magnitude / scale) : n.number / (scale / n.magnitude);
}

// A number with letters after it ("2GB", "500 MB", "100Mbit/s", "7B"): in a size's box (BoxUnit::sized)
// the letters are a unit, said with the box's own rather than "not a number".
static bool number_then_letters(const std::string& text) {
    std::string t;
    if (!typed_ascii(text, &t)) return false;
    size_t cut = t.size();
    while (cut > 0 && (std::isalpha(static_cast<unsigned char>(t[cut - 1])) || t[cut - 1] == '/')) cut--;
    TypedNumber n;
    return cut < t.size() && typed_parts(t.substr(0, cut), &n) && n.magnitude == 1.0;
}

// A log slider's step: a tenth of a decade per arrow press, a decade (×10) with Shift or Page.
static double log_step(double v, double lo, double hi, double steps) {
    if (steps >= 1e9) return hi;
    if (steps <= -1e9) return lo;
    const double base = v > 0 ? v : lo;
    const double r = base * std::pow(10.0, steps / 10.0);
    return r < lo ? lo : (r > hi ? hi : r);
}

static double linear_step(double v, double lo, double hi, double steps, double unit) {
    if (steps >= 1e9) return hi;
    if (steps <= -1e9) return lo;
    const double r = v + steps * unit;
    return r < lo ? lo : (r > hi ? hi : r);
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

bool has_error(const App& app, const char* field) {
    return find_error(app, field) != nullptr;
}

// Where App::field_labels holds the label `field` was last drawn with; its size when none.
static size_t field_label_at(const App& app, std::string_view field) { // a view: no string made per frame
    size_t i = 0;
    while (i < app.field_labels.size() && app.field_labels[i].first != field) i++;
    return i;
}

std::string error_text(const App& app, const FieldError& e) {
    std::string msg = (app.lang == Lang::zh && !e.message_zh.empty()) ? e.message_zh : e.message;
    // validate() names a field by its key ("avg_tokens must be …": the CLI's and the JSON API's
    // words); on the page the field's own label says it: "Tokens per sample must be …",
    // "每条样本 token 数必须是 …" (no space between two Chinese characters).
    const size_t n = e.field.size();
    const size_t at = field_label_at(app, e.field);
    if (at == app.field_labels.size() || msg.size() <= n + 1 || msg.compare(0, n, e.field) != 0 ||
        msg[n] != ' ')
        return msg;
    const std::string& label = app.field_labels[at].second;
    const bool glue = !label.empty() && static_cast<unsigned char>(label.back()) >= 0x80 &&
                      static_cast<unsigned char>(msg[n + 1]) >= 0x80;
    return msg.replace(0, glue ? n + 1 : n, label);
}

void field_error(App& app, const char* field, const char* label) {
    if (label) { // known from the first frame that draws the field on (the error list reads it too)
        const size_t at = field_label_at(app, field);
        if (at == app.field_labels.size())
            app.field_labels.emplace_back(field, label);
        else if (app.field_labels[at].second != label)
            app.field_labels[at].second = label; // the language changed
    }
    for (const FieldError& e : app.input_errors) {
        if (!owns(e.field, field)) continue;
        const std::string msg = error_text(app, e);
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

// The canvas only shows a box's value: people type into its DOM twin, a real <input> or
// <textarea> laid exactly over it (web/shell.html), which becomes the box while it has the focus
// (caret, selection, input methods, the phone's keypad). So the boxes are drawn, not edited, by
// ImGui, and its text editor (InputTextEx, stb_textedit: ~16 KB of the page's wasm) is not linked.
// Same size and look as ImGui's InputText: FrameBg, the error border of push_error_style().
static bool box_item(const char* id_str, float height, ImRect* bb) {
    ImGuiWindow* w = ImGui::GetCurrentWindow();
    if (w->SkipItems) return false;
    const ImGuiStyle& st = ImGui::GetStyle();
    const ImVec2 size = ImGui::CalcItemSize(ImVec2(0.0f, height), ImGui::CalcItemWidth(),
                                            ImGui::GetFontSize() + st.FramePadding.y * 2.0f);
    *bb = ImRect(w->DC.CursorPos, ImVec2(w->DC.CursorPos.x + size.x, w->DC.CursorPos.y + size.y));
    ImGui::ItemSize(*bb, st.FramePadding.y);
    // Named even when clipped (ItemAdd sets the id first): its twin stays in the DOM's Tab order.
    if (!ImGui::ItemAdd(*bb, w->GetID(id_str))) return false;
    ImGui::RenderFrame(bb->Min, bb->Max, ImGui::GetColorU32(ImGuiCol_FrameBg), true, st.FrameRounding);
    return true;
}

// One line of text (or the hint, greyed, when the text is empty), clipped to the box.
static void value_box(const char* id_str, const char* text, const char* hint) {
    ImRect bb;
    if (!box_item(id_str, 0.0f, &bb)) return;
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const bool show_hint = text[0] == 0 && hint != nullptr;
    if (show_hint) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::RenderTextClipped(ImVec2(bb.Min.x + pad.x, bb.Min.y + pad.y), ImVec2(bb.Max.x - pad.x, bb.Max.y),
                             show_hint ? hint : text, nullptr, nullptr, ImVec2(0.0f, 0.0f), &bb);
    if (show_hint) ImGui::PopStyleColor();
}

// A whole file's text from its first line: only the lines that fit are measured and drawn, so a
// pasted config of a megabyte costs a frame what a screenful does. Its twin scrolls it; a longer
// text shows a scrollbar's grab on the right, sized to the part shown, so people see there is more.
static void text_box(const char* id_str, const std::string& s, float height) {
    ImRect bb;
    if (!box_item(id_str, height, &bb)) return;
    const ImGuiStyle& st = ImGui::GetStyle();
    const ImVec2 pad = st.FramePadding;
    const float line_h = ImGui::GetTextLineHeight();
    // Lines of text: a last line without its newline counts too, the empty one after a last newline not.
    const float lines =
        static_cast<float>(std::count(s.begin(), s.end(), '\n') + (s.empty() || s.back() != '\n'));
    const float shown_lines = (bb.GetHeight() - pad.y * 2.0f) / line_h;
    float right = bb.Max.x - pad.x;
    if (lines > shown_lines + 0.01f) {
        const float w = st.ScrollbarSize * 0.5f;
        const float grab_h = ImMax(bb.GetHeight() * shown_lines / lines, w * 2.0f);
        right -= w;
        ImGui::GetWindowDrawList()->AddRectFilled(
            ImVec2(bb.Max.x - w - 2.0f, bb.Min.y + 2.0f), ImVec2(bb.Max.x - 2.0f, bb.Min.y + 2.0f + grab_h),
            ImGui::GetColorU32(ImGuiCol_ScrollbarGrab), st.ScrollbarRounding);
    }
    const ImRect clip(bb.Min.x + pad.x, bb.Min.y + pad.y, right, bb.Max.y - pad.y);
    const char* line = s.c_str();
    const char* end = line + s.size();
    for (float y = clip.Min.y; line < end && y < clip.Max.y; y += line_h) {
        const char* eol = static_cast<const char*>(std::memchr(line, '\n', static_cast<size_t>(end - line)));
        if (eol == nullptr) eol = end;
        // A line wider than any box (a minified JSON) is measured only as far as a box can show.
        const char* shown = line + utf8_floor(std::string_view(line, static_cast<size_t>(eol - line)), 1024);
        ImGui::RenderTextClipped(ImVec2(clip.Min.x, y), clip.Max, line, shown, nullptr, ImVec2(0.0f, 0.0f),
                                 &clip);
        line = eol + 1;
    }
}

static const char* compact_exponent(const char* text);

// Typed text a box did not take is said under it, with what it kept (it went unsaid: "abc" or
// "2.5" cards changed nothing, or 2.5 became 2, and 1e30 cards read "got 1e9").
// `range`, for a box that takes only [range[0], range[1]] (the parameters, which validate() never sees).
static bool typed_not_taken(App& app, ImGuiID id, const std::string& text, bool whole,
                            const double* range = nullptr) {
    if (text.find_first_not_of(" \t") == std::string::npos) return false; // emptied to type anew: no news
    app.typed_bad_id = id;
    // Classified from all of it, before the cut: 41 nines are too large, not "not a whole number".
    // A whole number past what a count box takes (1e308 cards) is too large, not "not whole".
    double v = 0;
    const bool too_large = whole && parse_number(text, &v) && v == std::floor(v);
    app.typed_bad_why = too_large ? Str::typed_too_large
                        : whole   ? Str::typed_not_whole
                                  : Str::typed_not_number;
    app.typed_bad_text.assign(text, 0, utf8_floor(text, 40));
    if (app.typed_bad_text.size() < text.size()) app.typed_bad_text += "…"; // cut, and said so
    app.typed_bad_range = range ? std::string(compact_exponent(fmt("%g", range[0]))) + "–" +
                                      compact_exponent(fmt("%g", range[1]))
                                : ""; // "500–5e14", as the boxes write numbers
    app.typed_bad_unit.clear();
    app.typed_bad_hint.clear();
    return false;
}
// Typed text a box with a unit did not take for its unit: `why` typed_in_unit ("7e9" in billions:
// `in_unit` the number it would be there, 7) or typed_unit_letter ("2T" in GB).
static void typed_not_in_unit(App& app, ImGuiID id, const std::string& text, Str why, const BoxUnit& unit,
                              double in_unit = 0) {
    typed_not_taken(app, id, text, false);
    app.typed_bad_why = why;
    app.typed_bad_unit = unit.name;
    if (why == Str::typed_in_unit) app.typed_bad_hint = compact_exponent(fmt("%.6g", in_unit));
}
// The letter of a box's unit, for "type 7 or 7B": "B" for billions, "" for a unit without one.
static const char* magnitude_letter(double scale) {
    return scale == 1e3 ? "K" : scale == 1e6 ? "M" : scale == 1e9 ? "B" : scale == 1e12 ? "T" : "";
}
static void typed_error(const App& app, ImGuiID id, const char* kept, const BoxUnit* unit) {
    if (app.typed_bad_id != id) return;
    if (app.typed_bad_why == Str::typed_in_unit) {
        const std::string hint = app.typed_bad_hint;
        const std::string lettered = hint + magnitude_letter(unit ? unit->scale : 1.0);
        text_wrapped_colored(color_bad(),
                             fmt(T(app, Str::typed_in_unit), app.typed_bad_text.c_str(),
                                 app.typed_bad_unit.c_str(), hint.c_str(), lettered.c_str(), kept));
        return;
    }
    if (app.typed_bad_why == Str::typed_other_unit) {
        text_wrapped_colored(color_bad(), fmt(T(app, Str::typed_other_unit), app.typed_bad_text.c_str(),
                                              app.typed_bad_unit.c_str(), kept));
        return;
    }
    if (app.typed_bad_why == Str::typed_unit_letter) {
        text_wrapped_colored(color_bad(), fmt(T(app, Str::typed_unit_letter), app.typed_bad_text.c_str(),
                                              app.typed_bad_unit.c_str(), app.typed_bad_unit.c_str(), kept));
        return;
    }
    if (!app.typed_bad_range.empty()) {
        text_wrapped_colored(color_bad(), fmt(T(app, Str::typed_out_of_range), app.typed_bad_text.c_str(),
                                              app.typed_bad_range.c_str(), kept));
        return;
    }
    text_wrapped_colored(color_bad(), fmt(T(app, app.typed_bad_why), app.typed_bad_text.c_str(), kept));
}

// The number a person typed into the field's DOM twin (semantics layer), when it parses (and is
// whole, for a `whole` box) and is not the text the box shows (`shown`): leaving an edited box and
// Enter send the text again, and taking "7.62" again for 7.615e9 parameters made a custom model.
// Text it cannot take is said under the box instead. Where the box's typing starts and ends
// (App::typing_id): an end with text it cannot take, and Escape, restore the scenario before it.
static bool take_typed(App& app, ImGuiID id, bool whole, const char* shown, double* typed,
                       const double* range = nullptr, const BoxUnit* unit = nullptr,
                       const BoxWords* words = nullptr) {
    SemAction a;
    if (!sem_take(app, id, SemActionKind::set, &a)) return false;
    if (app.typing_id != id) { // its first keystroke
        app.typing_id = id;
        app.typing_from = app.scenario;
        app.typing_good = app.good_scenario;      // the frames' valid prefixes change good_scenario
        app.typing_good_known = app.last_good.ok; // good_scenario is last_good's
    }
    const int phase = static_cast<int>(a.amount);
    if (phase == set_undo) {
        app.typing_end = TypingEnd::restore;
        if (app.typed_bad_id == id) app.typed_bad_id = 0;
        return false;
    }
    const bool end = phase == set_end;
    if (end) app.typing_end = TypingEnd::ended;
    const size_t first = a.text.find_first_not_of(" \t"), last = a.text.find_last_not_of(" \t");
    if (first != std::string::npos && a.text.compare(first, last + 1 - first, shown) == 0) {
        if (app.typed_bad_id == id) app.typed_bad_id = 0; // typed back to what it holds
        return false;
    }
    TypedNumber n;
    bool other = false;
    bool taken = parse_typed(a.text, &n, words, &other);
    if (taken) *typed = in_unit(n, unit);
    const auto in_range = [&](double v) { return v >= range[0] && v <= range[1]; };
    if (unit && unit->sized && ((taken && n.latin) || (!taken && number_then_letters(a.text)))) {
        typed_not_in_unit(app, id, a.text, Str::typed_unit_letter, *unit); // "2T" in GB: TB or TiB?
        taken = false;
    } else if (other) { // "$25" in a box in yuan: not converted behind the visitor's back
        typed_not_taken(app, id, a.text, false);
        app.typed_bad_why = Str::typed_other_unit;
        app.typed_bad_unit = words->name;
    } else if (!taken) {
        typed_not_taken(app, id, a.text, false);
    } else if (unit && range && n.magnitude == 1.0 && unit->scale > 1.0 && !in_range(*typed) &&
               in_range(*typed / unit->scale)) {
        // "7e9" in a box in billions: said with what to type, not read as 7. A bare number means
        // the same in every box (7e9 in the tokens box is 7e9 tokens) and only a magnitude letter
        // names a count in ones, so taking 7e9 as 7 here would be a guess from the range, one that
        // a slip ("70" for 7, or 7e9 meant as tokens in the wrong box) would pass silently.
        typed_not_in_unit(app, id, a.text, Str::typed_in_unit, *unit, *typed / unit->scale);
        taken = false;
    } else if (whole && (*typed != std::floor(*typed) || *typed < -1e9 || *typed > 1e9)) {
        typed_not_taken(app, id, a.text, true);
        taken = false;
    } else if (range && !in_range(*typed)) { // 0 parameters became 0.1, silently
        typed_not_taken(app, id, a.text, false, range);
        taken = false;
    }
    if (!taken) {
        if (end && app.typed_bad_id == id)
            app.typing_end = TypingEnd::restore; // "3,5" cards: 8 is kept, not the "3" taken
        return false;
    }
    if (app.typed_bad_id == id) app.typed_bad_id = 0;
    return true;
}
static bool take_typed_double(App& app, ImGuiID id, const char* shown, double* v, const double* range,
                              const BoxUnit* unit, const BoxWords* words) {
    double typed = 0;
    if (!take_typed(app, id, false, shown, &typed, range, unit, words)) return false;
    *v = typed;
    return true;
}
static bool take_typed_int(App& app, ImGuiID id, const char* shown, int* v, const BoxWords* words) {
    double typed = 0;
    if (!take_typed(app, id, true, shown, &typed, nullptr, nullptr, words)) return false;
    *v = static_cast<int>(typed);
    return true;
}

// "2.5e+07" as the results write it: "2.5e7" (one way of writing a number on the page; it reads
// back the same).
static const char* compact_exponent(const char* text) {
    const char* e = std::strchr(text, 'e');
    if (!e) return text;
    const char* digits = e + 1;
    const bool negative = *digits == '-';
    if (*digits == '+' || *digits == '-') digits++;
    while (*digits == '0' && digits[1]) digits++;
    return fmt("%.*se%s%s", static_cast<int>(e - text), text, negative ? "-" : "", digits);
}

// True when `text` reads back as v (to 1e-12: a sum's last-bit noise, 0.1 + 0.2, is not a digit).
static bool reads_back(const char* text, double v) {
    return std::fabs(std::strtod(text, nullptr) - v) <= 1e-12 * std::fabs(v);
}

// Money: two decimals, more when the value has them, up to five (a catalog price converted from
// USD, ¥4.752 an hour, showed 4.75 beside a cost worked out with 4.752). A value with more (¥580 a
// day in dollars, 80.5555…) takes the shown work's precision: three decimals below 100, else two.
static const char* money_text(double v) {
    for (int decimals = 2; decimals <= 5; decimals++) {
        const char* text = fmt("%.*f", decimals, v);
        if (reads_back(text, v)) return text;
    }
    return fmt(std::fabs(v) < 100 ? "%.3f" : "%.2f", v);
}

// A "%.Ng" box shows a typed value as typed: more significant digits when N would round it (epochs
// 2.375 showed 2.38), up to nine; a value with more (a conversion's 52.0833…) keeps the N digits.
static const char* g_text(const char* format, double v) {
    const size_t n = std::strlen(format);
    if (n < 2 || format[0] != '%' || format[n - 1] != 'g') return fmt(format, v);
    // A whole number under a million in its digits: 2000 epochs showed "2e3", 5万 "5e4".
    if (v == std::floor(v) && std::fabs(v) < 1e6) return fmt("%.0f", v + 0.0); // + 0.0: no "-0"
    const int digits = format[1] == '.' ? std::atoi(format + 2) : 6;           // "%g": six
    for (int d = digits; d <= 9; d++) {
        const char* text = fmt("%.*g", d, v);
        if (reads_back(text, v)) return text;
    }
    return fmt(format, v);
}

// A box's text for its value: the box's format, but a value from 1e15 on in six digits and an
// exponent (a price of 1e40 typed, "%.2f" wrote 41 digits past the box's edge).
static const char* box_text(const char* format, double v) {
    if (std::fabs(v) >= 1e15) return compact_exponent(fmt("%.6g", v));
    return std::strcmp(format, kFormatMoney) == 0 ? money_text(v) : compact_exponent(g_text(format, v));
}

bool number_box(App& app, const char* id_str, const char* name, double* v, const char* format, bool invalid,
                const double* range, const BoxUnit* unit) {
    const ImGuiID id = ImGui::GetID(id_str);
    const char* text = box_text(format, *v);
    // A money box is in the scenario's currency: its sign and name may come with the amount.
    const bool money = std::strcmp(format, kFormatMoney) == 0 || (unit && unit->money);
    const BoxWords* words = !money ? nullptr : app.scenario.currency == Currency::usd ? &kDollar : &kYuan;
    const bool changed = take_typed_double(app, id, text, v, range, unit, words);
    if (changed) text = box_text(format, *v);
    value_box(id_str, text, nullptr);
    sem_field(app, Role::number, name, text, invalid || app.typed_bad_id == id);
    typed_error(app, id, text, unit);
    return changed;
}

bool input_double(App& app, const char* label, const char* field, double* v, const char* format,
                  const char* help, const double* range, const BoxUnit* unit) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    const bool changed = number_box(app, "##v", label, v, format, pushed, range, unit);
    pop_error_style(pushed);
    field_error(app, field, label);
    ImGui::PopID();
    return changed;
}

static bool int_box(App& app, const char* id_str, const char* name, int* v, bool invalid,
                    const BoxWords* words = nullptr) {
    const ImGuiID id = ImGui::GetID(id_str);
    const char* text = fmt("%d", *v);
    const bool changed = take_typed_int(app, id, text, v, words);
    if (changed) text = fmt("%d", *v);
    value_box(id_str, text, nullptr);
    sem_field(app, Role::number, name, text, invalid || app.typed_bad_id == id);
    typed_error(app, id, text, nullptr);
    return changed;
}

bool input_int(App& app, const char* label, const char* field, int* v, const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    // No silent clamp: an out-of-range value gets validate()'s message beside the box.
    const bool changed = int_box(app, "##v", label, v, pushed);
    pop_error_style(pushed);
    field_error(app, field, label);
    ImGui::PopID();
    return changed;
}

// A slider's value text beside its grab, not under it (the grab hid "7.62 B"'s first digit): centred
// on the frame when that clears the grab, else centred in the wider side when the text fits there.
// t: the grab's place on the track, 0..1; grab_w: its width, px (ImGui's SliderBehaviorT: GrabMinSize,
// or the track over the steps for an integer slider of few steps), 2 px from the frame's ends.
static void slider_text(const char* text, float t, float grab_w) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    constexpr float kGrabPadding = 2.0f; // ImGui's grab_padding
    const float g = a.x + kGrabPadding + grab_w * 0.5f + t * (b.x - a.x - 2.0f * kGrabPadding - grab_w);
    const float g0 = g - grab_w * 0.5f, g1 = g + grab_w * 0.5f;
    const ImVec2 size = ImGui::CalcTextSize(text);
    const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
    float x = (a.x + b.x - size.x) * 0.5f;
    if (x < g1 + gap && x + size.x > g0 - gap) {
        const bool left = g0 - a.x > b.x - g1;
        const float side0 = left ? a.x : g1, side1 = left ? g0 : b.x;
        if (side1 - side0 >= size.x + 2.0f * gap) x = (side0 + side1 - size.x) * 0.5f;
    }
    const ImVec4 clip(a.x, a.y, b.x, b.y);
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
                                        ImVec2(std::floor(x), std::floor((a.y + b.y - size.y) * 0.5f)),
                                        ImGui::GetColorU32(ImGuiCol_Text), text, nullptr, 0.0f, &clip);
}

bool log_slider_box(App& app, const char* name, double* v, double lo, double hi, const char* format,
                    const char* value_text, const char* box_format, bool invalid, const double* box_range,
                    bool* dragged, const BoxUnit* box_unit) {
    // Slider for dragging, box for typing (a phone has no ctrl+click to type into a slider).
    const float box_w = ImGui::CalcTextSize("0000000.0").x + ImGui::GetStyle().FramePadding.x * 2.0f;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    // A finger needs room to drag: beside its label, a slider narrower than 10 em (a phone's right
    // column: ~100 px) takes a row of its own instead, as the cards slider does.
    const ImGuiWindow* w = ImGui::GetCurrentWindow();
    if (w->DC.CursorPos.y == w->DC.CursorPosPrevLine.y &&
        ImGui::GetContentRegionAvail().x - box_w - spacing < ImGui::GetFontSize() * 10.0f)
        ImGui::NewLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - box_w - spacing);
    const ImGuiID id = ImGui::GetID("##slider");
    SemAction a;
    bool changed = false;
    if (sem_take(app, id, SemActionKind::step, &a)) {
        *v = log_step(*v, lo, hi, a.amount);
        changed = true;
    }
    double shown = std::clamp(*v, lo, hi); // the slider shows an out-of-range value at its end
    if (ImGui::SliderScalar("##slider", ImGuiDataType_Double, &shown, &lo, &hi, "",
                            ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoRoundToFormat |
                                ImGuiSliderFlags_NoInput)) {
        // A pixel of track is 5-15% of the value: a drag lands on two significant digits (22M, not 21.6M).
        *v = std::clamp(round_significant(shown, 2), lo, hi);
        changed = true;
        if (dragged) *dragged = true;
    }
    shown = std::clamp(*v, lo, hi);
    slider_text(fmt(format, shown), static_cast<float>(std::log(shown / lo) / std::log(hi / lo)),
                ImGui::GetStyle().GrabMinSize);
    sem_slider(app, name, *v, lo, hi, value_text);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(box_w);
    changed |= number_box(app, "##box", name, v, box_format, invalid, box_range, box_unit);
    return changed;
}

bool log_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                const char* format, const char* help) {
    ImGui::PushID(field);
    field_label(label, help);
    bool pushed;
    push_error_style(app, field, &pushed);
    const bool changed = log_slider_box(app, label, v, lo, hi, format, fmt(format, *v), "%g", pushed);
    pop_error_style(pushed);
    field_error(app, field, label);
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
    // A box beside the slider takes a typed percent: phones cannot ctrl+click a slider.
    const float box_w = ImGui::CalcTextSize("000.0").x + ImGui::GetStyle().FramePadding.x * 2.0f;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - box_w - ImGui::GetStyle().ItemSpacing.x);
    const ImGuiID id = ImGui::GetID("##v");
    SemAction a;
    bool changed = false;
    if (sem_take(app, id, SemActionKind::step, &a)) {
        pct = linear_step(pct, plo, phi, a.amount, 1.0);
        changed = true;
    }
    if (ImGui::SliderScalar("##v", ImGuiDataType_Double, &pct, &plo, &phi, "", ImGuiSliderFlags_NoInput)) {
        pct = std::round(pct); // whole percents, as the text shows them
        changed = true;
    }
    const char* text = fmt((pct == 0.0 && zero_text) ? zero_text : "%.0f%%", pct);
    slider_text(text, static_cast<float>((std::clamp(pct, plo, phi) - plo) / (phi - plo)),
                ImGui::GetStyle().GrabMinSize);
    sem_slider(app, label, pct, plo, phi, text);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(box_w);
    // validate()'s range in percent, said under the box as typed ("150" was "must be from 0.001 to
    // 1, got 1.5": the stored fraction).
    double range[2];
    const bool ranged = number_range(field, &range[0], &range[1]);
    range[0] *= 100.0;
    range[1] *= 100.0;
    changed |= number_box(app, "##box", label, &pct, "%g", pushed, ranged ? range : nullptr);
    if (changed) *v = pct / 100.0;
    pop_error_style(pushed);
    field_error(app, field, label);
    ImGui::PopID();
    return changed;
}

bool cards_slider(App& app, int* cards) {
    ImGui::PushID("cards");
    const float box_w = ImGui::CalcTextSize("00000").x + ImGui::GetStyle().FramePadding.x * 2.0f;
    bool pushed;
    push_error_style(app, "cards", &pushed);
    // The slider moves over the exponent (1, 2, 4 … 4,096): it snaps to powers of two while
    // dragging; its text shows the real count, which the box beside it may set to any value.
    int exponent = 0;
    while (exponent < 12 && (1 << (exponent + 1)) <= *cards) exponent++;
    if (exponent < 12 && *cards - (1 << exponent) > (1 << (exponent + 1)) - *cards) exponent++;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - box_w - ImGui::GetStyle().ItemSpacing.x);
    const ImGuiID id = ImGui::GetID("##slider");
    SemAction a;
    bool changed = false;
    if (sem_take(app, id, SemActionKind::step, &a)) {
        // An arrow doubles or halves; Shift or Page moves ×8 (three powers of two).
        const double steps =
            a.amount >= 1e9
                ? 12
                : (a.amount <= -1e9 ? -12 : (a.amount >= 10 ? 3 : (a.amount <= -10 ? -3 : a.amount)));
        exponent = static_cast<int>(linear_step(exponent, 0, 12, steps, 1.0));
        *cards = 1 << exponent;
        changed = true;
    }
    if (ImGui::SliderInt("##slider", &exponent, 0, 12, "", ImGuiSliderFlags_NoInput)) {
        *cards = 1 << exponent;
        changed = true;
    }
    const float track = ImGui::GetItemRectSize().x - 4.0f; // ImGui's integer grab: a step of the track
    slider_text(fmt("%d", *cards), static_cast<float>(exponent) / 12.0f,
                std::min(track, std::max(track / 13.0f, ImGui::GetStyle().GrabMinSize)));
    const char* name = T(app, Str::cards_count);
    sem_slider(app, name, *cards, 1, 4096,
               fmt(app.lang == Lang::zh ? "%d 张卡" : (*cards == 1 ? "%d card" : "%d cards"), *cards));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(box_w);
    // No silent clamp: an out-of-range count gets validate()'s message beside the box.
    changed |= int_box(app, "##box", name, cards, pushed, &kCardWords); // "8 张", "8 cards"
    pop_error_style(pushed);
    field_error(app, "cards", name);
    ImGui::PopID();
    return changed;
}

// The open picker's list: a listbox node named like its picker, options follow it.
void begin_listbox(App& app, const char* name) {
    ImGuiWindow* w = ImGui::GetCurrentWindow();
    sem_node(app, Role::listbox, w->ID, w->Pos, ImVec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y), name,
             nullptr, -1);
    app.sem.popup_open = true;
}

bool option(App& app, const char* label, bool selected, const char* name, ImGuiSelectableFlags flags) {
    const bool pressed = ImGui::Selectable(label, selected, flags);
    // A pick closes the list; Selectable() closes only the popup it is drawn in, not a picker's
    // whose options scroll in a region of their own (begin_option_list()).
    if (pressed && !(ImGui::GetCurrentWindow()->Flags & ImGuiWindowFlags_Popup)) ImGui::CloseCurrentPopup();
    // A list opens scrolled to its current option: in view, and in the semantics layer, where the
    // keyboard's focus goes (the model picker's focus went to its first model).
    if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY(0.5f);
    sem_item(app, Role::option, name ? name : label, nullptr, selected ? 1 : 0);
    return pressed;
}

float popup_width(float want) {
    const float most = ImGui::GetIO().DisplaySize.x - 40.0f;
    return want < most ? want : most;
}

float view_height(const App& app) {
    return app.view_h > 0.0f ? app.view_h : ImGui::GetIO().DisplaySize.y;
}

bool begin_option_list(const App& app, const char* id, int rows, float width) {
    // Below the list's search box, which stays in view while the options scroll.
    const float row = ImGui::GetTextLineHeightWithSpacing();
    const float most = std::max(6.0f, std::floor(view_height(app) * 0.45f / row));
    return ImGui::BeginChild(id, ImVec2(width, row * std::min(static_cast<float>(rows), most) + 2.0f));
}

// The bytes of text's longest prefix, on a character boundary, whose width as ImGui::CalcTextSize
// gives it is at most room: at most two passes of O(room). The cuts below shrank a character at a
// time and measured the whole prefix again each time: a card named with 66 KB took minutes a frame.
static size_t prefix_within(const char* text, size_t bytes, float room) {
    if (room < 0.0f) return 0;
    ImFont* font = ImGui::GetFont();
    // CalcTextSizeA stops before the character that would take the raw width to its limit;
    // CalcTextSize rounds the width up. Up to room + 1 px: the longest that may fit, checked once.
    const char* stop = text + bytes;
    font->CalcTextSizeA(ImGui::GetFontSize(), room + 1.0f, 0.0f, text, text + bytes, &stop);
    if (ImGui::CalcTextSize(text, stop).x <= room) return static_cast<size_t>(stop - text);
    // Else up to the whole pixels of room: rounded up, that fits (dropping one character at a time
    // instead was a pass per character, and characters of no width can be 66,000 of them).
    font->CalcTextSizeA(ImGui::GetFontSize(), std::floor(room), 0.0f, text, text + bytes, &stop);
    return static_cast<size_t>(stop - text);
}

const char* fit_text(const char* text, float room) {
    const size_t bytes = std::strlen(text);
    if (prefix_within(text, bytes, room) == bytes) return text;
    const size_t n = prefix_within(text, bytes, room - ImGui::CalcTextSize("…").x);
    return fmt("%.*s…", static_cast<int>(n), text);
}

const char* fit_text_middle(const char* text, float room) {
    const size_t bytes = std::strlen(text);
    if (prefix_within(text, bytes, room) == bytes) return text;
    const std::string_view whole(text, bytes);
    const float left = room - ImGui::CalcTextSize("…").x;
    // The end takes up to half the room, from a character boundary, each character measured once
    // (characters of no width, however many, cost one pass); the start what is left.
    ImFont* font = ImGui::GetFont();
    size_t tail = bytes;
    float tail_raw = 0.0f; // px, unrounded: CalcTextSize rounds the sum up, as below
    while (tail > 0) {
        const size_t before = utf8_floor(whole, tail - 1);
        const float w =
            font->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0f, text + before, text + tail).x;
        if (std::floor(tail_raw + w + 0.99999f) > left * 0.5f) break;
        tail_raw += w;
        tail = before;
    }
    const float tail_w = ImGui::CalcTextSize(text + tail, text + bytes).x;
    const size_t head = prefix_within(text, tail, left - tail_w);
    return fmt("%.*s…%s", static_cast<int>(head), text, text + tail);
}

bool begin_picker(App& app, const char* id_str, const char* name, const char* preview,
                  ImGuiComboFlags flags) {
    const ImGuiID id = ImGui::GetID(id_str);
    // ImGui cuts a preview wider than the box under its arrow, mid-glyph: it ends in "…" instead
    // (the twin's value, below, keeps the whole text for screen readers).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - style.FramePadding.x * 2.0f;
    const char* shown = fit_text(preview, room);
    // Its node is recorded before BeginCombo: once open, the current window is the list's, and the
    // box's rectangle was clipped to it (zero height: a click no longer gave the box the focus, so
    // Escape and the arrows did nothing).
    const ImVec2 mn = ImGui::GetCurrentWindow()->DC.CursorPos;
    sem_node(app, Role::combobox, id, mn,
             ImVec2(mn.x + ImGui::CalcItemWidth(), mn.y + ImGui::GetFrameHeight()), name, preview, 0);
    const size_t node = app.sem.size() - 1;
    const bool open = ImGui::BeginCombo(id_str, shown, flags);
    app.sem[node].state = open ? 1 : 0;
    // Escape in its list closes it.
    if (open && sem_take(app, id, SemActionKind::close)) ImGui::CloseCurrentPopup();
    if (open) {
        begin_listbox(app, name);
        reveal_popup_once(app, &app.revealed_picker, id, mn.y); // the box and its list
    } else if (app.revealed_picker == id) {
        app.revealed_picker = 0; // closed: the next opening is brought into view again
    }
    return open;
}

bool combo_labels(App& app, const char* label, const char* field, int* value, const char* const* names,
                  int count, const char* help) {
    ImGui::PushID(field);
    const int cur = (*value >= 0 && *value < count) ? *value : 0;
    field_label(label, help, names[cur]);
    bool changed = false;
    if (begin_picker(app, "##v", label, names[cur], 0)) {
        for (int i = 0; i < count; i++) {
            if (option(app, names[i], i == *value)) {
                changed = *value != i;
                *value = i;
            }
            if (i == *value) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    field_error(app, field, label);
    ImGui::PopID();
    return changed;
}

bool combo(App& app, const char* label, const char* field, int* value, const Str* names, int count,
           const char* help) {
    const char* texts[16];
    IM_ASSERT(count <= 16 && "combo(): more than 16 options; raise the bound");
    for (int i = 0; i < count; i++) texts[i] = T(app, names[i]);
    return combo_labels(app, label, field, value, texts, count, help);
}

// Text typed into a text field's DOM twin, cut to `size - 1` bytes on a character boundary
// (never half a UTF-8 sequence). False when no text arrived for this field.
static bool take_typed_text(App& app, ImGuiID id, char* buf, size_t size) {
    SemAction a;
    if (!sem_take(app, id, SemActionKind::set, &a)) return false;
    const size_t n = utf8_floor(a.text, size - 1);
    std::memcpy(buf, a.text.data(), n);
    buf[n] = 0;
    return true;
}

// `word` (wn bytes) is in `text` (tn bytes), ASCII case folded; other bytes compare as they are.
static bool contains_folded(const char* text, size_t tn, const char* word, size_t wn) {
    for (size_t i = 0; i + wn <= tn; i++) {
        size_t k = 0;
        while (k < wn && std::tolower(static_cast<unsigned char>(text[i + k])) ==
                             std::tolower(static_cast<unsigned char>(word[k])))
            k++;
        if (k == wn) return true;
    }
    return false;
}

bool search_matches(const char* query, const char* name, const char* id) {
    // Chinese names of makers and model families, for the Latin word the names spell (the built-in
    // catalog's "Huawei Ascend 910B"; a provider's names in Chinese are found as typed).
    static const char* const kAlias[][2] = {
        {"英伟达", "nvidia"}, {"华为", "huawei"},   {"昇腾", "ascend"},   {"超威", "amd"},
        {"魔改", "modified"}, {"通义", "qwen"},     {"千问", "qwen"},     {"深度求索", "deepseek"},
        {"智谱", "glm"},      {"月之暗面", "kimi"}, {"百川", "baichuan"}, {"零一万物", "yi-"},
        {"书生", "internlm"}, {"浦语", "internlm"}, {"羊驼", "llama"},    {"谷歌", "gemma"},
    };
    const size_t name_n = std::strlen(name), id_n = std::strlen(id);
    const auto in_item = [&](const char* w, size_t wn) {
        return contains_folded(name, name_n, w, wn) || contains_folded(id, id_n, w, wn);
    };
    const auto space = [](const char* c) { // U+3000 is a Chinese input method's space
        return *c == ' ' ? 1 : (std::strncmp(c, "\xE3\x80\x80", 3) == 0 ? 3 : 0);
    };
    for (const char* q = query;;) {
        while (int k = space(q)) q += k;
        if (!*q) return true;
        const char* end = q;
        while (*end && !space(end)) end++;
        const size_t n = static_cast<size_t>(end - q);
        bool found = in_item(q, n);
        if (!found) { // a repository as people paste it: "Qwen/Qwen2.5-7B-Instruct" is qwen2.5-7b
            const std::string base = repo_base_name(std::string(q, n));
            if (base.size() < n)
                found = contains_folded(id, id_n, base.data(), base.size()) && base.size() * 2 > id_n;
        }
        for (const auto& a : kAlias) {
            if (found) break;
            const size_t an = std::strlen(a[0]);
            // "通义千问" holds "千问"; "昇" is typed on the way to "昇腾".
            if (contains_folded(q, n, a[0], an) || contains_folded(a[0], an, q, n))
                found = in_item(a[1], std::strlen(a[1]));
        }
        if (!found) return false;
        q = end;
    }
}

bool search_field(App& app, const char* id, const char* name, char* buf, size_t size, const char* hint) {
    const bool changed = take_typed_text(app, ImGui::GetID(id), buf, size);
    ImGui::SetNextItemWidth(-FLT_MIN);
    value_box(id, buf, hint);
    sem_field(app, Role::textbox, name, buf, false);
    return changed;
}

bool text_field(App& app, const char* id, const char* name, std::string* s, const char* hint) {
    char buf[128]; // a quote's name: the longest kept, cut on a character boundary
    const bool changed = take_typed_text(app, ImGui::GetID(id), buf, sizeof buf);
    if (changed) s->assign(buf);
    ImGui::SetNextItemWidth(-FLT_MIN);
    value_box(id, s->c_str(), hint);
    sem_field(app, Role::textbox, name, s->c_str(), false);
    return changed;
}

bool text_area(App& app, const char* id, const char* name, std::string* s, float height) {
    bool changed = false;
    SemAction a;
    if (sem_take(app, ImGui::GetID(id), SemActionKind::set, &a)) { // typed or pasted into its twin
        s->assign(a.text, 0, utf8_floor(a.text, limits::kMaxConfigBytes));
        changed = true;
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    text_box(id, *s, height);
    sem_field(app, Role::textarea, name, s->c_str(), false);
    return changed;
}

bool button(App& app, const char* label, const char* name, ImVec2 size) {
    // Touch screens: at least 44 CSS px tall (WCAG 2.5.5 / platform guidelines).
    if (app.touch && size.y < 44.0f) size.y = 44.0f;
    const bool pressed = ImGui::Button(label, size);
    sem_item(app, Role::button, name ? name : label);
    return pressed;
}

bool disclosure(App& app, const char* id_label, const char* name, bool* open, bool section_header) {
    ImGui::SetNextItemOpen(*open || app.expand_all, ImGuiCond_Always);
    if (section_header) {
        *open = ImGui::CollapsingHeader(id_label);
    } else {
        // A finger needs 44 CSS px (WCAG 2.5.5), as the buttons get: a "Show work" was 17 px tall
        // (a tree node takes no frame padding unless asked).
        const ImVec2 pad = ImGui::GetStyle().FramePadding;
        if (app.touch)
            ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                                ImVec2(pad.x, ImMax(pad.y, (44.0f - ImGui::GetFontSize()) * 0.5f)));
        *open = ImGui::TreeNodeEx(id_label, ImGuiTreeNodeFlags_NoTreePushOnOpen |
                                                (app.touch ? ImGuiTreeNodeFlags_FramePadding : 0));
        if (app.touch) ImGui::PopStyleVar();
    }
    sem_item(app, section_header ? Role::header : Role::button, name, nullptr, *open ? 1 : 0);
    return *open;
}

bool checkbox(App& app, const char* id_label, const char* name, bool* v) {
    const bool changed = ImGui::Checkbox(id_label, v);
    sem_item(app, Role::checkbox, name, nullptr, *v ? 1 : 0);
    return changed;
}

void radio_group(App& app, const char* label, const char* help) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 end(at.x + ImGui::GetContentRegionAvail().x, at.y + ImGui::GetFrameHeight());
    field_label(label, help);
    // After the label's help button: the radios that follow the group node are its members.
    sem_node(app, Role::radiogroup, ImGui::GetID(label), at, end, label, nullptr, -1);
}

bool radio(App& app, const char* label, bool active) {
    const bool pressed = ImGui::RadioButton(label, active);
    sem_item(app, Role::radio, label, nullptr, active ? 1 : 0);
    return pressed;
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

Str headline_title(Headline h) {
    static const Str kTitles[] = {Str::h_compute, Str::h_time, Str::h_memory,
                                  Str::h_cards,   Str::h_cost, Str::buy_title};
    const int i = static_cast<int>(h);
    IM_ASSERT(i >= 0 && i < 6 && "headline_title(): a Headline past buy; add its card's title to kTitles");
    return kTitles[i];
}

bool show_work_toggle(App& app, Headline h) {
    const int i = static_cast<int>(h);
    ImGui::PushID(i);
    const char* name = fmt("%s%s%s", T(app, Str::show_work), colon(app.lang), T(app, headline_title(h)));
    const bool was_open = app.show_work[i];
    disclosure(app, fmt("%s##work", T(app, Str::show_work)), name, &app.show_work[i], false);
    if (!was_open && app.show_work[i] && !app.expand_all) app.work_opened = i; // brought into view
    ImGui::PopID();
    return app.show_work[i];
}

// A copy button before a line of work (or a command): the line itself is selectable text too.
void copyable_line(App& app, const std::string& line, int index) {
    ImGui::PushID(index);
    // The button's name: the line's start, up to its "=" (no allocation: a scratch buffer).
    const std::string::size_type eq = line.find(" = ");
    const int what_n = static_cast<int>(utf8_floor(line, eq == std::string::npos || eq > 40 ? 40 : eq));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x * 0.5f, 0.0f));
    if (button(app, T(app, Str::copy_line),
               fmt("%s%.*s", T(app, Str::copy_line_name), what_n, line.c_str())) &&
        app.hooks.copy_text) {
        app.hooks.copy_text(app.hooks.user, line.c_str());
        app.copied_at_ms = app.now_ms;
        app.copied_what = 3;
    }
    ImGui::PopStyleVar();
    ImGui::SameLine();
    text_wrapped(line.c_str(), line.c_str() + line.size());
    ImGui::PopID();
}

void show_work_lines(App& app, Headline h) {
    // Body colour, not the dim one: the work is the product's promise, it must be easy to read.
    // Each headline's lines in their own ID scope: open side by side, their copy buttons must not
    // share ids (the page keys a DOM twin by it; two open blocks froze the page, 2026-12-02).
    ImGui::PushID("work");
    ImGui::PushID(static_cast<int>(h));
    int i = 0;
    for (const std::string& line : explain_lines(app, h)) copyable_line(app, line, i++);
    ImGui::PopID();
    ImGui::PopID();
}

void headline_card(App& app, Str title, const char* value, ImVec4 value_color, const char* sub,
                   const char* sub2, Headline h) {
    // A table cell starts at its row's text baseline, which ImGui 1.86 takes from the previous cell's
    // LAST line (TableEndCell): after a framed "Show work" toggle the right-hand titles stood a frame
    // padding (13 px on a phone) lower than the left-hand ones. A card's first line is plain text.
    ImGui::GetCurrentWindow()->DC.CurrLineTextBaseOffset = 0.0f;
    ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
    heading(T(app, title));
    ImGui::PopStyleColor();
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
