//===- PathTest.cpp - Sparse critical paths -------------------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// longestPath and criticalPath beyond the paper's examples: what they equal
/// in general (random DAGs against the dense closed forms), where they differ
/// from the paper's <1_o, Z^h (x) 1_i> (paths of different lengths, two
/// self-loops on one path), the returned node path, and the error cases
/// (cycles, empty graphs, unreachable outputs).
/// Run: MaxPlusTests --gtest_filter='Path*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "llvm/ADT/STLExtras.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>
#include <ostream>
#include <random>

namespace ktime::maxplus {
static void PrintTo(const Value &V, std::ostream *OS) { *OS << V.str(); }
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

using Nodes = std::vector<unsigned>;

std::optional<Value> dense(const SparseMatrix<Value> &M,
                           llvm::ArrayRef<unsigned> Inputs,
                           llvm::ArrayRef<unsigned> Outputs) {
  unsigned N = M.size();
  return innerProduct(SparseVector<Value>::indicator(N, Outputs),
                      otimes(M, SparseVector<Value>::indicator(N, Inputs)));
}

/// M* = E (+) M (+) ... (+) M^N, the closure of a nilpotent (DAG) matrix.
SparseMatrix<Value> star(const SparseMatrix<Value> &M) {
  unsigned N = M.size();
  SparseMatrix<Value> Sum = SparseMatrix<Value>::identity(N), P = Sum;
  for (unsigned K = 1; K <= N; ++K) {
    P = otimes(P, M);
    Sum = oplus(Sum, P);
  }
  return Sum;
}

/// The closed form of longestPath: with Z = D (+) A (D the self-loops, A
/// the other arcs) and D' = D with e where a node has no loop,
/// dist = D' (x) (1_i (+) A (x) dist), so dist = (D' (x) A)* (x) D' (x) 1_i.
std::optional<Value> closedForm(const SparseMatrix<Value> &Z,
                                llvm::ArrayRef<unsigned> Inputs,
                                llvm::ArrayRef<unsigned> Outputs) {
  unsigned N = Z.size();
  SparseMatrix<Value> A(N), D = SparseMatrix<Value>::identity(N);
  for (unsigned I = 0; I < N; ++I)
    for (const auto &[J, W] : Z.row(I))
      (I == J ? D : A).set(I, J, W);
  return dense(otimes(star(otimes(D, A)), D), Inputs, Outputs);
}

/// The weight of a node path, each node's self-loop counted once.
Value pathWeight(const SparseMatrix<Value> &Z, llvm::ArrayRef<unsigned> Path) {
  Value W = Value::unit();
  for (size_t K = 0; K < Path.size(); ++K) {
    if (K) {
      const Value *Arc = Z.lookup(Path[K], Path[K - 1]);
      if (!Arc)
        return Value::eps();
      W = otimes(W, *Arc);
    }
    if (const Value *Loop = Z.lookup(Path[K], Path[K]))
      W = otimes(W, *Loop);
  }
  return W;
}

struct RandomGraph {
  SparseMatrix<Value> Z;
  Nodes In, Out;
};

/// A random DAG (arcs follow a random permutation) with self-loops on about
/// LoopPercent of the nodes, weights 0..9.
RandomGraph randomDag(std::mt19937 &Gen, unsigned LoopPercent) {
  unsigned N = 1 + Gen() % 9;
  Nodes Perm(N);
  std::iota(Perm.begin(), Perm.end(), 0u);
  for (unsigned K = N; K > 1; --K)
    std::swap(Perm[K - 1], Perm[Gen() % K]);
  RandomGraph G{SparseMatrix<Value>(N), {}, {}};
  for (unsigned I = 0; I < N; ++I) {
    for (unsigned J = 0; J < I; ++J)
      if (Gen() % 100 < 35)
        G.Z.setArc(Perm[J], Perm[I], Value(double(Gen() % 10)));
    if (Gen() % 100 < LoopPercent)
      G.Z.set(I, I, Value(double(Gen() % 10)));
    if (Gen() % 100 < 30)
      G.In.push_back(I);
    if (Gen() % 100 < 30)
      G.Out.push_back(I);
  }
  return G;
}

TEST(PathTest, PathsOfDifferentLengths) {
  // in(0) -> a(1) -> b(2) -> out(3), weights 1 each, and in -> out with 10.
  // Height 3: Z^3 sees only the 3-step path (3); longestPath sees every
  // path (10), as <1_o, (E (+) Z)^3 (x) 1_i> does.
  SparseMatrix<Value> Z(4);
  Z.setArc(0, 1, Value(1));
  Z.setArc(1, 2, Value(1));
  Z.setArc(2, 3, Value(1));
  Z.setArc(0, 3, Value(10));
  ASSERT_EQ(height(Z), 3u);
  EXPECT_EQ(dense(power(Z, 3), {0}, {3}), Value(3));
  auto EZ = oplus(SparseMatrix<Value>::identity(4), Z);
  EXPECT_EQ(dense(power(EZ, 3), {0}, {3}), Value(10));
  PathResult<Value> P = criticalPath(Z, {0}, {3});
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(*P.Length, Value(10));
  EXPECT_EQ(P.Path, Nodes({0, 3}));
  // With the short arc cheaper the long path wins; the two agree again.
  Z.setArc(0, 3, Value(2));
  EXPECT_EQ(longestPath(Z, {0}, {3}).Length, Value(3));
  EXPECT_EQ(criticalPath(Z, {0}, {3}).Path, Nodes({0, 1, 2, 3}));
}

TEST(PathTest, TwoSelfLoopsOnOnePath) {
  // in(0) -> a(1, loop 2) -> b(2, loop 6) -> out(3), arcs 1: height 5.
  // longestPath counts each loop once: 3 + 2 + 6 = 11. Z^5 takes the
  // 5-step walk with the heavier loop twice: 3 + 6 + 6 = 15.
  SparseMatrix<Value> Z(4);
  Z.setArc(0, 1, Value(1));
  Z.setArc(1, 2, Value(1));
  Z.setArc(2, 3, Value(1));
  Z.set(1, 1, Value(2));
  Z.set(2, 2, Value(6));
  ASSERT_EQ(height(Z), 5u);
  EXPECT_EQ(dense(power(Z, 5), {0}, {3}), Value(15));
  EXPECT_EQ(longestPath(Z, {0}, {3}).Length, Value(11));
  EXPECT_EQ(closedForm(Z, {0}, {3}), Value(11));
  // Equal loops make the two agree.
  Z.set(1, 1, Value(6));
  EXPECT_EQ(dense(power(Z, 5), {0}, {3}), Value(15));
  EXPECT_EQ(longestPath(Z, {0}, {3}).Length, Value(15));
}

TEST(PathTest, ClosedFormOnRandomDags) {
  std::mt19937 Gen(2022);
  unsigned Compared = 0;
  for (unsigned Trial = 0; Trial < 500; ++Trial) {
    RandomGraph G = randomDag(Gen, 30);
    PathResult<Value> P = criticalPath(G.Z, G.In, G.Out);
    ASSERT_NE(P.Status, PathStatus::Cycle);
    std::optional<Value> Want = closedForm(G.Z, G.In, G.Out);
    EXPECT_EQ(P.Length, Want);
    EXPECT_EQ(longestPath(G.Z, G.In, G.Out).Length, Want);
    EXPECT_EQ(P.ok(), Want.has_value());
    if (!P.ok()) {
      EXPECT_EQ(P.Status, PathStatus::NoPath);
      EXPECT_TRUE(P.Path.empty());
      continue;
    }
    ++Compared;
    // The reported path runs from an input to an output and weighs Length.
    ASSERT_FALSE(P.Path.empty());
    EXPECT_TRUE(llvm::is_contained(G.In, P.Path.front()));
    EXPECT_TRUE(llvm::is_contained(G.Out, P.Path.back()));
    EXPECT_EQ(pathWeight(G.Z, P.Path), *P.Length);
  }
  EXPECT_GT(Compared, 150u); // The generator is not degenerate.
}

TEST(PathTest, LoopFreeEqualsEPlusZPower) {
  std::mt19937 Gen(11);
  for (unsigned Trial = 0; Trial < 300; ++Trial) {
    RandomGraph G = randomDag(Gen, 0);
    std::optional<unsigned> H = height(G.Z);
    ASSERT_TRUE(H);
    unsigned N = G.Z.size();
    auto EZ = oplus(SparseMatrix<Value>::identity(N), G.Z);
    EXPECT_EQ(longestPath(G.Z, G.In, G.Out).Length,
              dense(power(EZ, *H), G.In, G.Out));
  }
}

TEST(PathTest, LayeredGraphsAgreeWithPaper) {
  // The paper's setting: layers 0..L with arcs only between neighbouring
  // layers, inputs = layer 0, outputs = layer L, and self-loops on every
  // node of one layer. Every input -> output path has h steps counting its
  // one loop, and the sparse pass equals <1_o, Z^h (x) 1_i>.
  std::mt19937 Gen(3);
  for (unsigned Trial = 0; Trial < 200; ++Trial) {
    unsigned L = 1 + Gen() % 4, Width = 1 + Gen() % 3;
    unsigned N = (L + 1) * Width;
    unsigned LoopLayer = Gen() % (L + 2); // L + 1: no loops.
    SparseMatrix<Value> Z(N);
    auto Id = [&](unsigned Layer, unsigned K) { return Layer * Width + K; };
    for (unsigned Layer = 1; Layer <= L; ++Layer)
      for (unsigned K = 0; K < Width; ++K) {
        // At least one predecessor per node keeps the layers aligned.
        Z.setArc(Id(Layer - 1, Gen() % Width), Id(Layer, K),
                 Value(double(Gen() % 10)));
        for (unsigned J = 0; J < Width; ++J)
          if (Gen() % 2)
            Z.setArc(Id(Layer - 1, J), Id(Layer, K), Value(double(Gen() % 10)));
      }
    if (LoopLayer <= L)
      for (unsigned K = 0; K < Width; ++K)
        Z.set(Id(LoopLayer, K), Id(LoopLayer, K), Value(double(Gen() % 10)));
    Nodes In, Out;
    for (unsigned K = 0; K < Width; ++K) {
      In.push_back(Id(0, K));
      Out.push_back(Id(L, K));
    }
    std::optional<unsigned> H = height(Z);
    ASSERT_EQ(H, L + (LoopLayer <= L ? 1 : 0));
    EXPECT_EQ(longestPath(Z, In, Out).Length, dense(power(Z, *H), In, Out));
  }
}

TEST(PathTest, CyclesAreErrors) {
  // 0 -> 1 -> 2 -> 1 -> 3: a cycle on the way.
  SparseMatrix<Value> Z(4);
  Z.setArc(0, 1, Value(1));
  Z.setArc(1, 2, Value(1));
  Z.setArc(2, 1, Value(1));
  Z.setArc(1, 3, Value(1));
  for (const PathResult<Value> &P :
       {longestPath(Z, {0}, {3}), criticalPath(Z, {0}, {3})}) {
    EXPECT_EQ(P.Status, PathStatus::Cycle);
    EXPECT_FALSE(P.ok());
    EXPECT_FALSE(P.Length);
    EXPECT_TRUE(P.Path.empty());
    EXPECT_EQ(P.Cycle, Nodes({1, 2}));
  }
  // A cycle nowhere near the inputs and outputs is still an error, as it is
  // for height.
  SparseMatrix<Value> Far(5);
  Far.setArc(0, 1, Value(1));
  Far.setArc(3, 4, Value(1));
  Far.setArc(4, 3, Value(1));
  EXPECT_EQ(longestPath(Far, {0}, {1}).Status, PathStatus::Cycle);
  EXPECT_EQ(longestPath(Far, {0}, {1}).Cycle, Nodes({3, 4}));
  // A self-loop is not a cycle.
  SparseMatrix<Value> Loop(1);
  Loop.set(0, 0, Value(4));
  EXPECT_EQ(longestPath(Loop, {0}, {0}).Length, Value(4));
}

TEST(PathTest, EmptyAndUnreachable) {
  SparseMatrix<Value> Empty;
  EXPECT_EQ(longestPath(Empty, {}, {}).Status, PathStatus::NoPath);
  EXPECT_FALSE(longestPath(Empty, {}, {}).Length);
  EXPECT_EQ(height(Empty), 0u);

  // 0 -> 1, 2 -> 3: nothing reaches 3 from 0.
  SparseMatrix<Value> Z(4);
  Z.setArc(0, 1, Value(5));
  Z.setArc(2, 3, Value(7));
  PathResult<Value> P = criticalPath(Z, {0}, {3});
  EXPECT_EQ(P.Status, PathStatus::NoPath);
  EXPECT_FALSE(P.Length);
  EXPECT_TRUE(P.Path.empty());
  EXPECT_EQ(dense(power(Z, 1), {0}, {3}), std::nullopt); // Agrees.
  EXPECT_EQ(longestPath(Z, {}, {1}).Status, PathStatus::NoPath);
  EXPECT_EQ(longestPath(Z, {0}, {}).Status, PathStatus::NoPath);
  // Unreachable outputs are left out of the max.
  P = criticalPath(Z, {0}, {3, 1});
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(*P.Length, Value(5));
  EXPECT_EQ(P.Path, Nodes({0, 1}));
}

TEST(PathTest, OverflowToEpsIsNoArrival) {
  // -1e308 twice is -inf: eps, as in the dense product, not a time.
  SparseMatrix<Value> Z(3);
  Z.setArc(0, 1, Value(-1e308));
  Z.setArc(1, 2, Value(-1e308));
  EXPECT_EQ(longestPath(Z, {0}, {2}).Status, PathStatus::NoPath);
  EXPECT_EQ(dense(power(Z, 2), {0}, {2}), std::nullopt);
  EXPECT_EQ(longestPath(Z, {0}, {1}).Length, Value(-1e308));
}

TEST(PathTest, InputsInsideTheGraph) {
  // An input that is also an output: a path of no arcs, its loop included.
  SparseMatrix<Value> Z(3);
  Z.set(0, 0, Value(4));
  EXPECT_EQ(longestPath(Z, {0}, {0}).Length, Value(4));
  EXPECT_EQ(criticalPath(Z, {1}, {1}).Path, Nodes({1}));
  EXPECT_EQ(longestPath(Z, {1}, {1}).Length, Value(0));
  // An input with a predecessor: 0 -> 1 (3) -> 2 (1), inputs 0 and 1. The
  // path from 0 is longer and counts; from 1 alone the time is 1.
  Z.setArc(0, 1, Value(3));
  Z.setArc(1, 2, Value(1));
  PathResult<Value> P = criticalPath(Z, {0, 1}, {2});
  EXPECT_EQ(*P.Length, Value(8)); // 4 (loop of 0) + 3 + 1.
  EXPECT_EQ(P.Path, Nodes({0, 1, 2}));
  EXPECT_EQ(longestPath(Z, {1}, {2}).Length, Value(1));
  // With a negative arc the input itself is the better start.
  Z.setArc(0, 1, Value(-10));
  P = criticalPath(Z, {0, 1}, {2});
  EXPECT_EQ(*P.Length, Value(1));
  EXPECT_EQ(P.Path, Nodes({1, 2}));
}

TEST(PathTest, LongChain) {
  // No recursion and one pass: a 200000-node chain with a loop on every node.
  constexpr unsigned N = 200000;
  SparseMatrix<Value> Z(N);
  for (unsigned V = 0; V + 1 < N; ++V)
    Z.setArc(V, V + 1, Value(1));
  for (unsigned V = 0; V < N; ++V)
    Z.set(V, V, Value(2));
  PathResult<Value> P = criticalPath(Z, {0}, {N - 1});
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(*P.Length, Value((N - 1) + 2.0 * N));
  EXPECT_EQ(P.Path.size(), N);
  EXPECT_EQ(height(Z), 2 * N - 1);
}

} // namespace
