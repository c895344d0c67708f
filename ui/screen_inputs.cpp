// traincalc — ui/screen_inputs.cpp
// The left column: model, method, data, cards, advanced set-up, prices.
//
// Index of this file:
// [SECTION] Model
// [SECTION] Method
// [SECTION] Data
// [SECTION] GPU and cards
// [SECTION] Advanced
// [SECTION] Prices
// [SECTION] draw_inputs()
#include "core/data_size.h"
#include "widgets.h"
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Model
//-----------------------------------------------------------------------------

static const ModelSpec* current_model(const App& app) {
    if (!app.scenario.model_id.empty() && app.catalog)
        if (const ModelSpec* m = app.catalog->find_model(app.scenario.model_id)) return m;
    return &app.scenario.model;
}

// The boxes of a size or a rate: a letter typed after the number is a unit there, not a magnitude
// (BoxUnit::sized). Their names are the same in both languages.
static constexpr BoxUnit kMB{"MB", 1, true}, kGB{"GB", 1, true}, kGiB{"GiB", 1, true}, kMBps{"MB/s", 1, true},
    kMbps{"Mbit/s", 1, true};

// A count the way each language says it: "250M" / "2.5 亿", "1T" / "1 万亿".
static const char* fcount(const App& app, double v) {
    if (app.lang == Lang::zh) {
        if (v >= 1e12) return fmt("%s 万亿", fnum(v / 1e12));
        if (v >= 1e8) return fmt("%s 亿", fnum(v / 1e8));
        if (v >= 1e4) return fmt("%s 万", fnum(v / 1e4));
        return fnum(v);
    }
    if (v >= 1e12) return fmt("%sT", fnum(v / 1e12));
    if (v >= 1e9) return fmt("%sB", fnum(v / 1e9));
    if (v >= 1e6) return fmt("%sM", fnum(v / 1e6));
    if (v >= 1e3) return fmt("%sK", fnum(v / 1e3));
    return fnum(v);
}

static bool model_picker(App& app) {
    Scenario& s = app.scenario;
    bool changed = false;
    const ModelSpec* m = current_model(app);
    // A custom model by its name when it has one (a config.json read: "Qwen/Qwen2.5-14B-Instruct";
    // the picker said "Custom model" of it), and its size: the slider's are nameless.
    const char* preview =
        s.model_id.empty()
            ? fmt(app.lang == Lang::zh ? "%s（%s）" : "%s (%s)",
                  m->name.empty() ? T(app, Str::custom_model) : m->name.c_str(), fcount(app, m->params))
            : model_display_name(*m, app.lang).c_str();
    const char* name = T(app, Str::model_preset);
    field_label(name, nullptr, preview);
    if (begin_picker(app, "##model", name, preview, ImGuiComboFlags_HeightLarge)) {
        if (ImGui::IsWindowAppearing()) app.model_search[0] = '\0'; // opened again: a new search
        search_field(app, "##search", T(app, Str::search_models), app.model_search, sizeof app.model_search,
                     T(app, Str::search_models));
        const auto shown = [&](const ModelSpec& preset) {
            return search_matches(app.model_search, preset.name.c_str(), preset.id.c_str()) ||
                   (!preset.name_zh.empty() && search_matches(app.model_search, preset.name_zh.c_str(), ""));
        };
        const int rows = app.catalog ? static_cast<int>(std::count_if(app.catalog->models.begin(),
                                                                      app.catalog->models.end(), shown))
                                     : 0;
        if (rows == 0 && app.model_search[0])
            text_wrapped_colored(color_dim(), fmt(T(app, Str::search_none), app.model_search));
        // As wide as a name and its count need, within the screen (the GPU picker's width on a phone):
        // at the box's width a phone cut "Llama 3.1 405B" to "Llama 3.1 40…".
        const float list_w = popup_width(
            is_phone() ? FLT_MAX : std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 22.0f));
        if (app.catalog && begin_option_list(app, "##models", rows, list_w)) {
            // The counts are right-aligned to the list's edge, left of its scrollbar ("6,710 亿" at
            // 70% of the width ran under it), in a column as wide as the widest shown.
            float count_w = 0.0f;
            for (const ModelSpec& preset : app.catalog->models)
                if (shown(preset))
                    count_w = std::max(count_w, ImGui::CalcTextSize(fcount(app, preset.params)).x);
            const float x0 = ImGui::GetCursorPosX();
            const float avail = ImGui::GetContentRegionAvail().x;
            for (const ModelSpec& preset : app.catalog->models) {
                if (!shown(preset)) continue;
                ImGui::PushID(preset.id.c_str());
                const bool selected = preset.id == s.model_id;
                const char* label = model_display_name(preset, app.lang).c_str();
                char count[48]; // "6.74B" as the slider says, not "6.74e9"; kept past option()'s formatting
                std::snprintf(count, sizeof count, "%s", fcount(app, preset.params));
                // The name ends in "…" before the count's column ("Llama 4 Scout 17B-16E (MoE)" ran
                // under "1.09e11"); the option's name says it whole.
                const float room = avail - count_w - ImGui::GetStyle().ItemSpacing.x;
                if (option(app, fit_text(label, room), selected,
                           fmt(app.lang == Lang::zh ? "%s，%s" : "%s, %s", label, count))) {
                    if (s.model_id != preset.id) s.model_repo.clear(); // it named the model before
                    s.model_id = preset.id;
                    changed = true;
                }
                ImGui::SameLine(x0 + avail - ImGui::CalcTextSize(count).x);
                ImGui::TextDisabled("%s", count);
                ImGui::PopID();
            }
        }
        if (app.catalog) ImGui::EndChild();
        ImGui::EndCombo();
    }
    field_error(app, "model");
    return changed;
}

