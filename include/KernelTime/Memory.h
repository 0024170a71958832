//===- Memory.h - Memory behaviour of a kernel's accesses -------*- C++ -*-===//
//
// The Memory stage (docs/design.md): for each load, store and atomic of a
// kernel,
// the state space, the bytes per thread, the access pattern of one warp
// (from the address's ScalarEvolution in tid.x, tid.y, tid.z), the 32-byte
// sectors and 128-byte lines one warp request touches against the minimum
// (the coalescing factor), the shared-memory bank-conflict degree, the
// constant-cache serialization, the reuse of the data (by the same thread
// across loop iterations, by the threads of a block, by the grid) and, from
// it, the L1 and L2 hit fractions. It also gives the fraction of a warp's
// lanes that take each side of a branch. docs/memory.md has the method,
// the formulas and the limits; test/Memory tests it through
// print<kernel-time-memory>.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_MEMORY_H
#define KERNELTIME_MEMORY_H

#include "KernelTime/Cost.h"
#include "KernelTime/Expr.h"
#include "KernelTime/Target.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Instruction;
class Loop;
class raw_ostream;
} // namespace llvm

namespace ktime {

/// How the addresses of one warp's lanes relate, from the step between
/// lanes next to each other in tid.x.
enum class AccessPattern {
  Broadcast, ///< every active lane reads the same address
  Unit,      ///< the tid.x step is the access size (contiguous in x)
  Strided,   ///< another constant tid.x step (0 included when rows differ)
  Mixed,     ///< per-lane offsets known, but no single step (tid.x / 2, ...)
  Irregular, ///< lane addresses depend on data or on a non-affine function
             ///< of the ids: assumed scattered (each lane its own sectors)
  Unknown    ///< the address could not be analysed: assumed coalesced
};

/// "broadcast", "unit", "strided", "mixed", "irregular", "unknown".
llvm::StringRef getAccessPatternName(AccessPattern P);

/// The pointer an atomic goes through (atomicrmw, cmpxchg, an
/// llvm.nvvm.atomic.* call), or null for any other instruction.
const llvm::Value *getAtomicPointer(const llvm::Instruction &I);

/// What is re-read, per access; the byte counts are for the access's group
/// (the accesses off the same base whose offsets differ by constants only:
/// the taps of a stencil, an unrolled window), as expressions in ntid.*,
/// nctaid.*, parameters and trip counts.
struct ReuseInfo {
  /// The outermost enclosing loop whose iterations leave the address
  /// unchanged: the same thread re-reads the same bytes every iteration.
  const llvm::Loop *InvariantLoop = nullptr;
  /// Its name (L<line>), empty when there is none.
  std::string InvariantLoopName;
  /// Index of the group in MemoryAnalysis::groups() and its member count.
  unsigned Group = 0;
  unsigned GroupSize = 1;
  /// Every member of the group has the same address (one base, one offset):
  /// the footprint is any member's, whichever members run.
  bool SameAddresses = false;
  /// Bytes the block's threads ask for through the group: bytes per
  /// execution x threads per block x executions per thread, summed over the
  /// members (branches inside loops are not counted out).
  std::optional<Expr> RequestedBytesPerBlock;
  /// Distinct bytes those requests touch (the footprint of the affine
  /// address over the box of tid and loop-iteration ranges).
  std::optional<Expr> UniqueBytesPerBlock;
  /// Where other read groups read the same bytes (the copies of one loop
  /// that unrolling an outer loop makes, AccessGroup::DataCountedElsewhere):
  /// the requested bytes of all of them. The reuse of each is then
  /// 1 - unique / these bytes: a copy re-reads what the others fetched.
  std::optional<Expr> DataRequestedBytesPerBlock;
  /// Distinct bytes the whole grid touches through the group (the box also
  /// spans ctaid.*).
  std::optional<Expr> GridFootprintBytes;
  /// Where the group has several members in one basic block (taps a warp
  /// issues together), in one loop or in none: the bytes the block's
  /// threads ask for through them in one iteration, and the distinct bytes
  /// those requests touch. Their difference is reuse among requests in
  /// flight together (a stencil's taps): HitFractions::L1Pending.
  std::optional<Expr> IterationRequestedBytesPerBlock;
  std::optional<Expr> IterationUniqueBytesPerBlock;
  /// The constant step by which an iteration of that loop moves the
  /// members' addresses (its magnitude); unset when they stay or the step
  /// is not a constant: a step under a sector brings a new sector only
  /// every few iterations.
  std::optional<int64_t> IterationStepBytes;
  /// False when the footprints are upper bounds (non-contiguous sets whose
  /// shifted copies overlap, or no affine address: no reuse assumed).
  bool FootprintExact = true;
  /// What a thread reads around its own bytes in its later iterations:
  /// the lanes' step in bytes (tid.x's coefficient), and the offset's terms
  /// of loop iteration numbers alone (step, values), for accesses of
  /// ElementBytes. Where those terms, smallest step first, fill a run of
  /// bytes at least as wide as the lanes' step (or a sector), every sector
  /// a request moves holds bytes its own lanes read in later iterations
  /// (the other channels of interleaved pixels, the other fields of a
  /// structure): docs/memory.md, "Cache hit fractions".
  std::optional<Expr> LaneStrideBytes;
  std::vector<std::pair<Expr, Expr>> IterationTerms;
  unsigned ElementBytes = 0;
  /// The grid footprint assumes that a value recomputed in a loop keeps the
  /// address inside its row of that loop (lib/Memory/Reuse.cpp).
  bool RowBoundAssumed = false;
  /// A walk along a row: the group's members are all in one basic block of
  /// the innermost loop around them, which runs in every iteration (it
  /// dominates the loop's latches), and every iteration moves their
  /// addresses by the same constant, WalkStrideBytes (its magnitude), no
  /// less than the bytes the members span. A thread's next iterations then
  /// read the rest of the sectors its earlier ones fetched (docs/memory.md,
  /// "Row walks"); each member is a request per iteration (GroupSize).
  /// WalkLoop: that loop; WalkTrip: its trip count, where it has one.
  std::optional<int64_t> WalkStrideBytes;
  const llvm::Loop *WalkLoop = nullptr;
  std::optional<Expr> WalkTrip;
};

/// One memory access of a kernel and how a warp performs it.
struct AccessInfo {
  const llvm::Instruction *Inst = nullptr;
  llvm::DebugLoc Loc;
  /// The state space (Cost's getMemSpace); Generic is analysed as Global.
  MemSpace Space = MemSpace::Generic;
  bool IsLoad = false, IsStore = false, IsAtomic = false;
  /// Read through the read-only path (ld.global.nc, ldu, !invariant.load).
  bool ReadOnly = false;
  /// Bytes one thread moves per execution, vector widths included.
  unsigned BytesPerThread = 0;
  /// Executions per thread: the product of the trip counts of the loops
  /// around the access (branches are not counted out).
  Expr ExecutionsPerThread = Expr::constant(1);

