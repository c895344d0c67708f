// traincalc — core/host_ram.cpp
// Host RAM per node, each term recorded as computed (core/terms.h).
//
// Loading, by stack (what each one's loader does):
// - hf (Trainer, LLaMA-Factory, TRL, axolotl) and deepspeed: every rank calls from_pretrained, which
//   (transformers ≥ 4.51) creates the model empty (meta device) and loads the checkpoint into it:
//   one copy per rank (constants.h, kHfLoadCopies; two before 4.51); with ZeRO-3 the zero.Init
//   model is created partitioned and the checkpoint read one shard at a time: at most one shard
//   (kCheckpointShardBytes) per rank.
// - megatron: every rank loads its own tensor/pipeline partition of the checkpoint to CPU
//   (Megatron-LM checkpointing.py, torch.load(..., map_location='cpu')): W ÷ (tp·pp) per rank.
// - torchtitan: the model is built on the meta device and each rank reads only its shards through
//   torch.distributed.checkpoint: the node holds at most its ranks' share, W × ranks ÷ cards.
// - unsloth: one process that streams the checkpoint to the card (device_map): one copy per node.
// - QLoRA, on the stacks that run it through transformers (hf, deepspeed, unsloth): bitsandbytes' 4-bit
//   quantizer gives from_pretrained a device map when none is set (quantizer_bnb_4bit.py,
//   update_device_map: {"": the current device}) and quantizes each weight on its way to the card
//   (create_quantized_param: Params4bit(...).to(target_device)): a rank holds the shard being read.
// Each rank's process holds about 1 GiB of its own (constants.h, kProcessHostBytes), in both phases.
// Training: what offload moved to the host per card (the host_ram term of memory_model.cpp), the
// gradients the CPU optimizer step reads (ZeRO-Offload), Unsloth's offloaded checkpoints and the
// activations activation offload keeps there (act_offload_host; pinned buffers too).
// Offloaded buffers are pinned (page-locked) by default, so they cannot be swapped out: the peak is
// compared with the physical RAM.
//
// Index of this file:
// [SECTION] Host RAM per node
#include "host_ram.h"
#include <algorithm>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Host RAM per node
//-----------------------------------------------------------------------------

// While loading: the checkpoint copies one rank holds (by the stack's loader, see the file's top),
// and the node's ranks together.
template <class C>
static void loading_terms(const Scenario& s, const ModelDerived& md, const Strategy& st, int ranks,
                          HostRamResult& out, Terms* log) {
    const double W = md.download_bytes; // the 16-bit checkpoint, bytes
    {
        C c(log, TermId::host_load_per_rank, "GiB", 1.0 / kGiB);
        // Read one checkpoint shard at a time (constants.h): a smaller checkpoint is one shard.
        const auto shard_at_a_time = [&] {
            if (W > kCheckpointShardBytes)
                c.first("shard", kCheckpointShardBytes, "B");
            else
                c.first("W", W, "B");
        };
        switch (s.stack) {
        case Stack::megatron:
            c.first("W", W, "B");
            if (st.tp > 1) c.div("tp", st.tp);
            if (st.pp > 1) c.div("pp", st.pp);
            break;
        case Stack::torchtitan:
            c.first("W", W, "B");
            if (st.cards > 1) c.div("cards", st.cards);
            break;
        case Stack::unsloth:
            out.load_per_rank = false;
            if (s.method == Method::qlora)
                shard_at_a_time();
            else
                c.first("W", W, "B");
            break;
        default:                                             // hf, deepspeed: from_pretrained per rank
            if (st.zero >= 3 || s.method == Method::qlora) { // zero.Init, or QLoRA's device map
                out.load_copies = 1;
                shard_at_a_time();
            } else {
                out.load_copies = kHfLoadCopies;
                c.first("copies", out.load_copies).mul("W", W, "B");
            }
            break;
        }
        out.load_per_rank_gib = c.done();
    }
    C c(log, TermId::host_load_node, "GiB");
    c.first("per rank", out.load_per_rank_gib, "GiB", TermId::host_load_per_rank);
    if (out.load_per_rank && ranks > 1) c.mul("ranks", ranks);
    out.load_node_gib = c.done();
}

