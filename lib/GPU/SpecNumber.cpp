//===- SpecNumber.cpp - Launch values as C and Python print them ----------===//
//
// A launch spec's parameter values are written by people and by programs
// (utils/ktime, Python's repr, printf's %g and %a): "5", "+5", "5.", ".5",
// "1e-08", "1E5", "3.4e+38", "0.0008392704500000001", "0x1F", and a bool's
// "true" and "false" (Python's "True", "False") as 1 and 0. Every such
// form is taken with any number of digits and kept exact; the launch stage
// then checks it against the parameter's type, and rounds it to a
// floating-point parameter's type as the compiler rounds a literal.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/GPU.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;

namespace ktime {

namespace {

/// 10^N, or 2^N, exactly.
DynamicAPInt power(int64_t Base, int64_t N) {
  DynamicAPInt R(1), B(Base);
  // Square and multiply: the exponent is at most a few thousand.
  for (; N > 0; N >>= 1) {
    if (N & 1)
      R *= B;
    B *= B;
  }
  return R;
}

/// The digits of \p Digits (decimal or hexadecimal) as an integer.
DynamicAPInt digitsValue(StringRef Digits, unsigned Radix) {
  DynamicAPInt V(0);
  for (char C : Digits)
    V = V * DynamicAPInt(Radix) + DynamicAPInt(hexDigitValue(C));
  return V;
}

std::string decimalText(const DynamicAPInt &V) {
  std::string S;
  raw_string_ostream OS(S);
  V.print(OS);
  return S;
}

/// A finite double as an exact rational: its 53-bit significand times a
/// power of two.
Rational exactDouble(double D) {
  if (D == 0)
    return Rational(0);
  int Exp = 0;
  double Frac = std::frexp(D, &Exp); // D = Frac * 2^Exp, 0.5 <= |Frac| < 1
  auto Significand = static_cast<int64_t>(std::ldexp(Frac, 53));
  Exp -= 53;
  if (Exp >= 0)
    return Rational(DynamicAPInt(Significand) * power(2, Exp), DynamicAPInt(1));
  return Rational(DynamicAPInt(Significand), power(2, -Exp));
}

} // namespace

std::optional<SpecNumber> parseSpecNumber(StringRef S) {
  SpecNumber N;
  N.Text = S.trim().str();
  StringRef T = N.Text;
  bool Negative = T.consume_front("-");
  if (!Negative)
    T.consume_front("+");
  std::string Sign = Negative ? "-" : "";

  // A bool as C++ and Python spell it: true and false, True and False.
  if (T == "true" || T == "True" || T == "false" || T == "False") {
    if (Negative || N.Text.front() == '+')
      return std::nullopt;
    bool Value = T.front() == 't' || T.front() == 'T';
    N.Decimal = Value ? "1e0" : "0e0";
    N.Exact = Rational(Value ? 1 : 0);
    return N;
  }

  // Hexadecimal integers: 0x1F, -0X10.
  if (T.starts_with_insensitive("0x")) {
    StringRef Hex = T.drop_front(2);
    if (Hex.empty() || !all_of(Hex, isHexDigit))
      return std::nullopt;
    DynamicAPInt V = digitsValue(Hex, 16);
    N.Decimal = Sign + decimalText(V) + "e0";
    N.Exact = Rational(Negative ? -V : V, DynamicAPInt(1));
    return N;
  }

  // Decimal: DIGITS[.DIGITS][(e|E)[+-]DIGITS], or .DIGITS...
  StringRef Int = T.take_while(isDigit);
  T = T.drop_front(Int.size());
  StringRef Frac;
  if (T.consume_front(".")) {
    Frac = T.take_while(isDigit);
    T = T.drop_front(Frac.size());
  }
  if (Int.empty() && Frac.empty())
    return std::nullopt;
  // The exponent as written, clamped: beyond 10^18 in magnitude it only
  // says "far beyond any type".
  int64_t Exp = 0;
  if (T.consume_front("e") || T.consume_front("E")) {
    bool ExpNegative = T.consume_front("-");
    if (!ExpNegative)
      T.consume_front("+");
    StringRef ExpDigits = T.take_while(isDigit);
    if (ExpDigits.empty())
      return std::nullopt;
    T = T.drop_front(ExpDigits.size());
    ExpDigits = ExpDigits.ltrim('0'); // "e+00" is an exponent of 0
    constexpr int64_t Clamp = int64_t(1) << 40;
    if (ExpDigits.empty())
      Exp = 0;
    else if (ExpDigits.size() > 12 || ExpDigits.getAsInteger(10, Exp))
      Exp = Clamp;
    Exp = std::min(Exp, Clamp);
    if (ExpNegative)
      Exp = -Exp;
  }
  if (!T.empty())
    return std::nullopt;

  // Value = Digits * 10^Scale, the digits without leading zeros.
  std::string Digits = (Int + Frac).str();
  size_t FirstNonZero = Digits.find_first_not_of('0');
  if (FirstNonZero == std::string::npos) {
    N.Decimal = Sign + "0e0";
    N.Exact = Rational(0);
    return N;
  }
  Digits.erase(0, FirstNonZero);
  int64_t Scale = Exp - static_cast<int64_t>(Frac.size());
  N.Decimal = Sign + Digits + "e" + std::to_string(Scale);
  // The magnitude's decimal exponent, to within the digits' count.
  int64_t Magnitude = Scale + static_cast<int64_t>(Digits.size());
  if (Magnitude > SpecNumber::MaxExactExponent ||
      Magnitude < -SpecNumber::MaxExactExponent ||
      Digits.size() > size_t(SpecNumber::MaxExactExponent)) {
    N.Huge = Magnitude > 0;
    return N;
  }
  DynamicAPInt V = digitsValue(Digits, 10);
  if (Negative)
    V = -V;
  N.Exact = Scale >= 0 ? Rational(V * power(10, Scale), DynamicAPInt(1))
                       : Rational(V, power(10, -Scale));
  return N;
}

Expected<Rational> roundToFloatType(const SpecNumber &N,
                                    const fltSemantics &Sem, StringRef TypeName,
                                    bool &Underflow) {
  Underflow = false;
  APFloat F(Sem);
  Expected<APFloat::opStatus> Status =
      F.convertFromString(N.Decimal, APFloat::rmNearestTiesToEven);
  if (!Status)
    return Status.takeError();
  if ((*Status & APFloat::opOverflow) || F.isInfinity())
    return createStringError(inconvertibleErrorCode(),
                             "out of the range of a " + TypeName);
  // Zero is always exact; a value too small to be exact is not zero.
  Underflow = F.isZero() && !(N.Exact && N.Exact->sign() == 0);
  // Every type a kernel parameter has (half, bfloat, float, double) is
  // held exactly by a double.
  bool LosesInfo = false;
  F.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &LosesInfo);
  return exactDouble(F.convertToDouble());
}

} // namespace ktime
