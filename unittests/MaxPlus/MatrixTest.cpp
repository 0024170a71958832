//===- MatrixTest.cpp - Sparse max-plus vectors and matrices --------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// SparseVector and SparseMatrix: storage (eps = absent), E, 1_S, printing,
/// and the semiring laws of (+) and (x) on random matrices from a fixed-seed
/// std::mt19937 (integer weights, so every sum is exact), for both Value and
/// double elements. The sparse product is checked against a dense triple
/// loop of the definition (A (x) B)_ij = max_k (a_ik + b_kj).
/// Run: MaxPlusTests --gtest_filter='Matrix*:Vector*'
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
template <typename T>
static void PrintTo(const SparseVector<T> &V, std::ostream *OS) {
  *OS << detail::toString(V);
}
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

constexpr unsigned Trials = 200;
constexpr unsigned Size = 5;

/// Weights -5..15, present with probability DensityPercent/100.
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

template <typename T>
SparseVector<T> randomVector(std::mt19937 &Gen, unsigned N) {
  SparseVector<T> V(N);
  for (unsigned I = 0; I < N; ++I)
    if (Gen() % 2)
      V.set(I, T(double(int(Gen() % 21) - 5)));
  return V;
}

/// The definition, densely: max over every k with both entries present.
template <typename T>
SparseMatrix<T> denseProduct(const SparseMatrix<T> &A,
                             const SparseMatrix<T> &B) {
  unsigned N = A.size();
  SparseMatrix<T> R(N);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = 0; J < N; ++J) {
      std::optional<T> Acc;
      for (unsigned K = 0; K < N; ++K) {
        const T *AIK = A.lookup(I, K), *BKJ = B.lookup(K, J);
        if (!AIK || !BKJ)
          continue;
        T P = Semiring<T>::otimes(*AIK, *BKJ);
        Acc = Acc ? Semiring<T>::oplus(*Acc, P) : P;
      }
      if (Acc)
        R.set(I, J, *Acc);
    }
  return R;
}

template <typename T> class MatrixLawTest : public ::testing::Test {
protected:
  std::mt19937 Gen{20220101u};
  SparseMatrix<T> random() { return randomMatrix<T>(Gen, Size); }
};
using ElementTypes = ::testing::Types<Value, double>;
TYPED_TEST_SUITE(MatrixLawTest, ElementTypes, );

TYPED_TEST(MatrixLawTest, ProductMatchesDefinition) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random();
    EXPECT_EQ(otimes(A, B), denseProduct(A, B));
  }
}

TYPED_TEST(MatrixLawTest, OplusCommutativeAssociative) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random(), C = this->random();
    EXPECT_EQ(oplus(A, B), oplus(B, A));
    EXPECT_EQ(oplus(oplus(A, B), C), oplus(A, oplus(B, C)));
    EXPECT_EQ(oplus(A, A), A);
  }
}

TYPED_TEST(MatrixLawTest, OtimesAssociative) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random(), C = this->random();
    EXPECT_EQ(otimes(otimes(A, B), C), otimes(A, otimes(B, C)));
  }
}

TYPED_TEST(MatrixLawTest, OtimesNotCommutative) {
  // Matrices do not commute in general: a fixed counterexample.
  SparseMatrix<TypeParam> A(2), B(2);
  A.set(0, 1, TypeParam(1.0));
  B.set(1, 0, TypeParam(2.0));
  EXPECT_NE(otimes(A, B), otimes(B, A));
}

TYPED_TEST(MatrixLawTest, Distributive) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random(), C = this->random();
    EXPECT_EQ(otimes(A, oplus(B, C)), oplus(otimes(A, B), otimes(A, C)));
    EXPECT_EQ(otimes(oplus(A, B), C), oplus(otimes(A, C), otimes(B, C)));
  }
}

TYPED_TEST(MatrixLawTest, EpsMatrixIsOplusIdentityAndAbsorbing) {
  SparseMatrix<TypeParam> Eps(Size);
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random();
    EXPECT_EQ(oplus(A, Eps), A);
    EXPECT_EQ(oplus(Eps, A), A);
    EXPECT_EQ(otimes(A, Eps), Eps);
    EXPECT_EQ(otimes(Eps, A), Eps);
  }
}