  AccessPattern Pattern = AccessPattern::Unknown;
  /// Address step between lanes next to each other in tid.x, in bytes.
  std::optional<int64_t> LaneStrideBytes;
  /// Address step between the rows (tid.y) a warp spans when the block's x
  /// size is below 32; none when a warp spans one row.
  std::optional<int64_t> RowStrideBytes;
  /// A lane step that depends on parameters (a row length n): its
  /// expression; the counts then assume it is at least 32 bytes.
  std::optional<Expr> SymbolicStrideBytes;
  /// Lanes of the modelled warp that perform the access: 32, fewer when
  /// the block is smaller or an enclosing branch keeps a known lane set
  /// (tid.x % 2) out.
  unsigned ActiveLanes = 32;
  /// An access through a pointer each lane chooses (`c ? s + i : g + k`,
  /// what -O3 makes of an if/else that reads a tile in shared memory or the
  /// global array past it) is analysed as one part per side, each with its
  /// own state space and offsets: the lanes of the modelled warp that take
  /// this part's side, in lane-0 ids (evaluated per warp, as activeLanes);
  /// unset for an access every active lane makes.
  std::optional<Expr> ChoiceLanes;

  /// Global, generic and local accesses: one warp request. Distinct 32-byte
  /// sectors and 128-byte lines touched, and those the bytes the active
  /// lanes ask for (ActiveLanes x BytesPerThread) need when contiguous from
  /// the request's lowest address (a misaligned unit-stride request is not
  /// uncoalesced; a broadcast touches fewer than the minimum).
  unsigned Sectors = 0, MinSectors = 0, Lines = 0, MinLines = 0;
  /// max(1, Sectors / MinSectors).
  Rational CoalescingFactor = Rational(1);
  /// Sectors x 32 / ActiveLanes: bytes the memory system moves per thread.
  Rational TransferredBytesPerThread;
  /// BytesPerThread when CoalescingFactor > 1, else 0 (the KP model's
  /// uncoalMem: never more than the bytes asked for).
  Rational UncoalescedBytesPerThread;

