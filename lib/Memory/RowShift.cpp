//===- RowShift.cpp - How far a per-row shift moves a warp's rows ---------===//
//
// An address that adds a value differing only between the warp's rows
// (dedispersion's shift = (dm_first + dm * dm_step) * shifts[channel]) has
// its rows at unrelated addresses unless something bounds the value. This
// file bounds it when three things hold (docs/memory.md, "Shifted rows"):
//
// - the value V is a float expression linear in one integer X that is
//   affine in the ids (products with values the same for the whole grid,
//   sums, fma), converted back to an integer: V(X) = trunc(a * X + b), the
//   slope a unknown but the same for every thread;
// - the row bound holds (Reuse.cpp): the address stays inside its row of
//   the loop V is computed in, so with offset = Rest + A * V + step * iter
//   and a row of S bytes, 0 <= Rest + A * V and Rest + A * V + bytes <= S
//   (S is the loop's step, or for an unrolled loop the spacing of its
//   copies: the greatest common divisor of the step and the differences
//   between this offset's constant part and those of the loop's other
//   offsets off the same base; Rest is taken from the start of its copy's
//   row);
// - the branches on the way to the access bound Rest from above and X from
//   both sides (sample < nr_samples, dm < nr_dms; ids are non-negative).
//
// Then A * V spans at most R = S - bytes - max Rest bytes over the lanes
// that reach the access (V >= 0 after fptoui; after fptosi, V >= -min Rest
// / A and R grows by min Rest), so |a| * A <= (R + A) / (max X - min X),
// and within one warp V moves the rows apart by at most
//   spread = ceil((R + A) * (X span in the warp) / (max X - min X)) + A
// bytes (+ A for the truncation).
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ktime {
namespace memory {

namespace {

/// Y <= Max or Y >= Min, from a branch condition known to hold.
struct Bound {
  Expr Y;
  int64_t Limit;
  bool Upper;
};

class BoundCollector {
public:
  BoundCollector(ExprBuilder &B, const std::map<std::string, Expr> &Sizes)
      : B(B), Sizes(Sizes) {}

  void collect(const Value *Cond, bool Holds, const Loop *Scope,
               unsigned Depth = 0) {
    if (Depth > 8)
      return;
    const Value *L, *R;
    if (match(Cond, m_Not(m_Value(L))))
      return collect(L, !Holds, Scope, Depth + 1);
    if ((Holds && match(Cond, m_LogicalAnd(m_Value(L), m_Value(R)))) ||
        (!Holds && match(Cond, m_LogicalOr(m_Value(L), m_Value(R))))) {
      collect(L, Holds, Scope, Depth + 1);
      collect(R, Holds, Scope, Depth + 1);
      return;
    }
    const auto *Cmp = dyn_cast<ICmpInst>(Cond);
    if (!Cmp)
      return;
    CmpInst::Predicate P =
        Holds ? Cmp->getPredicate() : Cmp->getInversePredicate();
    const Value *Y = Cmp->getOperand(0);
    const auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(1));
    if (!C) {
      C = dyn_cast<ConstantInt>(Cmp->getOperand(0));
      Y = Cmp->getOperand(1);
      P = CmpInst::getSwappedPredicate(P);
    }
    if (!C || C->getBitWidth() > 64)
      return;
    std::optional<Expr> E = B.convertValue(Y, Scope);
    if (!E)
      return;
    // Unsigned comparisons read as comparisons of non-negative values.
    if (CmpInst::isUnsigned(P) && C->getValue().isNegative())
      return;
    int64_t V = C->getSExtValue();
    Expr Ys = E->substitute(Sizes);
    switch (P) {
    case CmpInst::ICMP_SLT:
    case CmpInst::ICMP_ULT:
      Bounds.push_back({Ys, V - 1, true});
      break;
    case CmpInst::ICMP_SLE:
    case CmpInst::ICMP_ULE:
      Bounds.push_back({Ys, V, true});
      break;
    case CmpInst::ICMP_SGT:
    case CmpInst::ICMP_UGT:
      Bounds.push_back({Ys, V + 1, false});
      break;
    case CmpInst::ICMP_SGE:
    case CmpInst::ICMP_UGE:
      Bounds.push_back({Ys, V, false});
      break;
    default:
      break;
    }
  }

  /// The bound of \p E from a collected Y = E - c, if one is known.
  std::optional<int64_t> limit(const Expr &E, bool Upper) const {
    std::optional<int64_t> Best;
    for (const Bound &Bd : Bounds) {
      if (Bd.Upper != Upper)
        continue;
      std::optional<int64_t> C = (E - Bd.Y).getInt64();
      if (!C)
        continue;
      int64_t L = Bd.Limit + *C;
      if (!Best || (Upper ? L < *Best : L > *Best))
        Best = L;
    }
    return Best;
  }

private:
  ExprBuilder &B;
  const std::map<std::string, Expr> &Sizes;
  std::vector<Bound> Bounds;
};

/// The ids and loop iterations: symbols that are never negative.
bool isIdSymbol(StringRef S) {
  return S.starts_with("tid.") || S.starts_with("ctaid.") ||
         S.starts_with("iter.");
}

/// The least value of \p E when it is a constant plus non-negative
/// multiples of the ids and loop iterations (which are >= 0).
std::optional<int64_t> leastOverIds(const Expr &E) {
  std::set<std::string> Syms;
  E.collectSymbols(Syms);
  std::map<std::string, Expr> AtZero;
  for (const std::string &S : Syms) {
    if (!isIdSymbol(S))
      return std::nullopt;
    std::optional<Rational> D = linearCoefficient(E, S);
    if (!D || D->sign() < 0)
      return std::nullopt;
    AtZero[S] = Expr();
  }
  return E.substitute(AtZero).getInt64();
}

/// True if \p V is the same for every thread of the grid: it reads no
/// thread or block id (directly, through loads or phis), so the slope and
/// the offset of a shift are the grid's, not one block's.
bool sameForTheGrid(const Value *V, SmallPtrSetImpl<const Value *> &Seen,
                    unsigned Depth = 0) {
  if (isa<Constant>(V) || isa<Argument>(V) || !Seen.insert(V).second)
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 32)
    return false;
  if (const auto *Call = dyn_cast<CallBase>(I)) {
    const Function *Callee = Call->getCalledFunction();
    std::optional<std::string> Reg =
        Callee ? SymbolNamer::getSpecialRegisterSymbol(Callee->getName())
               : std::nullopt;
    return Reg && (StringRef(*Reg).starts_with("ntid.") ||
                   StringRef(*Reg).starts_with("nctaid."));
  }
  return llvm::all_of(I->operands(), [&](const Use &U) {
    return sameForTheGrid(U.get(), Seen, Depth + 1);
  });
}

bool sameForTheGrid(const Value *V) {
  SmallPtrSet<const Value *, 16> Seen;
  return sameForTheGrid(V, Seen);
}

/// The integer X that the float \p F is linear in (products with
/// warp-uniform values, sums, fma, negation); null when F is uniform;
/// std::nullopt when F is not of that form.
std::optional<const Value *>
linearSource(const Value *F, const ThreadDependence &Dep, unsigned Depth = 0) {
  if (!Dep.varies(F))
    return sameForTheGrid(F) ? std::optional<const Value *>(nullptr)
                             : std::nullopt;
  if (Depth > 16)
    return std::nullopt;
  const Value *X, *Y, *Z;
  if (match(F, m_SIToFP(m_Value(X))) || match(F, m_UIToFP(m_Value(X))))
    return X;
  auto Same =
      [&](std::optional<const Value *> P,
          std::optional<const Value *> Q) -> std::optional<const Value *> {
    if (!P || !Q)
      return std::nullopt;
    if (!*P)
      return *Q;
    if (!*Q || *P == *Q)
      return *P;
    return std::nullopt;
  };
  auto Product = [&](const Value *P,
                     const Value *Q) -> std::optional<const Value *> {
    // One side must be uniform: a * X, never X * X.
    if (Dep.varies(P) && Dep.varies(Q))
      return std::nullopt;
    return Same(linearSource(P, Dep, Depth + 1),
                linearSource(Q, Dep, Depth + 1));
  };
  if (match(F, m_FNeg(m_Value(X))))
    return linearSource(X, Dep, Depth + 1);
  if (match(F, m_FMul(m_Value(X), m_Value(Y))))
    return Product(X, Y);
  if (match(F, m_FAdd(m_Value(X), m_Value(Y))) ||
      match(F, m_FSub(m_Value(X), m_Value(Y))))
    return Same(linearSource(X, Dep, Depth + 1),
                linearSource(Y, Dep, Depth + 1));
  if (match(F,
            m_Intrinsic<Intrinsic::fma>(m_Value(X), m_Value(Y), m_Value(Z))) ||
      match(F, m_Intrinsic<Intrinsic::fmuladd>(m_Value(X), m_Value(Y),
                                               m_Value(Z))))
    return Same(Product(X, Y), linearSource(Z, Dep, Depth + 1));
  return std::nullopt;
}

} // namespace

