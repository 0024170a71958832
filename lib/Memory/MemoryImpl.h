//===- MemoryImpl.h - The Memory stage's internal pieces ------------------===//
//
// Shared by the files of lib/Memory (not a public header): which values
// differ between the lanes of a warp (ThreadDependence), addresses and
// conditions as Exprs with a symbol for every value ScalarEvolution cannot
// see through (ExprBuilder), the ids of each lane of the modelled warp
// (WarpLayout), the counts of one warp request (WarpRequest), the lanes that
// take a branch (LaneCondition) and footprints (Footprint).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LIB_MEMORY_MEMORYIMPL_H
#define KERNELTIME_LIB_MEMORY_MEMORYIMPL_H

#include "KernelTime/Memory.h"
#include "KernelTime/ScevToExpr.h"
#include "KernelTime/Thread.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DominatorTree;
class LoopInfo;
class ScalarEvolution;
class SelectInst;
class SCEV;
class Value;
} // namespace llvm

namespace ktime {
namespace memory {

/// Which SSA values may differ between the lanes of one warp: values
/// computed from tid.*, laneid or lanemask_*, from a load through such an
/// address, or from an atomic's result (each lane gets its own). Found by a
/// forward fixpoint over the function; divergent control flow merging
/// uniform values at a phi is not seen (docs/memory.md).
class ThreadDependence {
public:
  explicit ThreadDependence(const llvm::Function &F);
  /// True if \p V may differ between lanes.
  bool varies(const llvm::Value *V) const;
  /// True if \p V differs between lanes because of data each lane loaded.
  bool dataDependent(const llvm::Value *V) const;
  /// True if \p V may differ between lanes of one row of the block (lanes
  /// with the same tid.y and tid.z): it depends on tid.x, laneid,
  /// lanemask_*, an atomic's result, or data loaded through an address that
  /// does. A value that varies but not along a row depends only on tid.y and
  /// tid.z (and uniform values): it is the same for every lane of a row.
  bool variesAlongRow(const llvm::Value *V) const;

private:
  enum : uint8_t { Uniform = 0, Varies = 1, Data = 2, AlongRow = 4 };
  uint8_t state(const llvm::Value *V) const;
  llvm::DenseMap<const llvm::Value *, uint8_t> State;
};

/// A value ScalarEvolution cannot express, standing as a symbol.
struct OpaqueValue {
  const llvm::Value *V = nullptr;
  bool Varies = false, Data = false;
  /// Varies between lanes of one row (ThreadDependence::variesAlongRow);
  /// a value that varies but not along a row differs only between rows.
  bool AlongRow = false;
  /// The innermost loop the value is computed in (it may change from one
  /// iteration to the next), or null.
  const llvm::Loop *DefLoop = nullptr;
  /// "%name" (or "%N") as the IR prints it.
  std::string Text;
  /// The symbol standing for it in expressions ("val.<name>").
  std::string Symbol;
};

/// Converts SCEVs into Exprs like ScevToExpr, except that a value that is
/// neither a parameter nor a special register becomes a symbol "val.<name>"
/// (see opaque()) instead of a failure, so that addresses built from loaded
/// or hashed values still convert.
class ExprBuilder {
public:
  ExprBuilder(const llvm::Function &F, llvm::ScalarEvolution &SE,
              llvm::LoopInfo &LI, const ThreadDependence &Dep,
              llvm::DenseMap<const llvm::Loop *, std::string> LoopNames,
              llvm::ArrayRef<LoopTrip> Trips);

  std::optional<Expr> convert(const llvm::SCEV *S, const llvm::Loop *Scope);
  /// The SCEV of \p V as seen in \p Scope, converted.
  std::optional<Expr> convertValue(const llvm::Value *V,
                                   const llvm::Loop *Scope);
  const std::string &getFailure() const { return Failure; }
  /// True when the last convert failed on the bound of its work.
  bool failedTooLarge() const;

  /// The value behind a symbol made for an opaque value; null otherwise.
  const OpaqueValue *opaque(llvm::StringRef Symbol) const;
  /// The opaque symbols \p E mentions.
  std::vector<const OpaqueValue *> opaqueIn(const Expr &E) const;