  /// Shared: the most distinct 4-byte words (the target's bank width) that
  /// fall in one bank within one phase of the request (1 = conflict-free),
  /// and the phases the request takes in all (wide accesses take several
  /// even without conflicts: 8 bytes per lane 2, 16 bytes 4).
  unsigned BankConflictDegree = 1;
  unsigned SharedWavefronts = 1;
  /// Global and local loads of at most 16 bytes a lane that the target's
  /// L1 caches, where the target gives the L1's tag rate: the wavefronts
  /// the L1's data array takes to return the request, counted as
  /// SharedWavefronts is, on the shared-memory banks (the L1 and shared memory
  /// are one array): the request's phases, each as many times as its
  /// most-conflicted bank holds distinct words. Unset where the lanes'
  /// addresses are not known relative to each other and to the banks (scattered
  /// lanes, rows apart, a stride in parameters).
  std::optional<unsigned> L1DataWavefronts;
  /// With L1DataWavefronts: the most distinct words one bank holds in a
  /// phase (1 = no bank conflict in the L1's data array).
  unsigned L1BankConflictDegree = 1;
  /// Whether the words of the request conflict in the L1's data array.
  bool hasL1BankConflicts() const {
    return L1DataWavefronts && L1BankConflictDegree > 1;
  }
  /// The block's warps' wavefronts, where they straddle rows unevenly and
  /// every thread runs the access (a 48-wide block's second warp spans two
  /// rows): per warp request, and over their lanes (a partial last warp
  /// moves a whole wavefront for fewer threads). Unset: SharedWavefronts
  /// over the modelled warp's lanes. What a launch prices.
  struct BlockMean {
    Rational PerRequest;
    Rational PerLane;
  };
  std::optional<BlockMean> SharedBlockMean;
  /// SharedBlockMean's wavefronts per request, SharedWavefronts without it.
  Rational meanSharedWavefronts() const {
    return SharedBlockMean ? SharedBlockMean->PerRequest
                           : Rational(static_cast<int64_t>(SharedWavefronts));
  }
  /// Whether the block's mean differs from the modelled warp's count.
  bool sharedMeanDiffers() const {
    return meanSharedWavefronts() !=
           Rational(static_cast<int64_t>(SharedWavefronts));
  }
  /// Constant and param: distinct addresses of one warp request (1 =
  /// broadcast); the constant cache serves one address per cycle.
  unsigned ConstantSerialization = 1;

  ReuseInfo Reuse;
  /// What was assumed: unknown block shape, base alignment, irregular
  /// pattern, generic space, ...
  std::vector<std::string> Assumptions;

