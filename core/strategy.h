// traincalc — core/strategy.h (private to estimate.cpp and compare.cpp)
// The strategy search space, written once: activation recomputation × CPU offload × tensor,
// context and expert parallelism × activation offload × ZeRO stage. estimate()'s "fewest cards" and
// compare_gpus() enumerate the same configurations, so the cards headline, the GPU comparison and remedies()
// cannot disagree about what fits. Every configuration it yields passes validate() once the scenario itself
// does. A count is one the plan runs on: the cards' memory fits and so does the host RAM per node
// (min_cards_for_plan()).
//
// Index of this file:
// [SECTION] The search space
// [SECTION] Fewest cards for one configuration
// [SECTION] Fewest cards for a deadline
#pragma once
#include "host_ram.h"
#include "memory_model.h"
#include "time_model.h"
#include <cmath>
#include <type_traits>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] The search space
//-----------------------------------------------------------------------------

// Activation recomputation levels searched, lightest first: none, selective, full.
constexpr int kSearchLevels = 3;
constexpr Offload kSearchOffloads[] = {Offload::none, Offload::optimizer, Offload::optimizer_params};
constexpr int kSearchOffloadCount = 3, kSearchTpCount = 4, kSearchZeroCount = 4;
// Context- and expert-parallel degrees searched (cp only for long sequences: below kSearchCpMinSeqLen
// tokens the activations are rarely what does not fit, and each degree doubles the search).
constexpr int kSearchCp[] = {1, 2, 4, 8}, kSearchEp[] = {1, 2, 4, 8};
constexpr int kSearchCpCount = 4, kSearchEpCount = 4, kSearchActOffloadCount = 2;
constexpr int kSearchCpMinSeqLen = 8192;
// The most configurations for_each_strategy() visits.
constexpr int kSearchPointsMax = kSearchLevels * kSearchOffloadCount * kSearchTpCount * kSearchCpCount *
                                 kSearchEpCount * kSearchActOffloadCount * kSearchZeroCount;

// One configuration of the search: the choice itself (what the results keep) and where it sits in
// the search arrays (compare_gpus() indexes its pruning table by them).
struct SearchPoint : StrategyChoice {
    int offload_index = 0; // into kSearchOffloads
    int tp_index = 0;      // into kSearchTp (0 when tp is fixed)
    int cp_index = 0;      // into kSearchCp (0 when cp is fixed)
    int ep_index = 0;      // into kSearchEp (0 when ep is fixed)
};

// A searched choice applied to a strategy: its ZeRO stage, tp, cp, ep, sequence parallelism,
// activation offload and offload replace the strategy's (cards and pp stay; recomputation is the
// scenario's, chosen by the caller), so every search site builds its candidate the same way.
inline Strategy with_point(Strategy st, const StrategyChoice& p) {
    st.zero = p.zero;
    st.tp = p.tp;
    st.cp = p.cp;
    st.ep = p.ep;
    st.sp = p.sequence_parallel;
    st.activation_offload = p.activation_offload;
    st.offload = p.offload;
    return st;
}

// True when the recomputation level is worth trying: selective recomputation only drops the
// attention scores, which flash attention never stores (it would cost FLOPs and save nothing).
inline bool level_searched(const Scenario& s, int level) {
    return !(level == int(Checkpointing::selective) && s.flash_attention);
}

// How much slower a configuration trains, roughly: among strategies that fit on equally few cards
// the search keeps the fastest. Full recomputation repeats the forward pass (6 → 8 FLOPs per
// parameter); selective repeats only the attention core; offload moves states over PCIe; context
// and expert parallelism add communication, activation offload PCIe copies (mostly hidden).
inline double strategy_slowdown(const StrategyChoice& p) {
    const double recompute = p.checkpointing == Checkpointing::full        ? 8.0 / 6.0
                             : p.checkpointing == Checkpointing::selective ? 1.01
                                                                           : 1.0;
    const double comm =
        (p.cp > 1 ? 1.02 : 1.0) * (p.ep > 1 ? 1.02 : 1.0) * (p.activation_offload ? 1.05 : 1.0);
    return recompute * offload_slowdown(p.offload) * comm;
}