  llvm::ScalarEvolution &getSE() { return SE; }
  llvm::LoopInfo &getLoopInfo() { return LI; }
  const ThreadDependence &getDependence() const { return Dep; }
  /// "iter.<loop name>".
  std::string iterSymbol(const llvm::Loop *L) const;

private:
  bool hasOpaque(const llvm::SCEV *S);
  std::optional<Expr> visit(const llvm::SCEV *S);
  std::string symbolFor(const llvm::Value *V);
  std::optional<Expr> samePhiInputs(const llvm::Value *V);
  std::optional<Expr> firstIterationPhi(const llvm::Value *V);
  std::optional<Expr> loopExitPhi(const llvm::Value *V);

  const llvm::Function &F;
  llvm::ScalarEvolution &SE;
  llvm::LoopInfo &LI;
  const ThreadDependence &Dep;
  llvm::DenseMap<const llvm::Loop *, std::string> LoopNames;
  /// The function's loop counts, for the value an induction variable
  /// leaves its loop with (loopExitPhi).
  llvm::ArrayRef<LoopTrip> Trips;
  SymbolNamer Names;
  ScevToExpr Plain;
  const llvm::Loop *Scope = nullptr;
  std::string Failure;
  llvm::DenseMap<const llvm::Value *, std::string> Symbols;
  llvm::StringMap<OpaqueValue> Opaque;
  llvm::SmallPtrSet<const llvm::Value *, 4> InPhi;
  /// SCEVs visited by the current convert (bounded: phis looked through
  /// inside one another visit their inputs again).
  unsigned Visits = 0;
};

/// The ids of each lane of the warp the analysis models, relative to the
/// warp's first lane. Lane 0's ids are the plain symbols tid.x, tid.y,
/// tid.z where possible; where a warp is known to start at a multiple of
/// 32 / (rows per warp) the lane-0 id is written k * ktime.w.<d> so that
/// divisions and remainders of it simplify.
struct WarpLayout {
  /// Lanes of the modelled warp: the target's warp size, or the block's
  /// threads when fewer.
  unsigned Lanes = 32;
  std::optional<std::array<unsigned, 3>> Block;
  /// Substitutions giving lane \p L's ids (and the sizes when known).
  const std::map<std::string, Expr> &laneSubst(unsigned L) const {
    return PerLane[L];
  }
  /// Turns the ktime.w.* helper symbols back into lane-0 ids.
  const std::map<std::string, Expr> &backSubst() const { return Back; }
  /// Symbols known to be a multiple of a number (ntid.x when assumed a
  /// multiple of the warp size; the ktime.w.* helpers carry their factor in
  /// the substitution already), for the alignment of addresses.
  std::map<std::string, int64_t> Multiples;
  std::vector<std::string> Assumptions;
  /// The row of each lane relative to lane 0 (tid.y and tid.z steps
  /// folded): lanes next to each other in tid.x share a row.
  std::vector<int64_t> RowOf;

  static WarpLayout make(std::optional<std::array<unsigned, 3>> Block,
                         unsigned WarpSize);

  /// E at each lane minus E at lane 0, computed from E's coefficients when
  /// E is linear in the ids that vary across the warp with constant
  /// coefficients (no per-lane simplification); std::nullopt otherwise.
  std::optional<std::vector<int64_t>> linearDeltas(const Expr &E) const;
  /// E at each lane of \p Lanes minus E at the first of them, when E is
  /// linear in the ids with coefficients of any form (a row length n): the
  /// coefficients times the lanes' id differences, what substituting each
  /// lane's ids gives without simplifying all of E per lane; std::nullopt
  /// when E is not linear in the ids.
  std::optional<std::vector<Expr>>
  symbolicDeltas(const Expr &E, llvm::ArrayRef<unsigned> Lanes) const;

  /// A block whose warps straddle rows unevenly: the ids (tid.x, tid.y,
  /// tid.z) of every lane of each of its warps, the modelled first one
  /// included, at most MaxWarpsAveraged of them (spread over the block).
  /// Empty for every other shape, whose warps all look alike.
  std::vector<std::vector<std::array<int64_t, 3>>> BlockWarps;
  static constexpr unsigned MaxWarpsAveraged = 32;

  /// E's constant coefficients of tid.x, tid.y, tid.z and laneid, when E
  /// is linear in them with constant coefficients; std::nullopt otherwise.
  std::optional<std::array<int64_t, 4>> idCoefficients(const Expr &E) const;

