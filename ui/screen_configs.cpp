// traincalc — ui/screen_configs.cpp
// "Training configs": import a LLaMA-Factory/axolotl YAML, a DeepSpeed JSON, Transformers/TRL
// arguments or a config.json (the page converts YAML to JSON; core/config_import.h reads it), list
// what was applied, resolved and ignored; download the plan as configs (core/config_export.h).
//
// Linked in by the platform (link_configs(), app.h OptionalParts): the page and the native builds do.
//
// Index of this file:
// [SECTION] Receiving a config
// [SECTION] The last import
// [SECTION] draw_configs()
// [SECTION] link_configs()

#include "core/config_export.h"
#include "widgets.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Receiving a config
//-----------------------------------------------------------------------------

// A parser's position and words in a string-table format ("YAML: line %d, column %d: %s").
static std::string format_at(const char* format, int line, int column, const char* reason) {
    std::string out(std::strlen(format) + std::strlen(reason) + 32, '\0');
    const int n = std::snprintf(out.data(), out.size(), format, line, column, reason);
    out.resize(n > 0 ? std::min(static_cast<size_t>(n), out.size() - 1) : 0);
    return out;
}

// js-yaml's reasons for what a config pasted or written by hand most often gets wrong, in Chinese
// (a prefix: what follows it, a name or a limit, is kept). Others stay as js-yaml words them.
static const char* const kYamlReasonsZh[][2] = {
    {"bad indentation of a mapping entry", "键值对的缩进不对"},
    {"bad indentation of a sequence entry", "列表项的缩进不对"},
    {"this '[' is not closed by ']'", "这里的“[”没有用“]”闭合"}, // web/yaml_json.js, at the bracket
    {"this '{' is not closed by '}'", "这里的“{”没有用“}”闭合"},
    {"tab characters must not be used in indentation", "缩进不能用 Tab 字符，请改用空格"},
    {"can not read a block mapping entry; a multiline key may not be an implicit key",
     "读不出这一行的键值对（可能缺少冒号）"},
    {"end of the stream or a document separator is expected",
     "这里应当结束或开始新文档（多半是缩进或冒号有误）"},
    {"expected ':' after a mapping key", "键后面缺少冒号“:”"},
    {"a whitespace character is expected after the key-value separator within a block mapping",
     "冒号后面缺少空格"},
    {"missed comma between flow collection entries", "方括号或花括号里的项之间缺少逗号"},
    {"unexpected end of the stream within a flow collection", "方括号或花括号没有闭合"},
    {"unexpected end of the stream within a double quoted scalar", "双引号没有闭合"},
    {"unexpected end of the stream within a single quoted scalar", "单引号没有闭合"},
    {"unknown escape sequence", "未知的转义序列"},
    {"the stream contains non-printable characters", "文本里有不可打印的字符"},
    {"a mapping key must be a plain value", "键必须是普通的值（不能是列表或映射）"},
    {"unidentified alias", "未定义的别名"},
    {"nesting exceeded maxDepth", "嵌套层数超过上限"},
};

static std::string yaml_reason_zh(const char* reason) {
    for (const auto& r : kYamlReasonsZh) {
        const size_t n = std::strlen(r[0]);
        if (std::strncmp(reason, r[0], n) == 0) return std::string(r[1]) + (reason + n);
    }
    return reason;
}

static bool receive_config(App& app, TextPurpose purpose, const char* utf8,
                           const std::vector<KeyLine>& lines) {
    if (purpose == TextPurpose::config_error) { // the page could not read the YAML: "LINE\tCOLUMN\tREASON"
        // strtol, not sscanf: the page links no scanf (scripts/imgui_page.py, README "How it got small").
        int line = 0, column = 0;
        const char* reason = utf8;
        char* end = nullptr;
        const long l = std::strtol(utf8, &end, 10);
        if (end != utf8 && *end == '\t') {
            const char* c = end + 1;
            const long col = std::strtol(c, &end, 10);
            if (end != c && *end == '\t' && l >= 0 && l < 1000000000L && col >= 0 && col < 1000000000L) {
                line = static_cast<int>(l);
                column = static_cast<int>(col);
                reason = end + 1;
            }
        }
        const std::string reason_zh = yaml_reason_zh(reason);
        FieldError e{"", std::string("YAML: ") + reason, std::string("YAML：") + reason_zh};
        if (line > 0) {
            e.message = format_at(tr(Str::yaml_error_at, Lang::en), line, column, reason);
            e.message_zh = format_at(tr(Str::yaml_error_at, Lang::zh), line, column, reason_zh.c_str());
        }
        set_notice(app, Str::config_import_failed, {e});
        app.notice_from = NoticeFrom::config;
        app.has_import = false; // the last good import's list is not this file's
        app.show_configs = app.import_answered = true;
        return false;
    }
    // A training config: applied over the scenario when it reads cleanly, else nothing changes.
    ConfigImport r = import_config(utf8, ConfigKind::detect, app.scenario, *app.catalog, lines);
    if (!r.errors.empty()) {
        set_notice(app, Str::config_import_failed, r.errors);
        app.notice_from = NoticeFrom::config;
        app.has_import = false;
        app.show_configs = app.import_answered = true;
        return false;
    }
    if (app.notice_from == NoticeFrom::config) clear_notice(app); // a good config takes away the bad one's
    app.scenario = r.scenario;
    app.last_import = std::move(r);
    app.has_import = true;
    app.show_configs = true; // the list of what was applied is shown
    app.import_answered = true;
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] The last import
//-----------------------------------------------------------------------------

