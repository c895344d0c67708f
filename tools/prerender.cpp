// traincalc — tools/prerender.cpp
// Content first (issue 15): the page's text for the default scenario, before the wasm starts.
// Draws the real UI headlessly (the same draw_app() and core the page runs), in the embed layout
// (results first, one column), and writes its semantics nodes (ui/semantics.h) as plain HTML:
// headings, the result text and every input's value, in English and Chinese. The page shows it
// until its first frame; scripts/assemble_page.py puts it into the shell. The running page writes
// the same rows for its current scenario (web/shell.html [Snapshot]): keep the two alike.
//
// With a provider's block (README "Embedding it"; scripts/provider_page.py), the text is that of
// the page with the block: its merged catalog, its starting card (Catalog::start_gpu), as the page
// shows it (web/main.cpp; keep_ids_in_catalog()); a block with errors is refused, each error said.
//
// usage: traincalc_prerender OUT.html [PROVIDER_BLOCK.json]
#include "core/catalog.h"
#include "imgui.h"
#include "ui/app.h"
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace tc = traincalc;

namespace {

// Text into HTML: the five characters that matter, nothing else changes.
std::string html(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string render(const tc::Catalog& catalog, tc::Lang lang) {
    ImGui::CreateContext();
    tc::App app;
    app.catalog = &catalog;
    app.lang = lang;
    app.embed = true; // results first, one column: what a visitor should see at once
    // The page's start with no link or saved scenario (web/main.cpp): the provider's card, and
    // the catalog's first card or model for an id the block's "replace" removed.
    if (!catalog.start_gpu.empty()) app.scenario.gpu_id = catalog.start_gpu;
    tc::keep_ids_in_catalog(app.scenario, catalog);
    tc::setup_imgui(app);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::GetIO().DisplaySize = ImVec2(390, 8000); // a phone's width, the whole page tall
    tc::refresh(app);
    for (int i = 0; i < 3; i++) { // layout settles over a few frames (auto-sized tables)
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        tc::draw_app(app);
        ImGui::Render();
    }
    std::string out =
        std::string("<div class=\"pr\" lang=\"") + (lang == tc::Lang::zh ? "zh-CN" : "en") + "\">\n";
    const tc::SemNode* prev = nullptr;
    std::string group; // the last radio group's name: its checked radio is its row's value
    // A field's row, as web/shell.html's snapshot writes it: its name, then its value.
    const auto row = [&](const std::string& name, const std::string& value) {
        out += "<p class=\"pr-f\"><span>" + html(name) + "</span> <b class=\"pr-v\">" + html(value) +
               "</b></p>\n";
    };
    for (const tc::SemNode& n : app.sem) {
        // A slider and the box beside it that types its value are one field to a reader: the
        // slider's value text ("25M tokens") is its row; the box's ("2.5e+07") would repeat it.
        const bool box_of_slider =
            (n.role == tc::Role::number) && prev && prev->role == tc::Role::slider && prev->name == n.name;
        prev = &n;
        if (box_of_slider) continue;
        switch (n.role) {
        case tc::Role::header:
            out += "<h2>" + html(n.name) + "</h2>\n";
            break;
        case tc::Role::title:
            out += "<h2>" + html(n.value) + "</h2>\n";
            break;
        case tc::Role::heading:
            out += "<h3>" + html(n.value) + "</h3>\n";
            break;
        case tc::Role::text:
            out += "<p>" + html(n.value) + "</p>\n";
            break;
        case tc::Role::number:
        case tc::Role::textbox:
        case tc::Role::combobox:
        case tc::Role::slider:
            row(n.name, n.value);
            break;
        case tc::Role::radiogroup:
            group = n.name;
            break;
        case tc::Role::radio:
            if (n.state > 0) row(group, n.name);
            break;
        default:
            break; // buttons, pickers' lists: nothing to read before the page can act
        }
    }
    out += "</div>\n";
    ImGui::DestroyContext();
    return out;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr, "usage: traincalc_prerender OUT.html [PROVIDER_BLOCK.json]\n");
        return 2;
    }
    tc::CatalogResult c = tc::parse_catalog(tc::builtin_catalog_json());
    if (!c.errors.empty()) {
        std::fprintf(stderr, "traincalc_prerender: the built-in catalog does not parse\n");
        return 1;
    }
    if (argc == 3) {
        std::ifstream in(argv[2], std::ios::binary);
        std::ostringstream block;
        block << in.rdbuf();
        if (!in) {
            std::fprintf(stderr, "traincalc_prerender: cannot read %s\n", argv[2]);
            return 1;
        }
        c = tc::merge_catalog(c.catalog, block.str());
        for (const tc::FieldError& e : c.errors)
            std::fprintf(stderr, "traincalc_prerender: %s: %s\n", argv[2], e.message.c_str());
        if (!c.errors.empty()) return 1; // the page would show a notice the text cannot: fix the block
    }
    const std::string out = render(c.catalog, tc::Lang::zh) + render(c.catalog, tc::Lang::en);
    std::FILE* f = std::fopen(argv[1], "wb");
    if (!f || std::fwrite(out.data(), 1, out.size(), f) != out.size() || std::fclose(f) != 0) {
        std::fprintf(stderr, "traincalc_prerender: cannot write %s\n", argv[1]);
        return 1;
    }
    return 0;
}
