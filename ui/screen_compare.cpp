// traincalc — ui/screen_compare.cpp
// Every catalog GPU side by side (app.comparison from compare_gpus()): cards needed, memory per
// card, time, cost; cheapest and fastest marked; sortable by any column; a click on a row puts
// that GPU, card count and strategy (recomputation included) into the scenario. A provider's own
// priced GPUs stay on top whatever the sort.
#include "core/order.h"
#include "widgets.h"
#include <algorithm>
#include <cstring>
#include <string>

namespace traincalc {
namespace ui {

// Column ids, as stored in app.comparison_sort (0, cost, is the default: core's own order).
enum Column { col_cost, col_time, col_cards, col_memory, col_gpu, col_strategy };

static ImGuiTableColumnFlags sort_flag(const App& app, Column c) {
    return app.comparison_sort == c ? ImGuiTableColumnFlags_DefaultSort : 0;
}

static const char* gpu_name(const App& app, const GpuOption& o) {
    if (!app.catalog || o.gpu_index < 0 || o.gpu_index >= static_cast<int>(app.catalog->gpus.size()))
        return "?";
    const GpuSpec& g = app.catalog->gpus[o.gpu_index];
    return g.name.empty() ? g.id.c_str() : g.name.c_str();
}

// What a column comparison needs (core/order.h sorts through a function pointer and a context).
struct SortBy {
    const App* app;
    int column;
    bool ascending;
};

static bool row_less(const void* context, int ia, int ib) {
    const SortBy& by = *static_cast<const SortBy*>(context);
    const GpuOption& a = by.app->comparison[static_cast<size_t>(ia)];
    const GpuOption& b = by.app->comparison[static_cast<size_t>(ib)];
    if (a.provider != b.provider) return a.provider; // the provider's own priced GPUs stay on top
    if (a.workable != b.workable) return a.workable;
    int c = 0;
    switch (by.column) {
    case col_gpu:
        c = std::strcmp(gpu_name(*by.app, a), gpu_name(*by.app, b));
        break;
    case col_cards:
        c = (a.cards > b.cards) - (a.cards < b.cards);
        break;
    case col_memory:
        c = (a.memory_per_gpu_gib > b.memory_per_gpu_gib) - (a.memory_per_gpu_gib < b.memory_per_gpu_gib);
        break;
    case col_time:
        c = (a.wall_hours > b.wall_hours) - (a.wall_hours < b.wall_hours);
        break;
    default:
        if (a.priced != b.priced) return a.priced; // rows without a price last, either way
        c = (a.cost_total > b.cost_total) - (a.cost_total < b.cost_total);
        break;
    }
    return by.ascending ? c < 0 : c > 0;
}

// Re-orders the rows (indices; app.comparison itself stays as core returned it). Unworkable
// GPUs always sort last: they have no cards, time or cost to compare.
static void sort_rows(App& app, const ImGuiTableSortSpecs* specs) {
    app.comparison_order = identity_order(app.comparison.size());
    if (!specs || specs->SpecsCount == 0) return;
    const SortBy by{&app, static_cast<int>(specs->Specs[0].ColumnUserID),
                    specs->Specs[0].SortDirection != ImGuiSortDirection_Descending};
    stable_sort_indices(app.comparison_order, row_less, &by);
}

// The column headers, and the row order re-sorted when the sort or the rows changed.
static void setup_columns_and_sort(App& app) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn(T(app, Str::col_gpu), ImGuiTableColumnFlags_NoHide | sort_flag(app, col_gpu), 0,
                            col_gpu);
    // Cost and time first after the GPU: on a phone the frozen GPU column leaves room for one or two
    // more, and those are what the table is for.
    ImGui::TableSetupColumn(T(app, Str::col_cost), sort_flag(app, col_cost), 0, col_cost);
    ImGui::TableSetupColumn(T(app, Str::col_time), sort_flag(app, col_time), 0, col_time);
    ImGui::TableSetupColumn(T(app, Str::col_cards), sort_flag(app, col_cards), 0, col_cards);
    ImGui::TableSetupColumn(T(app, Str::col_mem_per_card), sort_flag(app, col_memory), 0, col_memory);
    ImGui::TableSetupColumn(T(app, Str::col_strategy), ImGuiTableColumnFlags_NoSort, 0, col_strategy);
    ImGui::TableHeadersRow();
    if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
        if (specs->SpecsDirty || app.comparison_order_dirty ||
            app.comparison_order.size() != app.comparison.size()) {
            if (specs->SpecsCount > 0) app.comparison_sort = static_cast<int>(specs->Specs[0].ColumnUserID);
            sort_rows(app, specs);
            specs->SpecsDirty = false;
            app.comparison_order_dirty = false;
        }
    } else if (app.comparison_order.size() != app.comparison.size()) {
        sort_rows(app, nullptr);
    }
}

