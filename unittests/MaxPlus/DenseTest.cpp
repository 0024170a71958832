//===- DenseTest.cpp - Dense max-plus matrices and their laws -------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// DenseMatrix: conversion to and from SparseMatrix, the semiring laws on
/// random matrices (fixed-seed std::mt19937, integer weights so every sum is
/// exact): (+) associative, commutative and idempotent, (x) associative,
/// (x) distributing over (+) on both sides, the empty matrix the (+)
/// identity and (x)-absorbing (eps absorbs), E the (x) identity; dense
/// powers agree with sparse powers and with repeated products; the paper's
/// Z2^3 by dense power; arrivalTimes with seeds.
/// Run: MaxPlusTests --gtest_filter='Dense*:Arrival*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "gtest/gtest.h"

#include <ostream>
#include <random>

namespace ktime::maxplus {
static void PrintTo(const Value &V, std::ostream *OS) { *OS << V.str(); }
template <typename T>
static void PrintTo(const DenseMatrix<T> &M, std::ostream *OS) {
  *OS << '\n' << detail::toString(M);
}
template <typename T>
static void PrintTo(const SparseMatrix<T> &M, std::ostream *OS) {
  *OS << '\n' << detail::toString(M);
}
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

constexpr unsigned Trials = 150;
constexpr unsigned Size = 5;

template <typename T>
DenseMatrix<T> randomDense(std::mt19937 &Gen, unsigned N,
                           unsigned DensityPercent = 45) {
  DenseMatrix<T> M(N);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = 0; J < N; ++J)
      if (Gen() % 100 < DensityPercent)
        M.set(I, J, T(double(int(Gen() % 21) - 5)));
  return M;
}

template <typename T> class DenseLawTest : public ::testing::Test {
protected:
  std::mt19937 Gen{20220102u};
  DenseMatrix<T> random() { return randomDense<T>(Gen, Size); }
};
using ElementTypes = ::testing::Types<Value, double>;
TYPED_TEST_SUITE(DenseLawTest, ElementTypes, );

TYPED_TEST(DenseLawTest, OplusAssociativeCommutativeIdempotent) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random(), C = this->random();
    EXPECT_EQ(oplus(A, B), oplus(B, A));
    EXPECT_EQ(oplus(oplus(A, B), C), oplus(A, oplus(B, C)));
    EXPECT_EQ(oplus(A, A), A);
  }
}

TYPED_TEST(DenseLawTest, OtimesAssociativeAndDistributive) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random(), C = this->random();
    EXPECT_EQ(otimes(otimes(A, B), C), otimes(A, otimes(B, C)));
    EXPECT_EQ(otimes(A, oplus(B, C)), oplus(otimes(A, B), otimes(A, C)));
    EXPECT_EQ(otimes(oplus(A, B), C), oplus(otimes(A, C), otimes(B, C)));
  }
}

TYPED_TEST(DenseLawTest, IdentityAndAbsorbingElements) {
  DenseMatrix<TypeParam> Eps(Size);
  auto E = DenseMatrix<TypeParam>::identity(Size);
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random();
    EXPECT_EQ(oplus(A, Eps), A);    // eps is the (+) identity
    EXPECT_EQ(otimes(A, Eps), Eps); // and absorbing for (x)
    EXPECT_EQ(otimes(Eps, A), Eps);
    EXPECT_EQ(otimes(A, E), A); // E is the (x) identity
    EXPECT_EQ(otimes(E, A), A);
  }
}

TYPED_TEST(DenseLawTest, AgreesWithSparse) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random();
    SparseMatrix<TypeParam> SA = A.toSparse(), SB = B.toSparse();
    EXPECT_EQ(DenseMatrix<TypeParam>::fromSparse(SA), A);
    EXPECT_EQ(otimes(A, B).toSparse(), otimes(SA, SB));
    EXPECT_EQ(oplus(A, B).toSparse(), oplus(SA, SB));
    for (unsigned P = 0; P <= 7; ++P)
      EXPECT_EQ(power(A, P).toSparse(), power(SA, P)) << "power " << P;
  }
}

TYPED_TEST(DenseLawTest, PowersAreRepeatedProducts) {
  for (unsigned K = 0; K < Trials / 5; ++K) {
    auto Z = this->random();
    auto Repeated = DenseMatrix<TypeParam>::identity(Size);
    for (unsigned P = 0; P <= 9; ++P) {
      EXPECT_EQ(power(Z, P), Repeated) << "power " << P;
      Repeated = otimes(Repeated, Z);
    }
    EXPECT_EQ(power(Z, 7), otimes(power(Z, 3), power(Z, 4)));
  }
}