  /// E with the block sizes the layout assumes a multiple of the warp size
  /// written as such (ntid.x = WarpSize * ktime.n.x when the shape is
  /// unknown), so that a quotient constant across the warp, such as
  /// (ctaid.x * ntid.x + tid.x) / 32, simplifies at each lane.
  Expr withSizeMultiples(const Expr &E) const {
    return SizeMultiples.empty() ? E : E.substitute(SizeMultiples);
  }
  /// Turns withSizeMultiples' helpers back into the block sizes.
  Expr withoutSizeHelpers(const Expr &E) const {
    return SizeBack.empty() ? E : E.substitute(SizeBack);
  }

private:
  std::vector<std::map<std::string, Expr>> PerLane;
  std::map<std::string, Expr> SizeMultiples;
  std::map<std::string, Expr> SizeBack;
  /// tid.x, tid.y, tid.z of each lane minus those of lane 0.
  std::vector<std::array<int64_t, 3>> IdDelta;
  std::map<std::string, Expr> Back;
};

/// The 32-byte sector and 128-byte line of the metric (issue 4, and the
/// CUDA C++ Best Practices Guide's definition of coalescing): the units a
/// global request is counted in.
inline constexpr int64_t SectorBytes = 32;
inline constexpr int64_t LineBytes = 128;

/// Fills the global/local counts of \p A from the byte addresses of its
/// active lanes (relative; their residue modulo LineBytes is what matters).
void countSectors(llvm::ArrayRef<int64_t> Addr, unsigned Bytes, AccessInfo &A);
/// Fills the shared-memory bank-conflict degree and wavefronts.
void countBanks(llvm::ArrayRef<int64_t> Addr, unsigned Bytes, unsigned Banks,
                unsigned BankWidth, AccessInfo &A);
/// Fills the constant-cache serialization.
void countConstant(llvm::ArrayRef<int64_t> Addr, AccessInfo &A);
/// Fills the global counts of \p A from the byte addresses of the active
/// lanes of each row of the warp, the rows at unrelated addresses: the
/// sectors and lines are each row's own, summed; the minimum is that of all
/// lanes' bytes laid out contiguously.
void countRowsApart(llvm::ArrayRef<std::vector<int64_t>> Rows, unsigned Bytes,
                    AccessInfo &A);
/// The global counts of \p A, counted as if the warp's active lanes all
/// used one base, for lanes that split between two bases at unrelated
/// addresses (`c ? y : z` chosen per lane): each base's lanes touch at most
/// the sectors and lines the whole warp would, so both are doubled (at
/// most every lane in its own), the minimum kept (an upper bound, reached
/// when both sides have a lane in every sector).
void splitBetweenTwoBases(AccessInfo &A);
/// Fills the global counts of \p A when each lane's bytes may sit anywhere
/// up to \p Spread bytes above its address (rows moved apart by a bounded
/// per-row shift, RowShift.cpp): the sectors and lines the ranges
/// [a, a + Bytes + Spread) touch.
void countRowsShifted(llvm::ArrayRef<int64_t> Addr, unsigned Bytes,
                      int64_t Spread, AccessInfo &A);
/// A pointer each lane chooses through selects on one condition: the
/// pointer itself, or its base and its index, picked by `c ? ... : ...`
/// (PointerChoice.cpp).
struct PointerChoice {
  const llvm::Value *Condition = nullptr;
  /// The selects on the pointer's computation, each on Condition.
  llvm::SmallVector<const llvm::SelectInst *, 2> Selects;
  /// The select that picks the base pointer.
  const llvm::SelectInst *PointerSelect = nullptr;
  /// The state spaces of its true and false sides.
  MemSpace Spaces[2] = {MemSpace::Generic, MemSpace::Generic};
};

/// One side of a PointerChoice: the part of an access whose lanes take it.
struct ChosenSide {
  const PointerChoice &Choice;
  bool Side;
};

/// The per-lane choice \p Ptr is computed through, where its base pointer
/// is chosen between two state spaces (a choice of two global bases is
/// splitBetweenTwoBases' case) and every select on its computation has the
/// one condition. std::nullopt for any other pointer, a condition every
/// lane shares, or a select ScalarEvolution reads as a minimum or maximum.
std::optional<PointerChoice> findPointerChoice(const llvm::Value *Ptr,
                                               const ThreadDependence &Dep,
                                               llvm::ScalarEvolution &SE);

/// \p S with every choice of \p C replaced by its true (\p Side) or false
/// side.
const llvm::SCEV *chooseSide(llvm::ScalarEvolution &SE, const llvm::SCEV *S,
                             const PointerChoice &C, bool Side);

/// Sectors and lines when each active lane is assumed to touch its own.
void countScattered(unsigned Lanes, unsigned Bytes, AccessInfo &A);
/// Sectors and lines of a coalesced request of \p Lanes x \p Bytes.
void countCoalesced(unsigned Lanes, unsigned Bytes, AccessInfo &A);

/// How a comparison reads lane by lane: lane l sees X_0 + D[l] > 0 (or
/// == 0, != 0), X_0 in the layout's lane-0 symbols.
struct LaneComparison {
  enum class Test { Positive, Zero, NonZero };
  Test T = Test::Positive;
  Expr X0;
  std::vector<int64_t> D;
};

/// The lanes of a warp that make an i1 value true.
struct LaneCondition {
  /// Bit l set: lane l sees true (only when every lane's value is known).
  std::optional<llvm::BitVector> Mask;
  /// Lanes that see true, in lane-0 ids (after WarpLayout::backSubst).
  std::optional<Expr> Count;
  /// All lanes agree (the count is 0 or all lanes).
  bool Uniform = false;
  /// The comparisons it is the conjunction of (one for a single comparison,
  /// a mask's too); empty where it is not known as one.
  std::vector<LaneComparison> Terms;
  /// The comparisons its negation is the conjunction of (a || b: !a, !b).
  std::vector<LaneComparison> NegTerms;

