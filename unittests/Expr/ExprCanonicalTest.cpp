//===- ExprCanonicalTest.cpp - Canonical form of sums and products --------===//
//
// Equal polynomial expressions must be equal Exprs and print equal:
// commutativity, associativity, distributivity, like terms, cancellation,
// the shape of the canonical tree, the total order, and big coefficients.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>

using namespace ktime;

namespace {

class ExprCanonicalTest : public ::testing::Test {
protected:
  Expr N = Expr::symbol("n"), M = Expr::symbol("m"), K = Expr::symbol("k");
  Expr C(int64_t V) { return Expr::constant(V); }
};

TEST_F(ExprCanonicalTest, DefaultIsZero) {
  Expr Z;
  EXPECT_TRUE(Z.isConstant());
  EXPECT_EQ(Z.getInt64(), std::optional<int64_t>(0));
  EXPECT_EQ(Z, C(0));
  EXPECT_EQ(Z.str(), "0");
  EXPECT_TRUE(Z.operands().empty());
}

TEST_F(ExprCanonicalTest, WithOperandsRebuildsTheSameKind) {
  // Each kind over new operands, re-simplified.
  EXPECT_EQ((N + M).withOperands({K, C(2)}), K + 2);
  EXPECT_EQ((N * M).withOperands({C(3), C(4)}), C(12));
  EXPECT_EQ(Expr::floorDiv(N, C(4)).withOperands({C(9), C(4)}), C(2));
  EXPECT_EQ(Expr::ceilDiv(N, C(4)).withOperands({C(9), C(4)}), C(3));
  EXPECT_EQ(Expr::min(N, M).withOperands({C(5), C(7)}), C(5));
  EXPECT_EQ(Expr::max(N, M).withOperands({C(5), K}), Expr::max(K, C(5)));
  // Constants and symbols have no operands: themselves.
  EXPECT_EQ(N.withOperands({}), N);
  EXPECT_EQ(C(6).withOperands({}), C(6));
}

TEST_F(ExprCanonicalTest, Commutativity) {
  EXPECT_EQ(N + M, M + N);
  EXPECT_EQ(N * M, M * N);
  EXPECT_EQ((N + M).str(), (M + N).str());
  EXPECT_EQ((N * M).str(), "m * n");
}

TEST_F(ExprCanonicalTest, Associativity) {
  EXPECT_EQ((N + M) + K, N + (M + K));
  EXPECT_EQ((N * M) * K, N * (M * K));
  EXPECT_EQ(((N + M) + K).str(), "k + m + n");
  EXPECT_EQ(((N + M) + K).operands().size(), 3u);
}

TEST_F(ExprCanonicalTest, Distributivity) {
  EXPECT_EQ(N * (M + K), N * M + N * K);
  EXPECT_EQ((N + 1) * (N - 1), N * N - 1);
  EXPECT_EQ(((N + 1) * (N - 1)).str(), "n * n - 1");
  EXPECT_EQ(((N + 1) * (N + 1)).str(), "n * n + 2 * n + 1");
  EXPECT_EQ(((N + M) * (N - M)).str(), "n * n - m * m");
}

TEST_F(ExprCanonicalTest, LikeTermsAndCancellation) {
  EXPECT_EQ(N + N, 2 * N);
  EXPECT_EQ(N - N, Expr());
  EXPECT_EQ((N - N).str(), "0");
  EXPECT_EQ(3 * N - 2 * N - N, Expr());
  EXPECT_EQ(N * M - M * N, Expr());
  EXPECT_EQ((N + M) - N, M);
  EXPECT_EQ(N * 0, Expr());
  EXPECT_EQ(N * 1, N);
  EXPECT_EQ(C(2) + C(3), C(5));
  EXPECT_EQ(-(-N), N);
}

TEST_F(ExprCanonicalTest, TreeShape) {
  Expr E = 3 * N * M + 2 * N + 5;
  ASSERT_EQ(E.getKind(), Expr::Kind::Add);
  ASSERT_EQ(E.operands().size(), 3u);
  Expr T0 = E.operands()[0];
  ASSERT_EQ(T0.getKind(), Expr::Kind::Mul);
  ASSERT_EQ(T0.operands().size(), 3u);
  EXPECT_EQ(T0.operands()[0].getInt64(), std::optional<int64_t>(3));
  EXPECT_EQ(T0.operands()[1].getSymbolName(), "m");
  EXPECT_EQ(T0.operands()[2].getSymbolName(), "n");
  EXPECT_EQ(E.operands()[1], 2 * N);
  EXPECT_EQ(E.operands()[2].getInt64(), std::optional<int64_t>(5));
  EXPECT_EQ(N.getKind(), Expr::Kind::Symbol);
  EXPECT_EQ(N.getSymbolName(), "n");
  EXPECT_EQ(C(4).getSymbolName(), "");
  EXPECT_EQ(N.getConstant(), std::nullopt);
  EXPECT_EQ((N * N).operands().size(), 2u); // A power is a repeated factor.
}

TEST_F(ExprCanonicalTest, RationalCoefficients) {
  Expr Half = Expr::constant(Rational(1, 2));
  EXPECT_EQ(Half * N + Half * N, N);
  EXPECT_EQ((Half * N).str(), "0.5 * n");
  EXPECT_EQ(Expr::constant(Rational(1, 3)) * 3, C(1));
  EXPECT_EQ(Expr::constant(Rational(2, 4)).getConstant(), Rational(1, 2));
  EXPECT_EQ(Expr::constant(Rational(2, 4)).getInt64(), std::nullopt);
}

TEST_F(ExprCanonicalTest, TotalOrderIsStrictAndDeterministic) {
  std::vector<Expr> Es = {C(3),
                          N,
                          M,
                          N + 1,
                          N * M,
                          2 * N,
                          C(-1),
                          Expr::max(N, C(0)),
                          Expr::floorDiv(N, C(4))};
  for (const Expr &A : Es) {
    EXPECT_FALSE(A < A);
    for (const Expr &B : Es) {
      if (A == B)
        continue;
      EXPECT_NE(A < B, B < A) << A.str() << " vs " << B.str();
    }
  }
  std::map<Expr, int> Map;
  Map[N + 1] = 1;
  Map[1 + N] += 1;
  Map[N] = 5;
  EXPECT_EQ(Map.size(), 2u);
  EXPECT_EQ(Map[Expr::symbol("n") + 1], 2);
  EXPECT_TRUE(C(1) < N); // Constants sort first, then symbols by name.
  EXPECT_TRUE(M < N);
}

TEST_F(ExprCanonicalTest, LargeNumbersDoNotOverflow) {
  Expr E = C(int64_t(1) << 62) * C(16);
  EXPECT_EQ(E.getInt64(), std::nullopt);
  EXPECT_EQ(E.getConstant(), Rational(int64_t(1) << 62) * Rational(16));
  EXPECT_EQ(E.str(), "73786976294838206464");
  Expr P = C(int64_t(1) << 62) * N * C(16) - C(int64_t(1) << 62) * 16 * N;
  EXPECT_EQ(P, Expr());
  Expr Q = (C(std::numeric_limits<int64_t>::max()) * N + 1) * 4;
  EXPECT_EQ(Q.str(), "36893488147419103228 * n + 4");
  EXPECT_EQ(Expr::floorDiv(Q, C(4)).str(), "9223372036854775807 * n + 1");
}

// Sums merge their operands' terms without the polynomial round trip
// (lib/Expr/Sum.cpp); products still expand through it, so a sum equal to
// a product checks one path against the other.
TEST_F(ExprCanonicalTest, SumsMatchExpandedProducts) {
  Expr X = Expr::max(N, C(1)), Y = Expr::ceilDiv(M, C(4));
  // (x + y)(x - y) = x^2 - y^2 with atoms for x and y.
  EXPECT_EQ((X + Y) * (X - Y), Expr::sum({X * X, -(Y * Y)}));
  EXPECT_EQ(((X + Y) * (X - Y)).str(), Expr::sum({X * X, -(Y * Y)}).str());
  // Scaled min/max atoms combine with their unscaled selves.
  Expr Twice = X * 2;
  EXPECT_EQ(Twice.str(), "max(2, 2 * n)");
  EXPECT_EQ(Twice - X, X);
  EXPECT_EQ(Expr::sum({Twice, X * -2}), C(0));
  // A floor division shown as a ceiling one keeps its key.
  EXPECT_EQ(Expr::sum({Y, Y, Y}), Y * 3);
  EXPECT_EQ(Expr::sum({Y * 3, -Y, N}).str(), (N + Y * 2).str());
  // Constants gather at the end; the empty and one-term sums.
  EXPECT_EQ(Expr::sum({N + 3, C(4), M - 7}), (N + M) * 1);
  EXPECT_EQ(Expr::sum({}), C(0));
  EXPECT_EQ(Expr::sum({N}), N);
  // Any order of the operands gives the same tree.
  std::vector<Expr> Terms = {K * N, C(5), M, N * N, X, Y * -1, K};
  Expr Forward = Expr::sum(Terms);
  std::reverse(Terms.begin(), Terms.end());
  EXPECT_EQ(Forward.str(), Expr::sum(Terms).str());
  Expr OneByOne;
  for (const Expr &T : Terms)
    OneByOne = OneByOne + T;
  EXPECT_EQ(Forward.str(), OneByOne.str());
}

} // namespace