TYPED_TEST(MatrixLawTest, IdentityIsOtimesIdentity) {
  auto E = SparseMatrix<TypeParam>::identity(Size);
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random();
    EXPECT_EQ(otimes(E, A), A);
    EXPECT_EQ(otimes(A, E), A);
  }
}

TYPED_TEST(MatrixLawTest, PowersAdd) {
  for (unsigned K = 0; K < Trials / 4; ++K) {
    auto Z = this->random();
    EXPECT_EQ(power(Z, 0), SparseMatrix<TypeParam>::identity(Size));
    EXPECT_EQ(power(Z, 1), Z);
    SparseMatrix<TypeParam> Repeated = SparseMatrix<TypeParam>::identity(Size);
    for (unsigned P = 0; P <= 6; ++P) {
      EXPECT_EQ(power(Z, P), Repeated) << "power " << P;
      Repeated = otimes(Repeated, Z);
      for (unsigned Q = 0; Q <= 4; ++Q)
        EXPECT_EQ(power(Z, P + Q), otimes(power(Z, P), power(Z, Q)))
            << P << " + " << Q;
    }
  }
}

TYPED_TEST(MatrixLawTest, MatrixVector) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto A = this->random(), B = this->random();
    auto X = randomVector<TypeParam>(this->Gen, Size);
    auto Y = randomVector<TypeParam>(this->Gen, Size);
    EXPECT_EQ(otimes(otimes(A, B), X), otimes(A, otimes(B, X)));
    EXPECT_EQ(otimes(A, oplus(X, Y)), oplus(otimes(A, X), otimes(A, Y)));
    EXPECT_EQ(otimes(oplus(A, B), X), oplus(otimes(A, X), otimes(B, X)));
    EXPECT_EQ(otimes(SparseMatrix<TypeParam>::identity(Size), X), X);
    EXPECT_EQ(oplus(X, Y), oplus(Y, X));
  }
}

TYPED_TEST(MatrixLawTest, InnerProduct) {
  for (unsigned K = 0; K < Trials; ++K) {
    auto X = randomVector<TypeParam>(this->Gen, Size);
    auto Y = randomVector<TypeParam>(this->Gen, Size);
    auto W = randomVector<TypeParam>(this->Gen, Size);
    EXPECT_EQ(innerProduct(X, Y), innerProduct(Y, X));
    // <x (+) y, w> = <x, w> (+) <y, w>, with nullopt as eps.
    auto L = innerProduct(oplus(X, Y), W);
    auto XW = innerProduct(X, W), YW = innerProduct(Y, W);
    std::optional<TypeParam> R = XW;
    if (YW)
      R = R ? Semiring<TypeParam>::oplus(*R, *YW) : *YW;
    EXPECT_EQ(L, R);
    // Unit vectors pick entries: <1_{i}, A (x) 1_{j}> = a_ij.
    auto A = this->random();
    for (unsigned I = 0; I < Size; ++I)
      for (unsigned J = 0; J < Size; ++J) {
        auto Got = innerProduct(
            SparseVector<TypeParam>::indicator(Size, {I}),
            otimes(A, SparseVector<TypeParam>::indicator(Size, {J})));
        const TypeParam *Want = A.lookup(I, J);
        ASSERT_EQ(Got.has_value(), Want != nullptr);
        if (Want) {
          EXPECT_EQ(*Got, *Want);
        }
      }
  }
}

TEST(VectorTest, StorageAndIndicator) {
  SparseVector<Value> V(4);
  EXPECT_EQ(V.size(), 4u);
  EXPECT_EQ(V.numEntries(), 0u);
  EXPECT_EQ(V.lookup(2), nullptr);
  V.set(2, Value(5));
  ASSERT_NE(V.lookup(2), nullptr);
  EXPECT_EQ(*V.lookup(2), Value(5));
  V.accumulate(2, Value(3));
  EXPECT_EQ(*V.lookup(2), Value(5));
  V.accumulate(2, Value(9));
  EXPECT_EQ(*V.lookup(2), Value(9));
  V.set(2, Value::eps()); // Storing eps erases.
  EXPECT_EQ(V.numEntries(), 0u);
  V.set(1, Value(1));
  V.erase(1);
  EXPECT_EQ(V.numEntries(), 0u);

  auto One = SparseVector<Value>::indicator(4, {2, 3});
  EXPECT_EQ(One.numEntries(), 2u);
  EXPECT_EQ(*One.lookup(2), Value(0));
  EXPECT_EQ(*One.lookup(3), Value(0));
  EXPECT_EQ(One.lookup(0), nullptr);
  EXPECT_FALSE(innerProduct(SparseVector<Value>::indicator(4, {0}), One));
  EXPECT_EQ(innerProduct(One, One), Value(0));
  EXPECT_EQ(SparseVector<Value>(0), SparseVector<Value>());
  EXPECT_NE(SparseVector<Value>(3), SparseVector<Value>(4));
}

