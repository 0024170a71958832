//===- CycleMeanTest.cpp - Maximum cycle mean and irreducibility ----------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// maxCycleMean (Karp) on hand examples whose means are worked out in the
/// comments, on random graphs against brute-force enumeration of every
/// simple cycle, and as the eigenvalue: for an irreducible Z the growth of
/// Z^k per step tends to the mean, and the mean is an eigenvalue
/// (Z (x) v = lambda (x) v for the column of the critical cycle's node in
/// the Kleene star of Z - lambda).
/// Run: MaxPlusTests --gtest_filter='CycleMean*:Irreducible*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

using namespace ktime::maxplus;

namespace {

/// Every simple cycle's largest mean, by depth-first search from each start
/// node through larger nodes only (each cycle found once).
std::optional<double> bruteForce(const SparseMatrix<double> &Z) {
  unsigned N = Z.size();
  std::optional<double> Best;
  std::vector<bool> OnPath(N, false);
  std::function<void(unsigned, unsigned, double, unsigned)> Dfs =
      [&](unsigned Start, unsigned V, double W, unsigned Len) {
        // Arcs out of V: entries (To, V).
        for (unsigned To = 0; To < N; ++To) {
          const double *A = Z.lookup(To, V);
          if (!A)
            continue;
          if (To == Start) {
            double Mean = (W + *A) / (Len + 1);
            if (!Best || Mean > *Best)
              Best = Mean;
          } else if (To > Start && !OnPath[To]) {
            OnPath[To] = true;
            Dfs(Start, To, W + *A, Len + 1);
            OnPath[To] = false;
          }
        }
      };
  for (unsigned S = 0; S < N; ++S) {
    OnPath[S] = true;
    Dfs(S, S, 0, 0);
    OnPath[S] = false;
  }
  return Best;
}

double weightOf(const SparseMatrix<double> &Z, const std::vector<unsigned> &C) {
  double W = 0;
  for (size_t K = 0; K < C.size(); ++K)
    W += *Z.lookup(C[(K + 1) % C.size()], C[K]);
  return W;
}

TEST(CycleMeanTest, HandExamples) {
  // A self-loop is a cycle of one arc: mean = its weight.
  SparseMatrix<double> Loop(1);
  Loop.set(0, 0, 4);
  auto M = maxCycleMean(Loop);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Mean, 4);
  EXPECT_EQ(M->Cycle, std::vector<unsigned>({0}));

  // 0 -> 1 (weight 3), 1 -> 0 (weight 5): mean (3 + 5) / 2 = 4; beside it
  // a self-loop of 3.5 on node 2 (reached from 1 with 100, which is no
  // cycle): lambda = 4, the 2-cycle.
  SparseMatrix<double> Z(3);
  Z.setArc(0, 1, 3);
  Z.setArc(1, 0, 5);
  Z.setArc(1, 2, 100);
  Z.setArc(2, 2, 3.5);
  M = maxCycleMean(Z);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Mean, 4);
  EXPECT_EQ(M->Cycle, std::vector<unsigned>({0, 1}));
  // Raise the loop to 4.5: now it is critical.
  Z.set(2, 2, 4.5);
  M = maxCycleMean(Z);
  EXPECT_EQ(M->Mean, 4.5);
  EXPECT_EQ(M->Cycle, std::vector<unsigned>({2}));

  // A 3-cycle with weights 1, 2, 6 (mean 3) against a 2-cycle sharing
  // node 0 with weights 1, 4 (mean 2.5): lambda = 3.
  SparseMatrix<double> Tri(4);
  Tri.setArc(0, 1, 1);
  Tri.setArc(1, 2, 2);
  Tri.setArc(2, 0, 6);
  Tri.setArc(0, 3, 1);
  Tri.setArc(3, 0, 4);
  M = maxCycleMean(Tri);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Mean, 3);
  EXPECT_EQ(M->Cycle, std::vector<unsigned>({0, 1, 2}));

  // Negative weights: the mean may be negative (-1.5 for -1, -2).
  SparseMatrix<double> Neg(2);
  Neg.setArc(0, 1, -1);
  Neg.setArc(1, 0, -2);
  EXPECT_EQ(maxCycleMean(Neg)->Mean, -1.5);

  // Value elements give the same answer.
  SparseMatrix<Value> V(2);
  V.setArc(0, 1, Value(3));
  V.setArc(1, 0, Value(5));
  EXPECT_EQ(maxCycleMean(V)->Mean, 4);
}

