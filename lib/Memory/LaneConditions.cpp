//===- LaneConditions.cpp - Which lanes of a warp take a branch -----------===//
//
// An integer comparison A pred B is rewritten as X > 0 (A < B: X = B - A;
// A <= B: X = B - A + 1; ...) or X == 0, and X is evaluated at each lane of
// the modelled warp (WarpLayout). When every lane's X differs from lane 0's
// by a constant d_l, the lanes with X_0 + d_l > 0 are counted in closed
// form over runs of lanes where d_l steps evenly (lanes j = 0..n-1 of a run
// starting at d with step s):
//   s = 0:        n * max(0, min(1, Y))                 with Y = X_0 + d
//   s = -k < 0:   max(0, min(n, ceildiv(Y, k)))
//   s = k > 0:    max(0, min(n, n - 1 - floor(-Y / k)))
// and for X == 0: s = 0: n - n * min(1, max(Y, -Y)); s = 1:
// max(0, min(1, Y + n)) - max(0, min(1, Y)); s = -1: max(0, min(1, Y + 1))
// - max(0, min(1, Y - n + 1)). When that takes more than 8 runs (a warp of
// narrow rows, whose deltas alternate) and every distinct delta is shared
// by the same number of lanes, the distinct deltas in increasing order are
// counted as runs, times that number. When every X_l is a constant, the lanes
// are a mask. not takes the other lanes; and/or multiply when one side is
// uniform; two comparisons stepping evenly in opposite directions
// (lo <= v < hi) are a range of lanes, counted in closed form
// (countRange); any other conjunction of comparisons is counted whole
// (countConjunction: tests with the same deltas merged into one, the tests
// known at every lane selecting lanes, the others split into groups of
// lanes where their deltas agree), a || b as not (!a && !b), so that
// chains of && and of || are counted whole. An unsigned
// a u< c is 0 <= a < c (c >= 0) or a >= 0 || a < c (c < 0), a u> c the
// complement, where that makes the lanes a mask; elsewhere the signed
// comparison, every a taken as non-negative.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <map>
#include <numeric>
#include <set>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ktime {
namespace memory {

namespace {

using Test = LaneComparison::Test;

Expr clamp01(const Expr &V) {
  return Expr::max(Expr::constant(0), Expr::min(Expr::constant(1), V));
}

/// Lanes j in [0, N) with Y + S * j > 0 (or == 0, != 0).
std::optional<Expr> runCount(const Expr &Y, int64_t S, int64_t N, Test T) {
  Expr NE = Expr::constant(N);
  if (T == Test::Positive) {
    if (S == 0)
      return NE * clamp01(Y);
    if (S < 0)
      return Expr::max(Expr::constant(0),
                       Expr::min(NE, Expr::ceilDiv(Y, Expr::constant(-S))));
    return Expr::max(
        Expr::constant(0),
        Expr::min(NE, NE - 1 - Expr::floorDiv(-Y, Expr::constant(S))));
  }
  std::optional<Expr> Zero;
  if (S == 0)
    Zero = NE - NE * Expr::min(Expr::constant(1), Expr::max(Y, -Y));
  else if (S == 1)
    Zero = clamp01(Y + NE) - clamp01(Y);
  else if (S == -1)
    Zero = clamp01(Y + 1) - clamp01(Y - NE + 1);
  if (!Zero)
    return std::nullopt;
  return T == Test::Zero ? *Zero : NE - *Zero;
}

/// At most this many runs of evenly stepping lanes, or groups of lanes of
/// a splitting comparison, are summed.
constexpr size_t MaxRuns = 8;

/// At most this many comparisons are kept for a chain of && or ||.
constexpr size_t MaxTerms = 16;

std::optional<Expr> countRuns(const LaneComparison &C,
                              llvm::ArrayRef<unsigned> Lanes);

/// Lanes (of those listed) for which X0 + D[l] passes the test: the sum
/// over runs where D steps evenly; when the lanes' deltas alternate (a warp
/// of several rows, where the row and the column steps interleave), the
/// distinct deltas in increasing order, when each is shared by the same
/// number of lanes, counted as runs and times that number.
std::optional<Expr> countLanes(const LaneComparison &C,
                               llvm::ArrayRef<unsigned> Lanes) {
  if (std::optional<Expr> Count = countRuns(C, Lanes))
    return Count;
  if (Lanes.empty())
    return std::nullopt;
  std::map<int64_t, unsigned> Times;
  for (unsigned L : Lanes)
    ++Times[C.D[L]];
  unsigned Each = Times.begin()->second;
  if (Times.size() == Lanes.size() ||
      llvm::any_of(Times, [&](const auto &T) { return T.second != Each; }))
    return std::nullopt;
  LaneComparison Distinct = C;
  Distinct.D.clear();
  std::vector<unsigned> Order;
  for (const auto &[D, N] : Times) {
    Order.push_back(Distinct.D.size());
    Distinct.D.push_back(D);
  }
  std::optional<Expr> Count = countRuns(Distinct, Order);
  if (!Count)
    return std::nullopt;
  return Expr::constant(static_cast<int64_t>(Each)) * *Count;
}

/// Lanes (of those listed, in order) for which X0 + D[l] passes the test:
/// the sum over runs where D steps evenly.
std::optional<Expr> countRuns(const LaneComparison &C,
                              llvm::ArrayRef<unsigned> Lanes) {
  Expr Count;
  size_t Runs = 0;
  for (size_t First = 0; First < Lanes.size();) {
    int64_t Step = First + 1 < Lanes.size()
                       ? C.D[Lanes[First + 1]] - C.D[Lanes[First]]
                       : 0;
    size_t Last = First + 1;
    while (Last < Lanes.size() &&
           C.D[Lanes[Last]] - C.D[Lanes[Last - 1]] == Step)
      ++Last;
    if (++Runs > MaxRuns)
      return std::nullopt;
    std::optional<Expr> Part =
        runCount(C.X0 + C.D[Lanes[First]], Step, Last - First, C.T);
    if (!Part)
      return std::nullopt;
    Count += *Part;
    First = Last;
  }
  return Count;
}

/// 1 when a lane with delta \p D passes \p C's test, else 0.
Expr passes(const LaneComparison &C, int64_t D) {
  Expr Y = C.X0 + D;
  Expr NonZero = Expr::min(Expr::constant(1), Expr::max(Y, -Y));
  switch (C.T) {
  case Test::Positive:
    return clamp01(Y);
  case Test::Zero:
    return 1 - NonZero;
  case Test::NonZero:
    return NonZero;
  }
  return Expr();
}

LaneComparison negated(const LaneComparison &C) {
  LaneComparison R = C;
  switch (C.T) {
  case Test::Positive: // not (X > 0) == (1 - X > 0) for integers
    R.X0 = 1 - C.X0;
    for (int64_t &D : R.D)
      D = -D;
    break;
  case Test::Zero:
    R.T = Test::NonZero;
    break;
  case Test::NonZero:
    R.T = Test::Zero;
    break;
  }
  return R;
}

/// The step k when \p C's deltas are D[0] + k * l over lanes l (one even
/// run), else std::nullopt.
std::optional<int64_t> evenStep(const LaneComparison &C) {
  if (C.D.size() < 2)
    return std::nullopt;
  int64_t K = C.D[1] - C.D[0];
  for (size_t L = 2; L < C.D.size(); ++L)
    if (C.D[L] - C.D[L - 1] != K)
      return std::nullopt;
  return K;
}

/// Lanes passing both \p A and \p S where one climbs and the other falls
/// at the same even step (lo <= v && v < hi with v stepping from lane to
/// lane: a range of lanes): with Ya = A's X0 + D[0] (rising by k > 0) and
/// Ys = S's, lane l passes when l >= floor(-Ya / k) + 1 and
/// l <= ceil(Ys / k) - 1, so the count is
/// max(0, min(N, ceildiv(Ys, k)) - max(0, floor(-Ya / k) + 1)).
std::optional<Expr> countRange(LaneComparison A, LaneComparison S, unsigned N) {
  if (A.T != Test::Positive || S.T != Test::Positive)
    return std::nullopt;
  std::optional<int64_t> KA = evenStep(A), KS = evenStep(S);
  if (!KA || !KS || *KA != -*KS || *KA == 0)
    return std::nullopt;
  if (*KA < 0)
    std::swap(A, S);
  Expr K = Expr::constant(std::max(*KA, *KS));
  Expr Ya = A.X0 + A.D[0], Ys = S.X0 + S.D[0];
  Expr Zero = Expr::constant(0);
  Expr Low = Expr::max(Zero, Expr::floorDiv(-Ya, K) + 1);
  Expr High = Expr::min(Expr::constant(N), Expr::ceilDiv(Ys, K));
  return Expr::max(Zero, High - Low);
}

/// Whether a lane whose X is \p V passes the test \p T.
bool holdsAt(Test T, int64_t V) {
  return T == Test::Positive ? V > 0 : T == Test::Zero ? V == 0 : V != 0;
}

/// Lanes passing every one of \p Terms: the tests known at every lane (a
/// constant X0) select lanes; of the rest, the one with the most distinct
/// deltas is counted in runs within the groups of lanes where the others'
/// deltas are one value each, the group kept where they hold.
std::optional<Expr> countTests(llvm::ArrayRef<LaneComparison> Terms,
                               unsigned N) {
  std::vector<const LaneComparison *> Varying;
  for (const LaneComparison &C : Terms)
    if (!C.X0.getInt64())
      Varying.push_back(&C);
  std::vector<unsigned> Lanes;
  for (unsigned L = 0; L != N; ++L)
    if (llvm::all_of(Terms, [L](const LaneComparison &C) {
          std::optional<int64_t> V0 = C.X0.getInt64();
          return !V0 || holdsAt(C.T, *V0 + C.D[L]);
        }))
      Lanes.push_back(L);
  if (Lanes.empty() || Varying.empty())
    return Expr::constant(static_cast<int64_t>(Lanes.size()));
  auto DistinctOver = [&](const LaneComparison *C) {
    std::set<int64_t> Seen;
    for (unsigned L : Lanes)
      Seen.insert(C->D[L]);
    return Seen.size();
  };
  auto Counted =
      std::max_element(Varying.begin(), Varying.end(),
                       [&](const LaneComparison *P, const LaneComparison *Q) {
                         return DistinctOver(P) < DistinctOver(Q);
                       });
  const LaneComparison &A = **Counted;
  Varying.erase(Counted);
  std::map<std::vector<int64_t>, std::vector<unsigned>> Groups;
  for (unsigned L : Lanes) {
    std::vector<int64_t> Key;
    for (const LaneComparison *C : Varying)
      Key.push_back(C->D[L]);
    Groups[Key].push_back(L);
  }
  if (Groups.size() > MaxRuns)
    return std::nullopt;
  Expr Count;
  for (const auto &[Key, Group] : Groups) {
    std::optional<Expr> Part = countLanes(A, Group);
    if (!Part)
      return std::nullopt;
    Expr Kept = *Part;
    for (size_t I = 0; I != Varying.size(); ++I)
      Kept = passes(*Varying[I], Key[I]) * Kept;
    Count += Kept;
  }
  return Count;
}

/// Lanes passing every one of \p Terms: tests with the same deltas are
/// one test of the smaller X (countTests counts the rest), unless the
/// merged test steps unevenly (two tests of tx in a block 3 wide) and
/// counts only when split by its parts' deltas.
std::optional<Expr> countConjunction(llvm::ArrayRef<LaneComparison> Terms,
                                     unsigned N) {
  // X + d > 0 and X' + d > 0 at every lane, with the same deltas d, is
  // min(X, X') + d > 0 (ty < h && row < height, both stepping with ty).
  std::vector<LaneComparison> Merged;
  for (const LaneComparison &C : Terms) {
    auto Same = llvm::find_if(Merged, [&](const LaneComparison &M) {
      return C.T == Test::Positive && M.T == Test::Positive && M.D == C.D &&
             !C.X0.getInt64() && !M.X0.getInt64();
    });
    if (Same == Merged.end())
      Merged.push_back(C);
    else
      Same->X0 = Expr::min(Same->X0, C.X0);
  }
  if (std::optional<Expr> Count = countTests(Merged, N))
    return Count;
  if (Merged.size() == Terms.size())
    return std::nullopt;
  return countTests(Terms, N);
}

} // namespace

std::optional<LaneCondition> LaneConditions::compare(const Value *Cond,
                                                     const Loop *Scope) {
  const auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  return compare(Cmp->getPredicate(), Cmp->getOperand(0), Cmp->getOperand(1),
                 Scope);
}

std::optional<LaneCondition>
LaneConditions::compareWithZero(CmpInst::Predicate Pred, const Value *V,
                                const Loop *Scope) {
  return compare(Pred, V, ConstantInt::get(V->getType(), 0), Scope);
}

std::optional<LaneCondition>
LaneConditions::compareOrWithZero(const Value *Cond, const Loop *Scope) {
  const auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp || !Cmp->isEquality())
    return std::nullopt;
  const auto *Zero = dyn_cast<ConstantInt>(Cmp->getOperand(1));
  const auto *Or = dyn_cast<BinaryOperator>(Cmp->getOperand(0));
  if (!Zero || !Zero->isZero() || !Or || Or->getOpcode() != Instruction::Or)
    return std::nullopt;
  // An or is zero exactly when both operands are: every bit of each is zero.
  CmpInst::Predicate Pred = Cmp->getPredicate();
  std::optional<LaneCondition> X =
      compare(Pred, Or->getOperand(0), Zero, Scope);
  std::optional<LaneCondition> Y =
      X ? compare(Pred, Or->getOperand(1), Zero, Scope) : std::nullopt;
  if (!Y)
    return std::nullopt;
  return combine(*X, *Y, /*IsAnd=*/Pred == CmpInst::ICMP_EQ);
}

