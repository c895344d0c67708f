// traincalc — ui/semantics.cpp
// Recording of the semantics layer's nodes (see semantics.h) and their JSON for the platform.
//
// Index of this file:
// [SECTION] Roles
// [SECTION] Recording
// [SECTION] Actions
// [SECTION] Serialisation
#include "semantics.h"
#include "app.h"
#include "imgui.h"
#include "imgui_internal.h" // ImHashData, the current window: stable ids for text nodes
#include <cmath>
#include <cstdio>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Roles
//-----------------------------------------------------------------------------

const char* role_name(Role r) {
    switch (r) {
#define TC_SEM_CASE(id, json)                                                                                \
    case Role::id:                                                                                           \
        return json;
        TC_SEM_ROLES(TC_SEM_CASE)
#undef TC_SEM_CASE
    }
    return "text";
}

SemNode& Semantics::add() {
    if (count == nodes.size()) nodes.emplace_back();
    SemNode& n = nodes[count++];
    n.id = 0;
    n.role = Role::text;
    n.state = -1;
    n.invalid = false;
    n.now = n.lo = n.hi = 0;
    n.name.clear();
    n.value.clear();
    n.lang = nullptr;
    return n;
}

namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Recording
//-----------------------------------------------------------------------------

// ImGui's display is the whole page (the platform shows the scrolled part): screen px = page px.
static SemNode& push(App& app, Role role, std::uint32_t id, ImVec2 min, ImVec2 max) {
    // Clipped to what its window shows: a row of a table scrolled sideways has its twin over the
    // visible part only (never past the page's edge).
    if (ImGuiWindow* w = ImGui::GetCurrentWindow()) {
        const ImRect& clip = w->ClipRect;
        min = ImVec2(ImClamp(min.x, clip.Min.x, clip.Max.x), ImClamp(min.y, clip.Min.y, clip.Max.y));
        max = ImVec2(ImClamp(max.x, min.x, clip.Max.x), ImClamp(max.y, min.y, clip.Max.y));
    }
    SemNode& n = app.sem.add();
    // Texts key by the last control before them; a list's rows come and go as it sorts, so not by those.
    if (role != Role::text && role != Role::heading && role != Role::title && role != Role::option &&
        role != Role::listbox) {
        app.sem.anchor = id;
        app.sem.anchor_texts = 0;
    }
    n.id = id;
    n.role = role;
    n.x0 = min.x;
    n.y0 = min.y;
    n.x1 = max.x;
    n.y1 = max.y;
    return n;
}

void sem_item(App& app, Role role, const char* name, const char* value, int state) {
    IM_ASSERT(ImGui::GetItemID() != 0 &&
              "sem_item describes an interactive item: call it right after the widget");
    SemNode& n = push(app, role, ImGui::GetItemID(), ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    n.state = static_cast<std::int8_t>(state);
    n.name = name ? name : "";
    if (value) n.value = value;
}

void sem_node(App& app, Role role, std::uint32_t id, const ImVec2& min, const ImVec2& max, const char* name,
              const char* value, int state) {
    SemNode& n = push(app, role, id, min, max);
    n.state = static_cast<std::int8_t>(state);
    n.name = name ? name : "";
    if (value) n.value = value;
}

void sem_slider(App& app, const char* name, double now, double lo, double hi, const char* value_text) {
    sem_item(app, Role::slider, name, value_text);
    SemNode& n = app.sem.back();
    n.now = now;
    n.lo = lo;
    n.hi = hi;
}

void sem_field(App& app, Role role, const char* name, const char* value, bool invalid) {
    sem_item(app, role, name, value);
    app.sem.back().invalid = invalid;
}

void sem_text(App& app, Role role, const char* text, const char* end, const ImVec2& min, const ImVec2& max) {
    if (!end) end = text + std::char_traits<char>::length(text);
    if (end == text) return;
    // Text has no ImGui id: it is keyed by the last control drawn before it (a toggle, a box) in its
    // ID scope (the window, the section) and by how many texts came since. So a number that changes
    // under a drag, a line whose words change ("28 min" → "1.2 h", "Best plan: Daily"), or one that
    // moves as a line above comes, goes or wraps, is the same DOM node with new text. Keyed by its
    // content and position, each change made a node and moved every twin after it in the DOM (a
    // third of a drag's script time).
    const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
    const std::uint32_t scope = w && !w->IDStack.empty() ? w->IDStack.back() : 0;
    const int nth = app.sem.anchor_texts++;
    const std::uint32_t id =
        ImHashData(&nth, sizeof nth, ImHashData(&app.sem.anchor, sizeof app.sem.anchor, scope));
    SemNode& n = push(app, role, id, min, max);
    n.value.assign(text, end);
    // A popup's text (a help's, a list's "Nothing matches") lies over the page: the shell lets it,
    // and only it, keep the pointer while the popup is open.
    if (w && (w->Flags & ImGuiWindowFlags_Popup)) n.state = 2;
}

bool sem_take(App& app, std::uint32_t id, SemActionKind kind, SemAction* out) {
    if (app.sem_action.kind != kind || app.sem_action.id != id || id == 0) return false;
    if (out) *out = app.sem_action;
    app.sem_action = SemAction{};
    return true;
}

} // namespace ui