TEST(DenseTest, StorageAndPrinting) {
  DenseMatrix<Value> M(3);
  EXPECT_EQ(M.lookup(0, 1), nullptr);
  M.set(0, 1, Value(7));
  M.accumulate(0, 1, Value(3));
  EXPECT_EQ(*M.lookup(0, 1), Value(7));
  M.accumulate(0, 1, Value(9));
  EXPECT_EQ(*M.lookup(0, 1), Value(9));
  M.set(2, 2, Value::eps()); // eps empties the cell
  EXPECT_EQ(M.lookup(2, 2), nullptr);
  M.set(1, 1, Value(-2.5));
  EXPECT_EQ(detail::toString(M), "[.    9 .]\n"
                                 "[. -2.5 .]\n"
                                 "[.    . .]\n");
  M.erase(0, 1);
  EXPECT_EQ(M.lookup(0, 1), nullptr);
}

TEST(DenseTest, PaperZ2Cubed) {
  // Z2 of the vector add (paper node 1 = c, 2 = sum, 3 = a, 4 = b):
  // T = 7, tau = 5, t = 3; Z2^3 has T + tau + t at (1, 3) and (1, 4).
  const double T = 7, Tau = 5, t = 3;
  DenseMatrix<Value> Z2(4);
  Z2.set(0, 1, Value(T));
  Z2.set(1, 1, Value(Tau));
  Z2.set(1, 2, Value(t));
  Z2.set(1, 3, Value(t));
  DenseMatrix<Value> P = power(Z2, 3);
  EXPECT_EQ(*P.lookup(0, 2), Value(T + Tau + t)); // 15
  EXPECT_EQ(*P.lookup(0, 3), Value(T + Tau + t)); // 15
  EXPECT_EQ(*P.lookup(0, 1), Value(T + 2 * Tau)); // 17
  EXPECT_EQ(*P.lookup(1, 1), Value(3 * Tau));     // 15
  EXPECT_EQ(*P.lookup(1, 2), Value(2 * Tau + t)); // 13
  EXPECT_EQ(P.lookup(2, 0), nullptr);
}

TEST(ArrivalTest, SeedsDelayInputs) {
  // a (0), b (1) -> sum (2, loop 5) -> c (3); arcs t = 3, T = 7.
  SparseMatrix<Value> Z(4);
  Z.setArc(0, 2, Value(3));
  Z.setArc(1, 2, Value(3));
  Z.set(2, 2, Value(5));
  Z.setArc(2, 3, Value(7));
  SparseVector<Value> Seeds(4);
  Seeds.set(0, Value(0));
  Seeds.set(1, Value(0));
  auto D = arrivalTimes(Z, Seeds);
  ASSERT_TRUE(D);
  EXPECT_EQ(*D->lookup(2), Value(8));  // max(0, 0) + 3 + 5
  EXPECT_EQ(*D->lookup(3), Value(15)); // + 7
  // The same as longestPath with e seeds.
  EXPECT_EQ(*D->lookup(3), *longestPath(Z, {0, 1}, {3}).Length);
  // b ready at 10 instead: sum at 10 + 3 + 5 = 18, c at 25.
  Seeds.set(1, Value(10));
  D = arrivalTimes(Z, Seeds);
  EXPECT_EQ(*D->lookup(3), Value(25));
  // A seed on an inner node is a lower bound on its start: sum may not
  // start before 20 -> 20 + 5 + 7 = 32.
  Seeds.set(2, Value(20));
  D = arrivalTimes(Z, Seeds);
  EXPECT_EQ(*D->lookup(3), Value(32));
  // Unseeded sources stay eps, and so does everything only they reach.
  SparseVector<Value> OnlyA(4);
  OnlyA.set(0, Value(1));
  D = arrivalTimes(Z, OnlyA);
  EXPECT_EQ(D->lookup(1), nullptr);
  EXPECT_EQ(*D->lookup(3), Value(16));
  // A cycle (other than a self-loop) has no arrival times.
  Z.setArc(3, 0, Value(1));
  EXPECT_FALSE(arrivalTimes(Z, Seeds));
}

} // namespace
