// traincalc — ui/widgets.h
// Shared helpers for the screens: labelled inputs that show their field's error, the soft-keyboard
// hooks, log sliders, the card-count slider, headline cards, help markers, number formatting into
// scratch buffers. Internal to ui/ (the platform sees only app.h).
//
// Index of this file:
// [SECTION] Text and language
// [SECTION] Formatting (scratch buffers: no heap allocation per frame)
// [SECTION] Layout
// [SECTION] Inputs
// [SECTION] Results
// [SECTION] Screens (one file each)
#pragma once
#include "app.h"
#include "imgui.h"
#include "strings.h"

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Text and language
//-----------------------------------------------------------------------------

inline const char* T(const App& app, Str key) {
    return tr(key, app.lang);
}
// The estimate to draw: the current one, or the last good one while inputs have errors.
const Estimate& shown_estimate(const App& app);
bool has_result(const App& app);
// The notice banner: `prefix` then each error's message, in both languages (ui/app.cpp).
void set_notice(App& app, Str prefix, const std::vector<FieldError>& errors);
// Another GPU (the picker, a comparison row): prices typed for the card before (per hour, day, month,
// spot) were that card's quote, so they go back to the catalog's, and the notice says so (an A100's
// ¥26/h applied to the H100 picked: its row said ¥72, the run then cost ¥104).
void take_gpu(App& app, const std::string& gpu_id);
void clear_notice(App& app);
// The notice in the page's language (its English when it has no Chinese).
const std::string& notice_text(const App& app);
// The page's notice again, here, when `from` caused it (App::notice_from).
void notice_here(App& app, NoticeFrom from, const ImVec4& color);

//-----------------------------------------------------------------------------
// [SECTION] Formatting: results go to a small ring of static buffers, valid for a few calls
//-----------------------------------------------------------------------------

const char* fmt(const char* format, ...) IM_FMTARGS(1);
const char* fnum(double v, int significant = 3);   // format_number
const char* fhours(const App& app, double hours);  // format_hours in the page's language
const char* fmoney(const App& app, double v);      // format_money in the scenario's currency
const char* cards_text(const App& app, int cards); // "1 card", "4 cards"; "4 张卡"
const char* fgib(double gib, int sig = 3);         // "71.2 GiB"; sig: difference_significant()
// "Label value", without the space after a label's full-width colon ("处理的 token 总数：7.5e7").
const char* after_label(const char* label, const char* value);
const char* label_gap(const char* label); // "" after a full-width "：", else " "
// A searched strategy, compactly and whole (what a press applies): "ZeRO-3 · TP 2 · CP 4 · EP 8 ·
// activation offload · CPU offload · full recompute", each part beyond ZeRO only when used (TP 1 is none).
const char* fstrategy(const App& app, const StrategyChoice& st);
// Rent or buy's verdict with the monthly use it weighs: "At 300 h of use a month (planned), buying is
// cheaper." (the headline and the rent-or-buy section say it alike). Only when the price is known.
const char* fbuy_verdict(const App& app, const Estimate& e);
const char* fmoney_in(double v, Currency c);
// A GPU's name where room is short (the phone's picker, the comparison table): without the makers'
// and families' words it starts with ("H100 80GB SXM", "RTX 4090 24GB", "MI300X 192GB", "Ascend
// 910B 64GB"); a control's accessible name keeps the whole name.
const char* short_gpu_name(const char* name);
// `text` whole when it fits `room` pixels, else cut at a character and ended with "…" (scratch).
const char* fit_text(const char* text, float room);
// The same, cut in the middle: the end stays ("GeForce RTX 4…4090 48GB"), where names of one family
// differ (cut at the end, the 24GB and 48GB cards read alike).
const char* fit_text_middle(const char* text, float room);
// px of the page shown at once: the lists of pickers are sized to it, not to the whole page.
float view_height(const App& app);
// A picker's options in their own scrolled region under its search box (`rows`: how many there are);
// EndChild() closes it whatever it returns.
bool begin_option_list(const App& app, const char* id, int rows, float width = 0.0f);
// A popup's width: `want` (FLT_MAX: the most), at most the screen less 40 px, a margin to tap
// outside it. Helps, and the model and GPU pickers' lists.
float popup_width(float want);

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