  bool isUncoalesced() const { return CoalescingFactor > Rational(1); }
};

/// Accesses off one base whose offsets differ by constants (stencil taps).
struct AccessGroup {
  /// Indices into MemoryAnalysis::accesses().
  std::vector<unsigned> Members;
  /// The group's requested and unique bytes (copied into each member's
  /// ReuseInfo).
  ReuseInfo Reuse;
  /// Another group touches the same bytes, so the kernel's footprints count
  /// that group only: this group writes the data a read group reads
  /// (y[i] = ... + y[i]: same base, space and non-constant offset), or it is
  /// a copy of an earlier group of its direction or of a read group that
  /// unrolling an outer loop made (the same offset over loops of the same
  /// ranges, Reuse.cpp). Its bytes occupy the caches once.
  bool DataCountedElsewhere = false;
  /// The group whose footprint counts this group's bytes: its own index,
  /// or that of the group it is DataCountedElsewhere for.
  unsigned DataGroup = 0;
  /// The outermost loop that holds every member, or null when a member is
  /// outside every loop or the members lie in different outermost loops.
  /// Accesses in another outermost loop run before or after this one's
  /// iterations, never between two of them (estimateHits).
  const llvm::Loop *Nest = nullptr;
};

/// The bytes of one group whose footprint counts, as the cache capacity
/// test sees them (MemoryAnalysis::groupFootprints).
struct GroupFootprint {
  /// Distinct bytes per block and per grid.
  Expr Block, Grid;
  /// The groups these bytes are of (indices into MemoryAnalysis::groups()):
  /// the counting group and those DataCountedElsewhere for it.
  std::vector<unsigned> Groups;
  /// Their outermost loops (AccessGroup::Nest), each once; a null entry:
  /// one of them runs outside every loop, or across several.
  std::vector<const llvm::Loop *> Nests;
};

/// The one predecessor through which control enters \p BB (its other
/// predecessors are back edges, which \p BB dominates), or null when it has
/// none or several: the branch on that edge holds wherever \p BB
/// dominates.
const llvm::BasicBlock *getEntryPredecessor(const llvm::BasicBlock &BB,
                                            const llvm::DominatorTree &DT);

/// How much of a kernel's memory behaviour a MemoryAnalysis works out.
enum class MemoryDetail {
  /// Every access's pattern and counts and the lanes of each branch: what
  /// the access remarks and the instruction counts read. No groups.
  Patterns,
  /// Besides, the accesses grouped by base and offset with each group's
  /// reuse and footprints (the cache model of a launch's prediction), the
  /// costly part on a kernel with hundreds of accesses.
  Full,
};

/// Memory behaviour of one kernel for one GPU target.
class MemoryAnalysis {
public:
  /// \p BlockDim: the block shape when known (a launch, or the kernel's
  /// "nvvm.reqntid"); std::nullopt when not: a warp is then assumed to span
  /// 32 consecutive tid.x (ntid.x a multiple of 32), as Assumptions say.
  /// \p Params binds parameter symbols when a launch gives their values
  /// (symbolic lane strides then become numbers). activeLanes uses \p F's
  /// analyses in \p FAM: they must stay valid while it is called.
  /// \p Detail: with Patterns, groups() is empty and the footprints are
  /// unknown.
  MemoryAnalysis(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                 const GpuTarget &T,
                 std::optional<std::array<unsigned, 3>> BlockDim,
                 const Bindings &Params = {},
                 MemoryDetail Detail = MemoryDetail::Full);
  ~MemoryAnalysis();
  MemoryAnalysis(MemoryAnalysis &&);

  const llvm::Function &getFunction() const { return F; }
  const GpuTarget &getTarget() const { return T; }
  std::optional<std::array<unsigned, 3>> getBlockDim() const {
    return BlockDim;
  }

  /// Every access in the order of the function's instructions.
  llvm::ArrayRef<AccessInfo> accesses() const { return Accesses; }
  /// The access of \p I; null when \p I is not an analysed access (a
  /// memcpy gives two accesses, its read and its write: this is the read).
  const AccessInfo *lookup(const llvm::Instruction &I) const;
  /// Every access of \p I: one, two for a memcpy (read and write) or a
  /// pointer chosen per lane (AccessInfo::ChoiceLanes), none.
  llvm::ArrayRef<AccessInfo> accessesOf(const llvm::Instruction &I) const;
  llvm::ArrayRef<AccessGroup> groups() const { return Groups; }

  /// Distinct bytes all global, generic and local accesses touch per block
  /// and per grid (the sum over groups; std::nullopt when some group has no
  /// footprint), for estimateHits' capacity test.
  std::optional<Expr> blockFootprintBytes() const;
  std::optional<Expr> gridFootprintBytes() const;
  /// The same per group whose footprint counts (GroupFootprint), for the
  /// bytes the blocks an SM holds touch together (estimateHits); empty
  /// when some group has no footprint.
  std::vector<GroupFootprint> groupFootprints() const;

