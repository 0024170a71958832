//===- ExprLog2Test.cpp - The floor log2 operation ------------------------===//
//
// log2(x) is floor(log2(x)) for x >= 1 and -1 for x < 1: constant folding,
// evaluation (also of rational and huge operands), printing, its place in
// sums and products, substitution, and what it leaves alone.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

class ExprLog2Test : public ::testing::Test {
protected:
  Expr N = Expr::symbol("n"), M = Expr::symbol("m");
  Expr C(int64_t V) { return Expr::constant(V); }
  std::optional<Rational> at(const Expr &E, int64_t V) {
    return E.evaluate({{"n", Rational(V)}});
  }
};

TEST_F(ExprLog2Test, FoldsConstants) {
  EXPECT_EQ(Expr::log2(C(1)), C(0));
  EXPECT_EQ(Expr::log2(C(2)), C(1));
  EXPECT_EQ(Expr::log2(C(3)), C(1));
  EXPECT_EQ(Expr::log2(C(128)), C(7));
  EXPECT_EQ(Expr::log2(C(255)), C(7));
  EXPECT_EQ(Expr::log2(C(256)), C(8));
  EXPECT_EQ(Expr::log2(C(500)), C(8));
  // Below 1 the value is -1: log2(x) + 1 counts the binary digits of x.
  EXPECT_EQ(Expr::log2(C(0)), C(-1));
  EXPECT_EQ(Expr::log2(C(-5)), C(-1));
  EXPECT_EQ(Expr::log2(Expr::constant(Rational(1, 2))), C(-1));
  // A rational operand rounds down first: 2^k <= x exactly when
  // 2^k <= floor(x).
  EXPECT_EQ(Expr::log2(Expr::constant(Rational(7, 2))), C(1));
  EXPECT_EQ(Expr::log2(Expr::constant(Rational(9, 2))), C(2));
}

TEST_F(ExprLog2Test, Evaluates) {
  Expr L = Expr::log2(N);
  EXPECT_EQ(at(L, 1), Rational(0));
  EXPECT_EQ(at(L, 7), Rational(2));
  EXPECT_EQ(at(L, 8), Rational(3));
  EXPECT_EQ(at(L, 0), Rational(-1));
  EXPECT_EQ(at(L, -8), Rational(-1));
  EXPECT_EQ(L.evaluate({}), std::nullopt);
  // Beyond 64 bits.
  Expr Huge = Expr::constant(Rational(int64_t(1) << 62)) * 16;
  EXPECT_EQ(Expr::log2(Huge), C(66));
  EXPECT_EQ(Expr::log2(N * Huge).evaluate({{"n", Rational(3)}}), Rational(67));
  // The count of "for (s = n / 2; s > 0; s >>= 1)".
  Expr Trip = Expr::log2(Expr::floorDiv(N, C(2))) + 1;
  EXPECT_EQ(at(Trip, 256), Rational(8));
  EXPECT_EQ(at(Trip, 1000), Rational(9));
  EXPECT_EQ(at(Trip, 1), Rational(0));
  // A divisor of 0 inside gives no value.
  EXPECT_EQ(Expr::log2(Expr::floorDiv(N, M))
                .evaluate({{"n", Rational(4)}, {"m", Rational(0)}}),
            std::nullopt);
}

TEST_F(ExprLog2Test, Prints) {
  EXPECT_EQ(Expr::log2(N).str(), "log2(n)");
  EXPECT_EQ(Expr::log2(N - 1).str(), "log2(n - 1)");
  EXPECT_EQ((Expr::log2(Expr::floorDiv(N, C(2))) + 1).str(), "log2(n / 2) + 1");
  EXPECT_EQ((2 * Expr::log2(N)).str(), "2 * log2(n)");
  EXPECT_EQ((M * Expr::log2(N)).str(), "m * log2(n)");
  EXPECT_EQ((-Expr::log2(N)).str(), "-log2(n)");
  EXPECT_EQ(Expr::floorDiv(Expr::log2(N), C(2)).str(), "log2(n) / 2");
  EXPECT_EQ(Expr::max(C(1), Expr::log2(N) + 1).str(), "max(1, log2(n) + 1)");
}

TEST_F(ExprLog2Test, IsAnAtomOfTheCanonicalForm) {
  Expr L = Expr::log2(N + 1);
  EXPECT_EQ(L.getKind(), Expr::Kind::Log2);
  ASSERT_EQ(L.operands().size(), 1u);
  EXPECT_EQ(L.operands()[0], N + 1);
  // Its operand is canonical: equal operands make equal atoms.
  EXPECT_EQ(Expr::log2(1 + N), L);
  EXPECT_EQ(L + L, 2 * L);
  EXPECT_EQ(L - L, Expr());
  EXPECT_EQ((L + 1) * (L - 1), L * L - 1);
  EXPECT_NE(Expr::log2(N), Expr::log2(M));
  // No rule moves a factor or a division out: they differ at n = 0.
  EXPECT_NE(Expr::log2(2 * N), Expr::log2(N) + 1);
  EXPECT_EQ(at(Expr::log2(2 * N), 0), Rational(-1));
  EXPECT_EQ(at(Expr::log2(N) + 1, 0), Rational(0));
  EXPECT_TRUE(L.isIntegral());
  EXPECT_TRUE(Expr::log2(Expr::symbol("lat.L1")).isIntegral());
  EXPECT_FALSE((N * L).isAffineIn({"n"}));
  EXPECT_TRUE(L.mentions("n"));
}

TEST_F(ExprLog2Test, Substitutes) {
  Expr L = Expr::log2(Expr::floorDiv(N, C(2))) + 1;
  EXPECT_EQ(L.substitute({{"n", C(256)}}), C(8));
  EXPECT_EQ(L.substitute({{"n", 4 * M}}).str(), "log2(2 * m) + 1");
  EXPECT_EQ(L.withOperands(L.operands()), L);
}

} // namespace
