//===- HeightTest.cpp - Graph height and topological order ----------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The paper's stage-by-stage height (with the self-loop rule) and the
/// topological order with cycle reporting, on hand-made graphs whose stage
/// numbers are worked out in the comments, on cycles, on the empty graph and
/// on a long chain (no recursion, linear time). The paper's own examples are
/// in PaperExamplesTest.cpp.
/// Run: MaxPlusTests --gtest_filter='Height*:Topo*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "llvm/ADT/STLExtras.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <random>

using namespace ktime::maxplus;

namespace {

using Stages = std::vector<unsigned>;

ArcPattern graph(unsigned N,
                 std::initializer_list<std::pair<unsigned, unsigned>> Arcs) {
  ArcPattern G(N);
  for (auto [From, To] : Arcs)
    G.addArc(From, To);
  return G;
}

TEST(HeightTest, EmptyAndSingleNodes) {
  Stages S{7};
  EXPECT_EQ(height(ArcPattern(), &S), 0u);
  EXPECT_TRUE(S.empty());
  EXPECT_EQ(height(ArcPattern(1), &S), 0u); // One stage.
  EXPECT_EQ(S, Stages({1}));
  // A looped node: stage 1 deletes its loop, stage 2 removes it.
  EXPECT_EQ(height(graph(1, {{0, 0}}), &S), 1u);
  EXPECT_EQ(S, Stages({2}));
  // Isolated looped nodes lose their loops in one shared stage.
  EXPECT_EQ(height(graph(3, {{0, 0}, {1, 1}, {2, 2}})), 1u);
}

TEST(HeightTest, ChainsAndDiamond) {
  Stages S;
  EXPECT_EQ(height(graph(4, {{0, 1}, {1, 2}, {2, 3}}), &S), 3u);
  EXPECT_EQ(S, Stages({1, 2, 3, 4}));
  // 0 -> {1, 2} -> 3.
  EXPECT_EQ(height(graph(4, {{0, 1}, {0, 2}, {1, 3}, {2, 3}}), &S), 2u);
  EXPECT_EQ(S, Stages({1, 2, 2, 3}));
  // A node is removed only after its latest predecessor: 0 -> 1 -> 2 and
  // 0 -> 2 puts 2 at stage 3.
  EXPECT_EQ(height(graph(3, {{0, 1}, {1, 2}, {0, 2}}), &S), 2u);
  EXPECT_EQ(S, Stages({1, 2, 3}));
}

TEST(HeightTest, SelfLoopsCountOnce) {
  Stages S;
  // in(0) -> a(1, loop) -> b(2, loop) -> out(3): 1: remove in; 2: loop of a;
  // 3: remove a; 4: loop of b; 5: remove b; 6: remove out. Height 5 =
  // 3 arcs + 2 loops.
  ArcPattern G = graph(4, {{0, 1}, {1, 1}, {1, 2}, {2, 2}, {2, 3}});
  EXPECT_EQ(height(G, &S), 5u);
  EXPECT_EQ(S, Stages({1, 3, 5, 6}));
  // A looped input: its loop goes first.
  EXPECT_EQ(height(graph(2, {{0, 0}, {0, 1}}), &S), 2u);
  EXPECT_EQ(S, Stages({2, 3}));
}

TEST(HeightTest, LoopStagesHoldBackEveryNode) {
  // The rule is synchronous: a loop stage removes nothing else. A -> B(loop)
  // beside C -> D -> E -> F: 1: remove A, C; 2: loop of B (D waits);
  // 3: remove B, D; 4: remove E; 5: remove F. Height 4, although no single
  // path has more than 3 steps (C->D->E->F; A->B plus its loop is 2).
  enum { A, B, C, D, E, F };
  Stages S;
  EXPECT_EQ(height(graph(6, {{A, B}, {B, B}, {C, D}, {D, E}, {E, F}}), &S), 4u);
  EXPECT_EQ(S, Stages({1, 3, 1, 3, 4, 5}));
}

TEST(HeightTest, CyclesHaveNoHeight) {
  EXPECT_EQ(height(graph(3, {{0, 1}, {1, 2}, {2, 0}})), std::nullopt);
  EXPECT_EQ(height(graph(2, {{0, 1}, {1, 0}, {0, 0}, {1, 1}})), std::nullopt);
  // Behind an acyclic part, and unrelated to it.
  EXPECT_EQ(height(graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 2}})), std::nullopt);
  EXPECT_EQ(height(graph(4, {{0, 1}, {2, 3}, {3, 2}})), std::nullopt);
  // Nodes the stripping never reached keep stage 0.
  Stages S;
  EXPECT_EQ(height(graph(3, {{0, 1}, {1, 2}, {2, 1}}), &S), std::nullopt);
  EXPECT_EQ(S, Stages({1, 0, 0}));
}