std::optional<LaneCondition> LaneConditions::compare(CmpInst::Predicate Pred,
                                                     const Value *LHS,
                                                     const Value *RHS,
                                                     const Loop *Scope) {
  std::optional<Expr> A = B.convertValue(LHS, Scope);
  std::optional<Expr> C = A ? B.convertValue(RHS, Scope) : std::nullopt;
  if (!A || !C)
    return std::nullopt;
  for (const Expr *E : {&*A, &*C})
    for (const OpaqueValue *O : B.opaqueIn(*E))
      if (O->Varies)
        return std::nullopt;
  if (!CmpInst::isUnsigned(Pred))
    return compare(Pred, *A, *C);
  // a u< c holds for 0 <= a < c when c >= 0 (clang folds t >= 8 && t < 24
  // into (t - 8) u< 16), for a >= 0 || a < c when c < 0 (t < 8 || t >= 24
  // is (t - 24) u< -16); a u> c is the rest. Taken only where that gives
  // every lane's answer (a mask); otherwise the signed test alone (a taken
  // as non-negative, c as a bound), which && and || with other varying
  // tests and nested branches' implications can use.
  CmpInst::Predicate Signed = ICmpInst::getSignedPredicate(Pred);
  bool Below = Pred == CmpInst::ICMP_ULT || Pred == CmpInst::ICMP_ULE;
  std::optional<Rational> Bound = C->getConstant();
  bool NegativeBound = Bound && *Bound < Rational(0);
  std::optional<LaneCondition> Under =
      compare(Below ? Signed : CmpInst::getInversePredicate(Signed), *A, *C);
  std::optional<LaneCondition> NonNegative =
      Under ? compare(CmpInst::ICMP_SGE, *A, Expr::constant(0)) : std::nullopt;
  std::optional<LaneCondition> Holds =
      NonNegative ? combine(*NonNegative, *Under, /*IsAnd=*/!NegativeBound)
                  : std::nullopt;
  if (!Holds || !Holds->Mask)
    return compare(Signed, *A, *C);
  return Below ? *Holds : negate(*Holds);
}

