// traincalc — core/terms.h
// The shown work, recorded where it is computed. Each result term is a formula over named
// operands (symbol, value, unit) joined by + − × ÷ with the usual precedence (a sum of
// products, no parentheses), and its result. The code that computes a term builds it with a
// Calc, whose value IS the result used by the estimate: the shown work cannot drift from the
// arithmetic. explain() only formats these records.
//
// Index of this file:
// [SECTION] Term ids
// [SECTION] Records: Operand, Term, Terms
// [SECTION] Calc: compute a term and record it in one pass
#pragma once
#include <cstddef>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Term ids (explain.cpp holds each id's section and name in English and Chinese)
//-----------------------------------------------------------------------------

enum class TermId : unsigned char {
    none, // an operand that is a literal, not another term's result
    // Compute
    padded_tokens_per_sample,
    tokens_per_epoch,
    tokens,
    flops_model_per_token,
    flops_model,
    flops_rule_of_thumb,
    flops_attention_per_token,
    adapter_width_active_per_layer,
    adapter_params_active,
    flops_executed_per_token,
    flops_executed,
    worked_example_seconds,
    // Memory (per card unless said)
    adapter_width_per_layer,
    adapter_params,
    adapter_bytes_per_param,
    weights_model,
    weights,
    weights_in_flight,
    weights_gathered,
    gradients,
    optimizer,
    adapters,
    act_linear_bytes,
    act_bytes_per_token_layer,
    activations,
    logits,
    memory_subtotal,
    memory_overhead,
    memory_per_gpu,
    host_ram,
    host_load_per_rank,
    host_load_node,
    host_offload_grads,
    host_offload_checkpoints,
    host_offload_per_rank,
    host_offload_node,
    host_process_node,
    host_peak_node,
    host_peak_per_rank,
    host_available,
    host_headroom,
    memory_reserve,
    memory_usable,
    memory_headroom,
    // Time
    peak_tflops,
    bubble_slots,
    pipeline_bubble,
    qlora_overhead_seconds,
    compute_seconds,
    compute_hours,
    throughput,
    implied_utilization,
    effective_tflops,
    overhead_hours,
    upload_hours,
    download_hours,
    checkpoint_hours,
    wall_hours,
    wall_hours_low,
    wall_hours_high,
    pilot_hours,
    gpu_hours,
    // Cost
    storage_fee,
    traffic_fee,
    fees,
    plan_hourly,
    plan_daily,
    plan_monthly,
    plan_mixed,
    cost_per_million_tokens,
    quote_total,
    // Spot / preemptible billing
    spot_exposure,
    spot_interruptions,
    spot_lost_per_interruption,
    spot_lost_first_order,
    spot_billed_hours,
    spot_unused_per_interruption,
    spot_last_unused,
    spot_billed_whole,
    spot_total,
    spot_saving,
    // Inverse questions (core/inverse.h): index 0 at the answer, 1 at one more
    inverse_batch_headroom,
    inverse_seq_headroom,
    inverse_budget_left,
    // Rent versus buy
    depreciation_per_month,
    power_per_month,
    own_per_month,
    rent_per_month,
    fixed_per_month,
    own_at_break_even,
    rent_at_break_even,
    break_even_hours,
    // Objective: preference and RL fine-tuning (method_model in model_math, memory_model, time_model)
    rl_prompts,
    generated_tokens,
    reference_weights,
    reward_weights,
    critic_states,
    kv_bytes_per_token,
    rollout_batch,
    kv_cache,
    engine_weights,
    generation_phase,
    training_phase,
    engine_slice,
    decode_step_memory,
    decode_step_compute,
    decode_seconds,
    prefill_seconds,
    generation_seconds,
    train_seconds,
    // Parallelism (issue 13 item 2): expert, context and sequence parallelism, activation offload
    expert_params,
    expert_weights,
    weights_dense,
    expert_weights_card,
    act_unsplit_bytes,
    act_offload_host,
    math_seconds,
    cp_comm_seconds,
    ep_comm_seconds,
    act_offload_seconds,
    act_offload_exposed,
    // Multimodal: the vision tower and image tokens (model_math, memory_model)
    image_tokens,
    vision_patches,
    sample_tokens,
    images_per_sequence,
    vision_params,
    vision_flops_per_image,
    vision_flops_per_token,
    vision_weights,
    vision_states,
    vision_activations,
    // Interconnect (issue 12 item 3): data- and tensor-parallel communication, the efficiency it gives
    dp_bus_gbps,
    dp_micro_batches,
    dp_comm_bytes,
    dp_comm_seconds,
    dp_comm_window,
    dp_gather_seconds,
    dp_comm_exposed,
    tp_bus_gbps,
    tp_comm_seconds,
    scaling_efficiency,
    scaling_rule_of_thumb,
    // CPU offload's time (time_model offload_terms(), calibrated 2026-12-06)
    offload_cpu_step_seconds,
    offload_fetch_seconds,
    offload_seconds,
    count
};

