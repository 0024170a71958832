//===- KernelInputs.h - The per-thread facts a launch prediction needs ----===//
//
// For one kernel and one GPU: the Thread stage's model with the GPU's costs
// (bank conflicts and constant serialisation of the Memory stage priced in)
// and the Memory stage's traffic, bound to a launch's sizes and parameters,
// as the GPU stage's KernelInputs. docs/kernel-time.md says how the traffic
// expressions are formed.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_KERNELINPUTS_H
#define KERNELTIME_LAUNCH_KERNELINPUTS_H

#include "AtomicSites.h"
#include "BranchSides.h"
#include "KernelTime/GPU.h"
#include "KernelTime/Memory.h"
#include "KernelTime/Thread.h"
#include "llvm/IR/PassManager.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ktime {

/// The most terms a product of branch fractions may have. Each fraction of
/// a warp that spans several rows is a sum over the rows, and the fractions
/// of nested branches multiply: in a fully unrolled tile of bounds checks
/// the expanded product grows to millions of terms. Beyond this bound the
/// fraction is the least of the factors, an upper bound on the lanes that
/// pass all the branches (exact when one branch's lanes include the
/// other's).
inline constexpr size_t MaxFractionTerms = 64;

/// The most iterations of a halving loop (a tree reduction's) whose values
/// averageOverHalving sums one by one: a count the launch fixes is log2 of
/// a size, at most 64 for any 64-bit one.
inline constexpr int64_t MaxHalvingIterations = 64;

/// \p E (a lane count or a fraction of the Memory stage) with each opaque
/// value that its loop halves (MemoryAnalysis::halvingValue) replaced by
/// the mean of E over the loop's iterations, its values and count taken at
/// \p Launch (sizes and parameters); \p E itself when it mentions no opaque
/// value. std::nullopt when it mentions another opaque value or the launch
/// does not fix the loop's values.
std::optional<Expr> averageOverHalving(const Expr &E, const MemoryAnalysis &MA,
                                       const Bindings &Launch);

/// User-given cache hit fractions of a kernel (-ktime-hits).
struct HitOverride {
  double L1 = 0, L2 = 0;
};

/// The values of \p Exprs that are numbers (a spec's parameters, a
/// launch's substitution), by name.
Bindings constantBindings(const std::map<std::string, Expr> &Exprs);

/// \p Params (a spec's values, bound by name) with the launch's sizes
/// (ntid.*, nctaid.*) added: what a per-thread expression is evaluated
/// with, the ids left free.
std::map<std::string, Expr>
launchSubst(const std::map<std::string, Expr> &Params,
            const LaunchShape &Shape);

/// Every symbol of \p In's expressions (its fragments' too): what the GPU
/// stage needs values for.
void collectSymbols(const KernelInputs &In, std::set<std::string> &Symbols);

/// ptxas's spill code of a launch (spill_stores=, spill_loads= of the
/// spec) and where it is assumed to run: after At, the instruction where the
/// register estimate's pressure peaks.
struct SpillCode {
  uint64_t StoreBytes = 0, LoadBytes = 0;
  const llvm::Instruction *At = nullptr;
};

/// Per-warp dynamic instruction counts of the kernel's main thread, for the
/// analytic models (MWP-CWP): all instructions, global memory instructions,
/// the uncoalesced ones among them, barriers.
struct InstructionCounts {
  Expr Total, GlobalMem, UncoalescedMem, Barriers;
  /// Issue cycles of the same thread (the Thread stage's delay).
  Expr Delay;
  /// Mean sectors of an uncoalesced global request (1 if none) and mean
  /// bytes per thread of a global access, over the static accesses.
  double SectorsPerUncoalescedRequest = 1;
  double BytesPerAccess = 4;
};

class KernelInputBuilder {
public:
  using ReachCache =
      std::map<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>,
               std::optional<Expr>>;

  /// \p Known, if given, is the per-thread model of \p F for \p T without
  /// adjustments, already computed (the kernel's report): it is not computed
  /// again. Its loops must be \p F's. With \p UseFragments, a kernel cut
  /// at barriers every thread passes runs its fragments in sequence.
  KernelInputBuilder(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                     const GpuTarget &T, bool UseFragments,
                     const ThreadModel *Known = nullptr);

  /// Every symbol of the per-thread expressions (parameters, trip.*), of
  /// the global atomics (addresses.atomicN) and of the branch sides
  /// (taken.sideN).
  const std::set<std::string> &modelSymbols() const { return Symbols; }
  /// The symbols of the kernel's time, delay and barriers: what a launch's
  /// prediction needs values for (the loop counts among modelSymbols that
  /// matter).
  const std::set<std::string> &timeSymbols() const { return TimeSymbols; }
  /// The sides of the kernel's branches (their symbols are among
  /// modelSymbols).
  const std::vector<BranchSide> &branchSides() const { return Sides; }

