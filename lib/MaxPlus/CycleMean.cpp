//===- CycleMean.cpp - Maximum cycle mean (Karp) and irreducibility -------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The max-plus eigenvalue of a matrix: the maximum cycle mean by Karp's
/// algorithm (R. M. Karp, "A characterization of the minimum cycle mean in a
/// digraph", Discrete Math. 23, 1978), with one critical cycle read off the
/// heaviest n-arc walk; and the strong-connectivity test that says whether
/// the matrix is irreducible (its eigenvalue is then unique). The Models
/// stage uses the mean as a loop recurrence's growth per iteration. Tested by
/// unittests/MaxPlus/CycleMeanTest.cpp against brute-force cycle
/// enumeration.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include <cmath>

using namespace ktime::maxplus;

namespace {

constexpr double NegInf = -std::numeric_limits<double>::infinity();

/// The weight of the cycle C0 -> C1 -> ... -> C0 in Z.
double cycleWeight(const SparseMatrix<double> &Z,
                   const std::vector<unsigned> &Cycle) {
  double W = 0;
  for (size_t K = 0, E = Cycle.size(); K < E; ++K) {
    const double *A = Z.lookup(Cycle[(K + 1) % E], Cycle[K]);
    assert(A && "cycle uses a missing arc");
    W += A ? *A : NegInf;
  }
  return W;
}

/// The cycles of a walk W0 -> W1 -> ... -> Wn, found by cutting the walk at
/// each repeated node (a stack of the nodes since the last cut).
std::vector<std::vector<unsigned>>
cyclesOfWalk(const std::vector<unsigned> &Walk, unsigned NumNodes) {
  std::vector<std::vector<unsigned>> Cycles;
  std::vector<unsigned> Stack;
  std::vector<int> Pos(NumNodes, -1);
  for (unsigned V : Walk) {
    if (Pos[V] >= 0) {
      std::vector<unsigned> C(Stack.begin() + Pos[V], Stack.end());
      for (unsigned U : C)
        Pos[U] = -1;
      Stack.resize(Stack.size() - C.size());
      Cycles.push_back(std::move(C));
    }
    Pos[V] = static_cast<int>(Stack.size());
    Stack.push_back(V);
  }
  return Cycles;
}

} // namespace

std::optional<CycleMean>
ktime::maxplus::maxCycleMean(const SparseMatrix<double> &Z) {
  unsigned N = Z.size();
  if (N == 0)
    return std::nullopt;
  // D[K][V]: heaviest walk of exactly K arcs ending at V; Pred[K][V]: the
  // node before V on it.
  std::vector<std::vector<double>> D(N + 1, std::vector<double>(N, NegInf));
  std::vector<std::vector<unsigned>> Pred(N + 1, std::vector<unsigned>(N, 0));
  std::fill(D[0].begin(), D[0].end(), 0.0);
  for (unsigned K = 1; K <= N; ++K)
    for (unsigned V = 0; V < N; ++V)
      for (const auto &[U, W] : Z.row(V)) {
        assert(std::isfinite(W) && "maxCycleMean needs finite weights");
        if (D[K - 1][U] == NegInf)
          continue;
        double Cand = D[K - 1][U] + W;
        if (D[K][V] == NegInf || Cand > D[K][V]) {
          D[K][V] = Cand;
          Pred[K][V] = U;
        }
      }
  std::optional<double> Best;
  unsigned BestNode = 0;
  for (unsigned V = 0; V < N; ++V) {
    if (D[N][V] == NegInf)
      continue;
    double Worst = std::numeric_limits<double>::infinity();
    for (unsigned K = 0; K < N; ++K)
      if (D[K][V] != NegInf)
        Worst = std::min(Worst, (D[N][V] - D[K][V]) / double(N - K));
    if (!Best || Worst > *Best) {
      Best = Worst;
      BestNode = V;
    }
  }
  if (!Best)
    return std::nullopt; // No walk of n arcs: the graph is acyclic.

  // The heaviest n-arc walk to BestNode, in arc order.
  std::vector<unsigned> Walk(N + 1);
  Walk[N] = BestNode;
  for (unsigned K = N; K > 0; --K)
    Walk[K - 1] = Pred[K][Walk[K]];
  // Every cycle on it has mean lambda in exact arithmetic; take the
  // heaviest by its own weights, so rounding cannot pick a wrong one.
  CycleMean Result;
  std::optional<double> BestMean;
  for (std::vector<unsigned> &C : cyclesOfWalk(Walk, N)) {
    double Mean = cycleWeight(Z, C) / double(C.size());
    if (!BestMean || Mean > *BestMean) {
      BestMean = Mean;
      Result.Cycle = std::move(C);
    }
  }
  assert(BestMean && "an n-arc walk has a cycle");
  Result.Mean = *BestMean;
  std::rotate(Result.Cycle.begin(),
              std::min_element(Result.Cycle.begin(), Result.Cycle.end()),
              Result.Cycle.end());
  return Result;
}

std::optional<CycleMean>
ktime::maxplus::maxCycleMean(const SparseMatrix<Value> &Z) {
  return maxCycleMean(Z.map<double>([](Value V) { return V.toDouble(); }));
}

bool ktime::maxplus::isIrreducible(const ArcPattern &G) {
  unsigned N = G.size();
  if (N == 0)
    return false;
  if (N == 1)
    return G.hasSelfLoop(0);
  // Strongly connected iff node 0 reaches every node forwards and
  // backwards.
  auto ReachesAll = [&](bool Forward) {
    std::vector<bool> Seen(N, false);
    std::vector<unsigned> Work = {0};
    Seen[0] = true;
    unsigned Count = 1;
    while (!Work.empty()) {
      unsigned V = Work.back();
      Work.pop_back();
      for (unsigned W : Forward ? G.successors(V) : G.predecessors(V))
        if (!Seen[W]) {
          Seen[W] = true;
          ++Count;
          Work.push_back(W);
        }
    }
    return Count == N;
  };
  return ReachesAll(true) && ReachesAll(false);
}