std::optional<LaneCondition>
LaneConditions::compare(CmpInst::Predicate Pred, const Expr &A, const Expr &C) {
  LaneComparison LC;
  Expr X;
  switch (Pred) {
  case CmpInst::ICMP_SLT:
    X = C - A;
    break;
  case CmpInst::ICMP_SLE:
    X = C - A + 1;
    break;
  case CmpInst::ICMP_SGT:
    X = A - C;
    break;
  case CmpInst::ICMP_SGE:
    X = A - C + 1;
    break;
  case CmpInst::ICMP_EQ:
    X = A - C;
    LC.T = Test::Zero;
    break;
  case CmpInst::ICMP_NE:
    X = A - C;
    LC.T = Test::NonZero;
    break;
  default:
    return std::nullopt;
  }

  unsigned N = W.Lanes;
  LC.X0 = X.substitute(W.laneSubst(0));
  if (std::optional<std::vector<int64_t>> D = W.linearDeltas(X)) {
    LC.D = std::move(*D);
  } else {
    LC.D.assign(N, 0);
    for (unsigned L = 1; L != N; ++L) {
      std::optional<int64_t> Step =
          (X.substitute(W.laneSubst(L)) - LC.X0).getInt64();
      if (!Step)
        return std::nullopt;
      LC.D[L] = *Step;
    }
  }

  LaneCondition R;
  R.Uniform = llvm::all_of(LC.D, [](int64_t V) { return V == 0; });
  if (std::optional<int64_t> V0 = LC.X0.getInt64()) {
    BitVector Mask(N);
    for (unsigned L = 0; L != N; ++L)
      if (holdsAt(LC.T, *V0 + LC.D[L]))
        Mask.set(L);
    R.Count = Expr::constant(static_cast<int64_t>(Mask.count()));
    R.Mask = std::move(Mask);
    R.NegTerms = {negated(LC)};
    R.Terms = {std::move(LC)};
    return R;
  }
  std::vector<unsigned> All(N);
  std::iota(All.begin(), All.end(), 0);
  std::optional<Expr> Count = countLanes(LC, All);
  if (Count)
    R.Count = Count->substitute(W.backSubst());
  R.NegTerms = {negated(LC)};
  R.Terms = {std::move(LC)};
  return R;
}

