// traincalc — ui/screen_compare.cpp
// Every catalog GPU side by side (app.comparison from compare_gpus()): cards needed, memory per
// card, time, cost; cheapest and fastest marked; sortable by any column; a click on a row puts
// that GPU, card count and strategy (recomputation included) into the scenario. A provider's own
// priced GPUs stay on top whatever the sort.
#include "core/order.h"
#include "core/safe_text.h"
#include "widgets.h"
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <imgui_internal.h> // ImTextCharFromUtf8, ImGuiTable (the headers' sort)
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
    return gpu_display_name(app.catalog->gpus[o.gpu_index], app.lang).c_str();
}

// A card's name as its row says it (its option, its phone block): past 200 bytes cut between
// characters with "…", as reports cut it; a provider's 66,000-character name is no one's to hear.
static const char* row_card_name(const char* name) {
    return std::strlen(name) <= kMaxShownNameBytes ? name : fmt("%s", plain_text(name).c_str());
}

// Why a row has no plan: too big for up to 4,096 cards, or none of those counts meets the deadline.
static const char* unworkable_text(const App& app, const GpuOption& o) {
    return T(app, o.runs ? Str::misses_deadline : Str::not_workable);
}

// A row's accessible name: the card and its count ("NVIDIA H100 80GB SXM × 8"), or why it has none
// (it read "NVIDIA T4 16GB × 0" under a drawn "misses the deadline"); a whole long name left the
// count out of the formatted line's 256 bytes.
static const char* row_name(const App& app, const char* name, const GpuOption& o) {
    return o.workable ? fmt("%s × %d", row_card_name(name), o.cards)
                      : fmt(app.lang == Lang::zh ? "%s：%s" : "%s: %s", row_card_name(name),
                            unworkable_text(app, o));
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

// Re-orders the rows (indices; app.comparison itself stays as core returned it) by a column, or
// none (-1: core's order). Unworkable GPUs always sort last: no cards, time or cost to compare.
static void sort_rows(App& app, int column, bool ascending) {
    app.comparison_order = identity_order(app.comparison.size());
    if (column < 0) return;
    const SortBy by{&app, column, ascending};
    stable_sort_indices(app.comparison_order, row_less, &by);
}

// The header row as TableHeadersRow() draws it, each sortable header with a button twin named by its
// column and described by its order: a click was the only way to sort, and the order was drawn only.
static void headers_row(App& app) {
    ImGuiTable* table = ImGui::GetCurrentTable();
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers, ImGui::TableGetHeaderRowHeight());
    if (table->HostSkipItems) return;
    for (int c = 0; c < table->ColumnsCount; c++) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        const char* name = ImGui::TableGetColumnName(c);
        ImGui::PushID(table->InstanceCurrent * table->ColumnsCount + c); // TableHeadersRow()'s ids
        ImGui::TableHeader(name);
        ImGui::PopID();
        const ImGuiTableColumn& column = table->Columns[c];
        if (column.Flags & ImGuiTableColumnFlags_NoSort) continue;
        // Read after TableHeader(): a press there has already changed the order.
        const char* order = column.SortOrder < 0 ? nullptr
                            : column.SortDirection == ImGuiSortDirection_Descending
                                ? T(app, Str::sorted_descending)
                                : T(app, Str::sorted_ascending);
        sem_item(app, Role::button, name, order);
    }
}

