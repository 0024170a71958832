//===- ParameterBinding.cpp - A launch spec's values bound to a kernel ----===//
//
// Each NAME=VALUE of a launch spec names a parameter of the kernel (by
// source name or argN), a field of a struct it takes by value (p.n or
// arg1.field1) or a symbol of its model (trip.L12); its value is
// checked against what the parameter's (or field's) type holds and bound as
// the kernel receives it: an integer as written (either reading of its bits), a
// floating-point value rounded to the type (docs/usage.md, "Launch specs").
//
//===----------------------------------------------------------------------===//
#include "ParameterBinding.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

namespace {

/// The fields an error about a misspelt field lists, at most.
constexpr size_t MaxFieldsListed = 12;

/// 2^(Bits - 1): the first value above the signed range of an integer of
/// \p Bits bits (1 <= Bits <= 64).
Rational signedLimit(unsigned Bits) {
  Rational Half = Rational(1);
  for (unsigned B = 1; B < Bits; ++B)
    Half = Half * Rational(2);
  return Half;
}

/// Why \p Value cannot be the value of an integer parameter of \p Bits bits
/// (IR integers have no sign: either reading must hold it), if it cannot.
std::optional<std::string> checkIntegerValue(const Rational &Value,
                                             unsigned Bits) {
  if (!Value.isInteger())
    return std::string("an integer parameter takes an integer");
  if (Bits == 0 || Bits > 64)
    return std::nullopt;
  Rational Half = signedLimit(Bits);
  if (Value < -Half || Value > Half * Rational(2) - Rational(1))
    return "out of the range of an i" + std::to_string(Bits);
  return std::nullopt;
}

/// The model's symbols of \p Name's kind (trip., addresses. or taken.),
/// with their line names, for an error about a misspelt one: "its branch
/// sides: taken.side1 (taken.L6), taken.side2"; empty for another name.
std::string listSymbolsLike(
    StringRef Name, const std::set<std::string> &ModelSymbols,
    const std::map<std::string, std::vector<std::string>> &Aliases) {
  static const std::pair<StringRef, StringRef> Kinds[] = {
      {"trip.", "loop counts the code does not give"},
      {"addresses.", "global atomics"},
      {"taken.", "branch sides"}};
  const auto *Kind = llvm::find_if(
      Kinds, [&](const auto &K) { return Name.starts_with(K.first); });
  if (Kind == std::end(Kinds))
    return "";
  std::map<std::string, std::string> LineNames;
  for (auto &[Alias, Symbols] : Aliases)
    for (const std::string &S : Symbols)
      LineNames.try_emplace(S, Alias);
  // In the order of their numbers (side2 before side10).
  std::vector<std::string> Same;
  for (const std::string &S : ModelSymbols)
    if (StringRef(S).starts_with(Kind->first))
      Same.push_back(S);
  llvm::stable_sort(Same, [](const std::string &A, const std::string &B) {
    return A.size() != B.size() ? A.size() < B.size() : A < B;
  });
  if (Same.empty())
    return ("; it has no " + Kind->second).str();
  std::string List;
  for (size_t I = 0; I != Same.size() && I != MaxFieldsListed; ++I) {
    List += (I ? ", " : "") + Same[I];
    if (auto It = LineNames.find(Same[I]); It != LineNames.end())
      List += " (" + It->second + ")";
  }
  if (Same.size() > MaxFieldsListed)
    List += " and " + std::to_string(Same.size() - MaxFieldsListed) + " more";
  return ("; its " + Kind->second + ": ").str() + List;
}

} // namespace

/// The substitution of the spec's parameters: each NAME is a parameter of
/// the kernel (by source name or argN) or another symbol of its model
/// (trip.L12); an error for a name that is neither, for two names of one
/// parameter, and for a value the parameter cannot hold (a fraction or an
/// out-of-range number for an integer, a negative trip count). \p Bound
/// gets each value as bound: a floating-point parameter's rounded to its
/// type.
/// True for trip.L12, iter.L12_5, addresses.L12 and taken.L12, the line
/// names of loop, atomic and branch-side symbols.
static bool isLineName(StringRef Name) {
  if (!Name.consume_front("trip.L") && !Name.consume_front("iter.L") &&
      !Name.consume_front("addresses.L") && !Name.consume_front("taken.L"))
    return false;
  return !Name.empty() && isDigit(Name.front());
}

