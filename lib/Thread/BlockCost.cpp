//===- BlockCost.cpp - lat and del of one basic block ---------------------===//
//
// lat is the critical path of the block's data dependencies, the MaxPlus
// core's <1_o, Z* (x) 1_i>: one node per instruction plus a sink; an arc
// j -> i of weight lat(j) when i uses j's result, an arc i -> sink of weight
// lat(i) when something may wait for i's result (not for stores), every
// instruction an input. Values from other blocks and phis are ready when the
// block starts. A call the warp runs (a device function that survived
// inlining) is awaited and has an arc to every later instruction: the warp
// executes the callee before it issues anything after the call. The
// block's order is a topological order of these arcs, so the path is
// computed in one pass over it (the matrix sweep's operations, in its
// order). del is the sum of the delays.
//
//===----------------------------------------------------------------------===//
#include "ThreadModelImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace llvm;

namespace ktime {

NodeCost operator+(const NodeCost &A, const NodeCost &B) {
  return {A.Lat + B.Lat, A.Del + B.Del, A.Barriers + B.Barriers};
}

NodeCost maxNodeCost(const NodeCost &A, const NodeCost &B) {
  return {maxCycles(A.Lat, B.Lat), maxCycles(A.Del, B.Del),
          Expr::max(A.Barriers, B.Barriers)};
}

namespace {

/// A time kept as an expression plus a constant, so that adding a constant
/// latency (most instructions have one) to an arrival time is rational
/// arithmetic: the expression is built when a symbolic max or the block's
/// result needs it. The nominal value is tracked as Cycles' + and
/// maxCycles track it, so it rounds the same.
struct PendingCycles {
  Expr Base;
  Rational Offset;
  std::optional<double> Nominal = 0.0;

  static PendingCycles of(const Cycles &C) {
    return {C.E, Rational(), C.Nominal};
  }
  Cycles get() const {
    Cycles C;
    C.E = Offset.isZero() ? Base : Base + Expr::constant(Offset);
    C.Nominal = Nominal;
    return C;
  }
};

/// \p A (x) \p B, as Cycles' +.
PendingCycles plus(const PendingCycles &A, const Cycles &B) {
  PendingCycles R = A;
  if (std::optional<Rational> K = B.E.getConstant())
    R.Offset += *K;
  else
    R.Base = R.Base + B.E;
  R.Nominal = A.Nominal && B.Nominal
                  ? std::optional<double>(*A.Nominal + *B.Nominal)
                  : std::nullopt;
  return R;
}

/// \p A (+) \p B, as maxCycles.
PendingCycles maxPending(const PendingCycles &A, const PendingCycles &B) {
  if (A.Nominal && B.Nominal)
    return *A.Nominal >= *B.Nominal ? A : B;
  return PendingCycles::of(maxCycles(A.get(), B.get()));
}

} // namespace

NodeCost
summarizeBlock(const BasicBlock &BB,
               const std::function<InstrTiming(const Instruction &)> &Timing) {
  // The longest path of the MaxPlus core (maxplus::longestPath) computed in
  // the block's own order, which is a topological order of its arcs: every
  // instruction is an input (seed e), its arrival the max over its in-block
  // operands j, in increasing j as the sparse rows hold them, of
  // arrival(j) (x) lat(j); the sink's the max over awaited i of arrival(i)
  // (x) lat(i). The same operations in the same order as the matrix sweep,
  // without building the matrix.
  size_t Size = BB.size();
  DenseMap<const Instruction *, unsigned> Index(Size);
  std::vector<InstrTiming> Timings;
  Timings.reserve(Size);
  for (const Instruction &I : BB) {
    Index[&I] = Timings.size();
    Timings.push_back(Timing(I));
  }
  std::vector<PendingCycles> Arrival(Timings.size());
  std::vector<bool> IsOne(Timings.size(), true);
  SmallVector<unsigned, 4> Preds;
  NodeCost Cost;
  Expr Barriers;
  // del, the sum of the delays, kept as its constant part, the sum of the
  // rest and the nominal value: most delays are constants, and adding each
  // to a sum with symbols rebuilt the sum. The nominal value is added in
  // the block's order, as Cycles' + does, so it rounds the same.
  Rational ConstDel;
  Expr SymDel;
  std::optional<double> NominalDel = 0.0;
  std::optional<PendingCycles> Sink;
  // arrival(j) (x) lat(j), computed once for all of j's users.
  std::vector<std::optional<PendingCycles>> Out(Timings.size());
  // The last sequential call's Through: an arc from it to every later
  // instruction.
  std::optional<unsigned> LastCall;
  auto Through = [&](unsigned J) -> const PendingCycles & {
    if (!Out[J])
      Out[J] = IsOne[J] ? PendingCycles::of(Timings[J].Lat)
                        : plus(Arrival[J], Timings[J].Lat);
    return *Out[J];
  };
  for (const Instruction &I : BB) {
    unsigned To = Index[&I];
    const InstrTiming &T = Timings[To];
    if (std::optional<Rational> D = T.Del.E.getConstant())
      ConstDel += *D;
    else
      SymDel = SymDel + T.Del.E;
    NominalDel = NominalDel && T.Del.Nominal
                     ? std::optional<double>(*NominalDel + *T.Del.Nominal)
                     : std::nullopt;
    Barriers = Barriers + T.Barriers;
    Preds.clear();
    if (!isa<PHINode>(I))
      for (const Value *Op : I.operands())
        if (const auto *OpI = dyn_cast<Instruction>(Op))
          if (OpI->getParent() == &BB)
            Preds.push_back(Index[OpI]);
    if (LastCall)
      Preds.push_back(*LastCall);
    std::sort(Preds.begin(), Preds.end());
    Preds.erase(std::unique(Preds.begin(), Preds.end()), Preds.end());
    for (unsigned From : Preds) {
      Arrival[To] = maxPending(Arrival[To], Through(From));
      IsOne[To] = false;
    }
    if (T.Awaited || T.Sequential)
      Sink = Sink ? maxPending(*Sink, Through(To)) : Through(To);
    if (T.Sequential)
      LastCall = To;
  }
  Cost.Del.E = SymDel + Expr::constant(ConstDel);
  Cost.Del.Nominal = NominalDel;
  if (Sink)
    Cost.Lat = Sink->get();
  Cost.Barriers = Barriers;
  return Cost;
}

} // namespace ktime