// The column headers, and the row order re-sorted when the sort or the rows changed.
static void setup_columns_and_sort(App& app, float name_width) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn(T(app, Str::col_gpu),
                            ImGuiTableColumnFlags_NoHide | ImGuiTableColumnFlags_WidthFixed |
                                ImGuiTableColumnFlags_NoResize | sort_flag(app, col_gpu),
                            name_width, col_gpu);
    // Cost and time first after the GPU: on a phone the frozen GPU column leaves room for one or two
    // more, and those are what the table is for.
    ImGui::TableSetupColumn(T(app, Str::col_cost), sort_flag(app, col_cost), 0, col_cost);
    ImGui::TableSetupColumn(T(app, Str::col_time), sort_flag(app, col_time), 0, col_time);
    ImGui::TableSetupColumn(T(app, Str::col_cards), sort_flag(app, col_cards), 0, col_cards);
    ImGui::TableSetupColumn(T(app, Str::col_mem_per_card), sort_flag(app, col_memory), 0, col_memory);
    ImGui::TableSetupColumn(T(app, Str::col_strategy), ImGuiTableColumnFlags_NoSort, 0, col_strategy);
    headers_row(app);
    if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
        if (specs->SpecsDirty || app.comparison_order_dirty ||
            app.comparison_order.size() != app.comparison.size()) {
            if (specs->SpecsCount > 0) app.comparison_sort = static_cast<int>(specs->Specs[0].ColumnUserID);
            sort_rows(app, specs->SpecsCount > 0 ? static_cast<int>(specs->Specs[0].ColumnUserID) : -1,
                      specs->SpecsCount == 0 ||
                          specs->Specs[0].SortDirection != ImGuiSortDirection_Descending);
            specs->SpecsDirty = false;
            app.comparison_order_dirty = false;
        }
    } else if (app.comparison_order.size() != app.comparison.size()) {
        sort_rows(app, -1, true);
    }
}

// A workable row's cells in the columns' order (cost, time, cards, memory, strategy), and the same
// cells as one sentence for the row's button: a screen reader hears the row, not just the GPU's
// name ("Cost ¥72, Time 3.97 h, Cards 1, Memory/card 33 GiB, …"). False for an unworkable row.
static bool row_cells(const App& app, const GpuOption& o, const char* (&cells)[5], std::string& said) {
    if (!o.workable) {
        said = unworkable_text(app, o);
        return false;
    }
    cells[0] = o.priced ? fmoney(app, o.cost_total) : T(app, Str::no_price);
    cells[1] = fhours(app, o.wall_hours);
    cells[2] = fmt("%d", o.cards);
    cells[3] = fgib(o.memory_per_gpu_gib);
    cells[4] = fstrategy(app, o.strategy);
    // Longer than one scratch buffer in Chinese: built in the node's string (its capacity is kept
    // from frame to frame, so a steady frame allocates nothing).
    // Chinese: "费用：¥72，耗时：3.97 小时" ("费用 无报价" put a space between two Chinese words).
    const bool zh = app.lang == Lang::zh;
    const char* sep = zh ? "，" : ", ";
    const char* heads[] = {T(app, Str::col_cost), T(app, Str::col_time), T(app, Str::col_cards),
                           T(app, Str::col_mem_per_card), T(app, Str::col_strategy)};
    said.clear();
    for (int i = 0; i < 5; i++) (((said += i ? sep : "") += heads[i]) += zh ? "：" : " ") += cells[i];
    return true;
}

// A click on a workable row puts its GPU, card count and whole searched strategy into the scenario.
static bool take_row(App& app, const GpuOption& o, bool pressed) {
    if (!pressed || !o.workable) return false;
    take_gpu(app, app.catalog->gpus[o.gpu_index].id);
    app.scenario.cards = o.cards;
    o.strategy.apply_to(app.scenario); // the whole searched strategy, or the row's figures do not follow
    return true;
}

static bool is_selected(const App& app, const GpuOption& o) {
    return app.catalog->gpus[o.gpu_index].id == app.scenario.gpu_id && o.cards == app.scenario.cards;
}

