// traincalc — core/host_ram.h (private to core/*.cpp)
// Host (CPU) RAM per node: the peak while the ranks load the model, as each training stack loads
// it, and while training, what CPU offload keeps on the host; the verdict against the node's RAM.
//
// Index of this file:
// [SECTION] Host RAM per node
#pragma once
#include "memory_model.h"

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Host RAM per node
//-----------------------------------------------------------------------------

// Fills `out` for the scenario's strategy; `mem` is memory_for() of that strategy (its host_ram
// term: the offloaded states per card). With a log, each term is recorded.
void host_ram_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                  const MemoryResult& mem, HostRamResult& out, Terms* log = nullptr);

// What each rank of st holds while loading, whatever the count, with its own process (GiB): on the
// stacks that load per rank a count-independent copy or partition (hf, deepspeed, megatron); 0 on the
// others (torchtitan's load shrinks with the cards, Unsloth's is one copy per node).
double host_load_floor_per_rank_gib(const Scenario& s, const ModelDerived& md, const Strategy& st);

// True when a plan whose ranks each hold `floor_gib` (host_load_floor_per_rank_gib()) cannot load on any
// count from min_cards on: the node's RAM (the scenario's, or the catalog node's share) holds fewer. A
// sufficient test only (false says nothing), with a margin, so a search may skip a configuration's host
// RAM search on it and lose nothing: compare_gpus() does, for a 235B MoE's ranks that load 438 GiB each.
bool host_ram_never_fits(const Scenario& s, const GpuSpec& g, double floor_gib, int min_cards);

} // namespace detail
} // namespace traincalc