  /// The single comparison (or its negation) it is, where that is not a
  /// mask; null otherwise.
  const LaneComparison *comparison() const {
    return !Mask && Terms.size() == 1 ? &Terms.front() : nullptr;
  }
};

/// Evaluates branch conditions lane by lane.
class LaneConditions {
public:
  LaneConditions(ExprBuilder &B, const WarpLayout &W) : B(B), W(W) {}
  /// The lanes for which \p Cond (an i1 in \p Scope) is true; std::nullopt
  /// when unknown.
  std::optional<LaneCondition> evaluate(const llvm::Value *Cond,
                                        const llvm::Loop *Scope);
  /// True if every lane for which \p A holds is known to hold \p B.
  static bool implies(const LaneCondition &A, const LaneCondition &B);
  LaneCondition negate(const LaneCondition &C) const;

private:
  std::optional<LaneCondition> compare(const llvm::Value *Cond,
                                       const llvm::Loop *Scope);
  /// \p LHS \p Pred \p RHS, integers.
  std::optional<LaneCondition> compare(llvm::CmpInst::Predicate Pred,
                                       const llvm::Value *LHS,
                                       const llvm::Value *RHS,
                                       const llvm::Loop *Scope);
  /// \p A \p Pred \p C for a signed or equality predicate.
  std::optional<LaneCondition> compare(llvm::CmpInst::Predicate Pred,
                                       const Expr &A, const Expr &C);
  /// \p V \p Pred 0, \p V read as an integer.
  std::optional<LaneCondition> compareWithZero(llvm::CmpInst::Predicate Pred,
                                               const llvm::Value *V,
                                               const llvm::Loop *Scope);
  /// (A | B) == 0 as A == 0 && B == 0, (A | B) != 0 as A != 0 || B != 0;
  /// std::nullopt when \p Cond is not such a test.
  std::optional<LaneCondition> compareOrWithZero(const llvm::Value *Cond,
                                                 const llvm::Loop *Scope);
  std::optional<LaneCondition> combine(const LaneCondition &A,
                                       const LaneCondition &B, bool IsAnd);
  ExprBuilder &B;
  const WarpLayout &W;
};

/// What rowShiftSpread needs to know about one access.
struct RowShiftQuery {
  /// The value that differs only between the warp's rows, and the offset
  /// (sizes substituted) in bytes that adds it.
  const OpaqueValue &Shift;
  const Expr &Offset;
  const llvm::Instruction &Access;
  const llvm::Loop *Scope;
  unsigned Bytes;
  /// The warp's active lanes.
  llvm::ArrayRef<unsigned> Lanes;
  ExprBuilder &B;
  const llvm::DominatorTree &DT;
  const WarpLayout &W;
  const std::map<std::string, Expr> &Sizes;
  /// The row of a loop whose step is the given number of bytes, for an
  /// offset with the given constant part (the step, or less for an
  /// unrolled loop: the spacing of its copies).
  std::function<int64_t(const llvm::Loop *, int64_t, int64_t)> LoopRow;
};

/// E with every symbol 0, when that is an integer.
std::optional<int64_t> constantPart(const Expr &E);

/// The most bytes the per-row value moves the rows of one warp apart, when
/// it is linear in an id expression and the row bound and the branches on
/// the way bound its range (RowShift.cpp); std::nullopt otherwise.
std::optional<int64_t> rowShiftSpread(const RowShiftQuery &Q);

/// The constant d with E = E[Sym := 0] + d * Sym, if there is one (and it
/// is not 0).
std::optional<Rational> linearCoefficient(const Expr &E,
                                          const std::string &Sym);

/// True if \p E is a sum of terms each holding at most one factor from
/// \p Syms (coefficients may be symbolic: 4 * ntid.x * ctaid.x is linear
/// in ctaid.x), and none inside a division, min or max.
bool isLinearIn(const Expr &E, llvm::ArrayRef<std::string> Syms);

/// \p E's constant term and the rest (\p E minus it).
std::pair<Expr, Rational> splitConstant(const Expr &E);

/// The coefficients of \p E, linear in \p Syms (isLinearIn; the symbols
/// distinct): Coef[K] is the coefficient of Syms[K], read off E's terms
/// (what substituting 1 and 0 gives, without simplifying all of E again per
/// symbol).
struct LinearParts {
  std::vector<Expr> Coef;
};
LinearParts linearParts(const Expr &E, llvm::ArrayRef<std::string> Syms);

/// A variable of the footprint box and its number of values.
struct BoxVar {
  std::string Symbol;
  Expr Range;
};

/// What a thread's later iterations read around its bytes: the lanes' step
/// (tid.x's coefficient, where tid.x is a term of the offset) and the terms
/// of loop iteration numbers alone (step, number of values).
struct IterationRun {
  std::optional<Expr> LaneStride;
  std::vector<std::pair<Expr, Expr>> IterationTerms;
};

/// Distinct bytes touched by Bytes-wide accesses at Offset + c for c in
/// \p Shifts (the group's constant offsets) as the symbols of \p Box range
/// over [0, Range); std::nullopt when Offset is not affine in them. Exact
/// is false when the result is an upper bound. \p Run, when given, gets
/// the lanes' step and the iteration terms (IterationRun).
std::optional<Expr> footprintBytes(const Expr &Offset,
                                   llvm::ArrayRef<int64_t> Shifts,
                                   unsigned Bytes, llvm::ArrayRef<BoxVar> Box,
                                   bool &Exact, IterationRun *Run = nullptr);

/// An access's address as the reuse analysis needs it: the base pointer
/// (casts stripped) and the byte offset with known sizes substituted; no
/// offset when the address is irregular or not analysed.
struct AccessAddress {
  const llvm::Value *Base = nullptr;
  std::optional<Expr> Offset;
  /// The offset of an address that holds a value differing between rows
  /// (not the same expression for every warp, so no Offset for reuse).
  std::optional<Expr> PerRowOffset;
};

/// What buildGroups needs besides the accesses.
struct ReuseInputs {
  ExprBuilder &Builder;
  llvm::LoopInfo &LI;
  const llvm::DominatorTree &DT;
  llvm::ArrayRef<LoopTrip> Trips;
  /// Known ntid.* and parameter values.
  const std::map<std::string, Expr> &Sizes;
};

/// Groups the accesses (same base, same direction, offsets differing by a
/// constant), computes each group's requested and unique bytes per block
/// and its grid footprint, and copies them into the members' Reuse.
std::vector<AccessGroup> buildGroups(llvm::MutableArrayRef<AccessInfo> Accesses,
                                     llvm::ArrayRef<AccessAddress> Addresses,
                                     const ReuseInputs &In);

} // namespace memory
} // namespace ktime

#endif // KERNELTIME_LIB_MEMORY_MEMORYIMPL_H