// Which stacks the search may propose context/expert parallelism and activation offload for: the
// ones that implement them (Megatron-LM/NeMo: all three, Transformer Engine's --cpu-offloading;
// torchtitan: context and expert parallelism; DeepSpeed: expert parallelism, DeepSpeed-MoE). The
// Hugging Face stack and Unsloth get none proposed; a value the scenario sets itself is always tried.
inline bool stack_has_cp(Stack k) {
    return k == Stack::megatron || k == Stack::torchtitan;
}
inline bool stack_has_ep(Stack k) {
    return k == Stack::megatron || k == Stack::torchtitan || k == Stack::deepspeed;
}
inline bool stack_has_act_offload(Stack k) {
    return k == Stack::megatron;
}
// Tensor parallelism beside ZeRO-3's sharded parameters: on the DeepSpeed and Hugging Face stacks TP is
// DeepSpeed AutoTP (what the exports write: LLaMA-Factory has no TP of its own), which trains with ZeRO 0–2
// only (deepspeed.ai/tutorials/autotp-training: "ZeRO Optimization ... Stage 0, 1, or 2"), so the search does
// not propose that pair there (the scenario's own pair is still tried). torchtitan runs it as FSDP2 + TP,
// Megatron with its FSDP.
inline bool stack_has_tp_with_zero3(Stack k) {
    return k == Stack::megatron || k == Stack::torchtitan;
}

// What a for_each_strategy() callback returns (a bool works: false stops, true goes on).
enum SearchStep : int {
    search_stop = 0,
    search_next = 1,
    search_skip_stages = 2, // the configuration's other ZeRO stages need not be visited
};

