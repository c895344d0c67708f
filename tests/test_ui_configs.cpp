// traincalc — tests/test_ui_configs.cpp
// The "Training configs" section (ui/screen_configs.cpp) drawn headless: a config received with its
// key lines is applied and listed, a bad one leaves a notice naming the key and line and changes
// nothing, the page's YAML error is worded in both languages, text typed into the box is imported
// by the button, each export button saves export_config()'s file, and an app without the section
// linked (the default page) has no section and takes no config.
#include "core/config_export.h"
#include "core/limits.h"
#include "ui/app.h"
#include "ui_harness.h"
#include <doctest/doctest.h>
#include <fstream>
#include <sstream>

using namespace traincalc;
using traincalc_test::find_node;
using traincalc_test::Page;

namespace {

std::string fixture(const char* name) {
    std::ifstream f(std::string(TRAINCALC_SOURCE_DIR) + "/tests/configs/" + name, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// A text (or heading) node of the semantics layer that starts with `prefix` (what the browser tests read).
const SemNode* node_starting(const App& app, const std::string& prefix, Role role = Role::text) {
    for (const SemNode& n : app.sem)
        if (n.role == role && n.value.rfind(prefix, 0) == 0) return &n;
    return nullptr;
}

// A press on a control's DOM twin, as web/main.cpp posts it.
void press_twin(Page& page, const SemNode* n) {
    REQUIRE(n);
    sem_post_action(page.app, SemAction{n->id, SemActionKind::press, 0, ""});
    for (int i = 0; i < 3; i++) page.frame();
}

} // namespace

TEST_CASE("a DeepSpeed config received with its lines is applied and listed with its dotted keys") {
    Page page(1280, 5000, 1, Lang::en);
    const std::vector<KeyLine> lines = {{"zero_optimization.stage", 10}};
    REQUIRE(receive_text(page.app, TextPurpose::config, fixture("deepspeed_z3_offload.json").c_str(), lines));
    refresh(page.app);
    CHECK(page.app.scenario.zero == 3);
    CHECK(page.app.scenario.offload == Offload::optimizer_params);
    CHECK(page.app.show_configs); // an import opens the section
    page.frame();
    page.frame();
    CHECK(node_starting(page.app, "Imported: deepspeed", Role::heading));
    CHECK(node_starting(page.app, "zero_optimization.stage → zero = 3"));
    CHECK(node_starting(page.app, "zero_optimization.offload_param.device → offload = optimizer+params"));
    CHECK(page.recovered == "");
}

TEST_CASE("a bad value names the key and its line; nothing changes; a good config then clears the notice") {
    Page page(1280, 800, 1, Lang::en);
    const Scenario before = page.app.scenario;
    const std::vector<KeyLine> lines = {{"finetuning_type", 1}, {"per_device_train_batch_size", 2}};
    CHECK(!receive_text(page.app, TextPurpose::config,
                        "{\"finetuning_type\": \"lora\", \"per_device_train_batch_size\": 0}", lines));
    CHECK(page.app.notice.rfind("Could not import this config, the scenario is unchanged: ", 0) == 0);
    CHECK(page.app.notice.find("per_device_train_batch_size (line 2)") != std::string::npos);
    CHECK(page.app.notice_zh.find("per_device_train_batch_size（第 2 行）") != std::string::npos);
    CHECK(scenario_to_json(page.app.scenario) == scenario_to_json(before));
    CHECK(
        receive_text(page.app, TextPurpose::config, "{\"finetuning_type\": \"lora\", \"cutoff_len\": 2048}"));
    CHECK(page.app.notice.empty());
    CHECK(page.app.scenario.seq_len == 2048);
}

// A 5 MB file said "not valid JSON: the text is empty" (the picker's marker for a file over 4 MiB began
// with a NUL, and the wasm read an empty string), and a 2 MB YAML imported (its JSON, comments gone,
// was short) where the CLI refuses it: the page now refuses a text over the CLI's cap as given.
TEST_CASE(
    "a file or text over its cap is refused as the CLI refuses it, in both languages; a good one clears it") {
    Page page(1280, 800, 1, Lang::en);
    const Scenario before = page.app.scenario;
    CHECK(text_cap_bytes(TextPurpose::config) == limits::kMaxImportFileBytes); // the CLI's FILE cap
    CHECK(text_cap_bytes(TextPurpose::hf_config) == limits::kMaxConfigBytes);
    CHECK(text_cap_bytes(TextPurpose::scenario) == limits::kMaxScenarioBytes);
    receive_too_long(page.app, TextPurpose::config);
    CHECK(page.app.notice == "Could not import this config, the scenario is unchanged: the config is too "
                             "long: more than 1048576 bytes");
    CHECK(page.app.notice_zh == "无法导入该配置，当前方案未改变：配置过长：超过 1048576 字节");
    CHECK(page.app.notice_from == NoticeFrom::config);
    CHECK(scenario_to_json(page.app.scenario) == scenario_to_json(before));
    CHECK(
        receive_text(page.app, TextPurpose::config, "{\"finetuning_type\": \"lora\", \"cutoff_len\": 2048}"));
    CHECK(page.app.notice.empty());
    receive_too_long(page.app, TextPurpose::hf_config);
    CHECK(page.app.notice ==
          "Could not read this config.json: the config.json is too long: more than 1048576 bytes");
    CHECK(page.app.notice_zh == "无法读取该 config.json：config.json 过长：超过 1048576 字节");
    receive_too_long(page.app, TextPurpose::scenario);
    CHECK(page.app.notice ==
          "Import failed, the scenario is unchanged: the scenario is too long: more than 1048576 bytes");
    CHECK(page.app.notice_zh == "导入失败，当前方案未改变：场景过长：超过 1048576 字节");
}

TEST_CASE("the page's YAML error (line, column, reason) is worded in both languages") {
    Page page(1280, 800, 1, Lang::zh);
    CHECK(!receive_text(page.app, TextPurpose::config_error, "3\t1\tbad indentation of a mapping entry"));
    CHECK(page.app.notice == "Could not import this config, the scenario is unchanged: YAML: line 3, column "
                             "1: bad indentation of a mapping entry");
    CHECK(page.app.notice_zh == "无法导入该配置，当前方案未改变：YAML：第 3 行第 1 列：键值对的缩进不对");
    // An unclosed bracket, which js-yaml reports at the next key or the text's end, named where it
    // opens (web/yaml_json.js).
    CHECK(!receive_text(page.app, TextPurpose::config_error, "2\t14\tthis '[' is not closed by ']'"));
    CHECK(page.app.notice == "Could not import this config, the scenario is unchanged: YAML: line 2, column "
                             "14: this '[' is not closed by ']'");
    CHECK(page.app.notice_zh ==
          "无法导入该配置，当前方案未改变：YAML：第 2 行第 14 列：这里的“[”没有用“]”闭合");
    // The reasons a hand-written config most often meets are in Chinese; what follows one is kept,
    // and a reason without a translation stays as js-yaml words it.
    CHECK(!receive_text(page.app, TextPurpose::config_error,
                        "2\t9\ttab characters must not be used in indentation"));
    CHECK(page.app.notice_zh ==
          "无法导入该配置，当前方案未改变：YAML：第 2 行第 9 列：缩进不能用 Tab 字符，请改用空格");
    CHECK(!receive_text(page.app, TextPurpose::config_error, "7\t3\tunidentified alias \"base\""));
    CHECK(page.app.notice_zh ==
          "无法导入该配置，当前方案未改变：YAML：第 7 行第 3 列：未定义的别名 \"base\"");
    CHECK(page.app.notice ==
          "Could not import this config, the scenario is unchanged: YAML: line 7, column 3: "
          "unidentified alias \"base\"");
    CHECK(!receive_text(page.app, TextPurpose::config_error, "1\t1\tduplication of a tag property"));
    CHECK(page.app.notice_zh ==
          "无法导入该配置，当前方案未改变：YAML：第 1 行第 1 列：duplication of a tag property");
    CHECK(!receive_text(page.app, TextPurpose::config_error, "no position"));
    CHECK(page.app.notice == "Could not import this config, the scenario is unchanged: YAML: no position");
    // A line without a column is no position: the text is shown whole, not "line 12, column 0".
    CHECK(!receive_text(page.app, TextPurpose::config_error, "12\tx\tbad"));
    CHECK(page.app.notice == "Could not import this config, the scenario is unchanged: YAML: 12\tx\tbad");
}

TEST_CASE(
    "text typed into the box is imported by the button; each export button saves export_config()'s file") {
    Page page(1280, 5000, 1, Lang::en);
    page.app.show_configs = true;
    struct Saved {
        std::vector<std::string> names, texts;
    } saved;
    page.app.hooks.user = &saved;
    page.app.hooks.save_text = [](void* u, const char* name, const char* text) {
        static_cast<Saved*>(u)->names.push_back(name);
        static_cast<Saved*>(u)->texts.push_back(text);
    };
    page.frame();
    const SemNode* box = find_node(page.app, Role::textarea, "Config text");
    REQUIRE(box);
    // Typed into its DOM twin (a <textarea>): the text arrives whole, newlines kept.
    const std::string typed =
        "{\"train_micro_batch_size_per_gpu\": 3, \"zero_optimization\": {\"stage\": 2}}";
    page.app.sem_action = SemAction{box->id, SemActionKind::set, 0, typed};
    page.frame();
    CHECK(page.app.config_text == typed);
    press_twin(page, find_node(page.app, Role::button, "Import the text")); // no import hook: read at once
    CHECK(page.app.scenario.micro_batch == 3);
    CHECK(page.app.scenario.zero == 2);
    page.frame();
    const char* labels[kExportFormatCount] = {"LLaMA-Factory YAML", "DeepSpeed JSON", "accelerate FSDP",
                                              "Launch commands"};
    for (int i = 0; i < kExportFormatCount; ++i) {
        press_twin(page, find_node(page.app, Role::button, labels[i]));
        REQUIRE(saved.names.size() == static_cast<size_t>(i + 1));
        const ConfigExport x = export_config(page.app.estimate, static_cast<ExportFormat>(i));
        CHECK(saved.names.back() == x.file_name);
        CHECK(saved.texts.back() == x.text);
        CHECK(page.app.export_file == x.file_name);
    }
    CHECK(page.recovered == "");
}

TEST_CASE(
    "the last keys typed, then Tab and Enter on the import button before a frame: the import reads them") {
    Page page(1280, 5000, 1, Lang::en);
    page.app.show_configs = true;
    page.frame();
    const SemNode* box = find_node(page.app, Role::textarea, "Config text");
    const SemNode* import = find_node(page.app, Role::button, "Import the text");
    REQUIRE(box);
    REQUIRE(import);
    const std::uint32_t box_id = box->id, import_id = import->id;
    // Each key is the whole text so far; all of them, then the press, arrive between two frames.
    const std::string text = "{\"finetuning_type\": \"lora\", \"lora_rank\": 48}"; // natively: JSON
    for (size_t n = 1; n <= text.size(); n++)
        sem_post_action(page.app, SemAction{box_id, SemActionKind::set, 0, text.substr(0, n)});
    sem_post_action(page.app, SemAction{import_id, SemActionKind::press, 0, ""});
    CHECK(page.app.sem_queue.size() == 1); // the keys are one pending set (the last text); the press waits
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(page.app.config_text == text);
    CHECK(page.app.notice == "");
    CHECK(page.app.scenario.lora_rank == 48);
    CHECK(page.app.sem_queue.empty());
    CHECK(page.app.sem_action.kind == SemActionKind::none);
    // A press on a control no frame draws is dropped after its frame, not kept for a later one.
    sem_post_action(page.app, SemAction{12345u, SemActionKind::press, 0, ""});
    page.frame();
    CHECK(page.app.sem_action.kind == SemActionKind::none);
    CHECK(page.recovered == "");
}

TEST_CASE("without the section linked (the default page) there is no section and no config is taken") {
    Page page(1280, 5000, 1, Lang::en);
    page.app.parts = OptionalParts{};
    page.app.expand_all = true;
    page.frame();
    CHECK(!find_node(page.app, Role::header, "Training configs"));
    CHECK(!receive_text(page.app, TextPurpose::config, "{\"train_micro_batch_size_per_gpu\": 3}"));
    CHECK(page.app.scenario.micro_batch != 3);
    link_configs(page.app);
    page.frame();
    CHECK(find_node(page.app, Role::header, "Training configs"));
}

// The boxes are drawn, not edited, by ImGui (ui/widgets.cpp text_box): a megabyte pasted into the
// box's twin costs a frame what its first screenful does, and a grab on the right says there is more.
TEST_CASE("a megabyte of config text is drawn a screenful at a time, with a grab for the rest") {
    Page page(1280, 5000, 1, Lang::en);
    page.app.show_configs = true;
    page.frame();
    const SemNode* box = find_node(page.app, Role::textarea, "Config text");
    REQUIRE(box);
    const float box_h = box->y1 - box->y0;
    const auto vertices = []() {
        int n = 0;
        const ImDrawData* d = ImGui::GetDrawData();
        for (int i = 0; i < d->CmdListsCount; i++) n += d->CmdLists[i]->VtxBuffer.Size;
        return n;
    };
    const auto grab_color_in_box = [&box]() {
        const ImU32 grab = ImGui::GetColorU32(ImGuiCol_ScrollbarGrab);
        const ImDrawData* d = ImGui::GetDrawData();
        for (int i = 0; i < d->CmdListsCount; i++)
            for (const ImDrawVert& v : d->CmdLists[i]->VtxBuffer)
                if (v.col == grab && v.pos.x > box->x1 - 12 && v.pos.x <= box->x1 && v.pos.y >= box->y0 &&
                    v.pos.y <= box->y1)
                    return true;
        return false;
    };
    std::string line = "lora_target: q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj # 70 bytes\n";
    std::string screenful, megabyte;
    for (int i = 0; i < 7; i++) screenful += line;
    while (megabyte.size() + line.size() <= limits::kMaxConfigBytes) megabyte += line;
    page.app.sem_action = SemAction{box->id, SemActionKind::set, 0, screenful};
    page.frame();
    page.frame();
    const int screenful_vertices = vertices();
    CHECK(!grab_color_in_box());
    page.app.sem_action = SemAction{box->id, SemActionKind::set, 0, megabyte};
    page.frame();
    page.frame();
    CHECK(page.app.config_text.size() == megabyte.size());
    box = find_node(page.app, Role::textarea, "Config text");
    REQUIRE(box);
    CHECK(box->y1 - box->y0 == doctest::Approx(box_h)); // same box: the text does not grow it
    CHECK(grab_color_in_box());
    // The 8th line is cut at the box's edge, the rest is neither measured nor drawn (one rectangle
    // more: the grab; a few glyphs of the partly shown line).
    CHECK(vertices() < screenful_vertices + 4 * 80);
    // A line wider than any box (a minified JSON) is drawn as far as the box shows.
    page.app.sem_action = SemAction{box->id, SemActionKind::set, 0, std::string(500000, '{')};
    page.frame();
    page.frame();
    CHECK(vertices() < screenful_vertices);
    CHECK(page.recovered == "");
}

TEST_CASE("after a good import, a bad one says why under its button; the good one's list goes") {
    Page page(1280, 800, 1, Lang::en);
    ImGui::GetIO().DisplaySize.y = 20000;
    page.app.show_configs = true;
    REQUIRE(
        receive_text(page.app, TextPurpose::config, "{\"finetuning_type\": \"lora\", \"cutoff_len\": 2048}"));
    page.frame();
    page.frame();
    REQUIRE(node_starting(page.app, "Imported: ", Role::heading) != nullptr);
    CHECK(!receive_text(page.app, TextPurpose::config_error,
                        "3\t13\tmissed comma between flow collection entries"));
    page.frame();
    page.frame();
    CHECK(node_starting(page.app, "Imported: ", Role::heading) == nullptr); // not this file's list
    // The reason stands after the "Import the text" button, in reading order.
    bool after_button = false, said = false;
    for (const SemNode& n : page.app.sem) {
        if (n.role == Role::button && n.name == "Import the text") after_button = true;
        if (after_button && n.role == Role::text &&
            n.value.rfind("Could not import this config, the scenario is unchanged:", 0) == 0)
            said = n.value.find("line 3, column 13") != std::string::npos;
    }
    CHECK(after_button);
    CHECK(said);
    CHECK(page.recovered == "");
}
