// traincalc — ui/semantics.h
// What each drawn control and result text IS, recorded as it is drawn, for the platform's
// semantics layer: real DOM elements placed over the canvas (as Flutter's web engine does) that
// screen readers read, Tab reaches, Ctrl+F finds and input methods type into. The UI records;
// the platform (web/) turns the records into DOM and sends actions back. No SDL, no DOM here.
//
// Index of this file:
// [SECTION] Nodes
// [SECTION] Actions (from the platform back to the widgets)
// [SECTION] Recording (called by ui/ widgets right after the ImGui item they describe)
// [SECTION] Serialisation
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct ImVec2;

namespace traincalc {

struct App;

//-----------------------------------------------------------------------------
// [SECTION] Nodes
//-----------------------------------------------------------------------------

// One spelling table: the JSON name the platform maps to an ARIA role / element.
#define TC_SEM_ROLES(X)                                                                                      \
    X(button, "button")         /* <button> */                                                               \
    X(header, "header")         /* <h2><button aria-expanded> (collapsible section) */                       \
    X(checkbox, "checkbox")     /* role=checkbox aria-checked */                                             \
    X(radio, "radio")           /* role=radio aria-checked, inside the last radiogroup */                    \
    X(radiogroup, "radiogroup") /* role=radiogroup: the radios after it (arrows move the choice) */          \
    X(combobox, "combobox")     /* role=combobox aria-expanded (a picker) */                                 \
    X(listbox, "listbox")       /* an open picker's list or the comparison's rows; options follow it */      \
    X(option, "option")         /* role=option aria-selected, inside the last listbox */                     \
    X(slider, "slider")         /* role=slider aria-valuenow/min/max/valuetext */                            \
    X(number, "number")         /* <input inputmode=decimal>: typed numbers */                               \
    X(textbox, "textbox")       /* <input type=text>: names, search (input methods welcome) */               \
    X(textarea, "textarea")     /* <textarea>: a file's text, pasted or typed (newlines kept) */             \
    X(title, "title")           /* <h2>: the page's title (the shell's hidden <h1> names the tool) */        \
    X(heading, "heading")       /* <h3>: a result card's or sub-section's title */                           \
    X(text, "text")             /* <p>: selectable result text (numbers, formulas, warnings) */

enum class Role : std::uint8_t {
#define TC_SEM_ENUM(id, json) id,
    TC_SEM_ROLES(TC_SEM_ENUM)
#undef TC_SEM_ENUM
};
const char* role_name(Role r);

struct SemNode {
    std::uint32_t id = 0; // ImGuiID of the item: the DOM twin's key across frames
    Role role = Role::text;
    std::int8_t state = -1; // -1 n/a; checkbox/radio: checked; combobox/header: expanded; option: selected;
                            // text: 1 = the shown label of the control before it, which is named by it;
                            // 2 = drawn in an open popup (a help's text), over the page
    bool invalid = false;   // the field has a validation error (aria-invalid)
    float x0 = 0, y0 = 0;   // page px (CSS px from the page's top-left, scrolled content included)
    float x1 = 0, y1 = 0;
    double now = 0, lo = 0, hi = 0; // slider position and range, in the slider's own steps
    std::string name;               // accessible name in the page's language (a control's visible label)
    std::string value; // number/textbox text; slider aria-valuetext; combobox shown choice; text content
    // The name's language when it is not the page's (BCP 47): "中文" on the English page.
    const char* lang = nullptr;
};

struct Semantics {
    // In drawing order = Tab order = reading order. Slots past size() keep their strings' capacity:
    // a steady frame records without a heap allocation.
    std::vector<SemNode> nodes;
    size_t count = 0;
    float content_h = 0; // page px: the height the page scrolls over
    bool popup_open =
        false; // a popup is open (a list, a help): wheel and touch go to it, boxes under it take no taps

