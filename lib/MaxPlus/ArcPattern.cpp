//===- ArcPattern.cpp - Kernel graph structure and topological order ------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The weight-free structure of a kernel graph and its topological order
/// (Kahn's algorithm), reporting one cycle when there is no order. Self-loops
/// are operation times in the max-plus model, not cycles. Tested by
/// unittests/MaxPlus/HeightTest.cpp and PathTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include <algorithm>

using namespace ktime::maxplus;

ArcPattern::ArcPattern(unsigned NumNodes)
    : Preds(NumNodes), Succs(NumNodes), SelfLoop(NumNodes, false) {}

void ArcPattern::addArc(unsigned From, unsigned To) {
  assert(From < size() && To < size() && "arc endpoint out of range");
  ++NumArcs;
  if (From == To) {
    SelfLoop[From] = true;
    return;
  }
  Succs[From].push_back(To);
  Preds[To].push_back(From);
}

/// Some nodes are left over after Kahn's algorithm: each still has a
/// left-over predecessor, so walking predecessors from one must repeat a
/// node. Returns that cycle in arc order, smallest node first.
static std::vector<unsigned> findCycle(const ArcPattern &G,
                                       const std::vector<unsigned> &InDeg) {
  unsigned N = G.size();
  unsigned Start = 0;
  while (Start < N && InDeg[Start] == 0)
    ++Start;
  assert(Start < N && "no node left over");
  constexpr unsigned NotSeen = ~0u;
  std::vector<unsigned> Position(N, NotSeen);
  std::vector<unsigned> Walk; // Against the arcs.
  unsigned V = Start;
  while (Position[V] == NotSeen) {
    Position[V] = static_cast<unsigned>(Walk.size());
    Walk.push_back(V);
    llvm::ArrayRef<unsigned> Preds = G.predecessors(V);
    auto It = std::find_if(Preds.begin(), Preds.end(),
                           [&](unsigned P) { return InDeg[P] != 0; });
    assert(It != Preds.end() && "left-over node without left-over pred");
    V = *It;
  }
  std::vector<unsigned> Cycle(Walk.begin() + Position[V], Walk.end());
  std::reverse(Cycle.begin(), Cycle.end());
  // Start at the smallest node, so the report does not depend on the walk.
  std::rotate(Cycle.begin(), std::min_element(Cycle.begin(), Cycle.end()),
              Cycle.end());
  return Cycle;
}

TopoOrder ktime::maxplus::topologicalOrder(const ArcPattern &G) {
  unsigned N = G.size();
  std::vector<unsigned> InDeg(N);
  TopoOrder Result;
  Result.Order.reserve(N);
  for (unsigned V = 0; V < N; ++V) {
    InDeg[V] = static_cast<unsigned>(G.predecessors(V).size());
    if (InDeg[V] == 0)
      Result.Order.push_back(V);
  }
  // Result.Order doubles as the FIFO queue.
  for (size_t Head = 0; Head < Result.Order.size(); ++Head)
    for (unsigned S : G.successors(Result.Order[Head]))
      if (--InDeg[S] == 0)
        Result.Order.push_back(S);
  if (Result.Order.size() != N) {
    Result.Order.clear();
    Result.Cycle = findCycle(G, InDeg);
  }
  return Result;
}
