//===- RationalTest.cpp - Tests of ktime::Rational ------------------------===//
//
// Normalisation, arithmetic, rounding, conversion and printing of exact
// rationals, including values far beyond 64 bits.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

TEST(RationalTest, Normalises) {
  Rational R(6, -4);
  EXPECT_EQ(R.getNumerator(), llvm::DynamicAPInt(-3));
  EXPECT_EQ(R.getDenominator(), llvm::DynamicAPInt(2));
  EXPECT_EQ(Rational(0, -5), Rational(0));
  EXPECT_EQ(Rational(0, -5).getDenominator(), llvm::DynamicAPInt(1));
  EXPECT_EQ(Rational(10, 5), Rational::fromInt64(2));
}

TEST(RationalTest, Arithmetic) {
  EXPECT_EQ(Rational(1, 2) + Rational(1, 3), Rational(5, 6));
  EXPECT_EQ(Rational(1, 2) - Rational(1, 3), Rational(1, 6));
  EXPECT_EQ(Rational(2, 3) * Rational(9, 4), Rational(3, 2));
  EXPECT_EQ(Rational(2, 3) / Rational(-4, 9), Rational(-3, 2));
  EXPECT_EQ(-Rational(2, 3), Rational(-2, 3));
  EXPECT_EQ(Rational(1, 3) + Rational(2, 3), Rational(1));
  EXPECT_TRUE((Rational(1, 3) + Rational(2, 3)).isInteger());
}

TEST(RationalTest, Comparison) {
  EXPECT_LT(Rational(1, 3), Rational(1, 2));
  EXPECT_LT(Rational(-1, 2), Rational(-1, 3));
  EXPECT_GT(Rational(7, 2), Rational(3));
  EXPECT_LE(Rational(2, 4), Rational(1, 2));
  EXPECT_GE(Rational(5), Rational(9, 2));
  EXPECT_NE(Rational(1, 2), Rational(1, 3));
  EXPECT_EQ(Rational(-3).sign(), -1);
  EXPECT_EQ(Rational(0).sign(), 0);
  EXPECT_EQ(Rational(1, 9).sign(), 1);
}

TEST(RationalTest, Rounding) {
  EXPECT_EQ(Rational(-7, 2).floor(), Rational(-4));
  EXPECT_EQ(Rational(-7, 2).ceil(), Rational(-3));
  EXPECT_EQ(Rational(7, 2).floor(), Rational(3));
  EXPECT_EQ(Rational(7, 2).ceil(), Rational(4));
  EXPECT_EQ(Rational(-8, 2).floor(), Rational(-4));
  EXPECT_EQ(Rational(-8, 2).ceil(), Rational(-4));
  EXPECT_EQ(Rational(-5, 3).abs(), Rational(5, 3));
}

TEST(RationalTest, Int64AndDouble) {
  EXPECT_EQ(Rational(42).getInt64(), std::optional<int64_t>(42));
  EXPECT_EQ(Rational(1, 2).getInt64(), std::nullopt);
  EXPECT_DOUBLE_EQ(Rational(3, 8).toDouble(), 0.375);
  EXPECT_DOUBLE_EQ(Rational(-1, 3).toDouble(), -1.0 / 3.0);
  Rational Min(std::numeric_limits<int64_t>::min());
  EXPECT_EQ(Min.getInt64(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ((Min - Rational(1)).getInt64(), std::nullopt);
}

TEST(RationalTest, LargeValuesDoNotOverflow) {
  Rational TwoTo62(int64_t(1) << 62);
  Rational Big = TwoTo62 * Rational(16); // 2^66
  EXPECT_EQ(Big.getInt64(), std::nullopt);
  EXPECT_EQ(Big.str(), "73786976294838206464");
  EXPECT_DOUBLE_EQ(Big.toDouble(), 73786976294838206464.0);
  EXPECT_EQ(Big / Rational(16), TwoTo62);
  EXPECT_EQ((Big / Rational(16)).getInt64(), int64_t(1) << 62);
  Rational Tiny = Rational(1) / (Big * Big); // 2^-132
  EXPECT_GT(Tiny, Rational(0));
  EXPECT_NEAR(Tiny.toDouble() * 5.444517870735016e39, 1.0, 1e-12);
  EXPECT_DOUBLE_EQ((Big * Big / (Big + Rational(1))).toDouble(),
                   73786976294838206464.0);
  Rational Max(std::numeric_limits<int64_t>::max());
  EXPECT_EQ((Max + Max) - Max, Max);
  EXPECT_EQ((-(Max + Rational(1))).getInt64(),
            std::numeric_limits<int64_t>::min());
}

TEST(RationalTest, Printing) {
  EXPECT_EQ(Rational(0).str(), "0");
  EXPECT_EQ(Rational(-12).str(), "-12");
  EXPECT_EQ(Rational(1, 2).str(), "0.5");
  EXPECT_EQ(Rational(-17, 8).str(), "-2.125");
  EXPECT_EQ(Rational(1, 20).str(), "0.05");
  EXPECT_EQ(Rational(1, 1000000).str(), "0.000001");
  EXPECT_EQ(Rational(1, 1024).str(), "frac(1, 1024)");
  EXPECT_EQ(Rational(1, 3).str(), "frac(1, 3)");
  EXPECT_EQ(Rational(-10, 7).str(), "-frac(10, 7)");
  EXPECT_EQ(Rational(1, 64).str(), "0.015625");
}

} // namespace
