//===- BranchSides.h - Branch sides a launch can bind -----------*- C++ -*-===//
//
// Private to the launch stage. Each side of a two-way branch of a kernel
// (a successor entered only through that branch, in the branch's loop) has
// a symbol a launch can bind, taken.sideN (N in block order, from 1; the
// line alias taken.L<line>, the side's first line): the share of the threads
// reaching the branch that take that side. The Memory stage counts the
// lanes of a branch on ids and parameters itself; a branch on data (values
// loaded from memory, or computed in a way it does not follow) needs the
// share from the launch, and without it every lane is taken to run the
// side, an upper bound said as an estimate (docs/usage.md, "Estimates").
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_BRANCHSIDES_H
#define KERNELTIME_LAUNCH_BRANCHSIDES_H

#include "KernelTime/Expr.h"
#include "KernelTime/Report.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace ktime {

/// One side of a two-way branch and its symbols.
struct BranchSide {
  const llvm::BasicBlock *Branch = nullptr, *Succ = nullptr;
  /// taken.sideN, and taken.L<line> where the side's first instruction has a
  /// line (the kernel's own line for code inlined into it), taken.L<line>_<col>
  /// where sides at several columns share that line.
  std::string Symbol, LineAlias;
  unsigned Line = 0, Column = 0;
  /// The side enters a loop (a guard: the side is the loop's header or
  /// preheader). The loop's count, a mean over the threads that reach the
  /// guard, counts those that skip it too: every lane taking the side is no
  /// estimate of its own.
  bool EntersLoop = false;
};

/// A branch edge: the branch's block and the side it enters.
using BranchEdge =
    std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>;

/// The sides of \p F's two-way branches, in block order. An edge that
/// leaves or closes a loop is the loop's exit or back edge (its count is the
/// loop's), not a side, nor is a block that other edges enter too (the
/// join after an `if`).
std::vector<BranchSide> getBranchSides(const llvm::Function &F,
                                       const llvm::DominatorTree &DT,
                                       const llvm::LoopInfo &LI);

/// Adds each side's line alias of \p F to \p Aliases (alias -> symbols).
void addBranchSideAliases(
    const llvm::Function &F,
    std::map<std::string, std::vector<std::string>> &Aliases);

/// The shares of \p Sides that \p Values binds: a bound side's value, and
/// for the other side of the same branch, unbound, the rest (1 - share:
/// every thread takes one side).
std::map<BranchEdge, Rational>
getBoundShares(const std::vector<BranchSide> &Sides, const Bindings &Values);

/// Why the shares \p Values binds to \p Sides are impossible (both sides of
/// a branch bound to shares that do not add up to 1), if they are.
std::optional<std::string>
checkBoundShares(const std::vector<BranchSide> &Sides, const Bindings &Values);

/// What a share means for the time: the chance that some lane of a warp of
/// \p Lanes lanes takes a side \p Share of the threads take, the lanes
/// taking it independently, when the branch diverges (1 - (1 - Share)^Lanes);
/// \p Share itself when the warp branches as one.
Rational warpReach(const Rational &Share, unsigned Lanes, bool Divergent);

/// \p S at a launch: where its share comes from (BranchUse::Source) and
/// the share where it is one number.
BranchUse useOf(const BranchSide &S, llvm::StringRef Source,
                std::optional<Rational> Share = std::nullopt);

/// The struct fields that decide a branch, each with how a launch binds
/// it: {"arg1.field0", "arg1.field0=0 or 1"}.
using FieldBranch = std::vector<std::pair<std::string, std::string>>;

/// A launch whose prediction takes every lane to run a side of
/// \p Branches (the unbound sides of branches on data, Source "assumed")
/// is an estimate: each such side goes into \p Estimated with the share 1
/// (after the loop counts, which the Kernel remark names first), and
/// assumptions that name them into \p Assumptions: one for the sides of
/// branches on data (give the share), one for those \p OnFields names, by
/// symbol: branches on struct fields the launch does not bind (bind them).
/// Nothing when no side is assumed.
void addBranchEstimate(const std::vector<BranchUse> &Branches,
                       const std::map<std::string, FieldBranch> &OnFields,
                       std::vector<std::pair<std::string, Rational>> &Estimated,
                       std::vector<std::string> &Assumptions);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_BRANCHSIDES_H