constexpr float kPhoneWidth = 700.0f; // logical px: one column below this
bool is_phone();
// Label on the left (or above, when it does not fit), the next widget fills the rest of the row.
void field_label(const char* label, const char* help = nullptr, const char* picker_value = nullptr);
void help_marker(const char* text, const char* about); // a "?" button: tooltip, and a popup on tap
float help_marker_width();                             // its width, with the gap before it
void section(const char* title);                       // a coloured sub-title (a heading) with a separator
// Where a line of text starting at `line` ends within `width` px at the current font: after a space,
// or between CJK characters where Chinese allows (not before ，。）… nor after （「《…), or at a newline.
const char* wrap_line_end(const char* line, const char* end, float width);
void heading(const char* text); // wrapped text that is a heading in the semantics layer
// Wrapped text that also breaks between Chinese characters (ImGui 1.86 only breaks at spaces,
// so a Chinese sentence jumps whole to the next line). width 0 = the available width.
void text_wrapped(const char* text, const char* end = nullptr, float width = 0.0f);
void text_wrapped_colored(ImVec4 color, const char* text);
void bullet_wrapped(const char* text); // BulletText does not wrap; this does
ImVec4 color_ok();
ImVec4 color_bad();
ImVec4 color_warn();
ImVec4 color_dim();

//-----------------------------------------------------------------------------
// [SECTION] Inputs: each returns true when the value changed. `field` is the scenario key
// (matches FieldError.field) and the ImGui id.
//-----------------------------------------------------------------------------

// The App being drawn (draw_app() puts it in io.UserData): for helpers called without one.
App& current_app();
// A number as people type it: "2.5e8", "250,000,000", full-width digits and letters, "2.5亿", "7B",
// "7b". False if not one.
bool parse_number(const std::string& text, double* out);
// What a box's number is in, for the magnitudes typed after it (K/M/B/T, 万/亿 name absolute counts):
// a box in billions reads "7B" as 7. None (nullptr): the box counts ones (tokens, samples, hours, ¥).
struct BoxUnit {
    const char* name; // as its messages say it: "billions", "十亿", "GB"
    // The unit in ones: 1e9 for "Parameters, billions". A magnitude typed is divided by it ("7000M":
    // 7); a number typed without one is the box's own ("7"), and one that fits only as ones ("7e9")
    // is said with what to type (typed_in_unit).
    double scale = 1;
    // A size or a rate (MB, GB, GiB, Mbit/s): a Latin letter after its number reads as a unit, not
    // a magnitude ("7B" bytes or billions? "2T" TB or TiB? "100m" Mbit?), so it is not taken and
    // the message says to type the number in the box's unit (typed_unit_letter). 万/亿 still count.
    bool sized = false;
    // An amount in the scenario's currency (a price, a fee, a deposit): its sign or name may come
    // with it ("25元", "¥25", "20万元", "$3"), the other currency's is said (BoxWords, widgets.cpp).
    bool money = false;
};
// A money box whose format is not kFormatMoney's ("%.0f" purchase price, "%.3g" fees).
inline constexpr BoxUnit kMoneyUnit{"", 1, false, true};
// A field's errors under it. `label`, the field's as drawn, replaces the JSON key a message starts
// with, there and in the results' list of errors (error_text()).
void field_error(App& app, const char* field, const char* label = nullptr);
std::string error_text(const App& app, const FieldError& e);
bool has_error(const App& app, const char* field);

// Every input below records its semantics node (role, accessible name = its label, value) and
// applies the action a person took on its DOM twin (typed text, a step, a press).
// `range` {lo, hi}: a typed value outside it is not taken (said under the box), for a box whose
// value validate() never sees; others take any number and validate() says what is wrong.
// `unit`: what the box's number is in (BoxUnit); nullptr for ones.
bool number_box(App& app, const char* id, const char* name, double* v, const char* format, bool invalid,
                const double* range = nullptr, const BoxUnit* unit = nullptr);
// input_double()'s format for money: two decimals, more when the value has them (up to five).
inline constexpr const char kFormatMoney[] = "money";
// `range` as number_box()'s: typed text outside it is not taken.
bool input_double(App& app, const char* label, const char* field, double* v, const char* format = "%g",
                  const char* help = nullptr, const double* range = nullptr, const BoxUnit* unit = nullptr);
bool input_int(App& app, const char* label, const char* field, int* v, const char* help = nullptr);
// Logarithmic slider (arrows: a tenth of a decade, Shift: ×10; a drag lands on two significant
// digits, *dragged set) and a typed box beside it; `box_range` as number_box()'s `range`.
bool log_slider_box(App& app, const char* name, double* v, double lo, double hi, const char* format,
                    const char* value_text, const char* box_format, bool invalid,
                    const double* box_range = nullptr, bool* dragged = nullptr,
                    const BoxUnit* box_unit = nullptr);