std::optional<int64_t> constantPart(const Expr &E) {
  std::set<std::string> Syms;
  E.collectSymbols(Syms);
  std::map<std::string, Expr> Zero;
  for (const std::string &Sym : Syms)
    Zero[Sym] = Expr();
  return E.substitute(Zero).getInt64();
}

std::optional<int64_t> rowShiftSpread(const RowShiftQuery &Q) {
  const auto *Conv = dyn_cast<Instruction>(Q.Shift.V);
  if (!Conv || !(isa<FPToUIInst>(Conv) || isa<FPToSIInst>(Conv)) ||
      !Q.Shift.DefLoop)
    return std::nullopt;
  const Value *XV = nullptr;
  if (std::optional<const Value *> X =
          linearSource(Conv->getOperand(0), Q.B.getDependence()))
    XV = *X;
  if (!XV)
    return std::nullopt;

  // offset = Rest + A * V + S * iter, all in bytes.
  std::string IterSym = Q.B.iterSymbol(Q.Shift.DefLoop);
  auto Coefficient = [&](const std::string &Sym) -> std::optional<int64_t> {
    std::optional<Rational> D = linearCoefficient(Q.Offset, Sym);
    if (!D || !D->isInteger() || D->sign() <= 0)
      return std::nullopt;
    return Expr::constant(*D).getInt64();
  };
  std::optional<int64_t> A = Coefficient(Q.Shift.Symbol);
  std::optional<int64_t> Step = Coefficient(IterSym);
  if (!A || !Step || *Step < *A)
    return std::nullopt;
  // The row: the loop's step, or the spacing of an unrolled loop's copies;
  // this copy's row starts at the multiple of it below its constant part.
  Expr Rest =
      Q.Offset.substitute({{Q.Shift.Symbol, Expr()}, {IterSym, Expr()}});
  std::optional<int64_t> C = constantPart(Rest);
  if (!C)
    return std::nullopt;
  int64_t S = Q.LoopRow(Q.Shift.DefLoop, *Step, *C);
  if (S < *A)
    return std::nullopt;
  Rest = Rest - Expr::constant(divideFloorSigned(*C, S) * S);

  // The bounds the branches on the way to the access give: every edge into
  // a block that dominates it, where the block's other predecessors are its
  // own back edges.
  BoundCollector Bounds(Q.B, Q.Sizes);
  const BasicBlock *AccessBlock = Q.Access.getParent();
  for (DomTreeNode *N = Q.DT.getNode(AccessBlock); N; N = N->getIDom()) {
    const BasicBlock *BB = N->getBlock();
    const BasicBlock *Entry = getEntryPredecessor(*BB, Q.DT);
    if (!Entry)
      continue;
    const auto *Br = dyn_cast<BranchInst>(Entry->getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    Bounds.collect(Br->getCondition(), Br->getSuccessor(0) == BB,
                   Q.B.getLoopInfo().getLoopFor(Entry));
  }

  std::optional<int64_t> RestMax = Bounds.limit(Rest, /*Upper=*/true);
  // fptoui gives V >= 0, so A * V lies in [0, S - bytes - max Rest]
  // whatever Rest's least value; fptosi needs it: [-min Rest, ...].
  std::optional<int64_t> RestMin = 0;
  if (isa<FPToSIInst>(Conv)) {
    RestMin = Bounds.limit(Rest, /*Upper=*/false);
    if (!RestMin)
      RestMin = leastOverIds(Rest);
  }
  std::optional<Expr> X = Q.B.convertValue(XV, Q.Scope);
  if (!RestMax || !RestMin || !X)
    return std::nullopt;
  Expr Xs = X->substitute(Q.Sizes);
  std::optional<int64_t> XMax = Bounds.limit(Xs, /*Upper=*/true);
  std::optional<int64_t> XMin = Bounds.limit(Xs, /*Upper=*/false);
  if (!XMin)
    XMin = leastOverIds(Xs);
  std::optional<std::vector<int64_t>> D = Q.W.linearDeltas(Xs);
  if (!XMax || !XMin || *XMax <= *XMin || !D)
    return std::nullopt;
  int64_t Range = S - static_cast<int64_t>(Q.Bytes) - *RestMax + *RestMin;
  if (Range < 0)
    return std::nullopt;
  if (Q.Lanes.empty())
    return std::nullopt;
  int64_t Lo = INT64_MAX, Hi = INT64_MIN;
  for (unsigned L : Q.Lanes) {
    Lo = std::min(Lo, (*D)[L]);
    Hi = std::max(Hi, (*D)[L]);
  }
  // Far beyond any warp request (and the product's range): no bound.
  constexpr int64_t MaxBytes = int64_t(1) << 30;
  int64_t Span = Hi - Lo;
  if (Range + *A > MaxBytes || Span > MaxBytes)
    return std::nullopt;
  return divideCeil((Range + *A) * Span, *XMax - *XMin) + *A;
}

} // namespace memory
} // namespace ktime
