//===- Thread.h - The per-thread model: loops and their trip counts -------===//
//
// The Thread stage (DESIGN.md): per basic block and per loop lat, del and
// trip. This part gives every loop of a kernel its name and its trip count as
// an expression. docs/model.md defines "trip"; test/Thread has the tests.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_THREAD_H
#define KERNELTIME_THREAD_H

#include "KernelTime/Expr.h"
#include "llvm/IR/CycleInfo.h"
#include "llvm/IR/DebugLoc.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace ktime {

/// What KernelTime knows about one loop.
struct LoopTrip {
  const llvm::Loop *TheLoop = nullptr;
  /// "L<line>" (or "L<line>_<col>" when two loops share a line), or
  /// "loop<N>" (N its 1-based preorder index) without debug locations. The
  /// loop's symbols are trip.<Name> and iter.<Name>.
  std::string Name;
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
};

/// Something assumed about a function, where it applies.
struct ModelNote {
  llvm::DebugLoc Loc;
  std::string Text;
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

/// Every loop of \p F, outer loops before inner ones, in source order.
std::vector<LoopTrip> computeLoopTrips(llvm::Function &F, llvm::LoopInfo &LI,
                                       llvm::ScalarEvolution &SE);

} // namespace ktime

#endif // KERNELTIME_THREAD_H