// Calls f(const SearchPoint&) for each configuration, level outermost, then offload, tp, cp, ep,
// activation offload and ZeRO, simplest first (a caller keeping the first of equals keeps the
// simplest). f returns a SearchStep (or false to stop). Context parallelism from kSearchCpMinSeqLen tokens,
// and each of cp, ep and activation offload only on a stack that has it (above). A field the scenario fixes
// (Scenario::fixed) takes only the scenario's value; sequence parallelism is searched on (it only lowers
// memory: its reduce-scatter and all-gather move what TP's all-reduce moved) unless fixed. Only what
// validate() accepts: tp divides the heads and the key/value heads, cp the sequence length, ep the experts
// (MoE only), tp·pp·cp·ep ≤ max_cards; optimizer offload with ZeRO ≥ 1 (DeepSpeed); parameter offload with
// ZeRO-3.
// One copy of the loop nest for every caller (each search's callback reaches it through a function
// pointer): a template per callback put the whole nest into the page once per search.
// Each dimension's allowed values are listed once, before the nest: the nest then spins only over
// them (it spun over every value of every dimension, a tenth of a 7B estimate's instructions).
struct SearchValue {
    int value = 0; // the degree (tp, cp, ep) or the flag (activation offload)
    int index = 0; // into its kSearch* array (0 when the scenario fixes it)
};
struct SearchValues {
    SearchValue items[4];
    int count = 0;
    void add(int value, int index) { items[count++] = SearchValue{value, index}; }
};
inline void for_each_strategy_erased(const Scenario& s, const ModelDerived& md, int max_cards,
                                     int (*visit)(void* ctx, const SearchPoint& p), void* ctx) {
    auto fixed = [&](unsigned bit) { return (s.fixed & bit) != 0; };
    SearchValues tps, cps, eps, aoffs;
    for (int ti = 0; ti < (fixed(fix_tp) ? 1 : kSearchTpCount); ti++) {
        const int tp = fixed(fix_tp) ? s.tp : kSearchTp[ti];
        if (md.heads % tp == 0 && md.kv_heads % tp == 0 && tp * s.pp <= max_cards) tps.add(tp, ti);
    }
    for (int ci = 0; ci < (fixed(fix_cp) ? 1 : kSearchCpCount); ci++) {
        const int cp = fixed(fix_cp) ? s.cp : kSearchCp[ci];
        if (!fixed(fix_cp) && cp > 1 && cp != s.cp &&
            (s.seq_len < kSearchCpMinSeqLen || !stack_has_cp(s.stack)))
            continue;
        if (s.seq_len % cp == 0) cps.add(cp, ci);
    }
    for (int ei = 0; ei < (fixed(fix_ep) ? 1 : kSearchEpCount); ei++) {
        const int ep = fixed(fix_ep) ? s.ep : kSearchEp[ei];
        if (ep > 1 && (md.experts <= 0 || md.experts % ep != 0)) continue;
        if (!fixed(fix_ep) && ep > 1 && ep != s.ep && !stack_has_ep(s.stack)) continue;
        eps.add(ep, ei);
    }
    for (int ai = 0; ai < kSearchActOffloadCount; ai++) {
        const bool aoff = ai == 1;
        if (fixed(fix_activation_offload) && aoff != s.activation_offload) continue;
        if (aoff && !s.activation_offload && !stack_has_act_offload(s.stack)) continue;
        aoffs.add(ai, ai);
    }
    SearchPoint p;
    p.sequence_parallel = fixed(fix_sequence_parallel) ? s.sequence_parallel : true;
    for (int level = 0; level < kSearchLevels; level++) {
        if (fixed(fix_checkpointing) ? level != int(s.checkpointing) : !level_searched(s, level)) continue;
        p.checkpointing = Checkpointing(level);
        for (int oi = 0; oi < kSearchOffloadCount; oi++) {
            const Offload off = kSearchOffloads[oi];
            if (fixed(fix_offload) && off != s.offload) continue;
            p.offload = off;
            p.offload_index = oi;
            // Optimizer offload needs ZeRO ≥ 1 (DeepSpeed), parameter offload ZeRO-3.
            const int z_min = off == Offload::optimizer ? 1 : off == Offload::optimizer_params ? 3 : 0;
            for (int t = 0; t < tps.count; t++) {
                p.tp = tps.items[t].value;
                p.tp_index = tps.items[t].index;
                for (int c = 0; c < cps.count; c++) {
                    p.cp = cps.items[c].value;
                    p.cp_index = cps.items[c].index;
                    if (double(p.tp) * s.pp * p.cp > max_cards) continue;
                    for (int e = 0; e < eps.count; e++) {
                        p.ep = eps.items[e].value;
                        p.ep_index = eps.items[e].index;
                        if (double(p.tp) * s.pp * p.cp * p.ep > max_cards) continue;
                        for (int a = 0; a < aoffs.count; a++) {
                            p.activation_offload = aoffs.items[a].value == 1;
                            for (int z = z_min; z < kSearchZeroCount; z++) {
                                if (fixed(fix_zero) && z != s.zero) continue;
                                if (z == 3 && p.tp > 1 && !stack_has_tp_with_zero3(s.stack) &&
                                    !(s.zero == 3 && s.tp == p.tp))
                                    continue; // AutoTP with ZeRO-3 does not train (above)
                                p.zero = z;
                                const int step = visit(ctx, p);
                                if (step == search_stop) return;
                                if (step == search_skip_stages) break;
                            }
                        }
                    }
                }
            }
        }
    }
}

template <class F> void for_each_strategy(const Scenario& s, const ModelDerived& md, int max_cards, F&& f) {
    using Fn = std::remove_reference_t<F>;
    for_each_strategy_erased(
        s, md, max_cards, [](void* ctx, const SearchPoint& p) { return int((*static_cast<Fn*>(ctx))(p)); },
        const_cast<void*>(static_cast<const void*>(&f)));
}

//-----------------------------------------------------------------------------
// [SECTION] Fewest cards for one configuration
//-----------------------------------------------------------------------------

// Memory per card for st, with its activations given when the caller has them (activations_for()).
inline void memory_with(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                        const Activations* acts, MemoryResult& out) {
    if (acts)
        memory_for(s, md, g, st, *acts, out);
    else
        memory_for(s, md, g, st, out);
}

