//===- BlockCost.cpp - lat and del of one basic block ---------------------===//
//
// lat is the critical path of the block's data dependencies, computed with
// the MaxPlus core as <1_o, Z* (x) 1_i>: one node per instruction plus a
// sink; an arc j -> i of weight lat(j) when i uses j's result, an arc
// i -> sink of weight lat(i) when something may wait for i's result (not for
// stores), every instruction an input. Values from other blocks and phis are
// ready when the block starts. del is the sum of the delays.
//
//===----------------------------------------------------------------------===//
#include "ThreadModelImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"

#include <numeric>

using namespace llvm;

namespace ktime {

NodeCost operator+(const NodeCost &A, const NodeCost &B) {
  return {A.Lat + B.Lat, A.Del + B.Del, A.Barriers + B.Barriers};
}

NodeCost maxNodeCost(const NodeCost &A, const NodeCost &B) {
  return {maxCycles(A.Lat, B.Lat), maxCycles(A.Del, B.Del),
          Expr::max(A.Barriers, B.Barriers)};
}

NodeCost
summarizeBlock(const BasicBlock &BB,
               const std::function<InstrTiming(const Instruction &)> &Timing) {
  DenseMap<const Instruction *, unsigned> Index;
  std::vector<InstrTiming> Timings;
  for (const Instruction &I : BB) {
    Index[&I] = Timings.size();
    Timings.push_back(Timing(I));
  }
  unsigned Sink = Timings.size();
  maxplus::SparseMatrix<Cycles> Z(Sink + 1);
  NodeCost Cost;
  Expr Barriers;
  for (const Instruction &I : BB) {
    unsigned To = Index[&I];
    const InstrTiming &T = Timings[To];
    Cost.Del = Cost.Del + T.Del;
    Barriers = Barriers + T.Barriers;
    if (!isa<PHINode>(I))
      for (const Value *Op : I.operands())
        if (const auto *OpI = dyn_cast<Instruction>(Op))
          if (OpI->getParent() == &BB) {
            unsigned From = Index[OpI];
            Z.setArc(From, To, Timings[From].Lat);
          }
    if (T.Awaited)
      Z.setArc(To, Sink, T.Lat);
  }
  std::vector<unsigned> Inputs(Sink);
  std::iota(Inputs.begin(), Inputs.end(), 0u);
  unsigned Outputs[] = {Sink};
  maxplus::PathResult<Cycles> Path = maxplus::longestPath(Z, Inputs, Outputs);
  if (Path.Length)
    Cost.Lat = *Path.Length;
  Cost.Barriers = Barriers;
  return Cost;
}

} // namespace ktime
