//===- ValueTest.cpp - The max-plus scalar and its laws -------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Value: eps, the unit, (+) and (x) including eps and +inf, printing, and
/// the semiring laws over every triple of a fixed sample set (eps and +inf
/// included). Also that Semiring<double> agrees with Value.
/// Run: MaxPlusTests --gtest_filter='Value*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "gtest/gtest.h"

#include <cmath>
#include <ostream>

namespace ktime::maxplus {
static void PrintTo(const Value &V, std::ostream *OS) { *OS << V.str(); }
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

const double Inf = std::numeric_limits<double>::infinity();

std::vector<Value> samples() {
  return {Value::eps(), Value(-7),    Value(-0.5), Value(0),
          Value(3),     Value(12.25), Value(Inf)};
}

TEST(ValueTest, EpsAndUnit) {
  EXPECT_TRUE(Value().isEps());
  EXPECT_TRUE(Value::eps().isEps());
  EXPECT_TRUE(Value(-Inf).isEps());
  EXPECT_EQ(Value::eps().toDouble(), -Inf);
  EXPECT_FALSE(Value::unit().isEps());
  EXPECT_EQ(Value::unit().toDouble(), 0.0);
  EXPECT_FALSE(Value(Inf).isEps());
  EXPECT_FALSE(Value(-1e300).isEps());
}

TEST(ValueTest, NaNBecomesEps) {
  EXPECT_TRUE(Value(std::nan("")).isEps());
  EXPECT_TRUE(Value(Inf - Inf).isEps());
}

TEST(ValueTest, Operations) {
  EXPECT_EQ(oplus(Value(3), Value(7)), Value(7));
  EXPECT_EQ(oplus(Value(-3), Value(-7)), Value(-3));
  EXPECT_EQ(otimes(Value(3), Value(7)), Value(10));
  EXPECT_EQ(otimes(Value(-3), Value(2.5)), Value(-0.5));
  EXPECT_EQ(oplus(Value::eps(), Value(-1e300)), Value(-1e300));
  // eps absorbs, also against +inf (no -inf + inf = NaN).
  EXPECT_TRUE(otimes(Value::eps(), Value(Inf)).isEps());
  EXPECT_TRUE(otimes(Value(Inf), Value::eps()).isEps());
  EXPECT_EQ(otimes(Value(Inf), Value(-5)), Value(Inf));
  EXPECT_EQ(oplus(Value(Inf), Value(5)), Value(Inf));
  // Overflow to -inf is eps, not an error.
  EXPECT_TRUE(otimes(Value(-1e308), Value(-1e308)).isEps());
}

TEST(ValueTest, Order) {
  EXPECT_LT(Value::eps(), Value(-1e300));
  EXPECT_LT(Value(1e300), Value(Inf));
  EXPECT_FALSE(Value(2) < Value(2));
  EXPECT_NE(Value(2), Value(3));
}

TEST(ValueTest, Printing) {
  EXPECT_EQ(Value::eps().str(), "-inf");
  EXPECT_EQ(Value(Inf).str(), "+inf");
  EXPECT_EQ(Value(7).str(), "7");
  EXPECT_EQ(Value(0).str(), "0");
  EXPECT_EQ(Value(-0.0).str(), "0");
  EXPECT_EQ(Value(-3.5).str(), "-3.5");
  EXPECT_EQ(Value(0.1).str(), "0.1");
  EXPECT_EQ(Value(1.0 / 3).str(), "0.3333333333333333");
  EXPECT_EQ(Value(1e20).str(), "1e+20");
  EXPECT_EQ(Value(123456).str(), "123456");
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Value(2.5) << ' ' << Value::eps();
  EXPECT_EQ(OS.str(), "2.5 -inf");
}

TEST(ValueTest, OplusLaws) {
  for (Value A : samples()) {
    EXPECT_EQ(oplus(A, Value::eps()), A) << A.str();
    EXPECT_EQ(oplus(Value::eps(), A), A) << A.str();
    EXPECT_EQ(oplus(A, A), A) << A.str(); // Idempotent.
    for (Value B : samples()) {
      EXPECT_EQ(oplus(A, B), oplus(B, A)) << A.str() << ' ' << B.str();
      for (Value C : samples())
        EXPECT_EQ(oplus(oplus(A, B), C), oplus(A, oplus(B, C)))
            << A.str() << ' ' << B.str() << ' ' << C.str();
    }
  }
}

TEST(ValueTest, OtimesLaws) {
  for (Value A : samples()) {
    EXPECT_EQ(otimes(A, Value::unit()), A) << A.str();
    EXPECT_EQ(otimes(Value::unit(), A), A) << A.str();
    EXPECT_TRUE(otimes(A, Value::eps()).isEps()) << A.str();
    EXPECT_TRUE(otimes(Value::eps(), A).isEps()) << A.str();
    for (Value B : samples()) {
      EXPECT_EQ(otimes(A, B), otimes(B, A)) << A.str() << ' ' << B.str();
      for (Value C : samples())
        EXPECT_EQ(otimes(otimes(A, B), C), otimes(A, otimes(B, C)))
            << A.str() << ' ' << B.str() << ' ' << C.str();
    }
  }
}

TEST(ValueTest, Distributivity) {
  for (Value A : samples())
    for (Value B : samples())
      for (Value C : samples()) {
        EXPECT_EQ(otimes(A, oplus(B, C)), oplus(otimes(A, B), otimes(A, C)))
            << A.str() << ' ' << B.str() << ' ' << C.str();
        EXPECT_EQ(otimes(oplus(A, B), C), oplus(otimes(A, C), otimes(B, C)))
            << A.str() << ' ' << B.str() << ' ' << C.str();
      }
}

TEST(ValueTest, SemiringTraitsAgree) {
  using SV = Semiring<Value>;
  using SD = Semiring<double>;
  EXPECT_EQ(SV::one(), Value(0));
  EXPECT_EQ(SD::one(), 0.0);
  EXPECT_TRUE(SV::isEps(Value::eps()));
  EXPECT_TRUE(SD::isEps(-Inf));
  EXPECT_FALSE(SD::isEps(0.0));
  for (Value A : samples())
    for (Value B : samples()) {
      double X = A.toDouble(), Y = B.toDouble();
      EXPECT_EQ(SV::oplus(A, B).toDouble(), SD::oplus(X, Y));
      EXPECT_EQ(SV::otimes(A, B).toDouble(), SD::otimes(X, Y));
      EXPECT_EQ(SV::less(A, B), SD::less(X, Y));
    }
}

} // namespace