// The parameters slider: moving it makes a custom model with the nearest preset's shape
// (layers, width, heads, vocabulary) and the chosen parameter count.
static bool params_slider(App& app) {
    Scenario& s = app.scenario;
    const ModelSpec* m = current_model(app);
    double billions = m->params / 1e9;
    ImGui::PushID("params");
    field_label(T(app, Str::params_slider), T(app, Str::params_slider_help));
    const double lo = 0.1, hi = 2000.0;
    const double range[2] = {lo, hi}; // a typed count outside the slider's range is said, not clamped
    const char* name = T(app, Str::parameters_b);
    const BoxUnit unit{T(app, Str::unit_billions), 1e9, false}; // "7B" typed is 7 here, "7e9" is said
    bool changed =
        log_slider_box(app, name, &billions, lo, hi, "%.3g B",
                       fmt(app.lang == Lang::zh ? "%s参数" : "%s parameters", fcount(app, billions * 1e9)),
                       "%.4g", false, range, nullptr, &unit);
    ImGui::PopID();
    if (!changed) return false;
    const double params = billions * 1e9;
    if (!s.model_id.empty()) app.params_from_id = s.model_id;
    // Back on the count it left (an arrow right, then left), the catalog model comes back: it stayed
    // a nameless "Custom model (7.62B)" with Qwen2.5 7B's shape.
    const ModelSpec* from = app.catalog ? app.catalog->find_model(app.params_from_id) : nullptr;
    if (from && std::fabs(from->params - params) <= 1e-9 * params) {
        s.model_id = from->id; // as the picker sets it
        return true;
    }
    s.model =
        app.catalog ? model_with_params(*app.catalog, *m, params) : model_with_params(Catalog{}, *m, params);
    s.model_id.clear();
    s.model_repo.clear(); // a custom model: no repository holds it
    return true;
}