TEST(MatrixTest, StorageIdentityPattern) {
  SparseMatrix<Value> Z(3);
  EXPECT_EQ(Z.size(), 3u);
  Z.setArc(/*From=*/2, /*To=*/0, Value(4)); // z_02
  EXPECT_EQ(*Z.lookup(0, 2), Value(4));
  EXPECT_EQ(Z.lookup(2, 0), nullptr);
  Z.set(1, 1, Value(6));
  Z.accumulate(1, 1, Value(2));
  EXPECT_EQ(*Z.lookup(1, 1), Value(6));
  EXPECT_EQ(Z.numEntries(), 2u);
  Z.set(1, 1, Value::eps());
  EXPECT_EQ(Z.numEntries(), 1u);
  EXPECT_EQ(Z.row(0).size(), 1u);

  // Overflowing products are eps, and eps is never stored.
  SparseMatrix<Value> Big(1);
  Big.set(0, 0, Value(-1e308));
  EXPECT_EQ(otimes(Big, Big).numEntries(), 0u);

  auto E = SparseMatrix<Value>::identity(3);
  EXPECT_EQ(E.numEntries(), 3u);
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_EQ(*E.lookup(I, I), Value(0));

  Z.set(1, 1, Value(6));
  ArcPattern G = Z.pattern();
  EXPECT_EQ(G.size(), 3u);
  EXPECT_EQ(G.numArcs(), 2u);
  EXPECT_TRUE(G.hasSelfLoop(1));
  EXPECT_FALSE(G.hasSelfLoop(0));
  ASSERT_EQ(G.successors(2).size(), 1u);
  EXPECT_EQ(G.successors(2)[0], 0u);
  ASSERT_EQ(G.predecessors(0).size(), 1u);
  EXPECT_EQ(G.predecessors(0)[0], 2u);
  EXPECT_TRUE(G.predecessors(1).empty()); // Self-loops are kept apart.
}

TEST(MatrixTest, Map) {
  SparseMatrix<double> D(2);
  D.set(0, 1, 2.5);
  D.set(1, 1, 4);
  auto V = D.map<Value>([](double X) { return Value(2 * X); });
  EXPECT_EQ(V.numEntries(), 2u);
  EXPECT_EQ(*V.lookup(0, 1), Value(5));
  EXPECT_EQ(*V.lookup(1, 1), Value(8));
  // Mapping to eps drops the entry.
  auto Dropped = D.map<Value>([](double) { return Value::eps(); });
  EXPECT_EQ(Dropped.numEntries(), 0u);
}

TEST(MatrixTest, Printing) {
  // The paper's Z2 (T = 7, t = 3, tau = 5) plus one wider entry.
  SparseMatrix<Value> Z(4);
  Z.set(0, 1, Value(7));
  Z.set(1, 1, Value(5));
  Z.set(1, 2, Value(3));
  Z.set(1, 3, Value(3));
  Z.set(2, 3, Value(-10.5));
  EXPECT_EQ(detail::toString(Z), "[. 7 .     .]\n"
                                 "[. 5 3     3]\n"
                                 "[. . . -10.5]\n"
                                 "[. . .     .]\n");
  EXPECT_EQ(detail::toString(SparseMatrix<Value>()), "");

  SparseVector<Value> V(3);
  V.set(1, Value(0));
  V.set(2, Value(7));
  EXPECT_EQ(detail::toString(V), "[. 0 7]");
  EXPECT_EQ(detail::toString(SparseVector<Value>()), "[]");

  std::string S;
  llvm::raw_string_ostream OS(S);
  printNodePath(OS, {3, 1, 0});
  OS << '|';
  printNodePath(OS, {});
  EXPECT_EQ(OS.str(), "3 -> 1 -> 0|(empty)");
}

} // namespace