TEST(CycleMeanTest, AcyclicAndEmpty) {
  EXPECT_FALSE(maxCycleMean(SparseMatrix<double>(0)));
  EXPECT_FALSE(maxCycleMean(SparseMatrix<double>(3)));
  SparseMatrix<double> Dag(3);
  Dag.setArc(0, 1, 2);
  Dag.setArc(1, 2, 2);
  Dag.setArc(0, 2, 9);
  EXPECT_FALSE(maxCycleMean(Dag));
}

TEST(CycleMeanTest, RandomGraphsAgainstBruteForce) {
  std::mt19937 Gen(20220111u);
  unsigned Cyclic = 0;
  for (unsigned K = 0; K < 400; ++K) {
    unsigned N = 1 + Gen() % 7;
    SparseMatrix<double> Z(N);
    for (unsigned I = 0; I < N; ++I)
      for (unsigned J = 0; J < N; ++J)
        if (Gen() % 100 < 30)
          Z.set(I, J, double(int(Gen() % 21) - 5));
    std::optional<double> Want = bruteForce(Z);
    std::optional<CycleMean> Got = maxCycleMean(Z);
    ASSERT_EQ(Got.has_value(), Want.has_value()) << "trial " << K;
    if (!Want)
      continue;
    ++Cyclic;
    EXPECT_NEAR(Got->Mean, *Want, 1e-9) << "trial " << K;
    // The reported cycle is a cycle of Z with that mean.
    ASSERT_FALSE(Got->Cycle.empty());
    EXPECT_NEAR(weightOf(Z, Got->Cycle) / Got->Cycle.size(), *Want, 1e-9);
    EXPECT_EQ(*std::min_element(Got->Cycle.begin(), Got->Cycle.end()),
              Got->Cycle.front());
  }
  EXPECT_GT(Cyclic, 200u); // The trials do exercise cycles.
}

TEST(CycleMeanTest, EigenvalueOfIrreducibleMatrix) {
  // Z irreducible (strongly connected): (Z^k)_ij / k -> lambda, and lambda
  // is an eigenvalue with an eigenvector from the critical cycle.
  //   0 -> 1 (2), 1 -> 2 (3), 2 -> 0 (4): mean 3;  1 -> 1 (2.5).
  SparseMatrix<double> Z(3);
  Z.setArc(0, 1, 2);
  Z.setArc(1, 2, 3);
  Z.setArc(2, 0, 4);
  Z.setArc(1, 1, 2.5);
  ASSERT_TRUE(isIrreducible(Z.pattern()));
  auto M = maxCycleMean(Z);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Mean, 3);
  // Z^(3m) has exactly 3m * lambda on the diagonal of the critical cycle.
  SparseMatrix<double> P = power(Z, 30);
  EXPECT_EQ(*P.lookup(0, 0), 90);
  // Eigenvector: column 0 of (Z - lambda)^+ = max_k (Z - lambda)^k for
  // k = 1..n; then Z (x) v = lambda (x) v.
  SparseMatrix<double> Shifted =
      Z.map<double>([&](double X) { return X - M->Mean; });
  SparseMatrix<double> Plus = Shifted, Pk = Shifted;
  for (unsigned K = 2; K <= 3; ++K) {
    Pk = otimes(Pk, Shifted);
    Plus = oplus(Plus, Pk);
  }
  SparseVector<double> V(3);
  for (unsigned I = 0; I < 3; ++I)
    V.set(I, *Plus.lookup(I, 0));
  SparseVector<double> ZV = otimes(Z, V);
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_EQ(*ZV.lookup(I), *V.lookup(I) + M->Mean) << "row " << I;
}

TEST(IrreducibleTest, StrongConnectivity) {
  EXPECT_FALSE(isIrreducible(ArcPattern(0)));
  ArcPattern One(1);
  EXPECT_FALSE(isIrreducible(One));
  One.addArc(0, 0);
  EXPECT_TRUE(isIrreducible(One));
  ArcPattern Chain(3);
  Chain.addArc(0, 1);
  Chain.addArc(1, 2);
  EXPECT_FALSE(isIrreducible(Chain));
  Chain.addArc(2, 0);
  EXPECT_TRUE(isIrreducible(Chain));
  ArcPattern TwoParts(4);
  TwoParts.addArc(0, 1);
  TwoParts.addArc(1, 0);
  TwoParts.addArc(2, 3);
  TwoParts.addArc(3, 2);
  EXPECT_FALSE(isIrreducible(TwoParts));
}

} // namespace