static bool draw_model(App& app) {
    bool changed = model_picker(app);
    changed |= params_slider(app);
    const ModelSpec* m = current_model(app);
    // Dim lines through text_wrapped: each is a text node a screen reader reads, not just pixels.
    text_wrapped_colored(color_dim(), fmt("L=%d  h=%d  a=%d/%d  V=%d  ctx=%d", m->layers, m->hidden, m->heads,
                                          m->kv_heads ? m->kv_heads : m->heads, m->vocab, m->context));
    if (button(app, T(app, Str::load_config)) && app.hooks.open_text)
        app.hooks.open_text(app.hooks.user, TextPurpose::hf_config);
    help_marker(T(app, Str::load_config_help), T(app, Str::load_config));
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Method
//-----------------------------------------------------------------------------

// The objective and its inputs: the reference (DPO, KTO, GRPO, PPO), G and the completion length,
// where rollouts run (GRPO, PPO).
static bool draw_objective(App& app) {
    Scenario& s = app.scenario;
    const Objective before = s.objective;
    bool changed =
        combo_enum(app, T(app, Str::objective), "objective", &s.objective, T(app, Str::objective_help));
    // PPO picked: one completion from the policy's own generate(), 4 passes (not GRPO's 8 on an engine).
    if (s.objective != before) retarget_rollouts(s, before);
    if (uses_reference(s.objective))
        changed |=
            combo_enum(app, T(app, Str::reference), "reference", &s.reference, T(app, Str::reference_help));
    if (!is_rl(s.objective)) return changed;
    changed |= input_int(app, T(app, Str::generations), "generations", &s.generations);
    changed |= input_int(app, T(app, Str::completion_len), "completion_len", &s.completion_len,
                         T(app, Str::completion_len_help));
    changed |= input_int(app, T(app, Str::steps_per_generation), "steps_per_generation",
                         &s.steps_per_generation, T(app, Str::steps_per_generation_help));
    changed |= input_int(app, T(app, Str::update_epochs), "update_epochs", &s.update_epochs,
                         T(app, Str::update_epochs_help));
    changed |= combo_enum(app, T(app, Str::rollout), "rollout", &s.rollout);
    if (s.rollout == Rollout::separate)
        changed |= input_int(app, T(app, Str::rollout_cards), "rollout_cards", &s.rollout_cards);
    else if (s.rollout == Rollout::colocated) // the policy's own generate() holds no engine memory
        changed |= percent_slider(app, T(app, Str::engine_fraction), "engine_memory_fraction",
                                  &s.engine_memory_fraction, 0, 0.95, T(app, Str::engine_sleeps),
                                  T(app, Str::engine_fraction_help));
    if (s.objective == Objective::ppo) { // PPO's own models (LLaMA-Factory: an adapter and a value head)
        changed |= combo_enum(app, T(app, Str::reward_model), "reward", &s.reward);
        changed |= combo_enum(app, T(app, Str::critic), "critic", &s.critic);
    }
    return changed;
}

static bool draw_method(App& app) {
    Scenario& s = app.scenario;
    bool changed = combo_enum(app, T(app, Str::method), "method", &s.method, T(app, Str::method_help));
    if (s.method != Method::full) {
        changed |= input_int(app, T(app, Str::lora_rank), "lora_rank", &s.lora_rank);
        changed |= combo_enum(app, T(app, Str::lora_targets), "lora_targets", &s.lora_targets);
    }
    changed |= draw_objective(app);
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Data
//-----------------------------------------------------------------------------

// The data size as a slider (design: "sliders for parameters, tokens and cards"): logarithmic,
// 10^5 … 10^13 tokens per epoch, in every data mode (data_size.h moves the mode's own quantity).
static bool tokens_slider(App& app) {
    Scenario& s = app.scenario;
    constexpr double kLo = 1e5, kHi = 1e13;
    // While an input it derives from is invalid, it shows the tokens the results use (the last valid
    // scenario's): "Samples 1e15" made it read "250,000T tokens" beside results for 25M.
    bool derived_bad = false;
    if (s.data_input != DataInput::tokens && !app.estimate.ok && has_result(app))
        for (const char* field : {"samples", "avg_tokens", "dataset_mb", "chars_per_token", "bytes_per_char"})
            derived_bad = derived_bad || has_error(app, field);
    double tokens = tokens_per_epoch(derived_bad ? shown_estimate(app).scenario : s);
    const double before = tokens;
    ImGui::PushID("tokens_slider");
    field_label(T(app, Str::tokens_slider), T(app, Str::tokens_slider_help));
    const char* value_text = fmt(app.lang == Lang::zh ? "%s token" : "%s tokens", fcount(app, tokens));
    const char* name = T(app, Str::tokens_slider);
    const bool box_invalid = s.data_input == DataInput::tokens && has_error(app, "tokens");
    bool dragged = false;
    // Samples or a dataset's size: a typed count they cannot give is said under this box (1e30
    // tokens made samples read 2e27, marked, while this box went back to its value without a word).
    double range[2];
    const bool derived_range =
        s.data_input != DataInput::tokens && tokens_per_epoch_range(s, &range[0], &range[1]);
    bool changed = log_slider_box(app, name, &tokens, kLo, kHi, fcount(app, tokens), value_text, "%.4g",
                                  box_invalid, derived_range ? range : nullptr, &dragged);
    // Tick labels at 1M, 1B, 1T under the slider (its rectangle is the semantics node before the box).
    const SemNode* slider = app.sem.size() >= 2 ? &app.sem[app.sem.size() - 2] : nullptr;
    if (slider && slider->role == Role::slider) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const float x0 = slider->x0, x1 = slider->x1, y = slider->y1 + 1.0f;
        const float grab = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x;
        const double ticks[] = {1e6, 1e9, 1e12};
        float last_right = -FLT_MAX; // a label that would touch the previous one is left out (narrow phones)
        for (double t : ticks) {
            const float f =
                static_cast<float>((std::log10(t) - std::log10(kLo)) / (std::log10(kHi) - std::log10(kLo)));
            const float x = x0 + grab + f * (x1 - x0 - 2.0f * grab);
            const char* label = fcount(app, t);
            const float w = ImGui::CalcTextSize(label).x * 0.85f;
            dl->AddLine(ImVec2(x, y), ImVec2(x, y + 4.0f), ImGui::GetColorU32(ImGuiCol_TextDisabled));
            if (x - w * 0.5f < last_right + ImGui::GetFontSize() * 0.5f) continue;
            last_right = x + w * 0.5f;
            ImGui::SetWindowFontScale(0.85f);
            dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x - w * 0.5f, y + 4.0f),
                        ImGui::GetColorU32(ImGuiCol_TextDisabled), label);
            ImGui::SetWindowFontScale(1.0f);
        }
        ImGui::Dummy(ImVec2(1.0f, ImGui::GetFontSize() * 0.9f));
    }
    ImGui::PopID();
    if (!changed || tokens == before) return false;
    if (s.data_input == DataInput::tokens) {
        s.tokens = tokens; // typed: kept as typed, even out of range (validate() says why)
    } else {
        set_tokens_per_epoch(s, tokens, dragged ? 2 : 0); // a drag: 31,000 samples, not 31,429
    }
    return true;
}

