//===- Rational.cpp - Exact arbitrary-precision rationals -----------------===//
//
// Arithmetic, rounding, comparison, conversion and printing of
// ktime::Rational, on top of llvm::DynamicAPInt so nothing overflows.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <cmath>
#include <cstdlib>
#include <limits>

using namespace ktime;
using llvm::DynamicAPInt;

Rational::Rational(int64_t N, int64_t D) : Num(N), Den(D) {
  assert(D != 0 && "zero denominator");
  normalize();
}

Rational::Rational(DynamicAPInt N, DynamicAPInt D)
    : Num(std::move(N)), Den(std::move(D)) {
  assert(Den != 0 && "zero denominator");
  normalize();
}

void Rational::normalize() {
  if (Den < 0) {
    Num = -Num;
    Den = -Den;
  }
  if (Num == 0) {
    Den = DynamicAPInt(1);
    return;
  }
  // Integers, most values, are normal already.
  if (Den == 1)
    return;
  DynamicAPInt G = llvm::gcd(llvm::abs(Num), Den);
  if (G != 1) {
    Num = Num / G;
    Den = Den / G;
  }
}

std::optional<int64_t> Rational::getInt64() const {
  if (!isInteger())
    return std::nullopt;
  if (Num < DynamicAPInt(std::numeric_limits<int64_t>::min()) ||
      Num > DynamicAPInt(std::numeric_limits<int64_t>::max()))
    return std::nullopt;
  return static_cast<int64_t>(Num);
}

/// Mantissa in [0.1, 1) and decimal digit count of |X| > 0.
static std::pair<double, int> splitDecimal(const DynamicAPInt &X) {
  std::string Digits;
  llvm::raw_string_ostream OS(Digits);
  llvm::abs(X).print(OS);
  OS.flush();
  std::string Mantissa = "0." + Digits.substr(0, 17);
  return {std::strtod(Mantissa.c_str(), nullptr),
          static_cast<int>(Digits.size())};
}

Rational Rational::fromDouble(double V) {
  constexpr int64_t Scale = 1000000;
  return Rational(static_cast<int64_t>(std::llround(V * Scale)), Scale);
}

double Rational::toDouble() const {
  const DynamicAPInt Limit(int64_t(1) << 53);
  if (llvm::abs(Num) <= Limit && Den <= Limit)
    return static_cast<double>(static_cast<int64_t>(Num)) /
           static_cast<double>(static_cast<int64_t>(Den));
  if (Num == 0)
    return 0.0;
  auto [MN, EN] = splitDecimal(Num);
  auto [MD, ED] = splitDecimal(Den);
  double V = MN / MD * std::pow(10.0, EN - ED);
  return Num < 0 ? -V : V;
}

Rational Rational::floor() const {
  return Rational(llvm::floorDiv(Num, Den), DynamicAPInt(1));
}

Rational Rational::ceil() const {
  return Rational(llvm::ceilDiv(Num, Den), DynamicAPInt(1));
}

Rational Rational::abs() const { return Num < 0 ? -*this : *this; }

Rational Rational::operator-() const {
  Rational R = *this;
  R.Num = -R.Num;
  return R;
}

Rational &Rational::operator+=(const Rational &O) {
  if (Den == O.Den) {
    Num += O.Num;
  } else {
    Num = Num * O.Den + O.Num * Den;
    Den = Den * O.Den;
  }
  normalize();
  return *this;
}

Rational &Rational::operator-=(const Rational &O) { return *this += -O; }

Rational &Rational::operator*=(const Rational &O) {
  Num *= O.Num;
  Den *= O.Den;
  normalize();
  return *this;
}

Rational &Rational::operator/=(const Rational &O) {
  assert(!O.isZero() && "division by zero");
  DynamicAPInt N = Num * O.Den;
  DynamicAPInt D = Den * O.Num;
  Num = std::move(N);
  Den = std::move(D);
  normalize();
  return *this;
}

bool ktime::operator<(const Rational &A, const Rational &B) {
  if (A.Den == B.Den)
    return A.Num < B.Num;
  return A.Num * B.Den < B.Num * A.Den;
}

/// The number of decimal digits needed to write 1/Den exactly, if Den is
/// of the form 2^a * 5^b; nullopt otherwise.
static std::optional<unsigned> decimalDigits(DynamicAPInt Den) {
  unsigned Twos = 0, Fives = 0;
  while (Den % DynamicAPInt(2) == 0) {
    Den = Den / DynamicAPInt(2);
    ++Twos;
  }
  while (Den % DynamicAPInt(5) == 0) {
    Den = Den / DynamicAPInt(5);
    ++Fives;
  }
  if (Den != 1)
    return std::nullopt;
  return std::max(Twos, Fives);
}

void Rational::print(llvm::raw_ostream &OS) const {
  if (isInteger()) {
    Num.print(OS);
    return;
  }
  if (Num < 0)
    OS << '-';
  DynamicAPInt AbsNum = llvm::abs(Num);
  std::optional<unsigned> Digits = decimalDigits(Den);
  if (!Digits || *Digits > 6) {
    OS << "frac(";
    AbsNum.print(OS);
    OS << ", ";
    Den.print(OS);
    OS << ')';
    return;
  }
  DynamicAPInt Scale(1);
  for (unsigned I = 0; I < *Digits; ++I)
    Scale *= 10;
  DynamicAPInt Scaled = AbsNum * Scale / Den; // Exact.
  (Scaled / Scale).print(OS);
  std::string Frac;
  llvm::raw_string_ostream FS(Frac);
  (Scaled % Scale).print(FS);
  FS.flush();
  OS << '.' << std::string(*Digits - Frac.size(), '0') << Frac;
}

Rational ktime::floorLog2(const Rational &R) {
  // 2^k <= R exactly when 2^k <= floor(R), for integers k >= 0.
  DynamicAPInt N = R.floor().getNumerator();
  if (N < 1)
    return Rational(-1);
  int64_t K = 0;
  for (DynamicAPInt Power(2); Power <= N; Power *= 2)
    ++K;
  return Rational(K);
}

std::string Rational::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(OS);
  OS.flush();
  return S;
}

llvm::raw_ostream &ktime::operator<<(llvm::raw_ostream &OS, const Rational &R) {
  R.print(OS);
  return OS;
}