LaneCondition LaneConditions::negate(const LaneCondition &C) const {
  LaneCondition R;
  R.Uniform = C.Uniform;
  if (C.Mask) {
    R.Mask = *C.Mask;
    R.Mask->flip();
  }
  if (C.Count)
    R.Count = Expr::constant(W.Lanes) - *C.Count;
  R.Terms = C.NegTerms;
  R.NegTerms = C.Terms;
  return R;
}

bool LaneConditions::implies(const LaneCondition &A, const LaneCondition &B) {
  if (A.Mask && B.Mask && A.Mask->size() == B.Mask->size()) {
    BitVector OnlyA = *A.Mask;
    OnlyA.reset(*B.Mask);
    return OnlyA.none();
  }
  // X_A + d > 0 implies X_B + d > 0 for every lane when the deltas agree and
  // X_B - X_A is a known constant >= 0.
  const LaneComparison *CA = A.comparison(), *CB = B.comparison();
  if (!CA || !CB || CA->T != Test::Positive || CB->T != Test::Positive ||
      CA->D != CB->D)
    return false;
  std::optional<Rational> Gap = (CB->X0 - CA->X0).getConstant();
  return Gap && !(*Gap < Rational(0));
}

std::optional<LaneCondition> LaneConditions::combine(const LaneCondition &X,
                                                     const LaneCondition &Y,
                                                     bool IsAnd) {
  // a && b is the conjunction of both sides' terms, a || b the negation
  // of the conjunction of both sides' negations (!a && !b), where both
  // sides are known as such: kept for a later && or || to count the whole.
  LaneCondition R;
  R.Uniform = X.Uniform && Y.Uniform;
  // At most MaxTerms, so that a condition used twice (c && c, nested)
  // stops doubling them.
  auto Join = [](const std::vector<LaneComparison> &A,
                 const std::vector<LaneComparison> &B) {
    std::vector<LaneComparison> Both;
    if (!A.empty() && !B.empty() && A.size() + B.size() <= MaxTerms) {
      Both = A;
      llvm::append_range(Both, B);
    }
    return Both;
  };
  if (IsAnd)
    R.Terms = Join(X.Terms, Y.Terms);
  else
    R.NegTerms = Join(X.NegTerms, Y.NegTerms);
  if (X.Mask && Y.Mask) {
    R.Mask = *X.Mask;
    if (IsAnd)
      *R.Mask &= *Y.Mask;
    else
      *R.Mask |= *Y.Mask;
    R.Count = Expr::constant(static_cast<int64_t>(R.Mask->count()));
    return R;
  }
  if (X.Count && Y.Count && (X.Uniform || Y.Uniform)) {
    // One side is all lanes or none: the product is exact.
    Expr Both = *X.Count * *Y.Count * Expr::constant(Rational(1, W.Lanes));
    R.Count = IsAnd ? Both : *X.Count + *Y.Count - Both;
    return R;
  }
  // Two comparisons stepping evenly in opposite directions (lo <= v &&
  // v < hi) are a range of lanes; any other conjunction (x < n && y < m in
  // a warp spanning two rows, a mask with a test that varies between warps,
  // three or more tests) is counted as a whole.
  std::optional<Expr> Both;
  const LaneComparison *CX = X.comparison(), *CY = Y.comparison();
  if (CX && CY)
    Both = countRange(IsAnd ? *CX : negated(*CX), IsAnd ? *CY : negated(*CY),
                      W.Lanes);
  const std::vector<LaneComparison> &Terms = IsAnd ? R.Terms : R.NegTerms;
  if (!Both && !Terms.empty())
    Both = countConjunction(Terms, W.Lanes);
  if (!Both)
    return std::nullopt;
  Expr Count = IsAnd ? *Both : Expr::constant(W.Lanes) - *Both;
  R.Count = Count.substitute(W.backSubst());
  return R;
}

