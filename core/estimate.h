// traincalc — core/estimate.h
// What the arithmetic answers: compute, memory, time, cards, cost, warnings.
// estimate() does no string formatting; it allocates the warnings and the term records (one
// reserve) and copies the scenario, so the page can run it for every GPU × card count in well
// under a millisecond. The Estimate carries the scenario it answered and the shown work (terms).
//
// Index of this file:
// [SECTION] Result structs
// [SECTION] Warnings
// [SECTION] estimate()
#pragma once
#include "scenario.h"
#include "terms.h"
#include <string>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Result structs (all finite: never NaN or Infinity)
//-----------------------------------------------------------------------------

struct FlopsResult {
    double tokens = 0;             // D: tokens processed (per-epoch tokens × epochs)
    double model = 0;              // model FLOPs, (6·N_act + 12·L·h·s)·D  (PaLM MFU)
    double rule_of_thumb = 0;      // 6·N·D (MoE: 6·N_act·D)
    double executed = 0;           // what the cards execute (method, recomputation)
    double per_token_executed = 0; // executed / D
    double params = 0;             // N
    double active_params = 0;      // N_act
    double trainable_params = 0;   // N_t (LoRA: adapters only)
    double padded_tokens_per_sample =
        0;                    // samples not packed: tokens each costs, padding included; 0 = packed
    double padding_waste = 0; // share of processed tokens that are padding (0 when packed)
};

struct MemoryResult { // per GPU, GiB
    double weights_gib = 0;
    double gradients_gib = 0;
    double optimizer_gib = 0;
    double adapters_gib = 0; // LoRA/QLoRA adapter weights + their grads/states
    double activations_gib = 0;
    double activations_host_gib = 0; // activation offload: stored activations moved to host RAM
    double expert_weights_gib = 0;   // expert parallelism: routed experts' weights per card (in weights_gib;
                                     // 0 when ep = 1 or ZeRO-3 shards them with the rest)
    double logits_gib = 0;           // s·b·V·B_logits: logits and loss, by loss implementation
    double gathered_gib = 0;         // ZeRO-3/FSDP: the layers all-gathered in flight (this and the next)
    double reference_gib = 0;        // DPO/KTO/GRPO/PPO frozen reference (full fine-tuning only)
    double reward_gib = 0;           // PPO reward model
    double critic_gib = 0;           // PPO value model's states (as the policy's)
    double vision_gib = 0;           // vision tower: weights, its trained states, activations (multimodal)
    double kv_cache_gib = 0;         // GRPO/PPO: rollouts' KV cache per engine card
    double generation_gib = 0;       // GRPO/PPO: engine weights + KV cache per engine card
    double engine_slice_gib = 0;     // colocated engine's reserved slice held through training
    bool generation_peak = false; // colocated RL: generation_gib, not activations + logits, is in the total
    double overhead_gib = 0;      // CUDA context, workspaces, fragmentation margin
    double per_gpu_gib = 0;       // sum of the above
    double capacity_gib = 0;      // the card's nominal memory
    double usable_gib = 0;        // capacity less what the driver keeps
    double headroom_gib = 0;      // usable - per_gpu (negative: does not fit)
    double cpu_ram_gib = 0;       // host memory needed for offloaded states (per node... per GPU)
    bool fits = false;
};

// The parts per_gpu_gib sums, in its formula's order: what the memory bar draws and its legend
// names. A part that is zero, or not in the total (training's activations when the generation
// phase is the peak), is left out, so the shares always add up to per_gpu_gib.
enum class MemoryPart : std::uint8_t {
    weights,
    gathered,
    gradients,
    optimizer,
    adapters,
    reference,
    reward,
    critic,
    vision,
    activations,
    logits,
    generation,
    engine,
    overhead,
    count
};
struct MemoryShare {
    MemoryPart part = MemoryPart::weights;
    double gib = 0;
};
struct MemoryShares {
    MemoryShare items[static_cast<int>(MemoryPart::count)];
    int count = 0;
};
MemoryShares memory_parts(const MemoryResult& m);

