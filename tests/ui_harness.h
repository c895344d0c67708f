// traincalc — tests/ui_harness.h
// A headless Dear ImGui page for the UI tests (ImPlot-style CI: no GPU, no window): a context,
// the font atlas built in memory, frames drawn into ImDrawData and checked.
#pragma once
#include "imgui.h"
#include "imgui_internal.h"
#include "ui/app.h"
#include <cstdarg>
#include <cstdio>
#include <string>

namespace traincalc_test {

// The built-in catalog, parsed once for the whole test binary.
inline const traincalc::Catalog& catalog() {
    static const traincalc::Catalog c = traincalc::parse_catalog(traincalc::builtin_catalog_json()).catalog;
    return c;
}

// The semantics node with this role and accessible name (the way the browser tests find controls).
inline const traincalc::SemNode* find_node(const traincalc::App& app, traincalc::Role role,
                                           const std::string& name) {
    for (const traincalc::SemNode& n : app.sem)
        if (n.role == role && n.name == name) return &n;
    return nullptr;
}

// An option of an open picker's list, not a row of the GPU comparison (a list too: "GPU × cards").
inline bool picker_option(const traincalc::SemNode& n) {
    return n.role == traincalc::Role::option && n.name.find(" × ") == std::string::npos;
}
inline bool comparison_row(const traincalc::SemNode& n) {
    return n.role == traincalc::Role::option && n.name.find(" × ") != std::string::npos;
}

// True when a text node says exactly `line` (a message under a box, a line of shown work).
inline bool has_text(const traincalc::App& app, const std::string& line) {
    for (const traincalc::SemNode& n : app.sem)
        if (n.role == traincalc::Role::text && n.value == line) return true;
    return false;
}

struct Page {
    traincalc::App app;
    std::string recovered; // what ImGui's end-of-frame error recovery had to fix (empty = balanced)
    int frames = 0;

    Page(float width, float height, float dpi, traincalc::Lang lang) {
        ImGui::CreateContext();
        app.catalog = &catalog();
        app.dpi_scale = dpi;
        app.lang = lang;
        traincalc::link_configs(app); // natively every part is linked (app.h OptionalParts)
        traincalc::setup_imgui(app);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        ImGui::GetIO().DisplaySize = ImVec2(width, height);
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        traincalc::refresh(app);
    }
    ~Page() { ImGui::DestroyContext(); }
    Page(const Page&) = delete;
    Page& operator=(const Page&) = delete;

    static void on_error(void* user, const char* fmt, ...) {
        char buf[512];
        va_list args;
        va_start(args, fmt);
        vsnprintf(buf, sizeof buf, fmt, args);
        va_end(args);
        static_cast<Page*>(user)->recovered += buf;
        static_cast<Page*>(user)->recovered += "\n";
    }

    // One frame: returns true when draw_app reported a scenario change (refresh() already called).
    bool frame() {
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        const bool changed = traincalc::draw_app(app);
        // Asserts are compiled out in release builds of imgui: ask its error recovery instead, which
        // reports any Begin/End, Push/Pop, table, group or child left unbalanced.
        ImGui::ErrorCheckEndFrameRecover(&Page::on_error, this);
        ImGui::Render();
        frames++;
        if (changed) traincalc::refresh(app);
        traincalc::sem_after_frame(app); // as the page's platform: the next queued action
        return changed;
    }

    // A mouse click at the centre of a semantics node (press, release, one more frame to settle), as
    // the browser tests click a control they found by role and name.
    void click(const traincalc::SemNode& n) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2((n.x0 + n.x1) / 2, (n.y0 + n.y1) / 2);
        io.MouseDown[0] = true;
        frame();
        io.MouseDown[0] = false;
        frame();
        frame();
    }

    int vertices() const {
        const ImDrawData* d = ImGui::GetDrawData();
        return d && d->Valid ? d->TotalVtxCount : 0;
    }
};

} // namespace traincalc_test