//-----------------------------------------------------------------------------
// [SECTION] Records
//-----------------------------------------------------------------------------

enum class Op : unsigned char { first, add, sub, mul, div };

// Where a term's bytes live: on the card, or moved to the host by CPU offload.
enum class Place : unsigned char { gpu, host };

// Units are plain ASCII, never holding a digit (a reader, and the tests, find the number).
// kUnitMoney is a marker: the value is formatted in the estimate's currency.
constexpr const char* kUnitMoney = "money";

struct Operand {
    const char* symbol = ""; // "N", "tp", "s"; "" = a literal constant
    double value = 0;
    const char* unit = ""; // "B", "GiB", "FLOPs", "h", kUnitMoney ...
    Op op = Op::first;
    TermId ref = TermId::none; // the term whose result this operand is
};

// A term's operands live in Terms::operands[first, first + count): one pool for the whole
// estimate keeps estimate() at one allocation per vector.
struct Term {
    TermId id = TermId::none;
    Place place = Place::gpu;
    int index = 0; // which one, when an id repeats (provider quotes)
    int first = 0;
    int count = 0;
    // result = value of the operands × scale; scale ≠ 1 only for bytes shown in GiB (1/2^30).
    double scale = 1;
    double result = 0;
    const char* unit = "";
};

struct Terms {
    std::vector<Term> items;       // in the order they were computed
    std::vector<Operand> operands; // every term's operands, in order
    const Term* find(TermId id, int index = 0) const {
        for (const Term& t : items)
            if (t.id == id && t.index == index) return &t;
        return nullptr;
    }
    const Operand& operand(const Term& t, int i) const { return operands[std::size_t(t.first + i)]; }
};

//-----------------------------------------------------------------------------
// [SECTION] Calc
//-----------------------------------------------------------------------------

// Evaluates a sum of products operand by operand and, when Logged and given a log, appends the
// record. Only one Calc per log may be open at a time (its operands must be contiguous).
// FastCalc (Logged = false) is the same arithmetic with no record at all: the strategy searches
// run the very same functions through it, at the speed of plain expressions.
// Calc's steps compile to plain arithmetic (FastCalc) or a few stores (Calc): always inlined,
// since GCC otherwise keeps record() a call per operand.
// The page (TRAINCALC_COMPACT_CALC, CMakeLists.txt) keeps FastCalc inline but makes each step of
// the logged Calc one out-of-line call: ~20 bytes of wasm an operand instead of an inlined record
// (the recorded formulas ran once per estimate; the searches, through FastCalc, keep their speed).
#if defined(__GNUC__) || defined(__clang__)
#define TC_CALC_INLINE inline __attribute__((always_inline))
#define TC_CALC_NOINLINE __attribute__((noinline))
#else
#define TC_CALC_INLINE inline
#define TC_CALC_NOINLINE
#endif
#if defined(TRAINCALC_COMPACT_CALC)
inline constexpr bool kCompactCalc = true;
#else
inline constexpr bool kCompactCalc = false;
#endif