// Images per sample and their size: only for a vision-language model (a text-only one has no inputs
// for them; images given to one are an error at images_per_sample).
static bool draw_images(App& app) {
    Scenario& s = app.scenario;
    if (current_model(app)->vision_depth < 1 && s.images_per_sample == 0) return false;
    bool changed = input_int(app, T(app, Str::images_per_sample), "images_per_sample", &s.images_per_sample,
                             T(app, Str::images_help));
    if (s.images_per_sample < 1) return changed;
    changed |= input_int(app, T(app, Str::image_width), "image_width", &s.image_width);
    changed |= input_int(app, T(app, Str::image_height), "image_height", &s.image_height);
    changed |= input_double(app, T(app, Str::image_max_pixels), "image_max_pixels", &s.image_max_pixels,
                            "%.8g", T(app, Str::image_max_pixels_help));
    changed |= checkbox(app, "##freeze_vision", T(app, Str::freeze_vision_tower), &s.freeze_vision_tower);
    if (has_result(app))
        if (const Term* t = shown_estimate(app).terms.find(TermId::image_tokens))
            text_wrapped_colored(color_dim(), after_label(T(app, Str::image_tokens_shown), fnum(t->result)));
    return changed;
}

static bool draw_data(App& app) {
    Scenario& s = app.scenario;
    bool changed = combo_enum(app, T(app, Str::data_given_as), "data_input", &s.data_input);
    switch (s.data_input) {
    case DataInput::tokens:
        break; // the tokens slider's box below is the typed value
    case DataInput::samples:
        changed |= input_double(app, T(app, Str::samples), "samples", &s.samples, "%.6g");
        changed |= input_double(app, T(app, Str::avg_tokens), "avg_tokens", &s.avg_tokens, "%.6g");
        field_label(T(app, Str::packing), T(app, Str::packing_help));
        changed |= checkbox(app, "##packing", T(app, Str::packing), &s.packing);
        if (!s.packing)
            changed |= input_double(app, T(app, Str::max_tokens), "max_tokens", &s.max_tokens, "%.6g");
        break;
    case DataInput::dataset_size:
        changed |= input_double(app, T(app, Str::dataset_mb), "dataset_mb", &s.dataset_mb, "%.6g", nullptr,
                                nullptr, &kMB);
        radio_group(app, T(app, Str::text_language), T(app, Str::text_language_help));
        // Typical tokenizer ratios: Chinese ~1.5 characters per token (3 UTF-8 bytes each),
        // English ~4 characters per token (1 byte each).
        if (radio(app, T(app, Str::text_chinese), s.chars_per_token == 1.5 && s.bytes_per_char == 3)) {
            s.chars_per_token = 1.5;
            s.bytes_per_char = 3;
            changed = true;
        }
        ImGui::SameLine();
        if (radio(app, T(app, Str::text_english), s.chars_per_token == 4 && s.bytes_per_char == 1)) {
            s.chars_per_token = 4;
            s.bytes_per_char = 1;
            changed = true;
        }
        changed |=
            input_double(app, T(app, Str::chars_per_token), "chars_per_token", &s.chars_per_token, "%.3g");
        changed |=
            input_double(app, T(app, Str::bytes_per_char), "bytes_per_char", &s.bytes_per_char, "%.3g");
        break;
    }
    changed |= tokens_slider(app);
    if (s.data_input == DataInput::tokens) field_error(app, "tokens");
    changed |= input_double(app, T(app, Str::epochs), "epochs", &s.epochs, "%.3g");
    if (has_result(app))
        text_wrapped_colored(color_dim(), after_label(T(app, Str::tokens_processed),
                                                      fcount(app, shown_estimate(app).flops.tokens)));
    changed |= input_int(app, T(app, Str::seq_len), "seq_len", &s.seq_len);
    changed |= input_int(app, T(app, Str::micro_batch), "micro_batch", &s.micro_batch);
    changed |= input_int(app, T(app, Str::grad_accum), "grad_accum", &s.grad_accum);
    changed |= draw_images(app);
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] GPU and cards
//-----------------------------------------------------------------------------