// The GPU column's width: its longest name, or what the figures' columns leave of the width (at least
// 10 em) when that is less. A provider's long card name then ends in "…" (its button, and a hover,
// say it whole) instead of pushing the strategy past the edge; a table still too wide scrolls.
static float name_column_width(App& app, size_t rows) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float em = ImGui::GetFontSize();
    const float arrow = em + style.FramePadding.x; // a sortable header's arrow
    const Str heads[] = {Str::col_cost, Str::col_time, Str::col_cards, Str::col_mem_per_card,
                         Str::col_strategy};
    float figures[5];
    for (int i = 0; i < 5; i++) figures[i] = ImGui::CalcTextSize(T(app, heads[i])).x + (i < 4 ? arrow : 0.0f);
    float name = ImGui::CalcTextSize(T(app, Str::col_gpu)).x + arrow;
    const bool ordered = app.comparison_order.size() == app.comparison.size();
    for (size_t shown = 0; shown < rows; shown++) {
        const GpuOption& o = app.comparison[ordered ? app.comparison_order[shown] : shown];
        name = std::max(name, ImGui::CalcTextSize(short_gpu_name(gpu_name(app, o))).x);
        const char* cells[5];
        if (!row_cells(app, o, cells, app.block_text[2])) continue;
        for (int i = 0; i < 5; i++) {
            const bool mark = (i == 0 && o.cheapest) || (i == 1 && o.fastest);
            figures[i] = std::max(figures[i], ImGui::CalcTextSize(cells[i]).x + (mark ? 1.25f * em : 0.0f));
        }
    }
    float room = ImGui::GetContentRegionAvail().x - 12.0f * style.CellPadding.x - 2.0f;
    for (float w : figures) room -= w;
    return std::min(name, std::max(10.0f * em, room));
}

// One GPU's row of the table (a desktop).
static bool draw_row(App& app, int row, float name_width) {
    const GpuOption& o = app.comparison[row];
    // Keyed by its GPU, not its place: a row that moves as the list re-sorts under a drag keeps its
    // id, so its DOM twin is moved (a focus on it stays) rather than made again, and an action
    // queued for it reaches that GPU.
    ImGui::PushID(o.gpu_index);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (!o.workable) ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
    // Shown without a leading "NVIDIA " and with its marks beside the figure each is about (★ the
    // cost, ▲ the time; the help line says so): beside the name they widened the GPU column until
    // the strategy was cut at 1,280 px. Its button keeps the full name.
    const char* name = gpu_name(app, o);
    const char* shown = fit_text_middle(short_gpu_name(name), name_width);
    const bool selected = is_selected(app, o); // the box and its option alike
    const bool pressed =
        ImGui::Selectable(fmt("%s###row", shown), selected, ImGuiSelectableFlags_SpanAllColumns);
    if (shown != short_gpu_name(name) && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name);
    sem_item(app, Role::option, row_name(app, name, o), nullptr, selected); // "use this"
    const size_t node = app.sem.size() - 1;
    const char* cells[5];
    if (row_cells(app, o, cells, app.sem[node].value)) {
        for (int i = 0; i < 5; i++) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cells[i]);
            const bool mark = (i == 0 && o.cheapest) || (i == 1 && o.fastest);
            if (!mark) continue;
            ImGui::SameLine(0.0f, ImGui::GetFontSize() * 0.25f);
            if (i == 0)
                ImGui::TextColored(color_ok(), "%s", "★");
            else
                ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram), "%s", "▲");
        }
        // Heard with the row: "…, ★ cheapest, ▲ fastest".
        std::string& said = app.sem[node].value;
        if (o.cheapest) (said += app.lang == Lang::zh ? "，" : ", ") += T(app, Str::mark_cheapest);
        if (o.fastest) (said += app.lang == Lang::zh ? "，" : ", ") += T(app, Str::mark_fastest);
    } else {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(unworkable_text(app, o));
    }
    if (!o.workable) ImGui::PopStyleColor();
    ImGui::PopID();
    return take_row(app, o, pressed);
}

// `text` in lines of at most `wrap` px, broken where the page breaks lines (wrap_line_end()); drawn from
// `at` when `dl` is given. Returns the number of lines.
static int wrapped_lines(ImDrawList* dl, ImVec2 at, ImU32 ink, const std::string& text, float wrap) {
    const char* end = text.c_str() + text.size();
    int n = 0;
    for (const char* line = text.c_str(); line < end; n++) {
        const char* cut = wrap_line_end(line, end, wrap);
        if (cut <= line) { // a wrap narrower than one character still moves on, by a whole character
            unsigned int c = 0;
            const int k = ImTextCharFromUtf8(&c, line, end);
            cut = line + (k > 0 ? k : 1);
        }
        const char* shown_end = cut;
        while (shown_end > line && shown_end[-1] == ' ') shown_end--;
        if (dl) dl->AddText(ImVec2(at.x, at.y + n * ImGui::GetTextLineHeight()), ink, line, shown_end);
        line = cut;
        while (line < end && (*line == ' ' || *line == '\n')) line++;
    }
    return n;
}