// Host (CPU) RAM per node: the peak while loading the model (each rank loads its copy, or once per
// node, as the stack does it) and while training (what offload keeps on the host), against the
// node's RAM (the scenario's host_ram_gib, else the card's catalog figure; 0 = unknown).
struct HostRamResult {
    int ranks_per_node = 1;       // min(cards, cards_per_node)
    bool load_per_rank = true;    // each rank loads (HF, DeepSpeed, Megatron); false = once per node
    double load_copies = 1;       // copies a rank holds while loading (HF: 1 since transformers 4.51)
    double load_per_rank_gib = 0; // while loading, per rank
    double load_node_gib = 0;     // while loading, the node
    double offload_per_rank_gib =
        0; // while training: offloaded states + their gradients + offloaded checkpoints
    double offload_node_gib = 0;
    double process_node_gib = 0; // the ranks' own processes (interpreter, libraries), the node
    double peak_node_gib = 0;    // the larger of the two, plus the processes' own
    double peak_per_rank_gib =
        0;                    // peak_node_gib ÷ ranks: what a card's process needs of the host at the peak
    double available_gib = 0; // the node's RAM; 0 = unknown
    double headroom_gib = 0;  // available − peak (when known)
    bool known = false;       // available_gib > 0
    bool fits = true;         // peak ≤ available (true when unknown)
};

struct TimeResult {              // hours
    double compute_hours = 0;    // pure compute, bubble included (GRPO/PPO: training + generation)
    double generation_hours = 0; // GRPO/PPO: rollout generation (prefill + decode); 0 otherwise
    double wall_hours = 0;       // expected wall clock
    double wall_hours_low = 0;
    double wall_hours_high = 0;
    double overhead_hours = 0; // proportional overhead
    double fixed_hours = 0;    // set-up and debugging
    double upload_hours = 0;
    double download_hours = 0;
    double checkpoint_hours = 0;
    double pilot_extrapolated_hours = 0; // pilot × total/pilot × 1.5; 0 = no pilot given
    double pipeline_bubble = 1;          // (m+p-1)/m
    double utilization = 0;              // used (given, default, or implied by measured throughput)
    double scaling_efficiency = 0;       // used
    double effective_tflops_per_gpu = 0; // peak × utilization
    double peak_tflops = 0;              // dense 16-bit or FP8 peak used
};

// Each count is one at which the plan runs: it fits the cards' memory and, when the node's RAM is
// known, the host RAM per node (the loading peak, CPU offload).
struct CardsResult {
    int min_for_memory = 0;       // smallest count that runs with the scenario's strategy; 0 = none ≤ 65536
    int min_for_memory_only = 0;  // the same by the cards' memory alone (below min_for_memory: host RAM)
    int min_for_memory_any = 0;   // smallest count with the best recomputation/ZeRO/offload/TP choice
    StrategyChoice best_strategy; // the strategy that achieves min_for_memory_any
    int for_deadline = 0;         // cards to finish within deadline_hours; 0 = no deadline or impossible
    int for_deadline_any = 0;     // the fewest with any searched strategy (≤ for_deadline when that is > 0)
    StrategyChoice deadline_strategy; // the strategy that achieves for_deadline_any
    StrategySpan searched;            // what the search for min_for_memory_any tried (complete when it is 0)
    // Fewer cards than min_for_memory_any (or any, when that is 0) that the cards' memory alone
    // allows, with the strategy, and the host RAM per node that rules them out; 0 = none.
    int memory_only_cards = 0;
    StrategyChoice memory_only_strategy;
    HostRamResult memory_only_host;
};

// enum class Plan { hourly, daily, monthly, mixed }: declared with its spellings in enums.inc.

struct PlanCost {
    Plan plan = Plan::hourly;
    bool available = false; // false when the price is not offered
    double units = 0;       // billed hours/days/months per card (whole units)
    double total = 0;       // all cards, fees included
};

struct CostResult {
    Currency currency = Currency::cny;
    Plan best_plan = Plan::hourly;
    bool priced = false; // some plan has a rental price; false: the cost is unknown, not ¥0
    double total = 0;    // best plan, fees included
    PlanCost plans[4];   // hourly, daily, monthly, cheapest mix
    double storage = 0;  // storage fee for the rental period
    double traffic = 0;
    double per_million_tokens = 0; // total / (D / 1e6)
    double gpu_hours = 0;          // cards × wall hours
    double price_hourly = 0;       // prices used (after catalog defaults and currency)
    double price_daily = 0;
    double price_monthly = 0;
};