bool log_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                const char* format, const char* help = nullptr);
// Percent slider on a fraction; `zero_text` shown when the value is 0 ("card default").
bool percent_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                    const char* zero_text, const char* help = nullptr);
// 1–4,096 cards: the slider snaps to powers of two while dragging; the box takes any value.
bool cards_slider(App& app, int* cards);
// A picker (combo) whose open list is a listbox of options in the semantics layer.
bool begin_picker(App& app, const char* id, const char* name, const char* preview, ImGuiComboFlags flags);
void begin_listbox(App& app, const char* name);
bool option(App& app, const char* label, bool selected, const char* name = nullptr,
            ImGuiSelectableFlags flags = 0);
// A combo over string-table names; `value` is an enum stored as int.
bool combo(App& app, const char* label, const char* field, int* value, const Str* names, int count,
           const char* help = nullptr);
// The same picker over display texts (already in the page's language).
bool combo_labels(App& app, const char* label, const char* field, int* value, const char* const* names,
                  int count, const char* help = nullptr);
// A picker over every value of an enum, each shown by its display_name() (core/enums.inc).
template <class E>
bool combo_enum(App& app, const char* label, const char* field, E* value, const char* help = nullptr) {
    const char* names[enum_count<E>()];
    for (int i = 0; i < enum_count<E>(); i++) names[i] = display_name(static_cast<E>(i), app.lang);
    int v = static_cast<int>(*value);
    if (!combo_labels(app, label, field, &v, names, enum_count<E>(), help)) return false;
    *value = static_cast<E>(v);
    return true;
}
bool text_field(App& app, const char* id, const char* name, std::string* s, const char* hint);
bool search_field(App& app, const char* id, const char* name, char* buf, size_t size, const char* hint);
// A picker's search: each word of `query` (split at spaces, an input method's full-width one too) is
// in `name` or `id`, ASCII case folded; a Chinese name people search by ("昇腾", "千问") reads as the
// Latin word the catalogs' names use; a repository as people copy it ("Qwen/Qwen2.5-7B-Instruct") is
// its id. "qwen 7b" finds "Qwen2.5 7B", which one substring of the name did not.
bool search_matches(const char* query, const char* name, const char* id);
// A multi-line box for a whole file's text (a config pasted or typed): <textarea> in the semantics
// layer, so the browser's paste, typing and input methods work on it. `height` in px, width: the row.
bool text_area(App& app, const char* id, const char* name, std::string* s, float height);
bool button(App& app, const char* label, const char* name = nullptr, ImVec2 size = ImVec2(0, 0));
// A section header (section_header) or a tree toggle, open state in *open; aria-expanded.
bool disclosure(App& app, const char* id_label, const char* name, bool* open, bool section_header);
bool checkbox(App& app, const char* id_label, const char* name, bool* v);
// A row of radios: its label (field_label) and the group a screen reader names them by; the
// radio() calls that follow belong to it, up to the next control of another kind.
void radio_group(App& app, const char* label, const char* help = nullptr);
bool radio(App& app, const char* label, bool active);

//-----------------------------------------------------------------------------
// [SECTION] Results
//-----------------------------------------------------------------------------

// One headline: title, big value, sub-lines, and a "show work" toggle (the caller draws the
// lines of open ones below the headline grid, where they have the full width).
void headline_card(App& app, Str title, const char* value, ImVec4 value_color, const char* sub,
                   const char* sub2, Headline h);
// explain() lines, computed once per estimate and language (cached in App).
const std::vector<std::string>& explain_lines(App& app, Headline h);
Str headline_title(Headline h);              // the headline card's title ("Time", "时间")
bool show_work_toggle(App& app, Headline h); // the "show work" expander alone; true when open
void show_work_lines(App& app, Headline h);  // its explain() lines, each with a copy button
void copyable_line(App& app, const std::string& line, int index); // [Copy] + selectable text
// warning_text() of each warning, cached the same way.
const std::vector<std::string>& warning_lines(App& app);

//-----------------------------------------------------------------------------
// [SECTION] Screens: each draws into the current window; returns true when the scenario changed
//-----------------------------------------------------------------------------

bool draw_inputs(App& app);  // screen_inputs.cpp
bool draw_results(App& app); // screen_results.cpp: headlines, memory bar, warnings
bool draw_plans(App& app);   // screen_plans.cpp: what fits and buys, host RAM, spot billing
bool draw_charts(App& app);  // screen_charts.cpp: time and cost against card count
bool draw_compare(App& app); // screen_compare.cpp: every GPU side by side
bool draw_buy(App& app);     // screen_buy.cpp: rent versus buy
bool draw_renting(App& app); // screen_renting.cpp: checklist and providers' quotes
bool draw_configs(App& app); // screen_configs.cpp: import a training config, export the plan

} // namespace ui
} // namespace traincalc