// Smallest card count (a multiple of tp·pp·cp·ep, ≤ max_cards) at which the strategy fits the cards'
// memory; 0 = none. Memory is affine in 1/d, M(d) = A + B/d, so d is solved for directly and then
// confirmed. `at`, when given, receives the memory at the answer.
inline int min_cards_for_memory(const Scenario& s, const ModelDerived& md, const GpuSpec& g, Strategy st,
                                int max_cards = kMaxCards, const Activations* acts = nullptr,
                                MemoryResult* at = nullptr) {
    const int mp = st.unit();
    if (mp > max_cards) return 0;
    MemoryResult m1, m2;
    st.cards = mp;
    memory_with(s, md, g, st, acts, m1);
    if (m1.fits) {
        if (at) *at = m1;
        return mp;
    }
    st.cards = 2 * mp;
    memory_with(s, md, g, st, acts, m2);
    const double B = 2.0 * (m1.per_gpu_gib - m2.per_gpu_gib);
    const double A = m1.per_gpu_gib - B;
    const double usable = m1.usable_gib;
    if (!(B > 1e-12) || !(usable > A)) return 0;
    const double d_need = std::ceil(B / (usable - A) - 1e-9);
    const int d_max = max_cards / mp;
    if (!(d_need <= d_max)) return 0;
    // Confirm against rounding (one step at most).
    for (int d = d_need < 1 ? 1 : int(d_need); d <= d_max; d++) {
        st.cards = d * mp;
        MemoryResult mr;
        memory_with(s, md, g, st, acts, mr);
        if (mr.fits) {
            if (at) *at = mr;
            return st.cards;
        }
        if (d > int(d_need) + 2) break;
    }
    return 0;
}

// True when the host RAM per node can rule a plan out: the node's RAM is known (the scenario's,
// else the card's catalog node).
inline bool host_ram_known(const Scenario& s, const GpuSpec& g) {
    return s.host_ram_gib > 0 || g.host_ram_gib > 0;
}

// True when st's host RAM per node fits the node (or the node's RAM is unknown); `mem` is
// memory_for() of st (its offloaded states and activations).
inline bool host_ram_fits(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                          const MemoryResult& mem) {
    if (!host_ram_known(s, g)) return true;
    HostRamResult h;
    host_ram_for(s, md, g, st, mem, h);
    return h.fits;
}

// Smallest count ≥ from_cards (a multiple of mp, ≤ max_cards) for which runs(cards) holds; 0 = none.
// `runs` is the plan's verdict at a count whose cards' memory fits from there on (it never grows with
// d). The host RAM per node can grow while the ranks fill a node (ranks × a peak per rank, against a
// node whose RAM the scenario fixes), and never after: from a full node on the ranks are fixed and
// the peak per rank is ÷ d or constant (host_ram.cpp). So counts below a full node are tried one by
// one and the rest bisected.
template <class Runs>
int first_count_that_runs(int mp, int from_cards, int max_cards, int cards_per_node, Runs&& runs) {
    const int d_max = max_cards / mp;
    int d = std::max(1, (from_cards + mp - 1) / mp);
    for (; d <= d_max && d * mp < cards_per_node; d++)
        if (runs(d * mp)) return d * mp;
    if (d > d_max || !runs(d_max * mp)) return 0;
    int lo = d - 1, hi = d_max; // lo does not run (or is below from_cards), hi does
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (runs(mid * mp) ? hi : lo) = mid;
    }
    return hi * mp;
}

// Smallest card count ≥ from_cards (a multiple of tp·pp·cp·ep, ≤ max_cards) at which the plan can
// run: it fits the cards' memory and the host RAM per node (host_ram_fits()); 0 = none.
inline int min_cards_for_plan_from(const Scenario& s, const ModelDerived& md, const GpuSpec& g, Strategy st,
                                   int from_cards, int max_cards, const Activations* acts = nullptr) {
    MemoryResult m;
    const MemoryResult nothing_offloaded;
    return first_count_that_runs(st.unit(), from_cards, max_cards, s.cards_per_node, [&](int cards) {
        st.cards = cards;
        // Loading the model alone (nothing offloaded yet) is a lower bound that needs no memory_for().
        if (!host_ram_fits(s, md, g, st, nothing_offloaded)) return false;
        memory_with(s, md, g, st, acts, m);
        return m.fits && host_ram_fits(s, md, g, st, m);
    });
}