// While training: what offload keeps on the host per rank (states, the gradients the CPU optimizer
// reads, Unsloth's checkpoints) and per node. Returns the log the training terms went to: none
// when nothing is on the host, so the shown work has no lines of zeros.
template <class C>
static Terms* training_terms(const ModelDerived& md, const Strategy& st, const MemoryResult& mem, int ranks,
                             HostRamResult& out, Terms* log) {
    const double to_gib = 1.0 / kGiB;
    double grads = 0, checkpoints = 0;
    if (mem.cpu_ram_gib > 0 && st.offload != Offload::none && md.grads_bytes > 0) {
        C c(log, TermId::host_offload_grads, "GiB", to_gib);
        c.first("N", md.grads_bytes / md.grad_bytes_per_param).mul("B_g", kOffloadGradBytesPerParam, "B");
        if (st.tp > 1) c.div("tp", st.tp);
        if (st.pp > 1) c.div("pp", st.pp);
        if (st.zero >= 1 && st.dp() > 1) c.div("d", st.dp());
        if (st.zero >= 1 && st.cp > 1) c.div("cp", st.cp); // ZeRO shards over d·cp (memory_model.cpp)
        grads = c.done(Place::host);
    }
    if (md.checkpoints_offloaded) {
        // Unsloth keeps each layer's input (2·h bytes per token) in host RAM.
        C c(log, TermId::host_offload_checkpoints, "GiB", to_gib);
        c.first("L", md.layers)
            .mul("s", md.seq_len)
            .mul("b", md.micro_batch)
            .mul("A_in", md.act_input_bytes_per_token_layer, "B");
        checkpoints = c.done(Place::host);
    }
    const double acts = mem.activations_host_gib; // activation offload (memory_model.cpp)
    Terms* const tlog = mem.cpu_ram_gib > 0 || checkpoints > 0 || acts > 0 ? log : nullptr;
    {
        C c(tlog, TermId::host_offload_per_rank, "GiB");
        c.first("states", mem.cpu_ram_gib, "GiB", mem.cpu_ram_gib > 0 ? TermId::host_ram : TermId::none);
        if (grads > 0) c.add("gradients", grads, "GiB", TermId::host_offload_grads);
        if (checkpoints > 0) c.add("checkpoints", checkpoints, "GiB", TermId::host_offload_checkpoints);
        if (acts > 0) c.add("activations", acts, "GiB", TermId::act_offload_host);
        out.offload_per_rank_gib = c.done();
    }
    C c(tlog, TermId::host_offload_node, "GiB");
    c.first("per rank", out.offload_per_rank_gib, "GiB", TermId::host_offload_per_rank);
    if (ranks > 1) c.mul("ranks", ranks);
    out.offload_node_gib = c.done();
    return tlog;
}

// The node's RAM: as given, else the catalog's 8-card node, of which a rental of fewer cards gets
// its share (providers size RAM per card); then the headroom against the peak.
template <class C>
static void node_ram_terms(const Scenario& s, const GpuSpec& g, int ranks, HostRamResult& out, Terms* log) {
    if (s.host_ram_gib > 0) {
        out.available_gib = s.host_ram_gib;
    } else if (g.host_ram_gib > 0) {
        C c(log, TermId::host_available, "GiB");
        c.first("catalog node", g.host_ram_gib, "GiB");
        if (ranks < kCatalogNodeCards) c.mul("ranks", ranks).div("node cards", kCatalogNodeCards);
        out.available_gib = c.done();
    }
    out.known = out.available_gib > 0;
    if (out.known) {
        out.headroom_gib = C(log, TermId::host_headroom, "GiB")
                               .first("node RAM", out.available_gib, "GiB")
                               .sub("peak", out.peak_node_gib, "GiB", TermId::host_peak_node)
                               .done();
        out.fits = out.peak_node_gib <= out.available_gib;
    }
}

