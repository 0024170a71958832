//===- ExprPrinter.cpp - Printing expressions -----------------------------===//
//
// Infix printing with minimal parentheses (docs/expressions.md, "Printing"):
// sums show negative terms as subtraction and start with a positive term
// when there is one; products are "c * f * g" with floor divisions in
// parentheses; "a / b" is floor division; ceildiv, min, max and log2 print
// as calls; constants print as Rational::print does.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

#include "llvm/Support/raw_ostream.h"

using namespace ktime;

static void printExpr(llvm::raw_ostream &OS, const Expr &E);

/// The sign of a term of a sum: of its constant or its coefficient.
static int termSign(const Expr &T) {
  if (T.isConstant())
    return T.getConstant()->sign();
  if (T.getKind() == Expr::Kind::Mul && T.operands()[0].isConstant())
    return T.operands()[0].getConstant()->sign();
  return 1;
}

/// Prints a product, with the absolute value of its coefficient if \p Abs;
/// \p AfterMinus: a unary minus precedes it.
static void printProduct(llvm::raw_ostream &OS, const Expr &E, bool Abs,
                         bool AfterMinus = false) {
  llvm::ArrayRef<Expr> Ops = E.operands();
  Rational Coef(1);
  if (Ops[0].isConstant()) {
    Coef = *Ops[0].getConstant();
    Ops = Ops.drop_front();
  }
  if (Abs)
    Coef = Coef.abs();
  if (Coef == Rational(-1))
    OS << '-';
  else if (Coef != Rational(1))
    OS << Coef << " * ";
  bool First = true;
  for (const Expr &F : Ops) {
    if (!First)
      OS << " * ";
    First = false;
    bool Paren = F.getKind() == Expr::Kind::FloorDiv &&
                 (Ops.size() > 1 || Coef != Rational(1) || AfterMinus);
    OS << (Paren ? "(" : "");
    printExpr(OS, F);
    OS << (Paren ? ")" : "");
  }
}

/// Prints the absolute value of a term of a sum.
static void printAbsTerm(llvm::raw_ostream &OS, const Expr &T,
                         bool AfterMinus) {
  if (T.isConstant())
    OS << T.getConstant()->abs();
  else if (T.getKind() == Expr::Kind::Mul)
    printProduct(OS, T, /*Abs=*/true, AfterMinus);
  else
    printExpr(OS, T);
}

static void printSum(llvm::raw_ostream &OS, const Expr &E) {
  llvm::SmallVector<Expr, 4> Terms(E.operands().begin(), E.operands().end());
  // Start with the first positive term: "4 - n" rather than "-n + 4".
  auto Positive =
      llvm::find_if(Terms, [](const Expr &T) { return termSign(T) > 0; });
  if (Positive != Terms.end())
    std::rotate(Terms.begin(), Positive, Positive + 1);
  bool First = true;
  for (const Expr &T : Terms) {
    bool Negative = termSign(T) < 0;
    // A negative term is a constant or a product. After a unary minus a
    // floor division needs parentheses: "-(n / 4)", as "-n / 4" means
    // floor(-n / 4); after a binary minus it does not: "m - n / 4".
    if (First)
      OS << (Negative ? "-" : "");
    else
      OS << (Negative ? " - " : " + ");
    printAbsTerm(OS, T, First && Negative);
    First = false;
  }
}

static void printCall(llvm::raw_ostream &OS, llvm::StringRef Name,
                      llvm::ArrayRef<Expr> Ops) {
  OS << Name << '(';
  for (size_t I = 0; I < Ops.size(); ++I) {
    OS << (I ? ", " : "");
    printExpr(OS, Ops[I]);
  }
  OS << ')';
}

static void printExpr(llvm::raw_ostream &OS, const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::Constant:
    OS << *E.getConstant();
    return;
  case Expr::Kind::Symbol:
    OS << E.getSymbolName();
    return;
  case Expr::Kind::Add:
    printSum(OS, E);
    return;
  case Expr::Kind::Mul:
    printProduct(OS, E, /*Abs=*/false);
    return;
  case Expr::Kind::FloorDiv: {
    const Expr &N = E.operands()[0], &D = E.operands()[1];
    bool ParenN = N.getKind() == Expr::Kind::Add;
    bool ParenD = D.getKind() == Expr::Kind::Add ||
                  D.getKind() == Expr::Kind::Mul ||
                  D.getKind() == Expr::Kind::FloorDiv ||
                  (D.isConstant() && D.getConstant()->sign() < 0);
    OS << (ParenN ? "(" : "");
    printExpr(OS, N);
    OS << (ParenN ? ")" : "") << " / " << (ParenD ? "(" : "");
    printExpr(OS, D);
    OS << (ParenD ? ")" : "");
    return;
  }
  case Expr::Kind::CeilDiv:
    printCall(OS, "ceildiv", E.operands());
    return;
  case Expr::Kind::Min:
    printCall(OS, "min", E.operands());
    return;
  case Expr::Kind::Max:
    printCall(OS, "max", E.operands());
    return;
  case Expr::Kind::Log2:
    printCall(OS, "log2", E.operands());
    return;
  }
}

void Expr::print(llvm::raw_ostream &OS) const { printExpr(OS, *this); }

std::string Expr::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(OS);
  OS.flush();
  return S;
}

llvm::raw_ostream &ktime::operator<<(llvm::raw_ostream &OS, const Expr &E) {
  E.print(OS);
  return OS;
}