Expected<std::map<std::string, Expr>>
bindParameters(const LaunchSpec &Spec, const Function &F,
               const std::set<std::string> &ModelSymbols,
               const std::map<std::string, std::vector<std::string>> &Aliases,
               bool HaveLineNames, std::vector<std::string> &Assumptions,
               std::vector<std::pair<std::string, Rational>> &Bound) {
  SymbolNamer Names(F);
  std::map<std::string, Expr> Subst;
  std::map<std::string, std::string> GivenBy;
  std::vector<std::string> Known;
  for (const Argument &A : F.args())
    Known.push_back(Names.getParamName(A.getArgNo()));
  auto Fail = [&](const std::string &Why) {
    return createStringError(inconvertibleErrorCode(),
                             Spec.Origin + ": launch spec '" + Spec.Text +
                                 "': " + Why);
  };
  for (auto &[Name, Number] : Spec.Params) {
    std::optional<std::string> Symbol;
    const Argument *Param = nullptr;
    for (const Argument &A : F.args()) {
      std::string ParamName = Names.getParamName(A.getArgNo());
      if (Name == ParamName || Name == "arg" + std::to_string(A.getArgNo())) {
        Symbol = ParamName;
        Param = &A;
      }
    }
    // A field of a struct passed by value: arg1.field1, or p.n by source
    // names (docs/usage.md, "Names a launch can bind").
    std::optional<ParamField> Field;
    if (!Symbol && (Field = Names.findField(Name)))
      Symbol = Field->Printed;
    if (!Symbol && ModelSymbols.count(Name))
      Symbol = Name;
    // A line name stands for every loop of that line in the model (the
    // copies an unrolled outer loop made of an inner one).
    std::vector<std::string> Symbols;
    if (Symbol)
      Symbols.push_back(*Symbol);
    else if (auto Alias = Aliases.find(Name); Alias != Aliases.end())
      for (const std::string &S : Alias->second)
        if (ModelSymbols.count(S))
          Symbols.push_back(S);
    if (Symbols.empty()) {
      if (std::optional<unsigned> ArgNo = Names.getFieldParam(Name)) {
        size_t More = 0;
        std::vector<std::string> Fields =
            Names.listFields(*ArgNo, MaxFieldsListed, More);
        std::string List = Fields.empty() ? "none" : join(Fields, ", ");
        if (More)
          List += " and " + std::to_string(More) + " more";
        return Fail("'" + Name + "' is not a field of parameter " +
                    Names.getParamName(*ArgNo) + " of " +
                    demangle(F.getName().str()) + " (its integer and " +
                    "floating-point fields: " + List + "; arg" +
                    std::to_string(*ArgNo) + ".fieldJ always works)");
      }
      std::string Hint;
      if (!HaveLineNames && isLineName(Name)) {
        StringRef Kind = StringRef(Name).split('.').first;
        StringRef Always = Kind == "taken"       ? "sideN"
                           : Kind == "addresses" ? "atomicN"
                                                 : "loopN";
        Hint = ("; a line name (" + Kind +
                ".L12) needs source locations (-Rpass-analysis=kernel-time "
                "or -g), " +
                Kind + "." + Always + " always works")
                   .str();
      }
      return Fail("'" + Name + "' is not a parameter of " +
                  demangle(F.getName().str()) +
                  " (parameters: " + join(Known, ", ") +
                  "; argN always works) nor a symbol of its model" +
                  listSymbolsLike(Name, ModelSymbols, Aliases) + Hint);
    }
    Symbol = Symbols.front();
    for (const std::string &S : Symbols)
      if (auto [It, New] = GivenBy.try_emplace(S, Name); !New)
        return Fail("'" + It->second + "' and '" + Name + "' both give " +
                    (Field   ? "field "
                     : Param ? "parameter "
                             : "") +
                    S);
    auto Bad = [&](const Twine &Why) {
      return Fail("'" + Name + "=" + Number.Text + "': " + Why.str());
    };
    // A field's value is read as the field's type, as a parameter's is.
    Type *Ty = Param ? Param->getType() : Field ? Field->Ty : nullptr;
    Rational Value;
    if (Ty && Ty->isFloatingPointTy()) {
      // The value the kernel receives: rounded to the parameter's type.
      std::string TypeName;
      raw_string_ostream(TypeName) << *Ty;
      bool Underflow = false;
      Expected<Rational> Rounded =
          roundToFloatType(Number, Ty->getFltSemantics(), TypeName, Underflow);
      if (!Rounded)
        return Bad(toString(Rounded.takeError()));
      Value = *Rounded;
      if (Underflow)
        Assumptions.push_back("'" + Name + "=" + Number.Text +
                              "' rounds to 0 as a " + TypeName);
    } else if (!Number.Exact) {
      if (Ty && Ty->isIntegerTy())
        return Bad(Number.Huge ? "out of the range of an i" +
                                     Twine(Ty->getIntegerBitWidth())
                               : Twine("an integer parameter takes an "
                                       "integer"));
      return Bad(Twine("not usable exactly (a decimal exponent beyond +-") +
                 Twine(SpecNumber::MaxExactExponent) + ")");
    } else {
      Value = *Number.Exact;
    }
    std::optional<std::string> Why;
    if (Ty && Ty->isIntegerTy())
      Why = checkIntegerValue(Value, Ty->getIntegerBitWidth());
    else if (!Ty && StringRef(*Symbol).starts_with("trip.") &&
             (!Value.isInteger() || Value.sign() < 0))
      Why = "a trip count is a non-negative integer";
    else if (!Ty && StringRef(*Symbol).starts_with("addresses.") &&
             (!Value.isInteger() || Value.sign() <= 0))
      Why = "a number of addresses is a positive integer";
    else if (!Ty && StringRef(*Symbol).starts_with("taken.") &&
             (Value.sign() < 0 || Rational(1) < Value))
      Why = "a share of threads is a number from 0 to 1";
    if (Why)
      return Bad(*Why);
    // Above the signed range the value is taken as written, the unsigned
    // reading; a kernel that compares the parameter as signed sees it
    // negative.
    if (Ty && Ty->isIntegerTy()) {
      unsigned Bits = Ty->getIntegerBitWidth();
      if (Bits > 1 && Bits <= 64 && Value >= signedLimit(Bits))
        Assumptions.push_back(
            "'" + Name + "=" + Value.str() + "' is taken as written (an i" +
            std::to_string(Bits) +
            " read as unsigned); if the kernel's parameter is signed, it is " +
            (Value - signedLimit(Bits) * Rational(2)).str());
    }
    for (const std::string &S : Symbols)
      Subst[S] = Expr::constant(Value);
    Bound.push_back({Name, Value});
  }
  return Subst;
}