// The numbers of a workable row (cost, time, cards, memory, strategy); an unworkable one says so.
// Writes the same cells as one sentence for the row's button: a screen reader hears the row, not
// just the GPU's name ("Cost ¥72, Time 3.97 h, Cards 1, Memory/card 33 GiB, …").
static void row_cells(const App& app, const GpuOption& o, std::string& said) {
    if (!o.workable) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(T(app, Str::not_workable));
        said = T(app, Str::not_workable);
        return;
    }
    const char* sep = app.lang == Lang::zh ? "，" : ", ";
    const char* cards = fmt("%d", o.cards);
    const char* memory = fgib(o.memory_per_gpu_gib);
    const char* time = fhours(app, o.wall_hours);
    const char* cost = o.priced ? fmoney(app, o.cost_total) : T(app, Str::no_price);
    const char* strategy = fstrategy(app, o.strategy);
    for (const char* cell : {cost, time, cards, memory, strategy}) { // the columns' order
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cell);
    }
    // Longer than one scratch buffer in Chinese: built in the node's string (its capacity is kept
    // from frame to frame, so a steady frame allocates nothing).
    said.clear();
    const char* heads[] = {T(app, Str::col_cost), T(app, Str::col_time), T(app, Str::col_cards),
                           T(app, Str::col_mem_per_card), T(app, Str::col_strategy)};
    const char* cells[] = {cost, time, cards, memory, strategy};
    for (int i = 0; i < 5; i++) (((said += i ? sep : "") += heads[i]) += ' ') += cells[i];
}

// One GPU's row; a click on a workable one puts its configuration into the scenario (returns true).
// `narrow` (a phone): the name is shown without a leading "NVIDIA ", so that more of the cost column
// shows beside the frozen GPU column; the row's accessible name keeps the whole name.
static bool draw_row(App& app, int row, bool narrow) {
    bool changed = false;
    const GpuOption& o = app.comparison[row];
    const GpuSpec& g = app.catalog->gpus[o.gpu_index];
    const bool selected = g.id == app.scenario.gpu_id && o.cards == app.scenario.cards;
    ImGui::PushID(row);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (!o.workable) ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
    const char* name = gpu_name(app, o);
    const bool row_pressed =
        ImGui::Selectable(narrow && std::strncmp(name, "NVIDIA ", 7) == 0 && name[7] ? name + 7 : name,
                          selected, ImGuiSelectableFlags_SpanAllColumns);
    sem_item(app, Role::button, fmt("%s × %d", name, o.cards)); // "use this configuration"
    const size_t node = app.sem.size() - 1;
    if (row_pressed && o.workable) {
        app.scenario.gpu_id = g.id;
        app.scenario.cards = o.cards;
        o.strategy.apply_to(app.scenario); // the whole searched strategy, or the row's figures do not follow
        changed = true;
    }
    if (o.cheapest || o.fastest) {
        ImGui::SameLine();
        if (o.cheapest) ImGui::TextColored(color_ok(), "%s", T(app, Str::mark_cheapest));
        if (o.cheapest && o.fastest) ImGui::SameLine();
        if (o.fastest)
            ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram), "%s",
                               T(app, Str::mark_fastest));
    }
    row_cells(app, o, app.sem[node].value); // the row's cells, spoken as the button's description
    if (!o.workable) ImGui::PopStyleColor();
    ImGui::PopID();
    return changed;
}

bool draw_compare(App& app) {
    if (app.comparison_pending && app.catalog) { // a provider's thousands of cards: made over frames
        section(T(app, Str::compare_title));
        text_wrapped_colored(color_dim(),
                             fmt(T(app, Str::comparing_gpus), static_cast<int>(app.comparison_next),
                                 static_cast<int>(app.catalog->gpus.size())));
        return false;
    }
    if (app.comparison.empty() || !app.catalog) return false;
    section(T(app, Str::compare_title));
    text_wrapped_colored(color_dim(), T(app, Str::compare_help));
    bool changed = false;
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
    // ScrollX keeps every column readable on a phone: the table scrolls sideways instead of squeezing.
    const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2.0f;
    // A provider's catalog can hold thousands of cards: the first rows (its own, then the
    // cheapest) are drawn, the rest on request; every drawn row is a control in the page.
    constexpr size_t kRowsShown = 40;
    const size_t rows =
        app.comparison_show_all || app.comparison.size() <= kRowsShown ? app.comparison.size() : kRowsShown;
    const bool narrow = ImGui::GetContentRegionAvail().x < 30.0f * ImGui::GetFontSize();
    if (!ImGui::BeginTable(
            "compare", 6, flags,
            ImVec2(0, row_h * (static_cast<float>(rows) + 1.0f) + ImGui::GetStyle().ScrollbarSize + 4.0f)))
        return false;
    setup_columns_and_sort(app);
    for (size_t shown = 0; shown < rows && shown < app.comparison_order.size(); shown++)
        changed = draw_row(app, app.comparison_order[shown], narrow) || changed;
    ImGui::EndTable();
    if (rows < app.comparison.size() &&
        button(app, fmt("%s (%d)", T(app, Str::show_all_gpus), static_cast<int>(app.comparison.size()))))
        app.comparison_show_all = true;
    return changed;
}

} // namespace ui
} // namespace traincalc