  /// Lanes of a warp that take the edge Branch -> Succ, an Expr in ids,
  /// sizes and parameters meant to be evaluated at the warp's first thread
  /// (lane 0); std::nullopt when unknown. `if (i < n)` with i =
  /// ctaid.x * ntid.x + tid.x gives max(0, min(32, n - i)) on the taken
  /// side; `if (tid.x % 2)` 16 on each side.
  std::optional<Expr> activeLanes(const llvm::BasicBlock &Branch,
                                  const llvm::BasicBlock &Succ) const;
  /// True if every lane of a warp that takes the edge \p OuterBranch ->
  /// \p OuterSucc also takes \p InnerBranch -> \p InnerSucc, as the two
  /// conditions show by themselves (i < n implies i < n + 1; two masks);
  /// false when not known.
  bool edgeImplies(const llvm::BasicBlock &OuterBranch,
                   const llvm::BasicBlock &OuterSucc,
                   const llvm::BasicBlock &InnerBranch,
                   const llvm::BasicBlock &InnerSucc) const;
  /// A value activeLanes' expressions keep opaque (the symbol
  /// val.<name>) that its loop halves each iteration (a tree reduction's
  /// stride: s >>= 1, s /= 2), its first value Start and its loop's Trip
  /// (expressions in sizes and parameters): the K-th iteration sees
  /// floor(Start / 2^K). std::nullopt for any other symbol.
  struct HalvingValue {
    Expr Start, Trip;
  };
  std::optional<HalvingValue> halvingValue(llvm::StringRef Symbol) const;
  /// activeLanes divided by the lanes of the modelled warp (32, or the
  /// block's thread count when the block is smaller).
  std::optional<Expr> activeFraction(const llvm::BasicBlock &Branch,
                                     const llvm::BasicBlock &Succ) const;
  /// The lanes of the modelled warp (32, or fewer for a smaller block).
  unsigned warpLanes() const;

  /// What holds for the whole kernel (the block-shape assumption).
  llvm::ArrayRef<std::string> kernelAssumptions() const {
    return KernelAssumptions;
  }