template <bool Logged> class CalcT {
    static constexpr bool kOutOfLine = Logged && kCompactCalc;

  public:
    CalcT(Terms* log, TermId id, const char* unit, double scale = 1.0, int index = 0) {
        if constexpr (kOutOfLine)
            start(log, id, unit, scale, index);
        else
            init(log, id, unit, scale, index);
    }
    TC_CALC_INLINE CalcT& first(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        return step<Op::first>(sym, v, unit, ref);
    }
    TC_CALC_INLINE CalcT& mul(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        return step<Op::mul>(sym, v, unit, ref);
    }
    // A zero divisor gives 0, never NaN or Infinity (validate() rules it out; ranges keep every
    // quotient finite).
    TC_CALC_INLINE CalcT& div(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        return step<Op::div>(sym, v, unit, ref);
    }
    TC_CALC_INLINE CalcT& add(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        return step<Op::add>(sym, v, unit, ref);
    }
    TC_CALC_INLINE CalcT& sub(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        return step<Op::sub>(sym, v, unit, ref);
    }
    // The result; `place` says where the bytes live (memory terms).
    TC_CALC_INLINE double done(Place place = Place::gpu) {
        if constexpr (kOutOfLine)
            return finish(place);
        else
            return result(place);
    }

  private:
    TC_CALC_INLINE void init(Terms* log, TermId id, const char* unit, double scale, int index) {
        scale_ = scale;
        sum_ = 0;
        group_ = 0;
        if constexpr (Logged) {
            log_ = log;
            term_ = 0;
            first_ = 0;
            if (log) open(id, unit, index);
        } else {
            (void)log, (void)id, (void)unit, (void)index;
        }
    }
    template <Op op> TC_CALC_INLINE CalcT& step(const char* sym, double v, const char* unit, TermId ref) {
        if constexpr (kOutOfLine)
            return step_out<op>(sym, v, unit, ref);
        else
            return apply<op>(sym, v, unit, ref);
    }
    template <Op op> TC_CALC_INLINE CalcT& apply(const char* sym, double v, const char* unit, TermId ref) {
        if constexpr (op == Op::first) {
            group_ = v;
        } else if constexpr (op == Op::mul) {
            group_ *= v;
        } else if constexpr (op == Op::div) {
            group_ = v != 0 ? group_ / v : 0.0;
        } else if constexpr (op == Op::add) {
            sum_ += group_;
            group_ = v;
        } else {
            sum_ += group_;
            group_ = -v;
        }
        return record(op, sym, v, unit, ref);
    }
    TC_CALC_INLINE double result(Place place) {
        double r = (sum_ + group_) * scale_;
        if constexpr (Logged)
            if (log_) close(r, place);
        (void)place;
        return r;
    }
    // The compact (page) build's out-of-line steps of the logged Calc.
    TC_CALC_NOINLINE void start(Terms* log, TermId id, const char* unit, double scale, int index) {
        init(log, id, unit, scale, index);
    }
    template <Op op>
    TC_CALC_NOINLINE CalcT& step_out(const char* sym, double v, const char* unit, TermId ref) {
        return apply<op>(sym, v, unit, ref);
    }
    TC_CALC_NOINLINE double finish(Place place) { return result(place); }

    TC_CALC_INLINE CalcT& record(Op op, const char* sym, double v, const char* unit, TermId ref) {
        if constexpr (Logged)
            if (log_ && sym) append(op, sym, v, unit, ref);
        (void)op, (void)sym, (void)v, (void)unit, (void)ref;
        return *this;
    }
    // Logging only; inline: estimate() records ~330 operands, a call each cost a fifth of it.
    TC_CALC_INLINE void open(TermId id, const char* unit, int index) {
        term_ = int(log_->items.size());
        first_ = int(log_->operands.size());
        Term& t = log_->items.emplace_back();
        t.id = id;
        t.index = index;
        t.first = first_;
        t.unit = unit;
        t.scale = scale_;
    }
    // A null symbol (never appended) adds the value without showing it: a zero fee on every plan's line.
    TC_CALC_INLINE void append(Op op, const char* sym, double v, const char* unit, TermId ref) {
        Operand& o = log_->operands.emplace_back();
        o.symbol = sym;
        o.value = v;
        o.unit = unit;
        o.op = int(log_->operands.size()) - 1 == first_ ? Op::first : op; // a leading "+ x" is shown as "x"
        o.ref = ref;
    }
    TC_CALC_INLINE void close(double result, Place place) {
        Term& t = log_->items[std::size_t(term_)];
        t.result = result;
        t.place = place;
        t.count = int(log_->operands.size()) - first_;
    }

    // Set by init() (term_ and first_ also by open()); log_, term_, first_ only when Logged.
    Terms* log_;
    int term_;
    int first_;
    double scale_;
    double sum_;
    double group_;
};

using Calc = CalcT<true>;      // records when given a log (a null log: arithmetic only)
using FastCalc = CalcT<false>; // never records

} // namespace traincalc