// Smallest card count at which the plan can run (min_cards_for_plan_from()), looked for up to
// plan_max_cards (0: max_cards; a search needs no count above its bound). `memory_only`, when given,
// receives the count the cards' memory alone allows up to max_cards (min_cards_for_memory()): more
// cards, or none, is the host RAM's doing.
inline int min_cards_for_plan(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                              int max_cards = kMaxCards, const Activations* acts = nullptr,
                              int* memory_only = nullptr, int plan_max_cards = 0) {
    if (plan_max_cards <= 0) plan_max_cards = max_cards;
    MemoryResult m;
    const int n = min_cards_for_memory(s, md, g, st, max_cards, acts, &m);
    if (memory_only) *memory_only = n;
    if (n == 0 || n > plan_max_cards) return 0;
    if (!host_ram_known(s, g)) return n;
    Strategy on = st;
    on.cards = n;
    if (host_ram_fits(s, md, g, on, m)) return n;
    return min_cards_for_plan_from(s, md, g, st, n + st.unit(), plan_max_cards, acts);
}

// True when the strategy fits on some count below `bound` (memory never grows with d, so the
// largest multiple of tp·pp under the bound decides): one evaluation prunes most of a search.
// `at`, when given, receives that evaluation (left as it was when no count is below the bound).
inline bool fits_below(const Scenario& s, const ModelDerived& md, const GpuSpec& g, Strategy st, int bound,
                       const Activations* acts = nullptr, MemoryResult* at = nullptr) {
    const int mp = st.unit();
    const int d = (bound - 1) / mp;
    if (d < 1) return false;
    st.cards = d * mp;
    MemoryResult local;
    MemoryResult& m = at ? *at : local;
    memory_with(s, md, g, st, acts, m);
    return m.fits;
}

//-----------------------------------------------------------------------------
// [SECTION] Fewest cards for a deadline
//-----------------------------------------------------------------------------

// st's whole wall clock in hours: its compute, then what wall_clock() adds (time_model.h).
inline double wall_hours_for(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                             const Strategy& st) {
    const double sec = compute_seconds(s, md, ti, st, nullptr, nullptr);
    TimeResult t;
    wall_clock(s, md, sec / kSecondsPerHour, t);
    return t.wall_hours;
}

// The wall clock is affine in the compute hours (overhead ∝ compute, the rest fixed): two
// evaluations of wall_clock() itself give the line, so a search times only the compute.
struct WallLine {
    double fixed_h = 0, per_compute_h = 1;
    double at(double compute_seconds) const {
        return fixed_h + per_compute_h * compute_seconds / kSecondsPerHour;
    }
};
inline WallLine wall_line(const Scenario& s, const ModelDerived& md) {
    TimeResult t0, t1;
    wall_clock(s, md, 0.0, t0);
    wall_clock(s, md, 1.0, t1);
    return WallLine{t0.wall_hours, t1.wall_hours - t0.wall_hours};
}

// st's whole wall clock read off its level's line, or from wall_clock() itself (wall_hours_for())
// where the line's rounding could put it on the other side of a limit it is compared with: every
// comparison with `limit_a` or `limit_b` is then wall_clock()'s (a deadline equal to a plan's wall
// clock to the bit is met by it).
inline double wall_hours_near(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                              const Strategy& st, const WallLine& line, double limit_a, double limit_b) {
    const double w = line.at(compute_seconds(s, md, ti, st, nullptr, nullptr));
    const double near = 1e-12 * w; // the line's rounding is a few ulps
    if (std::fabs(w - limit_a) > near && std::fabs(w - limit_b) > near) return w;
    return wall_hours_for(s, md, ti, st);
}