static void note_lines(const App& app, const std::vector<ImportNote>& notes) {
    for (const ImportNote& n : notes) {
        const std::string& note = app.lang == Lang::zh && !n.note_zh.empty() ? n.note_zh : n.note;
        std::string line = n.key;
        if (!n.field.empty()) line += " → " + n.field + " = " + n.value;
        const bool zh = app.lang == Lang::zh;
        if (!note.empty())
            line += (n.field.empty() ? (zh ? "：" : ": ") : (zh ? "（" : " (")) + note +
                    (n.field.empty() ? "" : (zh ? "）" : ")"));
        bullet_wrapped(line.c_str());
    }
}

static void draw_import(App& app) {
    const ConfigImport& r = app.last_import;
    heading(after_label(T(app, Str::imported_kind), to_string(r.kind)));
    if (!r.applied.empty()) {
        section(T(app, Str::keys_applied));
        note_lines(app, r.applied);
    }
    if (!r.resolved.empty()) {
        section(T(app, Str::keys_resolved));
        note_lines(app, r.resolved);
    }
    if (!r.ignored.empty()) {
        section(T(app, Str::keys_ignored));
        note_lines(app, r.ignored);
    }
    if (!r.unused.empty()) { // logging, paths, learning rate…: listed so nothing is silently dropped
        std::string keys = T(app, Str::keys_unused);
        for (size_t i = 0; i < r.unused.size(); ++i)
            keys += (i ? ", " : label_gap(keys.c_str())) + r.unused[i];
        ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
        text_wrapped(keys.c_str(), keys.c_str() + keys.size());
        ImGui::PopStyleColor();
    }
}

//-----------------------------------------------------------------------------
// [SECTION] draw_configs()
//-----------------------------------------------------------------------------

bool draw_configs(App& app) {
    bool changed = false;
    ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
    text_wrapped(T(app, Str::configs_intro));
    ImGui::PopStyleColor();
    if (button(app, T(app, Str::choose_config_file)) && app.hooks.open_text)
        app.hooks.open_text(app.hooks.user, TextPurpose::config);
    text_wrapped(T(app, Str::config_text_label));
    text_area(app, "##configtext", T(app, Str::config_text), &app.config_text,
              ImGui::GetTextLineHeight() * 7.0f + ImGui::GetStyle().FramePadding.y * 2.0f);
    if (button(app, T(app, Str::import_text)) && !app.config_text.empty()) {
        if (app.hooks.import_text) // the page reads YAML in its web layer, then calls receive_text()
            app.hooks.import_text(app.hooks.user, TextPurpose::config, app.config_text.c_str());
        else
            changed |= receive_text(app, TextPurpose::config, app.config_text.c_str());
    }
    // A failed import says why here, under the button pressed, not only at the page's top (a
    // screenful or, on a phone, several away), where the last good import's list stood instead.
    const float answer_top = ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y;
    notice_here(app, NoticeFrom::config, color_bad());
    if (app.has_import) draw_import(app);
    // The answer to a file just chosen comes into view: on a phone it lay below the fold, under the
    // file button, and the screen did not change whether the file was applied or refused.
    if (app.import_answered) {
        app.import_answered = false;
        const float bottom = ImGui::GetCursorScreenPos().y;
        app.reveal_request[0] = answer_top;
        app.reveal_request[1] = std::min(bottom, answer_top + 12.0f * ImGui::GetTextLineHeightWithSpacing());
    }
    if (!app.estimate.ok) return changed;
    section(T(app, Str::export_plan_as));
    static const Str kLabels[kExportFormatCount] = {Str::export_llamafactory, Str::export_deepspeed,
                                                    Str::export_accelerate, Str::export_launch};
    for (int i = 0; i < kExportFormatCount; ++i) {
        if (i > 0) ImGui::SameLine();
        const float w = ImGui::CalcTextSize(T(app, kLabels[i])).x + ImGui::GetStyle().FramePadding.x * 2.0f;
        if (i > 0 && ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
        if (button(app, T(app, kLabels[i])) && app.hooks.save_text) {
            ConfigExport x = export_config(app.estimate, static_cast<ExportFormat>(i));
            if (x.errors.empty()) {
                app.hooks.save_text(app.hooks.user, x.file_name.c_str(), x.text.c_str());
                app.export_file = x.file_name;
                app.export_notes = std::move(x.notes);
            }
        }
    }
    // What the downloaded file cannot say (values that are examples, a plan that will not fit).
    for (const ExportNote& n : app.export_notes) {
        const std::string line =
            app.export_file + ": " + (app.lang == Lang::zh && !n.zh.empty() ? n.zh : n.en);
        bullet_wrapped(line.c_str());
    }
    return changed;
}

} // namespace ui

//-----------------------------------------------------------------------------
// [SECTION] link_configs()
//-----------------------------------------------------------------------------

void link_configs(App& app) {
    app.parts.draw_configs = ui::draw_configs;
    app.parts.receive_config = ui::receive_config;
}

} // namespace traincalc