TEST(HeightTest, DuplicateArcsAreHarmless) {
  ArcPattern G = graph(3, {{0, 1}, {0, 1}, {1, 2}, {1, 2}, {1, 1}, {1, 1}});
  EXPECT_EQ(G.numArcs(), 6u);
  EXPECT_EQ(height(G), 3u);
  TopoOrder T = topologicalOrder(G);
  ASSERT_TRUE(T.ok());
  EXPECT_EQ(T.Order, Stages({0, 1, 2}));
}

TEST(HeightTest, WeightsDoNotMatter) {
  SparseMatrix<Value> Z(3), W(3);
  Z.set(1, 0, Value(1));
  Z.set(2, 1, Value(1));
  W.set(1, 0, Value(1000));
  W.set(2, 1, Value(-3));
  EXPECT_EQ(height(Z), 2u);
  EXPECT_EQ(height(W), 2u);
}

TEST(HeightTest, LongChain) {
  constexpr unsigned N = 200000;
  ArcPattern G(N);
  // Arcs run from high to low indices, so the order is not the identity.
  for (unsigned V = N - 1; V > 0; --V)
    G.addArc(V, V - 1);
  G.addArc(N / 2, N / 2);
  EXPECT_EQ(height(G), N); // N - 1 arcs and one loop.
  TopoOrder T = topologicalOrder(G);
  ASSERT_TRUE(T.ok());
  ASSERT_EQ(T.Order.size(), N);
  EXPECT_EQ(T.Order.front(), N - 1);
  EXPECT_EQ(T.Order.back(), 0u);
}

TEST(TopoOrderTest, OrderAndCycles) {
  // Self-loops are not cycles.
  TopoOrder T = topologicalOrder(graph(3, {{2, 1}, {1, 0}, {1, 1}}));
  ASSERT_TRUE(T.ok());
  EXPECT_EQ(T.Order, Stages({2, 1, 0}));
  EXPECT_TRUE(topologicalOrder(ArcPattern()).ok());

  // 0 -> 1 -> {2 -> 3 -> 4 -> 2}: the cycle is reported in arc order.
  T = topologicalOrder(graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 2}}));
  EXPECT_FALSE(T.ok());
  EXPECT_TRUE(T.Order.empty());
  EXPECT_EQ(T.Cycle, Stages({2, 3, 4}));
}

TEST(TopoOrderTest, RandomGraphs) {
  std::mt19937 Gen(7);
  for (unsigned Trial = 0; Trial < 300; ++Trial) {
    unsigned N = 1 + Gen() % 12;
    ArcPattern G(N);
    for (unsigned From = 0; From < N; ++From)
      for (unsigned To = 0; To < N; ++To)
        if (Gen() % 100 < 15)
          G.addArc(From, To);
    TopoOrder T = topologicalOrder(G);
    std::optional<unsigned> H = height(G);
    EXPECT_EQ(T.ok(), H.has_value());
    if (T.ok()) {
      ASSERT_EQ(T.Order.size(), N);
      Stages Pos(N);
      for (unsigned K = 0; K < N; ++K)
        Pos[T.Order[K]] = K;
      for (unsigned V = 0; V < N; ++V)
        for (unsigned S : G.successors(V))
          EXPECT_LT(Pos[V], Pos[S]);
      // Each arc and each loop needs a stage of its own.
      Stages S;
      height(G, &S);
      for (unsigned V = 0; V < N; ++V)
        for (unsigned Succ : G.successors(V))
          EXPECT_LT(S[V] + (G.hasSelfLoop(Succ) ? 1 : 0), S[Succ]);
      continue;
    }
    // A real cycle: consecutive arcs exist and nodes are distinct.
    ASSERT_GE(T.Cycle.size(), 2u);
    for (size_t K = 0, E = T.Cycle.size(); K < E; ++K) {
      llvm::ArrayRef<unsigned> Succs = G.successors(T.Cycle[K]);
      EXPECT_TRUE(llvm::is_contained(Succs, T.Cycle[(K + 1) % E]));
    }
    Stages Sorted = T.Cycle;
    std::sort(Sorted.begin(), Sorted.end());
    EXPECT_EQ(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
  }
}

} // namespace
