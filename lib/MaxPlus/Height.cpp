//===- Height.cpp - Graph height with the self-loop rule ------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The height of a kernel graph as Antonyuk & Mikheev define it (the power k
/// in <1_o, Z^k (x) 1_i>): nodes are stripped in stages; a stage first takes
/// the nodes whose only incoming arc is their own self-loop and deletes those
/// loops, otherwise it removes every node without incoming arcs. Height =
/// stages - 1. Runs in O(nodes + arcs): the frontier (nodes without incoming
/// arcs other than loops) is unchanged by a loop stage, so every frontier is
/// scanned at most twice. Tested by unittests/MaxPlus/HeightTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

using namespace ktime::maxplus;

std::optional<unsigned> ktime::maxplus::height(const ArcPattern &G,
                                               std::vector<unsigned> *Stages) {
  unsigned N = G.size();
  if (Stages)
    Stages->assign(N, 0);
  if (N == 0)
    return 0;

  std::vector<unsigned> InDeg(N);
  std::vector<bool> Loop(N);
  std::vector<unsigned> Frontier;
  for (unsigned V = 0; V < N; ++V) {
    InDeg[V] = static_cast<unsigned>(G.predecessors(V).size());
    Loop[V] = G.hasSelfLoop(V);
    if (InDeg[V] == 0)
      Frontier.push_back(V);
  }

  unsigned Stage = 0, Removed = 0;
  while (!Frontier.empty()) {
    ++Stage;
    // A loop stage: nodes whose only incoming arc is their loop.
    bool LoopStage = false;
    for (unsigned V : Frontier) {
      if (!Loop[V])
        continue;
      Loop[V] = false;
      LoopStage = true;
      if (Stages)
        (*Stages)[V] = Stage;
    }
    if (LoopStage)
      continue;
    // Otherwise remove the whole frontier and its outgoing arcs.
    std::vector<unsigned> Next;
    for (unsigned V : Frontier) {
      if (Stages)
        (*Stages)[V] = Stage;
      ++Removed;
      for (unsigned S : G.successors(V))
        if (--InDeg[S] == 0)
          Next.push_back(S);
    }
    Frontier = std::move(Next);
  }
  if (Removed != N)
    return std::nullopt; // A cycle other than a self-loop blocks stripping.
  return Stage - 1;
}
