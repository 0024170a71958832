//===- KroneckerTest.cpp - The modified Kronecker product -----------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The paper's section 7: n identical kernels are I_n kron K, and
/// (I_n kron K)^m = I_n kron K^m, proved there from the mixed-product rule
/// (A kron B) (x) (C kron D) = (A (x) C) kron (B (x) D). Both are checked
/// here on hand matrices (the vector add's Z2) and on random ones, with
/// Value and double elements.
/// Run: MaxPlusTests --gtest_filter='Kronecker*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "gtest/gtest.h"

#include <ostream>
#include <random>

namespace ktime::maxplus {
static void PrintTo(const Value &V, std::ostream *OS) { *OS << V.str(); }
template <typename T>
static void PrintTo(const SparseMatrix<T> &M, std::ostream *OS) {
  *OS << '\n' << detail::toString(M);
}
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

template <typename T>
SparseMatrix<T> randomMatrix(std::mt19937 &Gen, unsigned N,
                             unsigned DensityPercent = 40) {
  SparseMatrix<T> M(N);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = 0; J < N; ++J)
      if (Gen() % 100 < DensityPercent)
        M.set(I, J, T(double(int(Gen() % 21) - 5)));
  return M;
}

TEST(KroneckerTest, HandExample) {
  // A = [0 2; . 1], B = [. 3; 4 .]: block (i, j) is a_ij (x) B.
  SparseMatrix<Value> A(2), B(2);
  A.set(0, 0, Value(0));
  A.set(0, 1, Value(2));
  A.set(1, 1, Value(1));
  B.set(0, 1, Value(3));
  B.set(1, 0, Value(4));
  EXPECT_EQ(detail::toString(kronecker(A, B)), "[. 3 . 5]\n"
                                               "[4 . 6 .]\n"
                                               "[. . . 4]\n"
                                               "[. . 5 .]\n");
  // I_2 kron B: B twice on the diagonal, nothing else.
  EXPECT_EQ(detail::toString(kroneckerIdentity(2, B)), "[. 3 . .]\n"
                                                       "[4 . . .]\n"
                                                       "[. . . 3]\n"
                                                       "[. . 4 .]\n");
  EXPECT_EQ(kroneckerIdentity(2, B),
            kronecker(SparseMatrix<Value>::identity(2), B));
  EXPECT_EQ(kronecker(SparseMatrix<Value>(0), B).size(), 0u);
}

TEST(KroneckerTest, VectorAddOnThreeExecutors) {
  // Z2 of the paper (T = 7, tau = 5, t = 3) for n = 3 executors: the
  // block-diagonal matrix cubed is the block-diagonal of Z2^3, and each
  // copy's time from its inputs a, b to its output c is T + tau + t = 15.
  SparseMatrix<Value> Z2(4);
  Z2.set(0, 1, Value(7));
  Z2.set(1, 1, Value(5));
  Z2.set(1, 2, Value(3));
  Z2.set(1, 3, Value(3));
  const unsigned N = 3;
  SparseMatrix<Value> Full = kroneckerIdentity(N, Z2);
  ASSERT_EQ(Full.size(), 12u);
  EXPECT_EQ(power(Full, 3), kroneckerIdentity(N, power(Z2, 3)));
  std::vector<unsigned> In, Out;
  for (unsigned I = 0; I < N; ++I) {
    In.push_back(4 * I + 2);
    In.push_back(4 * I + 3);
    Out.push_back(4 * I);
  }
  auto Dense = innerProduct(
      SparseVector<Value>::indicator(12, Out),
      otimes(power(Full, 3), SparseVector<Value>::indicator(12, In)));
  EXPECT_EQ(Dense, Value(15));
  EXPECT_EQ(longestPath(Full, In, Out).Length, Value(15));
  // The height of n disjoint copies is the height of one.
  EXPECT_EQ(height(Full), height(Z2));
}

template <typename T> class KroneckerLawTest : public ::testing::Test {
protected:
  std::mt19937 Gen{20220107u};
};
using ElementTypes = ::testing::Types<Value, double>;
TYPED_TEST_SUITE(KroneckerLawTest, ElementTypes, );

TYPED_TEST(KroneckerLawTest, MixedProductRule) {
  for (unsigned K = 0; K < 100; ++K) {
    auto A = randomMatrix<TypeParam>(this->Gen, 3);
    auto C = randomMatrix<TypeParam>(this->Gen, 3);
    auto B = randomMatrix<TypeParam>(this->Gen, 4);
    auto D = randomMatrix<TypeParam>(this->Gen, 4);
    EXPECT_EQ(otimes(kronecker(A, B), kronecker(C, D)),
              kronecker(otimes(A, C), otimes(B, D)));
  }
}

TYPED_TEST(KroneckerLawTest, PowersOfIdentityKronK) {
  for (unsigned K = 0; K < 40; ++K) {
    unsigned N = 1 + this->Gen() % 4, Size = 1 + this->Gen() % 5;
    auto Kernel = randomMatrix<TypeParam>(this->Gen, Size);
    SparseMatrix<TypeParam> Full = kroneckerIdentity(N, Kernel);
    for (unsigned M = 0; M <= 6; ++M)
      EXPECT_EQ(power(Full, M), kroneckerIdentity(N, power(Kernel, M)))
          << "n = " << N << ", m = " << M;
  }
}

} // namespace
