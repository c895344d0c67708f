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
#include "strings.h"
#include "imgui.h"

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Text and language
//-----------------------------------------------------------------------------

inline const char* T(const App& app, Str key) { return tr(key, app.lang); }
// The estimate to draw: the current one, or the last good one while inputs have errors.
const Estimate& shown_estimate(const App& app);
bool has_result(const App& app);

//-----------------------------------------------------------------------------
// [SECTION] Formatting: results go to a small ring of static buffers, valid for a few calls
//-----------------------------------------------------------------------------

const char* fmt(const char* format, ...) IM_FMTARGS(1);
const char* fnum(double v, int significant = 3);   // format_number
const char* fhours(const App& app, double hours);  // format_hours in the page's language
const char* fmoney(const App& app, double v);      // format_money in the scenario's currency
const char* fgib(double gib);                      // "71.2 GiB"
const char* fmoney_in(double v, Currency c);

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

constexpr float kPhoneWidth = 700.0f;              // logical px: one column below this
bool is_phone();
// Label on the left (or above, when it does not fit), the next widget fills the rest of the row.
void field_label(const char* label, const char* help = nullptr);
void help_marker(const char* text);
void section(const char* title);                   // a coloured sub-title with a separator
// Wrapped text that also breaks between Chinese characters (ImGui 1.86 only breaks at spaces,
// so a Chinese sentence jumps whole to the next line). width 0 = the available width.
void text_wrapped(const char* text, const char* end = nullptr, float width = 0.0f);
void text_wrapped_colored(ImVec4 color, const char* text);
void bullet_wrapped(const char* text);             // BulletText does not wrap; this does
ImVec4 color_ok();
ImVec4 color_bad();
ImVec4 color_warn();
ImVec4 color_dim();

//-----------------------------------------------------------------------------
// [SECTION] Inputs: each returns true when the value changed. `field` is the scenario key
// (matches FieldError.field) and the ImGui id.
//-----------------------------------------------------------------------------

// Reports activation/deactivation of the last text field to the platform (phone keyboard).
void text_input_hooks(App& app, double* dtarget, int* itarget, const char* current);
// The same for a slider, which only needs the keyboard while it is in text-entry mode.
void slider_text_hooks(App& app, double* dtarget, const char* current);
void record_rect(App::Rect& r);       // the last item's rectangle
void field_error(const App& app, const char* field);
bool has_error(const App& app, const char* field);

bool input_double(App& app, const char* label, const char* field, double* v, const char* format = "%g",
                  const char* help = nullptr);
bool input_int(App& app, const char* label, const char* field, int* v, const char* help = nullptr);
// Logarithmic slider between lo and hi, typeable with a double click / ctrl+click.
bool log_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                const char* format, const char* help = nullptr);
// Percent slider on a fraction; `zero_text` shown when the value is 0 ("card default").
bool percent_slider(App& app, const char* label, const char* field, double* v, double lo, double hi,
                    const char* zero_text, const char* help = nullptr);
// 1–4,096 cards: the slider snaps to powers of two while dragging; the box takes any value.
bool cards_slider(App& app, int* cards);
// A combo over string-table names; `value` is an enum stored as int.
bool combo(const App& app, const char* label, const char* field, int* value, const Str* names, int count,
           const char* help = nullptr);
bool text_field(App& app, const char* id, std::string* s, const char* hint);

//-----------------------------------------------------------------------------
// [SECTION] Results
//-----------------------------------------------------------------------------

// One headline: title, big value, sub-lines, and a "show work" toggle (the caller draws the
// lines of open ones below the headline grid, where they have the full width).
void headline_card(App& app, Str title, const char* value, ImVec4 value_color, const char* sub,
                   const char* sub2, Headline h);
// explain() lines, computed once per estimate and language (cached in App).
const std::vector<std::string>& explain_lines(App& app, Headline h);
bool show_work_toggle(App& app, Headline h);   // the "show work" expander alone; true when open
void show_work_lines(App& app, Headline h);    // its explain() lines, wrapped to the full width
// warning_text() of each warning, cached the same way.
const std::vector<std::string>& warning_lines(App& app);

//-----------------------------------------------------------------------------
// [SECTION] Screens: each draws into the current window; returns true when the scenario changed
//-----------------------------------------------------------------------------

bool draw_inputs(App& app);          // screen_inputs.cpp
bool draw_results(App& app);         // screen_results.cpp: headlines, memory bar, warnings
bool draw_charts(App& app);          // screen_charts.cpp: time and cost against card count
bool draw_compare(App& app);         // screen_compare.cpp: every GPU side by side
bool draw_buy(App& app);             // screen_buy.cpp: rent versus buy
bool draw_renting(App& app);         // screen_renting.cpp: checklist and providers' quotes

} // namespace ui
} // namespace traincalc