// A phone (`narrow`) shows memory and price only: five columns left the name "NVIDI." there.
// The catalog's price in the page's currency, as the comparison converts it; "" = none. A card priced
// in dollars only read "$1.71/h" among the yuan on the Chinese page (a tester, 2026-12-08).
static const char* gpu_price_text(const App& app, const GpuSpec& g) {
    const double hourly = app.catalog ? catalog_hourly_price(app.scenario, g, *app.catalog) : 0;
    return hourly > 0 ? fmt("%s/h", fmoney(app, hourly)) : "";
}

static void gpu_specs_row(const App& app, const GpuSpec& g, bool narrow) {
    ImGui::TableNextColumn();
    ImGui::Text("%s", fgib(g.memory_gib));
    if (!narrow) {
        ImGui::TableNextColumn();
        ImGui::Text("%s", fnum(g.tflops_16bit));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(g.nvlink_gbps > 0 ? fmt("NVLink %s", fnum(g.nvlink_gbps)) : "PCIe");
    }
    ImGui::TableNextColumn();
    const char* price = gpu_price_text(app, g);
    if (price[0])
        ImGui::TextUnformatted(price);
    else
        ImGui::TextDisabled("-");
}

static bool gpu_picker(App& app) {
    Scenario& s = app.scenario;
    bool changed = false;
    const GpuSpec* cur = (app.catalog && !s.gpu_id.empty()) ? app.catalog->find_gpu(s.gpu_id) : nullptr;
    const GpuSpec& g = cur ? *cur : s.gpu;
    const char* preview =
        g.name.empty() && g.id.empty() ? T(app, Str::custom_gpu) : gpu_display_name(g, app.lang).c_str();
    field_label(T(app, Str::gpu), nullptr, preview);
    if (begin_picker(app, "##gpu", T(app, Str::gpu), preview, ImGuiComboFlags_HeightLarge)) {
        const bool narrow = is_phone();
        const float w = popup_width(narrow ? FLT_MAX : 560.0f);
        // A provider's catalog can list thousands of cards: a search box, as the model picker's.
        if (ImGui::IsWindowAppearing()) app.gpu_search[0] = '\0';
        search_field(app, "##search", T(app, Str::search_gpus), app.gpu_search, sizeof app.gpu_search,
                     T(app, Str::search_gpus));
        // A provider that lists only its own cards gets only those in the picker too.
        const auto listed = [&](const GpuSpec& c) {
            return (!app.catalog->only_provider || c.from_provider || c.id == s.gpu_id) &&
                   (search_matches(app.gpu_search, c.name.c_str(), c.id.c_str()) ||
                    (!c.name_zh.empty() && search_matches(app.gpu_search, c.name_zh.c_str(), "")));
        };
        const int rows =
            app.catalog
                ? static_cast<int>(std::count_if(app.catalog->gpus.begin(), app.catalog->gpus.end(), listed))
                : 0;
        if (rows == 0 && app.gpu_search[0])
            text_wrapped_colored(color_dim(), fmt(T(app, Str::search_none), app.gpu_search));
        // The rows scroll under their header and the search box, which stay in view.
        const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2.0f;
        const float most = std::max(6.0f, std::floor(view_height(app) * 0.45f / row_h));
        const float list_h = row_h * (std::min(static_cast<float>(rows), most) + 1.0f) + 2.0f;
        if (app.catalog && rows > 0 &&
            ImGui::BeginTable("gpus", narrow ? 3 : 5, // none: the message alone
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_ScrollY,
                              ImVec2(w, list_h))) {
            ImGui::TableSetupScrollFreeze(0, 1);
            ImGui::TableSetupColumn(T(app, Str::col_gpu), ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn(T(app, Str::col_memory));
            if (!narrow) {
                ImGui::TableSetupColumn("TFLOPS");
                ImGui::TableSetupColumn(T(app, Str::col_link));
            }
            ImGui::TableSetupColumn(T(app, Str::col_price));
            ImGui::TableHeadersRow();
            // The provider's own cards first, as in the comparison: its visitors rent those (they came
            // after the built-in 28, a tester, 2026-12-08).
            for (int pass = 0; pass < 2; pass++)
                for (const GpuSpec& c : app.catalog->gpus) {
                    if (!listed(c) || c.from_provider != (pass == 0)) continue;
                    ImGui::PushID(c.id.c_str());
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    const char* label = gpu_display_name(c, app.lang).c_str();
                    const char* shown = narrow ? short_gpu_name(label) : label; // the option's name keeps it
                    // Cut in the middle to its column, "…" where cut: a provider's cards that differ at
                    // the end ("H100 80GB（成都节点 01455）", "…（杭州节点 00012）") read alike cut there.
                    shown = fit_text_middle(shown, ImGui::GetContentRegionAvail().x);
                    // Its name says what its row shows, the price too (a provider's customers pick by it).
                    // Not formatted in the 256-byte ring: a 200-byte name lost its specs and price there.
                    const char* sep = app.lang == Lang::zh ? "，" : ", ";
                    const char* price = gpu_price_text(app, c);
                    std::string about = std::string(label) + sep + fgib(c.memory_gib) + sep +
                                        fnum(c.tflops_16bit) + " TFLOPS";
                    if (price[0]) about += std::string(sep) + price;
                    // Keyed by the card alone (###): its shown name is cut to the list's width, which its
                    // first frame has not measured yet (an option focused by Enter was gone a frame on).
                    if (option(app, fmt("%s###pick", shown), c.id == s.gpu_id, about.c_str(),
                               ImGuiSelectableFlags_SpanAllColumns)) {
                        take_gpu(app, c.id);
                        changed = true;
                    }
                    gpu_specs_row(app, c, narrow);
                    ImGui::PopID();
                }
            ImGui::EndTable();
        }
        ImGui::EndCombo();
    }
    field_error(app, "gpu");
    notice_here(app, NoticeFrom::gpu, color_warn()); // the prices typed for the card before: gone
    // The chosen card's key figures stay visible under the picker.
    text_wrapped_colored(color_dim(),
                         fmt("%s · %s TFLOPS · %s · CC %.1f", fgib(g.memory_gib), fnum(g.tflops_16bit),
                             g.nvlink_gbps > 0 ? "NVLink" : "PCIe", g.compute_capability));
    return changed;
}

static bool draw_gpu(App& app) {
    Scenario& s = app.scenario;
    bool changed = gpu_picker(app);
    field_label(T(app, Str::cards), T(app, Str::cards_help));
    ImGui::NewLine();
    changed |= cards_slider(app, &s.cards);
    changed |= input_double(app, T(app, Str::deadline_hours), "deadline_hours", &s.deadline_hours, "%.4g",
                            T(app, Str::deadline_help));
    if (s.deadline_hours > 0) ImGui::TextDisabled("= %s", fhours(app, s.deadline_hours));
    changed |= input_int(app, T(app, Str::cards_per_node), "cards_per_node", &s.cards_per_node);
    changed |= input_double(app, T(app, Str::host_ram), "host_ram_gib", &s.host_ram_gib, "%.5g",
                            T(app, Str::host_ram_help), nullptr, &kGiB);
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Advanced
//-----------------------------------------------------------------------------

static bool draw_advanced(App& app) {
    Scenario& s = app.scenario;
    static const Str kZero[] = {Str::zero_0, Str::zero_1, Str::zero_2, Str::zero_3};
    bool changed = false;
    changed |= combo_enum(app, T(app, Str::precision), "precision", &s.precision);
    changed |= combo_enum(app, T(app, Str::optimizer), "optimizer", &s.optimizer);
    changed |= combo_enum(app, T(app, Str::checkpointing), "checkpointing", &s.checkpointing,
                          T(app, Str::checkpointing_help));
    changed |= combo_enum(app, T(app, Str::stack), "stack", &s.stack, T(app, Str::stack_help));
    changed |= combo_enum(app, T(app, Str::loss_impl), "loss", &s.loss);
    field_label(T(app, Str::master_weights));
    changed |= checkbox(app, "##master", T(app, Str::master_weights), &s.master_weights);
    field_label(T(app, Str::flash_attention));
    changed |= checkbox(app, "##flash", T(app, Str::flash_attention), &s.flash_attention);
    int zero = s.zero;
    if (combo(app, T(app, Str::zero), "zero", &zero, kZero, 4, T(app, Str::zero_help))) {
        s.zero = zero;
        changed = true;
    }
    changed |= combo_enum(app, T(app, Str::offload), "offload", &s.offload);
    changed |= input_int(app, T(app, Str::tp), "tp", &s.tp);
    changed |= input_int(app, T(app, Str::pp), "pp", &s.pp);
    // Issue 13: context and expert parallelism, sequence parallelism with TP, activation offload.
    changed |= input_int(app, T(app, Str::cp), "cp", &s.cp, T(app, Str::cp_help));
    changed |= input_int(app, T(app, Str::ep), "ep", &s.ep, T(app, Str::ep_help));
    field_label(T(app, Str::sequence_parallel), T(app, Str::sequence_parallel_help));
    changed |= checkbox(app, "##sp", T(app, Str::sequence_parallel), &s.sequence_parallel);
    field_label(T(app, Str::activation_offload), T(app, Str::activation_offload_help));
    changed |= checkbox(app, "##actoff", T(app, Str::activation_offload), &s.activation_offload);

    section(T(app, Str::speed));
    const Estimate& e = shown_estimate(app);
    changed |= percent_slider(app, T(app, Str::utilization), "utilization", &s.utilization, 0.0, 0.9,
                              T(app, Str::card_default), T(app, Str::utilization_help));
    if (s.utilization == 0 && has_result(app))
        text_wrapped_colored(color_dim(),
                             after_label(T(app, Str::used_value), fmt("%.0f%%", e.time.utilization * 100.0)));
    changed |=
        percent_slider(app, T(app, Str::scaling_efficiency), "scaling_efficiency", &s.scaling_efficiency, 0.0,
                       1.0, T(app, Str::default_curve), T(app, Str::scaling_help));
    changed |= input_double(app, T(app, Str::measured_tps), "tokens_per_second_per_gpu",
                            &s.tokens_per_second_per_gpu, "%.6g", T(app, Str::measured_tps_help));

    section(T(app, Str::wall_clock));
    changed |= percent_slider(app, T(app, Str::overhead), "overhead_fraction", &s.overhead_fraction, 0.0, 2.0,
                              nullptr, T(app, Str::overhead_help));
    changed |= input_double(app, T(app, Str::fixed_hours), "fixed_hours", &s.fixed_hours, "%.3g");
    changed |= input_double(app, T(app, Str::upload_gb), "upload_gb", &s.upload_gb, "%.4g",
                            T(app, Str::upload_gb_help), nullptr, &kGB);
    changed |= input_double(app, T(app, Str::upload_mbps), "upload_mbps", &s.upload_mbps, "%.4g", nullptr,
                            nullptr, &kMbps);
    changed |= input_double(app, T(app, Str::download_mbps), "download_mbps", &s.download_mbps, "%.4g",
                            nullptr, nullptr, &kMbps);
    changed |= input_double(app, T(app, Str::checkpoints), "checkpoints", &s.checkpoints, "%.3g");
    changed |= input_double(app, T(app, Str::disk_write), "disk_write_mb_per_s", &s.disk_write_mb_per_s,
                            "%.4g", nullptr, nullptr, &kMBps);

    section(T(app, Str::pilot_run));
    changed |= input_double(app, T(app, Str::pilot_hours), "pilot_hours", &s.pilot_hours, "%.3g",
                            T(app, Str::pilot_help));
    changed |= percent_slider(app, T(app, Str::pilot_fraction), "pilot_fraction", &s.pilot_fraction, 0.001,
                              0.5, nullptr);
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Prices
//-----------------------------------------------------------------------------

// A price that defaults to the catalog's (stored as a negative value): the field shows the
// price the estimate used, and typing replaces it. A negative typed price is not taken: -1 put the
// catalog's back without a word, and -5 was "must be from -1 to 1e9" (the stored default's -1).
static bool price_field(App& app, const char* label, const char* field, double* v, double used,
                        const char* help = nullptr) {
    static constexpr double kRange[2] = {0, 1e9};
    double shown = *v < 0 ? used : *v;
    if (!input_double(app, label, field, &shown, kFormatMoney, help, kRange)) return false;
    *v = shown;
    return true;
}

static bool draw_prices(App& app) {
    Scenario& s = app.scenario;
    const CostResult& c = shown_estimate(app).cost;
    bool changed = false;
    radio_group(app, T(app, Str::currency));
    // A switch converts every amount the visitor has (power, rack, fees, quotes...), not just the
    // catalog's prices: the same numbers read in the other currency flipped rent or buy.
    float first_x = 0;
    for (const Currency to : {Currency::cny, Currency::usd}) {
        const char* name = display_name(to, app.lang); // "CNY ¥", "USD $"
        if (to == Currency::usd) {
            // Beside the first when it fits, else under it: at 360 px "USD $" ran off the edge ("US").
            ImGui::SameLine();
            const float w =
                ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(name).x;
            if (ImGui::GetContentRegionAvail().x < w) {
                ImGui::NewLine();
                ImGui::SetCursorScreenPos(ImVec2(first_x, ImGui::GetCursorScreenPos().y));
            }
        }
        const bool pressed = radio(app, name, s.currency == to);
        if (to == Currency::cny) first_x = ImGui::GetItemRectMin().x;
        if (pressed && s.currency != to) {
            s = in_currency(s, to, *app.catalog);
            changed = true;
        }
    }
    field_error(app, "price.currency");
    bool typed = price_field(app, T(app, Str::price_hourly), "price.hourly", &s.price_hourly, c.price_hourly,
                             T(app, Str::price_help)); // one help for the three
    typed |= price_field(app, T(app, Str::price_daily), "price.daily", &s.price_daily, c.price_daily);
    typed |= price_field(app, T(app, Str::price_monthly), "price.monthly", &s.price_monthly, c.price_monthly);
    if (typed && app.notice_from == NoticeFrom::gpu) clear_notice(app); // "priced from the catalog": no more
    changed |= typed;
    if (s.price_hourly >= 0 || s.price_daily >= 0 || s.price_monthly >= 0) {
        if (button(app, T(app, Str::reset_catalog_prices))) {
            s.price_hourly = s.price_daily = s.price_monthly = -1;
            changed = true;
        }
    } else {
        // Wrapped (and read by screen readers): on a phone it ran past the edge.
        text_wrapped_colored(color_dim(), T(app, Str::prices_from_catalog));
    }
    changed |=
        input_double(app, T(app, Str::min_billed_hours), "min_billed_hours", &s.min_billed_hours, "%.3g");
    changed |= input_double(app, T(app, Str::storage_gb), "storage_gb", &s.storage_gb, "%.4g", nullptr,
                            nullptr, &kGB);
    changed |= input_double(app, T(app, Str::storage_fee_field), "storage_per_gb_month",
                            &s.storage_per_gb_month, "%.3g", nullptr, nullptr, &kMoneyUnit);
    changed |= input_double(app, T(app, Str::traffic_gb), "traffic_gb", &s.traffic_gb, "%.4g", nullptr,
                            nullptr, &kGB);
    changed |= input_double(app, T(app, Str::traffic_fee_field), "traffic_per_gb", &s.traffic_per_gb, "%.3g",
                            nullptr, nullptr, &kMoneyUnit);
    changed |= input_double(app, T(app, Str::cny_per_usd), "cny_per_usd", &s.cny_per_usd, "%.4g",
                            T(app, Str::cny_per_usd_help));
    changed |=
        input_double(app, T(app, Str::budget), "budget", &s.budget, kFormatMoney, T(app, Str::budget_help));
    section(T(app, Str::spot_price_title)); // not the results' "Spot / preemptible": one name, one heading
    changed |=
        input_double(app, T(app, Str::spot_price), "spot_price_hourly", &s.spot_price_hourly, kFormatMoney);
    changed |= input_double(app, T(app, Str::interruptions), "interruptions_per_hour",
                            &s.interruptions_per_hour, "%.3g", T(app, Str::interruptions_help));
    changed |= input_double(app, T(app, Str::checkpoint_interval), "checkpoint_interval_hours",
                            &s.checkpoint_interval_hours, "%.3g");
    changed |= input_double(app, T(app, Str::restart_hours), "restart_hours", &s.restart_hours, "%.3g");
    // Unset (negative) follows the on-demand increment above; the box shows the figure in use.
    double increment = s.spot_min_billed_hours < 0 ? s.min_billed_hours : s.spot_min_billed_hours;
    if (input_double(app, T(app, Str::spot_min_billed_hours), "spot_min_billed_hours", &increment, "%.3g",
                     T(app, Str::spot_min_billed_help))) {
        s.spot_min_billed_hours = increment;
        changed = true;
    }
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] draw_inputs()
//-----------------------------------------------------------------------------

// A collapsing header whose open state lives in `open` (or forced open by app.expand_all).
static bool header(App& app, Str title, const char* id, bool* open) {
    return disclosure(app, fmt("%s###%s", T(app, title), id), T(app, title), open, true);
}

bool draw_inputs(App& app) {
    bool changed = false;
    ImGui::PushID("inputs");
    if (header(app, Str::sec_model, "model", &app.section_open(Section::model))) {
        changed |= draw_model(app);
        changed |= draw_method(app);
    }
    if (header(app, Str::sec_data, "data", &app.section_open(Section::data))) changed |= draw_data(app);
    if (header(app, Str::sec_gpu, "gpu", &app.section_open(Section::gpu))) changed |= draw_gpu(app);
    if (header(app, Str::sec_advanced, "advanced", &app.show_advanced)) changed |= draw_advanced(app);
    if (header(app, Str::sec_prices, "prices", &app.section_open(Section::prices)))
        changed |= draw_prices(app);
    // Embedded on someone's page, files are the host's business unless it asks (#io=1).
    if (app.parts.draw_configs && (!app.embed || app.embed_io) &&
        header(app, Str::sec_configs, "configs", &app.show_configs))
        changed |= app.parts.draw_configs(app);
    ImGui::PopID();
    return changed;
}

} // namespace ui
} // namespace traincalc