std::optional<LaneCondition> LaneConditions::evaluate(const Value *Cond,
                                                      const Loop *Scope) {
  if (const auto *C = dyn_cast<ConstantInt>(Cond)) {
    LaneCondition R;
    R.Uniform = true;
    R.Mask = BitVector(W.Lanes, C->isOne());
    R.Count = Expr::constant(C->isOne() ? int64_t(W.Lanes) : 0);
    return R;
  }
  const Value *L, *R;
  if (match(Cond, m_Not(m_Value(L)))) {
    std::optional<LaneCondition> Inner = evaluate(L, Scope);
    if (!Inner)
      return std::nullopt;
    return negate(*Inner);
  }
  bool IsAnd = match(Cond, m_LogicalAnd(m_Value(L), m_Value(R)));
  if (IsAnd || match(Cond, m_LogicalOr(m_Value(L), m_Value(R)))) {
    std::optional<LaneCondition> X = evaluate(L, Scope);
    std::optional<LaneCondition> Y = X ? evaluate(R, Scope) : std::nullopt;
    if (!Y)
      return std::nullopt;
    return combine(*X, *Y, IsAnd);
  }
  // A comparison of two bools with one a constant is the other bool or its
  // negation (x == true is x, x != true is !x). Read as integers it would
  // not be: an i1 constant true is -1, a bool parameter bound to 1. Where
  // the bool is not a condition evaluate() reads, it is read as an integer
  // (x == true as x != 0).
  const auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (Cmp && Cmp->isEquality() &&
      Cmp->getOperand(0)->getType()->isIntegerTy(1)) {
    const Value *X = Cmp->getOperand(0), *K = Cmp->getOperand(1);
    if (isa<ConstantInt>(X))
      std::swap(X, K);
    if (const auto *C = dyn_cast<ConstantInt>(K)) {
      bool Same = C->isOne() == (Cmp->getPredicate() == CmpInst::ICMP_EQ);
      if (std::optional<LaneCondition> Inner = evaluate(X, Scope))
        return Same ? *Inner : negate(*Inner);
      if (C->isOne())
        return compareWithZero(Same ? CmpInst::ICMP_NE : CmpInst::ICMP_EQ, X,
                               Scope);
    }
  }
  if (std::optional<LaneCondition> Or = compareOrWithZero(Cond, Scope))
    return Or;
  // A bool read from a wider integer that holds 0 or 1 (trunc nuw: clang
  // loads a bool, a field of a struct the kernel takes by value for one,
  // as an i8 truncated so) holds where that integer is not zero.
  // Without nuw (clang's -O0 code loads a bool so) the bool is the
  // integer's low bit, read as an integer: X mod 2 != 0.
  if (const auto *Trunc = dyn_cast<TruncInst>(Cond))
    if (Trunc->getType()->isIntegerTy(1))
      return compareWithZero(
          CmpInst::ICMP_NE,
          Trunc->hasNoUnsignedWrap() ? Trunc->getOperand(0) : Trunc, Scope);
  // A bool parameter branched on as it is (`br i1 %flag`) holds where it
  // is not zero. Only a parameter: other i1 values wrap at every step (a
  // flag toggled in a loop is {1,+,1} in i1), which, read as integers, would
  // never be zero.
  if (isa<Argument>(Cond) && Cond->getType()->isIntegerTy(1))
    return compareWithZero(CmpInst::ICMP_NE, Cond, Scope);
  return compare(Cond, Scope);
}

} // namespace memory
} // namespace ktime
