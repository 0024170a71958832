//===- ExprEvaluatorTest.cpp - Evaluation, substitution and queries -------===//
//
// evaluate() under bindings (and its failure cases), substitute(),
// collectSymbols(), mentions(), isAffineIn() and isIntegral().
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

class ExprEvaluatorTest : public ::testing::Test {
protected:
  Expr N = Expr::symbol("n"), M = Expr::symbol("m"), I = Expr::symbol("i");
  Expr Lat = Expr::symbol("lat.DRAM");
  Expr C(int64_t V) { return Expr::constant(V); }
};

TEST_F(ExprEvaluatorTest, Evaluates) {
  Bindings B = {{"n", Rational(10)}, {"m", Rational(-3)}};
  EXPECT_EQ((2 * N + M).evaluate(B), Rational(17));
  EXPECT_EQ((N * M - 1).evaluate(B), Rational(-31));
  EXPECT_EQ(Expr::max(N, M).evaluate(B), Rational(10));
  EXPECT_EQ(Expr::min({N, M, C(0)}).evaluate(B), Rational(-3));
  EXPECT_EQ((-Expr::max(N, M)).evaluate(B), Rational(-10));
  EXPECT_EQ(Expr::ceilDiv(N, C(4)).evaluate(B), Rational(3));
  EXPECT_EQ(Expr::floorDiv(N, M).evaluate(B), Rational(-4));
  EXPECT_EQ(Expr::ceilDiv(N, M).evaluate(B), Rational(-3));
  EXPECT_EQ(C(7).evaluate({}), Rational(7));
  EXPECT_EQ(Expr().evaluate({}), Rational(0));
}

TEST_F(ExprEvaluatorTest, EvaluatesRationalLatencies) {
  Expr T = Expr::constant(Rational(1, 3)) * Lat + 2 * N;
  Bindings B = {{"lat.DRAM", Rational(1001, 2)}, {"n", Rational(4)}};
  EXPECT_EQ(T.evaluate(B), Rational(1049, 6));
  EXPECT_DOUBLE_EQ(T.evaluate(B)->toDouble(), 1049.0 / 6.0);
  EXPECT_EQ(Expr::floorDiv(Lat, C(100)).evaluate(B), Rational(5));
}

TEST_F(ExprEvaluatorTest, FailsOnUnboundSymbolsAndZeroDivisors) {
  Bindings B = {{"n", Rational(10)}, {"m", Rational(0)}};
  EXPECT_EQ((N + I).evaluate(B), std::nullopt);
  EXPECT_EQ(Expr::max(N, I).evaluate(B), std::nullopt);
  EXPECT_EQ(Expr::floorDiv(N, M).evaluate(B), std::nullopt);
  EXPECT_EQ(Expr::ceilDiv(N, M).evaluate(B), std::nullopt);
  EXPECT_EQ((Expr::floorDiv(N, C(0)) + 1).evaluate(B), std::nullopt);
  EXPECT_EQ(Expr::floorDiv(I, C(2)).evaluate(B), std::nullopt);
}

TEST_F(ExprEvaluatorTest, Substitutes) {
  Expr E = N * N + 2 * M + Expr::max(N, C(0));
  std::map<std::string, Expr> S = {{"n", M + 1}};
  Expr R = E.substitute(S);
  EXPECT_EQ(R, M * M + 4 * M + 1 + Expr::max(M + 1, C(0)));
  EXPECT_EQ(R.str(), "m * m + 4 * m + max(0, m + 1) + 1");
  // Substitution re-simplifies.
  EXPECT_EQ((N - M).substitute({{"n", M}}), Expr());
  EXPECT_EQ(Expr::max(N, M).substitute({{"n", M + 2}}), M + 2);
  EXPECT_EQ(Expr::floorDiv(N, C(4)).substitute({{"n", 4 * M + 1}}), M);
  EXPECT_EQ(Expr::ceilDiv(N, M).substitute({{"m", C(0)}}).str(),
            "ceildiv(n, 0)");
  EXPECT_EQ(Expr::floorDiv(N, M).substitute({{"m", C(-2)}}).str(), "-n / 2");
  // Simultaneous, not sequential.
  EXPECT_EQ((N + 2 * M).substitute({{"n", M}, {"m", N}}), M + 2 * N);
  // Unchanged without matching symbols.
  EXPECT_EQ(E.substitute({{"k", C(3)}}), E);
  EXPECT_EQ(E.substitute({}), E);
  // Constants in, constants out.
  EXPECT_EQ(E.substitute({{"n", C(-3)}, {"m", C(2)}}), C(13));
}

TEST_F(ExprEvaluatorTest, CollectsSymbols) {
  std::set<std::string> Out;
  (N * M + Expr::floorDiv(Lat, I) + Expr::max(C(0), N)).collectSymbols(Out);
  EXPECT_EQ(Out, (std::set<std::string>{"i", "lat.DRAM", "m", "n"}));
  Out.clear();
  C(4).collectSymbols(Out);
  EXPECT_TRUE(Out.empty());
  EXPECT_TRUE(Expr::max(N, C(0)).mentions("n"));
  EXPECT_FALSE(Expr::max(N, C(0)).mentions("m"));
}

TEST_F(ExprEvaluatorTest, IsAffineIn) {
  std::vector<std::string> In = {"i"};
  EXPECT_TRUE((3 * I + N * M + 2).isAffineIn(In));
  EXPECT_TRUE((N - I).isAffineIn(In));
  EXPECT_TRUE(I.isAffineIn(In));
  EXPECT_TRUE(C(5).isAffineIn(In));
  EXPECT_TRUE(Expr::max(N, M).isAffineIn(In));
  EXPECT_TRUE((I + Expr::floorDiv(N, C(2))).isAffineIn(In));
  EXPECT_FALSE((N * I).isAffineIn(In));
  EXPECT_FALSE((I * I).isAffineIn(In));
  EXPECT_FALSE(Expr::floorDiv(I, C(2)).isAffineIn(In));
  EXPECT_FALSE((N + Expr::max(I, C(0))).isAffineIn(In));
  EXPECT_FALSE(Expr::floorDiv(N, I).isAffineIn(In));
  std::vector<std::string> Both = {"i", "n"};
  EXPECT_TRUE((I + 2 * N).isAffineIn(Both));
  EXPECT_FALSE((I * N).isAffineIn(Both));
  EXPECT_TRUE((I * N).isAffineIn({}));
}

TEST_F(ExprEvaluatorTest, IsIntegral) {
  EXPECT_TRUE((2 * N + M).isIntegral());
  EXPECT_FALSE(Lat.isIntegral());
  EXPECT_FALSE((Expr::constant(Rational(1, 2)) * N).isIntegral());
  EXPECT_TRUE(Expr::floorDiv(Lat, C(3)).isIntegral());
  EXPECT_TRUE(Expr::max(N, C(1)).isIntegral());
  EXPECT_FALSE(Expr::max(N, Lat).isIntegral());
  EXPECT_TRUE(Expr::isIntegerSymbol("tid.x"));
  EXPECT_FALSE(Expr::isIntegerSymbol("lat.L2"));
}

} // namespace