// Spot / preemptible cards: Poisson interruptions at rate λ, work saved every τ hours (the whole
// run W when there are no checkpoints), R hours to restart. Each τ of work takes in expectation
// (1/λ + R)·(e^{λτ} − 1) hours (the renewal argument for restart-from-checkpoint), so the run bills
// H = W/τ · (1/λ + R)·(e^{λτ} − 1): about W·(1 + λ·(τ/2 + R)) when interruptions within τ are rare,
// and growing exponentially in W without checkpoints. Billed in increments of c hours, each
// interrupted instance pays its last increment whole: c/(1 − e^{−λc}) − 1/λ hours unused on average
// (instance lifetimes are exponential; ≈ c/2 when λc is small), and the last instance its own.
struct SpotResult {
    bool used = false;                        // a spot price was given
    double segment_hours = 0;                 // τ used: the checkpoint interval, or the whole run W
    double interruptions = 0;                 // expected interruptions over the run
    double lost_per_interruption_hours = 0;   // expected work lost + restart per interruption (≈ τ/2 + R)
    double hours = 0;                         // expected hours on the instances per card (H)
    double increment_hours = 0;               // c: the spot billing increment used; 0 = by the second
    double unused_per_interruption_hours = 0; // an interrupted instance's last increment, part unused
    double billed_hours = 0;                  // expected hours billed per card: H + unused increments
    double total = 0;                         // billed × spot price × cards + fees
    double on_demand_total = 0;               // the best on-demand plan (CostResult::total)
    bool on_demand_priced = false;            // the card has an on-demand price to compare with
    double saving = 0;                        // on-demand − spot (negative: spot costs more); 0 unpriced
};

struct BuyResult {
    double own_per_month = 0;   // per card: depreciation + power + rack + ops
    double power_per_month = 0; // per card at hours_per_month_used
    double depreciation_per_month = 0;
    double rent_per_month = 0;             // per card renting the same hours (cheapest plan)
    double break_even_hours_per_month = 0; // above this, owning is cheaper; 0 = never
    bool buying_cheaper = false;
    bool purchase_known = false; // a purchase price > 0 exists; false = "unknown", never "buy"
    bool rent_known = false;     // a rental price > 0 exists; false = "unknown", never "rent"
};

struct QuoteResult {
    bool used = false;
    double billed_hours = 0;
    double total = 0;
};

//-----------------------------------------------------------------------------
// [SECTION] Warnings: a code and the numbers; text comes from explain.h
//-----------------------------------------------------------------------------

enum class WarningCode {
    no_bf16,                  // bf16 on a card below compute capability 8.0
    no_fp8,                   // fp8 on a card below 8.9 (or without an FP8 rate)
    pcie_scaling,             // multi-card on a PCIe-only card
    seq_over_context,         // seq_len above the model's context
    impossible_throughput,    // measured tokens/s implies > 75% of peak
    memory_nearly_full,       // headroom below 5% of usable
    does_not_fit,             // per-GPU memory above usable
    fixed_overhead_dominates, // fixed hours larger than compute
    deadline_impossible,      // no card count meets the deadline
    cards_not_divisible,      // unused since validate() requires cards to be a multiple of tp·pp
    qlora_needs_lora_rank,    // reserved
    offload_slow,             // CPU offload: compute slowed by PCIe transfers
    fp32_slow,                // fp32 training runs at a fraction of the tensor rate
    unverified_gpu,           // figures for this card are unverified
    zero_single_rank,         // ZeRO ≥ 1 with one data-parallel rank: shards nothing
    host_ram_short,           // the node's peak host RAM (loading or offload) above its RAM
    padding_waste,            // samples not packed: the share of processed tokens that are padding
    pilot_disagrees,          // the measured pilot extrapolates to over 2× (or under ½) the wall clock
    batch_over_epoch,         // one optimizer step takes more sequences than an epoch holds
    misses_deadline,          // the plan as set ends after the deadline (value: wall hours; limit: deadline)
    over_budget,              // the plan as set costs more than the budget (value: cost; limit: budget)
    count
};

struct Warning {
    WarningCode code;
    double value = 0; // the offending number (e.g. implied utilization)
    double limit = 0; // the limit it crossed
};

//-----------------------------------------------------------------------------
// [SECTION] estimate()
//-----------------------------------------------------------------------------

struct Estimate {
    bool ok = false; // false when errors is non-empty; the rest is zero
    std::vector<FieldError> errors;
    Scenario scenario; // the inputs this estimate answered (explain() shows these)
    Terms terms;       // every result's formula and operands, as computed
    ModelSpec model;   // resolved model
    GpuSpec gpu;       // resolved card
    FlopsResult flops;
    MemoryResult memory;
    HostRamResult host;
    TimeResult time;
    CardsResult cards;
    CostResult cost;
    BuyResult buy;
    QuoteResult quotes[3];
    SpotResult spot;
    double throughput_tokens_per_second_per_gpu = 0;
    double gpu_hours = 0;
    std::vector<Warning> warnings;
};

// Calls validate(s, catalog) first: invalid input gives ok = false and its errors, nothing else.
Estimate estimate(const Scenario& s, const Catalog& catalog);

// True when the estimate raised this warning (e.g. no_bf16: the card cannot run bf16).
bool has_warning(const Estimate& e, WarningCode code);

// Its JSON: estimate_to_json() in json_write.h.

} // namespace traincalc