    // Texts are keyed by the last control drawn before them and their count since (sem_text()).
    std::uint32_t anchor = 0; // that control's id (0: none yet this frame)
    int anchor_texts = 0;     // texts recorded since it

    void clear() {
        count = 0;
        popup_open = false;
        anchor = 0;
        anchor_texts = 0;
    }
    SemNode& add(); // the next slot, reset
    size_t size() const { return count; }
    const SemNode* begin() const { return nodes.data(); }
    const SemNode* end() const { return nodes.data() + count; }
    const SemNode& back() const { return nodes[count - 1]; }
    SemNode& back() { return nodes[count - 1]; }
    const SemNode& operator[](size_t i) const { return nodes[i]; }
    SemNode& operator[](size_t i) { return nodes[i]; }
};

//-----------------------------------------------------------------------------
// [SECTION] Actions: what a person did to a DOM twin, applied by the widget it names
//-----------------------------------------------------------------------------

enum class SemActionKind : std::uint8_t {
    none = 0,
    press = 1, // button, header, checkbox, radio, option, combobox: activate (ImGui::ActivateItem)
    step = 2,  // slider: move by `amount` steps (±1 arrows, ±10 shift/page); ±1e9 = to an end
    set = 3,   // number/textbox: the text typed (applied when it parses); `amount`: SetPhase
    close = 4, // Escape in an open list: close it
};

// A set's place in a box's typing (web/shell.html): each keystroke's text, the text again at its
// end (Enter, or leaving an edited box), or Escape's undo.
enum SetPhase : int { set_typing = 0, set_end = 1, set_undo = 2 };

struct SemAction {
    std::uint32_t id = 0;
    SemActionKind kind = SemActionKind::none;
    double amount = 0;
    std::string text;
};

//-----------------------------------------------------------------------------
// [SECTION] Recording: each call describes the LAST ImGui item (its id and rectangle)
//-----------------------------------------------------------------------------

namespace ui {
void sem_item(App& app, Role role, const char* name, const char* value = nullptr, int state = -1);
// A node for an item whose id and rectangle the caller knows (an open picker: ImGui's last item
// is then its popup).
void sem_node(App& app, Role role, std::uint32_t id, const ImVec2& min, const ImVec2& max, const char* name,
              const char* value, int state);
void sem_slider(App& app, const char* name, double now, double lo, double hi, const char* value_text);
void sem_field(App& app, Role role, const char* name, const char* value, bool invalid);
// Text spanning [min, max] in screen px (a wrapped paragraph is one node).
void sem_text(App& app, Role role, const char* text, const char* end, const ImVec2& min, const ImVec2& max);
// The pending action for item `id` of this kind, taken (cleared) when it matches.
bool sem_take(App& app, std::uint32_t id, SemActionKind kind, SemAction* out = nullptr);
} // namespace ui

//-----------------------------------------------------------------------------
// [SECTION] Actions: what the platform's twins report, one per frame, in the order they came
//-----------------------------------------------------------------------------

// An action from the platform: the pending one when none waits, else queued behind it. A person can
// act twice before a frame (the last keys of a text, then Tab and Enter on a button): one slot kept
// only the press, and the import read the text as it was before those keys. A set behind a set of
// the same node replaces it (each carries the whole text). A press is handed to ImGui::ActivateItem.
void sem_post_action(App& app, SemAction action);
// After a frame: an action it did not take is dropped (its widget was not drawn), and the next
// queued one becomes pending. True when one did (the platform draws another frame).
bool sem_after_frame(App& app);

//-----------------------------------------------------------------------------
// [SECTION] Serialisation: the JSON the platform's semantics layer reads
//-----------------------------------------------------------------------------

// {"h":content_h,"popup":0|1,"n":[[id,"role",state,x,y,w,h,"name","value",now,lo,hi,invalid(,"lang")],...]}
std::string semantics_to_json(const Semantics& s);

} // namespace traincalc