// A count found for a deadline and its whole wall clock (cards 0: none).
struct DeadlineCards {
    int cards = 0;
    double wall_hours = 0;
};

// Smallest count in [min_cards, max_cards] (a multiple of tp·pp·cp·ep) whose wall clock meets the
// deadline (deadline_cards() confirms the plan still runs there). From the fewest up by doubling,
// then bisected between the last count that missed and the first that met: most plans meet their
// deadline on the count they fit on or a few doublings above it. Wall time falls with the cards
// wherever compute hides most of the communication (NVLink cards and their networks:
// tests/test_time_model.cpp), so the answer is exact there; where communication dominates (PCIe
// cards, short steps) two cards can be slower than one, and the count returned meets the deadline.
// The answer is confirmed with the whole wall clock (the line's rounding), which is returned too.
inline DeadlineCards cards_for_deadline(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                                        Strategy st, int min_cards, int max_cards = kMaxCards,
                                        const WallLine* line = nullptr) {
    const int mp = st.unit();
    if (min_cards <= 0 || mp <= 0) return {};
    const int d_max = max_cards / mp;
    int hi = std::max(1, min_cards / mp);
    if (hi > d_max) return {};
    const WallLine w = line ? *line : wall_line(s, md); // the same for every card and strategy
    auto meets = [&](int d) {
        st.cards = d * mp;
        return wall_hours_near(s, md, ti, st, w, s.deadline_hours, s.deadline_hours) <= s.deadline_hours;
    };
    int lo = hi - 1; // the most that missed (below the fewest: none tried)
    while (!meets(hi)) {
        if (hi == d_max) return {};
        lo = hi;
        hi = hi > d_max / 2 ? d_max : hi * 2;
    }
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (meets(mid) ? hi : lo) = mid;
    }
    for (int step = 0; step < 3 && hi <= d_max; step++, hi++) {
        st.cards = hi * mp;
        const double wall = wall_hours_for(s, md, ti, st);
        if (wall <= s.deadline_hours) return {hi * mp, wall};
    }
    return {};
}

// Cards for the deadline on which the plan also runs: the host RAM per node can grow with the
// ranks while they fill a node, so the count the wall clock asks for is confirmed by `runs(cards)`,
// and when its node runs out of RAM, the next count that runs is taken if it still meets the
// deadline. compare_gpus() passes its memory lines' verdict and each level's wall line (computed
// once, not once a card and strategy); the other searches, the cards' memory and host_ram_fits().
// `runs` is asked only from min_cards on, where the cards' memory fits.
template <class Runs>
DeadlineCards deadline_cards_if(const Scenario& s, const ModelDerived& md, const GpuSpec& g,
                                const TimeInputs& ti, const Strategy& st, int min_cards, int max_cards,
                                Runs&& runs, const WallLine* line = nullptr) {
    const DeadlineCards n = cards_for_deadline(s, md, ti, st, min_cards, max_cards, line);
    if (n.cards == 0 || !host_ram_known(s, g) || runs(n.cards)) return n;
    Strategy on = st;
    on.cards = first_count_that_runs(st.unit(), n.cards, max_cards, s.cards_per_node, runs);
    if (on.cards == 0) return {};
    const double wall = wall_hours_for(s, md, ti, on);
    return wall <= s.deadline_hours ? DeadlineCards{on.cards, wall} : DeadlineCards{};
}
// `acts` and `line`, when the caller has them, are st's activations and its level's wall line.
inline DeadlineCards deadline_cards(const Scenario& s, const ModelDerived& md, const GpuSpec& g,
                                    const TimeInputs& ti, const Strategy& st, int min_cards,
                                    int max_cards = kMaxCards, const Activations* acts = nullptr,
                                    const WallLine* line = nullptr) {
    return deadline_cards_if(
        s, md, g, ti, st, min_cards, max_cards,
        [&](int cards) {
            Strategy on = st;
            on.cards = cards;
            MemoryResult m;
            memory_with(s, md, g, on, acts, m);
            return m.fits && host_ram_fits(s, md, g, on, m);
        },
        line);
}

} // namespace detail
} // namespace traincalc
