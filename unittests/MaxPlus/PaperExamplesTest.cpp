//===- PaperExamplesTest.cpp - Antonyuk & Mikheev's worked examples -------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Antonyuk & Mikheev's examples (docs/maxplus.md) with numbers: the vector
/// add c[i] = a[i] + b[i] without (Z1) and with (Z2) the operation time, the
/// serialised-memory matrix Z3, and the two graphs of Table 1. Each checks
/// the height, the paper's dense <1_o, Z^k (x) 1_i> (and the paper's printed
/// powers where it gives them) and that the sparse longestPath agrees.
/// Paper node 1 = c, 2 = sum, 3 = a, 4 = b are 0, 1, 2, 3 here.
/// Run: MaxPlusTests --gtest_filter='PaperExamples*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "gtest/gtest.h"

#include <ostream>

namespace ktime::maxplus {
static void PrintTo(const Value &V, std::ostream *OS) { *OS << V.str(); }
static void PrintTo(const SparseMatrix<Value> &M, std::ostream *OS) {
  *OS << '\n' << detail::toString(M);
}
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

enum Node : unsigned { C = 0, Sum = 1, A = 2, B = 3 };
const std::vector<unsigned> In = {A, B}, Out = {C};

// Write time T, read time t, add time tau.
constexpr double T = 7, t = 3, Tau = 5;

/// <1_o, Z^K (x) 1_i>, densely, as the paper writes it.
std::optional<Value> dense(const SparseMatrix<Value> &Z, unsigned K,
                           llvm::ArrayRef<unsigned> Inputs,
                           llvm::ArrayRef<unsigned> Outputs) {
  unsigned N = Z.size();
  return innerProduct(
      SparseVector<Value>::indicator(N, Outputs),
      otimes(power(Z, K), SparseVector<Value>::indicator(N, Inputs)));
}

/// A matrix from rows of numbers, eps where NaN.
SparseMatrix<Value> matrix(std::vector<std::vector<double>> Rows) {
  SparseMatrix<Value> M(Rows.size());
  for (unsigned I = 0; I < Rows.size(); ++I)
    for (unsigned J = 0; J < Rows[I].size(); ++J)
      if (Rows[I][J] == Rows[I][J])
        M.set(I, J, Value(Rows[I][J]));
  return M;
}
const double X = std::numeric_limits<double>::quiet_NaN(); // The paper's ".".

SparseMatrix<Value> vectorAdd(std::optional<double> OpTime) {
  SparseMatrix<Value> Z(4);
  Z.set(C, Sum, Value(T));
  Z.set(Sum, A, Value(t));
  Z.set(Sum, B, Value(t));
  if (OpTime)
    Z.set(Sum, Sum, Value(*OpTime));
  return Z;
}

TEST(PaperExamplesTest, NaiveVectorAdd) {
  SparseMatrix<Value> Z1 = vectorAdd(std::nullopt);
  std::vector<unsigned> Stages;
  ASSERT_EQ(height(Z1, &Stages), 2u);
  // Fig. 2: rows 3 and 4 go at stage 1, row 2 at stage 2 (row 1 at 3).
  EXPECT_EQ(Stages, std::vector<unsigned>({3, 2, 1, 1}));
  // The paper's Z1^2: T + t at (1, 3) and (1, 4), nothing else.
  EXPECT_EQ(power(Z1, 2), matrix({
                              {X, X, T + t, T + t},
                              {X, X, X, X},
                              {X, X, X, X},
                              {X, X, X, X},
                          }));
  EXPECT_EQ(dense(Z1, 2, In, Out), Value(T + t)); // 7 + 3 = 10
  PathResult<Value> P = criticalPath(Z1, In, Out);
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(*P.Length, Value(T + t));
  // a and b tie; the lower index (a) is reported.
  EXPECT_EQ(P.Path, std::vector<unsigned>({A, Sum, C}));
  EXPECT_EQ(longestPath(Z1, In, Out).Length, P.Length);
}

TEST(PaperExamplesTest, VectorAddWithOperationLoop) {
  SparseMatrix<Value> Z2 = vectorAdd(Tau);
  std::vector<unsigned> Stages;
  ASSERT_EQ(height(Z2, &Stages), 3u);
  // Fig. 4: a, b at 1; the loop of sum at 2, sum itself at 3; c at 4.
  EXPECT_EQ(Stages, std::vector<unsigned>({4, 3, 1, 1}));
  // The paper's Z2^2 and Z2^3.
  EXPECT_EQ(power(Z2, 2), matrix({
                              {X, T + Tau, T + t, T + t},
                              {X, 2 * Tau, Tau + t, Tau + t},
                              {X, X, X, X},
                              {X, X, X, X},
                          }));
  EXPECT_EQ(power(Z2, 3), matrix({
                              {X, T + 2 * Tau, T + Tau + t, T + Tau + t},
                              {X, 3 * Tau, 2 * Tau + t, 2 * Tau + t},
                              {X, X, X, X},
                              {X, X, X, X},
                          }));
  EXPECT_EQ(dense(Z2, 3, In, Out), Value(T + Tau + t)); // 7 + 5 + 3 = 15
  PathResult<Value> P = criticalPath(Z2, In, Out);
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(*P.Length, Value(T + Tau + t));
  EXPECT_EQ(P.Path, std::vector<unsigned>({A, Sum, C}));
  // One power fewer misses the loop, one more repeats it: the height is
  // the power that counts the loop exactly once.
  EXPECT_EQ(dense(Z2, 2, In, Out), Value(T + t));
  EXPECT_EQ(dense(Z2, 4, In, Out), Value(T + 2 * Tau + t));
}

TEST(PaperExamplesTest, SerialisedGlobalMemory) {
  // Z3 for n executors: the slowest waits (n-1) dT for its write and
  // (2n-2) dt, (2n-1) dt for its two reads.
  for (double NExec : {1.0, 4.0, 32.0}) {
    const double DT = 2, Dt = 1;
    SparseMatrix<Value> Z3(4);
    Z3.set(C, Sum, Value(T + (NExec - 1) * DT));
    Z3.set(Sum, Sum, Value(Tau));
    Z3.set(Sum, A, Value(t + (2 * NExec - 2) * Dt));
    Z3.set(Sum, B, Value(t + (2 * NExec - 1) * Dt));
    // n = 4: 7 + 3*2 + 5 + 3 + 7*1 = 28; n = 1: 7 + 5 + 3 + 1 = 16.
    Value Want(T + (NExec - 1) * DT + Tau + t + (2 * NExec - 1) * Dt);
    ASSERT_EQ(height(Z3), 3u);
    EXPECT_EQ(dense(Z3, 3, In, Out), Want) << "n = " << NExec;
    PathResult<Value> P = criticalPath(Z3, In, Out);
    ASSERT_TRUE(P.ok());
    EXPECT_EQ(*P.Length, Want) << "n = " << NExec;
    // The second read (b) is the later one and bounds the kernel.
    EXPECT_EQ(P.Path, std::vector<unsigned>({B, Sum, C}));
  }
}

TEST(PaperExamplesTest, Table1ParallelAndSeries) {
  const double T1 = 4, T2 = 9;
  // Parallel: input 3 feeds outputs 1 and 2; k = 1; max(t1, t2).
  SparseMatrix<Value> Par(3);
  Par.set(0, 2, Value(T1));
  Par.set(1, 2, Value(T2));
  ASSERT_EQ(height(Par), 1u);
  EXPECT_EQ(dense(Par, 1, {2}, {0, 1}), oplus(Value(T1), Value(T2)));
  EXPECT_EQ(longestPath(Par, {2}, {0, 1}).Length, Value(9));
  EXPECT_EQ(criticalPath(Par, {2}, {0, 1}).Path, std::vector<unsigned>({2, 1}));
  // Series: 3 -> 2 -> 1; k = 2; t1 + t2.
  SparseMatrix<Value> Ser(3);
  Ser.set(0, 1, Value(T1));
  Ser.set(1, 2, Value(T2));
  ASSERT_EQ(height(Ser), 2u);
  EXPECT_EQ(power(Ser, 2), matrix({
                               {X, X, T1 + T2},
                               {X, X, X},
                               {X, X, X},
                           }));
  EXPECT_EQ(dense(Ser, 2, {2}, {0}), otimes(Value(T1), Value(T2)));
  EXPECT_EQ(longestPath(Ser, {2}, {0}).Length, Value(13));
}

} // namespace