// The terms in order; C = Calc records them into a log, FastCalc (no log: the searches) only computes.
template <class C>
static void host_ram_impl(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                          const MemoryResult& mem, HostRamResult& out, Terms* log) {
    out = HostRamResult{};
    const int ranks = std::max(1, std::min(st.cards, s.cards_per_node));
    out.ranks_per_node = ranks;
    loading_terms<C>(s, md, st, ranks, out, log);
    Terms* const tlog = training_terms<C>(md, st, mem, ranks, out, log);
    // Each rank's own process (constants.h, kProcessHostBytes), loading and training alike.
    out.process_node_gib = C(log, TermId::host_process_node, "GiB")
                               .first("ranks", ranks)
                               .mul("process", kProcessHostBytes / kGiB, "GiB")
                               .done();
    // The peak: loading and training do not overlap (the loaded copies go to the cards first).
    const bool loading_peaks = out.load_node_gib >= out.offload_node_gib;
    out.peak_node_gib =
        C(log, TermId::host_peak_node, "GiB")
            .first(loading_peaks ? "loading" : "training",
                   loading_peaks ? out.load_node_gib : out.offload_node_gib, "GiB",
                   loading_peaks || !tlog ? TermId::host_load_node : TermId::host_offload_node)
            .add("processes", out.process_node_gib, "GiB", TermId::host_process_node)
            .done();
    // Per card, what a rental's RAM per card is compared with: states alone ("CPU RAM per card: 44.9
    // GiB") left out the gradients the CPU step reads and the process, 8.5 GiB of a 4090's 53.3.
    out.peak_per_rank_gib =
        C(ranks > 1 && mem.cpu_ram_gib > 0 ? log : nullptr, TermId::host_peak_per_rank, "GiB")
            .first("peak", out.peak_node_gib, "GiB", TermId::host_peak_node)
            .div("ranks", ranks)
            .done();
    node_ram_terms<C>(s, g, ranks, out, log);
}

void host_ram_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                  const MemoryResult& mem, HostRamResult& out, Terms* log) {
    if (log)
        host_ram_impl<Calc>(s, md, g, st, mem, out, log);
    else
        host_ram_impl<FastCalc>(s, md, g, st, mem, out, nullptr);
}

double host_load_floor_per_rank_gib(const Scenario& s, const ModelDerived& md, const Strategy& st) {
    if (s.stack == Stack::torchtitan || s.stack == Stack::unsloth) return 0;
    HostRamResult h;
    loading_terms<FastCalc>(s, md, st, 1, h, nullptr);
    return h.load_per_rank ? h.load_per_rank_gib + kProcessHostBytes / kGiB : 0;
}

bool host_ram_never_fits(const Scenario& s, const GpuSpec& g, double floor_gib, int min_cards) {
    // r ranks each hold at least floor_gib at the peak (host_ram_impl): r × floor ≤ peak.
    if (!(floor_gib > 0)) return false;
    const double margin = 1 + 1e-6; // the searches' own verdicts settle anything this close
    if (s.host_ram_gib > 0) {       // one node's RAM, whatever the ranks: the fewest ranks fit best
        const int fewest = std::max(1, std::min(min_cards, s.cards_per_node));
        return fewest * floor_gib > s.host_ram_gib * margin;
    }
    // The catalog node's share (node_ram_terms): RAM × ranks ÷ 8 below 8 ranks, the node from 8 on, so
    // a rank never gets more than RAM ÷ 8.
    return g.host_ram_gib > 0 && floor_gib > g.host_ram_gib / kCatalogNodeCards * margin;
}

} // namespace detail
} // namespace traincalc