// One GPU on a phone: a block the page's width, its name (and marks), then its numbers, wrapped. A
// table of six columns there left the name alone on screen and the numbers a sideways scroll away.
static bool draw_block(App& app, int row) {
    const GpuOption& o = app.comparison[row];
    ImGui::PushID(o.gpu_index); // keyed by its GPU, as a table's row
    const char* name = gpu_name(app, o);
    const char* cells[5];
    // App-owned strings (a steady frame allocates nothing); longer than a scratch buffer in Chinese.
    std::string &head = app.block_text[0], &body = app.block_text[1], &said = app.block_text[2];
    const bool workable = row_cells(app, o, cells, said);
    head = row_card_name(name); // assigned from a char*: its capacity kept, a steady frame allocates nothing
    if (o.cheapest) (head += "  ") += T(app, Str::mark_cheapest);
    if (o.fastest) (head += "  ") += T(app, Str::mark_fastest);
    // Cost and time first, as the table's columns.
    body = workable ? cells[0] : unworkable_text(app, o);
    if (workable)
        for (const char* part : {" · ", cells[1], " · ", T(app, Str::col_cards), " ", cells[2], " · ",
                                 T(app, Str::col_mem_per_card), " ", cells[3], " · ", cells[4]})
            body += part;
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const float wrap = ImGui::GetContentRegionAvail().x - pad.x * 2.0f;
    const float h1 = ImGui::CalcTextSize(head.c_str(), nullptr, false, wrap).y;
    // The numbers wrap by the page's own rule (ui/widgets.h wrap_line_end()): a number keeps its unit
    // and its decimals ("Memory/card 22." above "7 GiB" by ImGui's rule, a provider's tester on a phone).
    const float h2 = wrapped_lines(nullptr, ImVec2(), 0, body, wrap) * ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const bool selected = is_selected(app, o);
    const bool pressed =
        ImGui::Selectable("##gpu", selected, ImGuiSelectableFlags_None, ImVec2(0.0f, h1 + h2 + pad.y * 2.0f));
    sem_item(app, Role::option, row_name(app, name, o), nullptr, selected);
    app.sem[app.sem.size() - 1].value = said;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 ink = ImGui::GetColorU32(workable ? ImGuiCol_Text : ImGuiCol_TextDisabled);
    dl->AddText(nullptr, 0.0f, ImVec2(at.x + pad.x, at.y + pad.y), ink, head.c_str(), nullptr, wrap);
    wrapped_lines(dl, ImVec2(at.x + pad.x, at.y + pad.y + h1), ImGui::GetColorU32(color_dim()), body, wrap);
    ImGui::Separator();
    ImGui::PopID();
    return take_row(app, o, pressed);
}

// A phone's blocks have no column headers to press: a picker sorts them, low first (cheapest, fastest,
// fewest cards, least memory, names A to Z), as a first press on a header does.
static void draw_block_sort(App& app) {
    static const Column kColumns[] = {col_cost, col_time, col_cards, col_memory, col_gpu};
    const char* names[] = {T(app, Str::col_cost), T(app, Str::col_time), T(app, Str::col_cards),
                           T(app, Str::col_mem_per_card), T(app, Str::col_gpu)};
    int pick = 0;
    for (int i = 0; i < 5; i++)
        if (app.comparison_sort == kColumns[i]) pick = i;
    if (combo_labels(app, T(app, Str::compare_sort_by), "compare_sort", &pick, names, 5, nullptr)) {
        app.comparison_sort = kColumns[pick];
        app.comparison_order_dirty = true;
    }
}