  struct Impl;

private:
  llvm::Function &F;
  const GpuTarget &T;
  std::optional<std::array<unsigned, 3>> BlockDim;
  MemoryDetail Detail;
  std::vector<AccessInfo> Accesses;
  std::vector<AccessGroup> Groups;
  llvm::DenseMap<const llvm::Instruction *, unsigned> Index;
  std::vector<std::string> KernelAssumptions;
  std::unique_ptr<Impl> I;
};

/// The block shape a kernel requires ("nvvm.reqntid"="X[,Y[,Z]]", missing
/// sizes 1), or std::nullopt.
std::optional<std::array<unsigned, 3>>
getRequiredBlockDim(const llvm::Function &F);

/// Lines a walk keeps in L1 for its next iterations (walkLines), or the
/// sum over a loop's walks.
struct WalkLines {
  /// Lines a lane: one for each walk of a lane's own row.
  unsigned PerLane = 0;
  /// Lines a warp: those of the walks whose lanes share rows.
  unsigned PerWarp = 0;
};

/// What the caches see of a launch, for estimateHits.
struct CacheContext {
  /// Blocks resident on one SM at a time (the GPU stage's occupancy).
  unsigned ResidentBlocksPerSM = 1;
  /// Values of ntid.*, nctaid.*, parameters and trip.* symbols.
  Bindings Launch;
  /// Launch with the middle block's ids and its middle thread's bound
  /// (middleThreadBindings): a figure that mentions tid.* or ctaid.* (a
  /// trip count or an execution count that depends on the thread) is
  /// evaluated here when Launch alone does not give it a value, as the
  /// mean over the threads of ThreadIds. Empty: no such figure is
  /// evaluated.
  Bindings MiddleThread;
  /// The ids tid.x, tid.y, tid.z that a figure mentioning them is averaged
  /// over (threadIdSample); a dimension without ids stays at MiddleThread's.
  std::array<std::vector<Rational>, 3> ThreadIds;
  /// True: the first launch, caches empty. False (the default and the
  /// prediction's meaning): back to back launches, data that fits L2 is
  /// still there.
  bool ColdCache = false;
  /// L1 bytes one SM has for data: memory.l1.size_bytes minus the
  /// shared-memory carve-out of the launch.
  uint64_t L1BytesAvailable = 0;
  /// Distinct bytes of all the kernel's accesses per block and per grid
  /// (MemoryAnalysis::blockFootprintBytes, gridFootprintBytes), which
  /// compete for the caches; unset: the access's own group alone.
  std::optional<Expr> KernelBlockFootprintBytes;
  std::optional<Expr> KernelGridFootprintBytes;
  /// The kernel's groups' footprints (MemoryAnalysis::groupFootprints):
  /// the blocks an SM holds touch, between two uses of an access's bytes,
  /// the sum over the groups of its loop nest of min(blocks x block
  /// footprint, grid footprint) bytes (blocks reading one array hold it
  /// once; a loop nest that runs before or after the access's does not
  /// touch its bytes in between). Empty: blocks x the kernel's block
  /// footprint.
  std::vector<GroupFootprint> KernelGroupFootprints;
  /// Per KernelGroupFootprints entry, min(blocks x block footprint, grid
  /// footprint) under the launch (prepareResidentFootprints), std::nullopt
  /// where the launch leaves it unknown; empty until prepared.
  std::vector<std::optional<double>> ResidentFootprintBytes;
  /// The sums of the entries' block and grid footprints, each no less than
  /// zero (prepareResidentFootprints): the kernel's totals under the
  /// launch, std::nullopt where one is unknown.
  std::optional<double> KernelBlockBytes, KernelGridBytes;
  /// Some of these were averaged over the block's threads.
  bool ResidentFootprintOverThreads = false;
  /// Per access group (ReuseInfo::Group) of members with the same address
  /// (ReuseInfo::SameAddresses), the share of its requested bytes
  /// that the launch runs: each member weighed by the lanes that reach it,
  /// over the lanes that reach the group at all (a store on a side no
  /// thread takes requests nothing, and credits its group's other members
  /// with no rewrites). Absent: 1, every member runs.
  std::map<unsigned, double> GroupLiveShare;
  /// Per walk loop, the lines its walks keep in L1 (countWalkLines): they
  /// share the L1. Absent: the access's own.
  std::map<const llvm::Loop *, WalkLines> WalkLinesKept;
};

/// The lines a walking load (ReuseInfo::WalkStrideBytes) of a space the
/// target's L1 caches keeps there for its next iterations (docs/memory.md,
/// "Row walks"): a line a lane where its request puts each lane in a
/// sector of its own (a thread walks its own row); else the request's own
/// lines, at least one (lanes that share the rows they walk, a broadcast,
/// a window sliding along a row); none for other accesses.
std::optional<WalkLines> walkLines(const AccessInfo &A, const GpuTarget &T);

/// Per walk loop, the walkLines of the groups of \p Accesses with a member
/// that has them (a group's most), summed (CacheContext::WalkLinesKept).
std::map<const llvm::Loop *, WalkLines>
countWalkLines(llvm::ArrayRef<AccessInfo> Accesses, const GpuTarget &T);

/// \p Launch plus tid.d = floor((ntid.d - 1) / 2) and ctaid.d =
/// floor((nctaid.d - 1) / 2) for each dimension d whose size \p Launch
/// binds and whose id it does not: the middle thread of the middle block.
Bindings middleThreadBindings(const Bindings &Launch);

/// The ids a figure that depends on the thread is averaged over, for each
/// dimension x, y, z whose size \p Launch binds and whose id it does not:
/// every id where the block has at most 32 (x), 8 (y) or 4 (z) of them,
/// else that many spread evenly from the first to the last, id_j = floor(j
/// (ntid - 1) / (k - 1)) for j < k: the mean over them is the block's mean
/// (exact for the small ones; for the others the first id is always in, so
/// a loop only the first threads run does not average to zero).
std::array<std::vector<Rational>, 3> threadIdSample(const Bindings &Launch);

/// Evaluates \p C's KernelGroupFootprints under its launch once, for
/// \p T's blocks per SM, into C.ResidentFootprintBytes, KernelBlockBytes
/// and KernelGridBytes.
void prepareResidentFootprints(CacheContext &C, const GpuTarget &T);

/// \p E under \p C's launch values, else its mean over the sampled threads
/// of the middle block (C.ThreadIds; then \p OverThreads is set): a block's
/// bytes are the sum of its threads'. std::nullopt for none or a figure
/// that neither fixes.
std::optional<double> evaluateAtLaunch(const std::optional<Expr> &E,
                                       const CacheContext &C,
                                       bool &OverThreads);

/// Fractions of an access's requests served by L1 and by L2 (the rest go to
/// DRAM), and how they were found.
struct HitFractions {
  double L1 = 0, L2 = 0;
  /// The share of the requests that find every sector they need in L1 (a
  /// row walk's): what shortens an uncoalesced request's wait. A part of
  /// L1, which is a share of bytes.
  double WholeRequestL1 = 0;
  /// The sector bytes a request moves beyond the bytes it asks for are read
  /// by its lanes from L1 in their later iterations
  /// (ReuseInfo::IterationTerms; the resident blocks' footprint fits the
  /// L1): they do not miss again, so the misses are the asked bytes.
  bool SectorsKept = false;
  /// The part of L1 that finds its line still being fetched by an earlier
  /// tap of the same iteration (ReuseInfo::IterationUniqueBytesPerBlock): such
  /// a hit waits for that fill, the latency of the level that serves the
  /// miss, not the L1's (docs/kernel-time.md, "Mean access latency"). A
  /// share of bytes, at most L1.
  double L1Pending = 0;
  std::string Why;
};

/// The L1 and L2 hit fractions of \p A for a launch (docs/memory.md):
/// L1 = 1 - unique / requested bytes per block when the resident blocks'
/// footprints fit the available L1, scaled down by the fraction that fits
/// when not; L2 = the L1 misses that hit L2: all of them when the grid
/// footprint fits L2 and the cache is warm, else all but the compulsory
/// misses. Stores and atomics never hit L1. A pure function.
HitFractions estimateHits(const AccessInfo &A, const GpuTarget &T,
                          const CacheContext &C);

/// The bytes a request of \p Moved sector bytes for \p Asked bytes brings
/// from L2 when it misses the L1: the sectors, or only the asked bytes
/// where the L1 keeps the rest for later iterations (H.SectorsKept).
Rational sectorBytesOnMiss(const Rational &Moved, const Rational &Asked,
                           const HitFractions &H);

/// True if every active lane of \p A's request, in one row of the block,
/// reads the same bank of the L1's data array: the lanes are a multiple of
/// a 128-byte line apart (the 32 banks of 4 bytes span a line), with a
/// parameter-dependent stride evaluated under \p Values (docs/memory.md,
/// "Row walks"). Such a request takes a data-stage cycle per lane.
bool lanesShareOneBank(const AccessInfo &A,
                       const std::map<std::string, Expr> &Values);

/// Whether \p T's L1 caches \p A's data: local memory, and the global
/// loads the target's L1 caches (memory.l1.global_loads).
bool l1CachesAccess(const AccessInfo &A, const GpuTarget &T);

/// The fractions of a launch's spill traffic (ptxas's local loads and
/// stores) that L1 and L2 serve (docs/memory.md, "Register spills"): each
/// thread rereads the slots it wrote, so a cache serves the share of the
/// resident threads' frames it holds:
///   L1 = min(1, L1 bytes / (frame x ThreadsPerSM))
///   L2 = (1 - L1) x min(1, l2.size_bytes / (frame x ThreadsOnGpu))
/// with the threads of the blocks one SM, and all SMs, hold at once. A pure
/// function.
HitFractions estimateSpillHits(uint64_t FrameBytesPerThread,
                               uint64_t ThreadsPerSM, uint64_t ThreadsOnGpu,
                               const GpuTarget &T, const CacheContext &C);

/// A coalescing factor as printouts and remarks show it: an integer, or
/// a decimal with two digits ("1.25").
std::string formatFactor(const Rational &F);

/// One line per access as print<kernel-time-memory> shows it.
void printAccess(const AccessInfo &A, llvm::raw_ostream &OS);

} // namespace ktime

#endif // KERNELTIME_MEMORY_H