//-----------------------------------------------------------------------------
// [SECTION] Actions
//-----------------------------------------------------------------------------

static void make_pending(App& app, SemAction&& action) {
    app.sem_action = std::move(action);
    if (app.sem_action.kind == SemActionKind::press) ImGui::ActivateItem(app.sem_action.id);
}

void sem_post_action(App& app, SemAction action) {
    if (app.sem_action.kind == SemActionKind::none && app.sem_queue.empty()) {
        make_pending(app, std::move(action));
        return;
    }
    SemAction& last = app.sem_queue.empty() ? app.sem_action : app.sem_queue.back();
    // Keystrokes a frame has not taken yet: the box needs only the latest text (and its end).
    if (action.kind == SemActionKind::set && last.kind == SemActionKind::set && last.id == action.id &&
        last.amount == set_typing) {
        last.text = std::move(action.text);
        last.amount = action.amount;
        return;
    }
    if (app.sem_queue.size() >= 256) return; // a stalled page never grows without bound
    app.sem_queue.push_back(std::move(action));
}

bool sem_after_frame(App& app) {
    app.sem_action = SemAction{};
    if (app.sem_queue.empty()) return false;
    SemAction next = std::move(app.sem_queue.front());
    app.sem_queue.erase(app.sem_queue.begin());
    make_pending(app, std::move(next));
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Serialisation
//-----------------------------------------------------------------------------

static void put_string(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    out += '"';
}

static void put_number(std::string& out, double v, const char* format) {
    char buf[32];
    std::snprintf(buf, sizeof buf, format, std::isfinite(v) ? v : 0.0);
    out += buf;
}

std::string semantics_to_json(const Semantics& s) {
    std::string out;
    out.reserve(64 + s.size() * 96);
    out += "{\"h\":";
    put_number(out, s.content_h, "%.0f");
    out += ",\"popup\":";
    out += s.popup_open ? '1' : '0';
    out += ",\"n\":[";
    for (size_t i = 0; i < s.size(); i++) {
        const SemNode& n = s[i];
        if (i) out += ',';
        out += '[';
        put_number(out, n.id, "%.0f");
        out += ",\"";
        out += role_name(n.role);
        out += "\",";
        put_number(out, n.state, "%.0f");
        out += ',';
        put_number(out, n.x0, "%.1f");
        out += ',';
        put_number(out, n.y0, "%.1f");
        out += ',';
        put_number(out, n.x1 - n.x0, "%.1f");
        out += ',';
        put_number(out, n.y1 - n.y0, "%.1f");
        out += ',';
        put_string(out, n.name);
        out += ',';
        put_string(out, n.value);
        out += ',';
        put_number(out, n.now, "%.9g");
        out += ',';
        put_number(out, n.lo, "%.9g");
        out += ',';
        put_number(out, n.hi, "%.9g");
        out += ',';
        out += n.invalid ? '1' : '0';
        if (n.lang) { // only where set: one node of hundreds
            out += ',';
            put_string(out, n.lang);
        }
        out += ']';
    }
    out += "]}";
    return out;
}

} // namespace traincalc