std::vector<std::pair<std::string, Rational>>
estimateUnknownCounts(const std::set<std::string> &TimeSymbols,
                      unsigned Default, std::map<std::string, Expr> &Params) {
  std::vector<std::pair<std::string, Rational>> Estimated;
  if (Default == 0)
    return Estimated;
  // A loop whose count is known has an expression for it; trip.<loop> is
  // the symbol of one whose count the code does not give.
  for (const std::string &S : TimeSymbols)
    if (StringRef(S).starts_with("trip.") && !Params.count(S)) {
      Params[S] = Expr::constant(Default);
      Estimated.emplace_back(S, Rational(Default));
    }
  return Estimated;
}

std::set<std::string> unboundFields(const Function &F,
                                    const std::set<std::string> &Symbols,
                                    const std::map<std::string, Expr> &Params) {
  SymbolNamer Names(F);
  std::set<std::string> Unbound;
  for (const std::string &S : Symbols)
    if (!Params.count(S))
      if (std::optional<ParamField> P = Names.findField(S);
          P && P->Printed == S)
        Unbound.insert(S);
  return Unbound;
}

std::string withheldFieldsAssumption(const Function &F,
                                     const std::set<std::string> &Withheld) {
  SymbolNamer Names(F);
  std::vector<std::string> Each;
  for (const std::string &S : Withheld) {
    std::optional<ParamField> P = Names.findField(S);
    Each.push_back(P && P->Name != S ? S + " (" + P->Name + ")" : S);
  }
  bool One = Each.size() == 1;
  return std::string("the launch binds no value for the struct field") +
         (One ? " " : "s ") + join(Each, ", ") +
         " that the counts or the time use: " + (One ? "its" : "their") +
         " loads are taken as unknown values loaded from memory, and a loop " +
         (One ? "it bounds" : "they bound") + " is estimated; bind " +
         *Withheld.begin() + "=N for the real count";
}

std::string estimateAssumption(
    const std::vector<std::pair<std::string, Rational>> &Estimated,
    unsigned Default, const std::string &BindHint) {
  std::string Names;
  // Two names, and how many more (the JSON report's "estimated" has
  // them all), so that the remark stays one line.
  for (size_t I = 0; I != Estimated.size() && I != 2; ++I)
    Names += (I ? ", " : "") + Estimated[I].first;
  if (Estimated.size() > 2)
    Names += " and " + std::to_string(Estimated.size() - 2) + " more";
  return "an estimate: the code does not give the count of " + Names +
         ", and the launch does not say it; assumed " +
         std::to_string(Default) +
         " iterations per entry (-ktime-unknown-trip); give the real count "
         "in the launch (" +
         BindHint + "=N)";
}

} // namespace ktime