bool draw_compare(App& app) {
    const float top_y = ImGui::GetCursorPosY();
    if (app.comparison_pending && app.catalog) { // a provider's thousands of cards: made over frames
        section(T(app, Str::compare_title));
        text_wrapped_colored(color_dim(),
                             fmt(T(app, Str::comparing_gpus), static_cast<int>(app.comparison_next),
                                 static_cast<int>(app.catalog->gpus.size())));
        // The last comparison's height kept: the list collapsing for a few frames threw a phone's host
        // page ~2,650 px up under the finger that had just picked a card (a provider's tester, 2026-12-07).
        const float kept = app.comparison_drawn_h - (ImGui::GetCursorPosY() - top_y);
        if (kept > 0.0f) ImGui::Dummy(ImVec2(1.0f, kept));
        return false;
    }
    if (app.comparison.empty() || !app.catalog) return false;
    section(T(app, Str::compare_title));
    text_wrapped_colored(color_dim(), T(app, Str::compare_help));
    notice_here(app, NoticeFrom::gpu, color_warn()); // a row taken: the prices typed for the card before
    bool changed = false;
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
    // ScrollX: a narrow window (not a phone: that gets blocks) scrolls the table sideways.
    const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2.0f;
    // A provider's catalog can hold thousands of cards: the first rows (its own, then the
    // cheapest) are drawn, the rest on request; every drawn row is a control in the page.
    constexpr size_t kRowsShown = 40;
    const size_t rows =
        app.comparison_show_all || app.comparison.size() <= kRowsShown ? app.comparison.size() : kRowsShown;
    // The rows are one list (one Tab stop, arrows walk it, the GPU in use selected): 25 rows were
    // 25 Tab stops, which an embed, results first, put before its inputs. Its node comes after the
    // table's header buttons: the options that follow a listbox node are its own.
    const ImGuiID list_id = ImGui::GetID("rows");
    const float list_w = ImGui::GetContentRegionAvail().x;
    const bool blocks = list_w < 30.0f * ImGui::GetFontSize(); // a phone
    if (blocks) draw_block_sort(app);                          // above the list, not in it
    const ImVec2 at = ImGui::GetCursorScreenPos();
    size_t list_node = SIZE_MAX;
    const auto begin_rows = [&] {
        sem_node(app, Role::listbox, list_id, at, ImVec2(at.x + list_w, at.y), T(app, Str::compare_title),
                 nullptr, -1);
        list_node = app.sem.size() - 1;
        SemNode& n = app.sem[list_node]; // from the table's top-left, not clipped to a header's cell
        n.x0 = at.x;
        n.y0 = n.y1 = at.y;
        n.x1 = at.x + list_w;
    };
    if (blocks) {
        begin_rows();
        if (app.comparison_order_dirty || app.comparison_order.size() != app.comparison.size()) {
            sort_rows(app, app.comparison_sort == col_cost ? -1 : app.comparison_sort, true);
            app.comparison_order_dirty = false;
        }
        for (size_t shown = 0; shown < rows && shown < app.comparison_order.size(); shown++)
            changed = draw_block(app, app.comparison_order[shown]) || changed;
    } else if (const float name_width = name_column_width(app, rows);
               ImGui::BeginTable("compare", 6, flags,
                                 ImVec2(0, row_h * (static_cast<float>(rows) + 1.0f) +
                                               ImGui::GetStyle().ScrollbarSize + 4.0f))) {
        setup_columns_and_sort(app, name_width);
        begin_rows();
        for (size_t shown = 0; shown < rows && shown < app.comparison_order.size(); shown++)
            changed = draw_row(app, app.comparison_order[shown], name_width) || changed;
        ImGui::EndTable();
    }
    if (list_node == SIZE_MAX) begin_rows();                // no table drawn: an empty list
    app.sem[list_node].y1 = app.sem[app.sem.size() - 1].y1; // down to its last row
    if (rows < app.comparison.size() &&
        button(app, fmt("%s (%d)", T(app, Str::show_all_gpus), static_cast<int>(app.comparison.size()))))
        app.comparison_show_all = true;
    app.comparison_drawn_h = ImGui::GetCursorPosY() - top_y;
    return changed;
}

} // namespace ui
} // namespace traincalc
