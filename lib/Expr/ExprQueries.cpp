//===- ExprQueries.cpp - Structural questions about expressions -----------===//
//
// Which symbols an expression mentions, whether it is affine in some of
// them, and whether its value is always an integer.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

#include <algorithm>

using namespace ktime;

void Expr::collectSymbols(std::set<std::string> &Out) const {
  if (isSymbol()) {
    Out.insert(getSymbolName().str());
    return;
  }
  for (const Expr &Op : operands())
    Op.collectSymbols(Out);
}

bool Expr::mentions(llvm::StringRef Symbol) const {
  if (isSymbol())
    return getSymbolName() == Symbol;
  return llvm::any_of(operands(),
                      [&](const Expr &Op) { return Op.mentions(Symbol); });
}

static bool mentionsAny(const Expr &E, llvm::ArrayRef<std::string> Symbols) {
  return llvm::any_of(Symbols,
                      [&](const std::string &S) { return E.mentions(S); });
}

/// A term c * s with s one of \p Symbols, or a term free of them.
static bool isAffineTerm(const Expr &T, llvm::ArrayRef<std::string> Symbols) {
  if (!mentionsAny(T, Symbols) || T.isSymbol())
    return true;
  if (T.getKind() != Expr::Kind::Mul)
    return false;
  llvm::ArrayRef<Expr> Ops = T.operands();
  return Ops.size() == 2 && Ops[0].isConstant() && Ops[1].isSymbol();
}

bool Expr::isAffineIn(llvm::ArrayRef<std::string> Symbols) const {
  if (getKind() != Kind::Add)
    return isAffineTerm(*this, Symbols);
  return llvm::all_of(operands(),
                      [&](const Expr &T) { return isAffineTerm(T, Symbols); });
}

bool Expr::isIntegral() const {
  switch (getKind()) {
  case Kind::Constant:
    return getConstant()->isInteger();
  case Kind::Symbol:
    return isIntegerSymbol(getSymbolName());
  case Kind::FloorDiv:
  case Kind::CeilDiv:
  case Kind::Log2:
    return true;
  case Kind::Add:
  case Kind::Mul:
  case Kind::Min:
  case Kind::Max:
    break;
  }
  return llvm::all_of(operands(),
                      [](const Expr &Op) { return Op.isIntegral(); });
}
