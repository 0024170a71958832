//===- Thread.h - The per-thread model: loops and their trip counts -------===//
//
// The Thread stage (docs/design.md): per basic block and per loop lat, del and
// trip. This part gives every loop of a kernel its name and its trip count as
// an expression. docs/model.md defines "trip"; test/Thread has the tests.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_THREAD_H
#define KERNELTIME_THREAD_H

#include "KernelTime/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/CycleInfo.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace ktime {

/// What KernelTime knows about one loop.
struct LoopTrip {
  const llvm::Loop *TheLoop = nullptr;
  /// "loop<N>", N its 1-based preorder index (outer loops before inner
  /// ones, siblings in the order of their headers); in a function that is
  /// not a kernel, prefixed by the function's symbol and a dot
  /// ("_Z6helperPfi.loop1"). The loop's symbols are trip.<Name> and
  /// iter.<Name>.
  std::string Name;
  /// "L<line>" (or "L<line>_<col>" when loops of several columns share the
  /// line), prefixed as Name, where the loop has a source location; empty
  /// otherwise. Copies of one source loop (an inner loop of an unrolled
  /// one) share it. A launch may bind trip.<LineName> for trip.<Name> of
  /// every loop that has it (docs/usage.md).
  std::string LineName;
  unsigned Depth = 1;
  /// Iterations per entry into the loop: how often the loop body runs each
  /// time control reaches the loop (docs/model.md).
  Expr Trip;
  /// False when Trip is the symbol trip.<Name> (or an upper bound) because
  /// the count is not known; Assumptions then says why.
  bool Exact = true;
  /// True when the loop exits from its header (not rotated): the header runs
  /// Trip + 1 times, the rest of the body Trip times.
  bool HeaderExits = false;
  std::vector<std::string> Assumptions;
  llvm::DebugLoc Loc;

  /// Filled by computeThreadModel (docs/model.md): the critical path and the
  /// issue cycles of one iteration (the mean iteration when inner counts
  /// depend on this loop's iteration number), and the time of the whole loop
  /// per entry for one thread running alone.
  Expr Lat;
  Expr Del;
  Expr Time;
};

/// The entry of \p Trips for \p L; null when it has none.
const LoopTrip *findLoopTrip(llvm::ArrayRef<LoopTrip> Trips,
                             const llvm::Loop *L);

/// Something the model assumed, where it applies.
struct ModelNote {
  llvm::DebugLoc Loc;
  std::string Text;
};

/// The KP model's per-thread quantities of a kernel: time (cycles one thread
/// takes running alone), delay (issue cycles it generates), syncs (barriers
/// it passes), as expressions in parameters, ids and sizes, and the memory
/// latency symbols; and every loop with trip, lat, del and time.
struct ThreadModel {
  Expr Time;
  Expr Delay;
  Expr Barriers;
  std::vector<LoopTrip> Loops;
  std::vector<ModelNote> Notes;
};

/// A note for each irreducible cycle of \p F (a cycle with several entry
/// blocks, such as a goto into a loop body): LoopInfo does not see it as a
/// loop, so nothing counts its iterations.
std::vector<ModelNote> findIrreducibleCycles(llvm::Function &F,
                                             llvm::CycleInfo &Cycles);

/// The symbol for the trip count of a loop named \p LoopName.
std::string getTripSymbol(llvm::StringRef LoopName);
/// The symbol for the 0-based iteration number of a loop named \p LoopName.
std::string getIterSymbol(llvm::StringRef LoopName);

/// The line names of \p Loops' symbols (trip.L12, iter.L12) mapped to
/// their own (trip.loop1, iter.loop1; several loops when unrolling copied
/// one source loop), added to \p Aliases.
void addLoopSymbolAliases(
    const std::vector<LoopTrip> &Loops,
    std::map<std::string, std::vector<std::string>> &Aliases);

/// Every loop of \p F, outer loops before inner ones, in source order,
/// named as LoopTrip::Name says.
std::vector<LoopTrip> computeLoopTrips(llvm::Function &F, llvm::LoopInfo &LI,
                                       llvm::ScalarEvolution &SE);

class CostModel;
struct CostInfo;

/// Changes the Cost stage's price of an instruction before the model uses
/// it (the Memory stage's bank conflicts and constant-cache serialisation).
using CostAdjuster = std::function<void(const llvm::Instruction &, CostInfo &)>;

/// Whether some lane of the modelled warp takes the edge \p Branch ->
/// \p Succ of a divergent branch: an Expr in ids, sizes and parameters that
/// is 1 or 0 (evaluated at the warp's first lane), or std::nullopt when not
/// known (the side then counts as taken). The launch path gets it from the
/// Memory stage's lane conditions (docs/model.md, "Sides no lane takes").
using BranchReach = std::function<std::optional<Expr>(
    const llvm::BasicBlock &Branch, const llvm::BasicBlock &Succ)>;

/// The per-thread model of \p F (a kernel or a device function it calls),
/// with instruction costs from \p Costs, adjusted by \p Adjust when given;
/// \p NominalLatencies binds each lat.* symbol to the target's nominal value
/// to choose critical paths. With \p Reach, the nodes on one side of a
/// divergent branch of \p F (not of its callees) count only when some lane
/// of the warp takes that side. \p KnownTrips: \p F's loops as
/// computeLoopTrips gave them, when the caller has them (a model computed
/// again with other costs spares counting the loops again), or null.
ThreadModel
computeThreadModel(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                   const CostModel &Costs, const Bindings &NominalLatencies,
                   const CostAdjuster &Adjust = nullptr,
                   const BranchReach &Reach = nullptr,
                   const std::vector<LoopTrip> *KnownTrips = nullptr);

/// A kernel cut at its barriers (max-plus paper: barriers split a kernel
/// into fragments executed strictly in sequence). A cut is a barrier every
/// thread passes once after everything before it: outside every cycle,
/// its block on every path from the entry to a return; or in a natural
/// loop, its block on every path through an iteration. Fragment K holds
/// what comes after K cuts on the longest cycle-free path to it (a cut
/// itself ends its fragment); in a loop, each iteration's parts. Barriers
/// in irreducible cycles, or outside loops on one side of a branch, do not
/// cut, and a kernel that calls a function with a body (costed once for
/// all its calls) or has more than MaxCuts cuts is not cut.
class BarrierFragments {
public:
  /// A kernel with more cuts keeps the overlapped waves: each fragment
  /// costs the Thread stage a pass per issue pipe.
  static constexpr unsigned MaxCuts = 32;

  BarrierFragments(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                   const CostModel &Costs);
  /// Fragments: the most cuts on a path + 1 (1: the kernel is not cut).
  unsigned size() const { return NumCuts + 1; }
  /// The fragment \p I belongs to (0 for another function's).
  unsigned fragmentOf(const llvm::Instruction &I) const;

private:
  unsigned NumCuts = 0;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> BlockFragment;
  llvm::DenseMap<const llvm::BasicBlock *,
                 std::vector<const llvm::Instruction *>>
      CutsIn;
};

} // namespace ktime

#endif // KERNELTIME_THREAD_H