  /// The inputs of one launch: \p Params substituted, ntid/nctaid bound to
  /// \p Shape, \p Spills' traffic added (docs/memory.md, "Register
  /// spills"); assumptions made on the way are appended to \p Assumptions,
  /// and \p Branches gets every branch side with where its share comes
  /// from (Source "assumed": a side of a branch on data that \p Params
  /// gives no share for, which every lane is taken to run).
  KernelInputs build(const std::map<std::string, Expr> &Params,
                     const LaunchShape &Shape, const OccupancyResult &Occ,
                     bool ColdCache, std::optional<HitOverride> Hits,
                     const SpillCode &Spills,
                     std::vector<std::string> &Assumptions,
                     std::vector<BranchUse> &Branches);

  /// The instruction counts for a launch, bound as build binds (four more
  /// passes of the Thread stage: only the analytic models need them).
  InstructionCounts counts(const std::map<std::string, Expr> &Params,
                           const LaunchShape &Shape);

private:
  /// Models are kept per block shape and parameter values (the lane
  /// conditions that weigh branch sides may use both).
  using ModelKey = std::pair<std::array<unsigned, 3>, Bindings>;
  static ModelKey modelKey(const MemoryAnalysis &MA,
                           const Bindings &ParamValues);
  /// The thread model for one block shape, with the Memory stage's
  /// adjustments of shared and constant accesses (the plain model when no
  /// access is adjusted).
  const ThreadModel &modelFor(const MemoryAnalysis &MA,
                              const Bindings &ParamValues);
  /// The thread model with those adjustments; with \p Keep, the
  /// instructions it rejects cost nothing (one fragment's model).
  ThreadModel
  adjustedModel(const MemoryAnalysis &MA, const Bindings &ParamValues,
                const std::function<bool(const llvm::Instruction &)> &Keep);
  /// Whether some lane of \p MA's warp takes a divergent branch's edge
  /// (min(1, active lanes)); std::nullopt when all lanes do or it is not
  /// known. A side \p ParamValues gives a share for (taken.sideN) reaches
  /// a warp as warpReach says. Cached in \p Cache, which must outlive the
  /// result.
  BranchReach reachOf(const MemoryAnalysis &MA, const Bindings &ParamValues,
                      ReachCache &Cache) const;
  /// True if some branch of F has a side that \p Reach weights.
  bool weighsSomeSide(const BranchReach &Reach) const;
  /// The issue cycles of a thread: the largest of its per-pipe delays and
  /// its instructions over the dispatch rate; \p Serial (the sum of every
  /// del) when the target gives neither.
  Expr issueCycles(const CostModel &Costs, const CostAdjuster &Adjust,
                   const BranchReach &Reach, const Expr &Serial);
  Expr executionsPerThread(const llvm::Instruction &I,
                           const ThreadModel &M) const;
  /// \p Bounded is set when the fraction is the least of its branches'
  /// instead of their product (see MaxFractionTerms).
  /// A side \p Shares gives a share for passes that share of the lanes;
  /// the side of a branch on loaded values (its lane count mentions a value
  /// no launch binds) without one passes every lane. \p Launch (sizes and
  /// parameters) fixes the values of halving loops (averageOverHalving).
  Expr activeFraction(const llvm::Instruction &I, const MemoryAnalysis &MA,
                      bool &Bounded,
                      const std::map<BranchEdge, Rational> &Shares,
                      const Bindings &Launch) const;

  /// CacheContext::GroupLiveShare for \p MA's access groups of several
  /// members with the same address at a launch (\p Ctx's values, each loop at
  /// its mean iteration \p MeanIterations): each member's bytes weighed by its
  /// active fraction over that of the members' nearest common dominator.
  /// A group whose figures the launch does not fix is left out (1).
  std::map<unsigned, double>
  groupLiveShares(const MemoryAnalysis &MA,
                  const std::map<BranchEdge, Rational> &Shares,
                  const CacheContext &Ctx,
                  const std::map<std::string, Expr> &MeanIterations) const;

  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  const GpuTarget &T;
  bool UseFragments;
  ThreadModel Plain;
  std::map<ModelKey, ThreadModel> Models;
  /// The kernel's barrier fragments (built on the first launch) and each
  /// fragment's model.
  std::optional<BarrierFragments> Fragments;
  std::map<ModelKey, std::vector<ThreadModel>> FragmentModels;
  std::set<std::string> Symbols;
  std::set<std::string> TimeSymbols;
  /// The kernel's global atomics (their addresses.atomicN are among
  /// Symbols).
  std::map<const llvm::Instruction *, AtomicSite> Atomics;
  /// The sides of the kernel's two-way branches.
  std::vector<BranchSide> Sides;
  /// Functions the kernel calls without inlining that have global atomics.
  std::vector<const llvm::Function *> AtomicCallees;
  /// Functions the kernel calls without inlining that access global memory
  /// (their traffic is not the launch's).
  std::vector<const llvm::Function *> MemoryCallees;
  /// The pipes some instruction of the kernel or its callees may issue to
  /// (a pipe no cost touches has no delay: its thread model is not built).
  std::optional<std::array<bool, NumIssuePipes>> PipesUsed;
};

} // namespace ktime

#endif // KERNELTIME_LAUNCH_KERNELINPUTS_H
