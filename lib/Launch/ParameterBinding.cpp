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

/// What a bool takes, for an error about a value it cannot hold.
constexpr const char *BoolValues = "a bool takes 0 or 1 (false or true)";

/// The range an integer of \p Bits bits takes, in words: "a 32-bit integer:
/// -2147483648 to 4294967295" (IR integers have no sign: either reading).
std::string integerRange(unsigned Bits) {
  Rational Half = signedLimit(Bits);
  return "a " + std::to_string(Bits) + "-bit integer: " + (-Half).str() +
         " to " + (Half * Rational(2) - Rational(1)).str();
}

/// Why \p Value cannot be the value of an integer parameter of \p Bits bits
/// (IR integers have no sign: either reading must hold it; an i1 is a
/// bool, 0 or 1), if it cannot. \p IsBool: a field the IR reads as a bool.
std::optional<std::string> checkIntegerValue(const Rational &Value,
                                             unsigned Bits, bool IsBool) {
  if (Bits == 1 || IsBool)
    return Value == Rational(0) || Value == Rational(1)
               ? std::nullopt
               : std::optional<std::string>(BoolValues);
  if (!Value.isInteger())
    return std::string("an integer parameter takes an integer");
  if (Bits == 0 || Bits > 64)
    return std::nullopt;
  Rational Half = signedLimit(Bits);
  if (Value < -Half || Value > Half * Rational(2) - Rational(1))
    return "out of the range of " + integerRange(Bits);
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

/// For a name of the form X.Y or X[K] where X is no parameter of \p F: how
/// fields of by-value structs are named, with \p F's, and where source
/// names come from when the IR has none. Empty when \p F takes no struct by
/// value or X starts a symbol of the model (trip.loop9, f.n).
std::string fieldNamesHint(StringRef Name, const Function &F,
                           const SymbolNamer &Names,
                           const std::set<std::string> &ModelSymbols) {
  size_t End = Name.find_first_of(".[");
  if (End == StringRef::npos || End == 0)
    return "";
  StringRef Prefix = Name.take_front(End);
  if (is_contained({"trip", "iter", "addresses", "taken", "lat"}, Prefix) ||
      any_of(ModelSymbols, [&](const std::string &S) {
        return StringRef(S).starts_with((Prefix + ".").str());
      }))
    return "";
  std::vector<std::string> Fields;
  bool SourceNames = false;
  for (const Argument &A : F.args()) {
    size_t More = 0;
    std::vector<std::string> Own =
        Names.listFields(A.getArgNo(), MaxFieldsListed, More);
    if (Own.empty())
      continue;
    std::string ArgN = "arg" + std::to_string(A.getArgNo());
    SourceNames |= Names.getParamName(A.getArgNo()) != ArgN;
    append_range(Fields, Own);
    if (More)
      Fields.push_back("and " + std::to_string(More) + " more of " + ArgN);
  }
  if (Fields.empty())
    return "";
  std::string Hint = "; a field of a struct parameter is named argN.fieldJ, "
                     "J the field's index in the struct from 0 (this "
                     "kernel's: " +
                     join(Fields, ", ") + ")";
  if (!SourceNames)
    Hint += "; this compile keeps no source names: "
            "-fno-discard-value-names keeps the parameters' (" +
            Prefix.str() + ".fieldJ), -O0 -g the members' too (" + Name.str() +
            ")";
  return Hint;
}

/// For a plain name where the compile kept no parameter's source name
/// (every one is argN): how to keep them. Empty otherwise.
std::string paramNamesHint(StringRef Name, const Function &F,
                           const SymbolNamer &Names) {
  if (F.arg_empty() || Name.find_first_of(".[") != StringRef::npos)
    return "";
  for (const Argument &A : F.args())
    if (Names.getParamName(A.getArgNo()) !=
        "arg" + std::to_string(A.getArgNo()))
      return "";
  return "; this compile keeps no source names: -fno-discard-value-names "
         "keeps the parameters' (" +
         Name.str() + ")";
}

} // namespace

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
               const KernelNames &Kernel, std::vector<std::string> &Assumptions,
               std::vector<std::pair<std::string, Rational>> &Bound) {
  SymbolNamer Names(F);
  std::map<std::string, Expr> Subst;
  std::map<std::string, std::string> GivenBy;
  std::vector<std::string> Known;
  for (const Argument &A : F.args())
    Known.push_back(Names.getParamName(A.getArgNo()));
  // Every name of the spec is checked: one error for each that is wrong.
  Error Errors = Error::success();
  auto Fail = [&](const std::string &Why) {
    Errors = joinErrors(std::move(Errors),
                        createStringError(inconvertibleErrorCode(),
                                          Spec.Origin + ": launch spec '" +
                                              Spec.Text + "': " + Why));
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
    else if (auto Alias = Kernel.Aliases->find(Name);
             Alias != Kernel.Aliases->end())
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
        // Without debug info for the struct a field has no member name;
        // a fieldJ whose index the struct does not have is no member name.
        StringRef Member = StringRef(Name).split('.').second;
        unsigned Index;
        bool ByIndex =
            Member.consume_front("field") && !Member.getAsInteger(10, Index);
        std::string Members =
            Names.hasDebugType(*ArgNo) || ByIndex
                ? ""
                : "; members' source names (" + Name +
                      ") need debug info for the struct: -O0 -g";
        Fail("'" + Name + "' is not a field of parameter " +
             Names.getParamName(*ArgNo) + " of " + demangle(F.getName().str()) +
             " (its integer and floating-point fields: " + List + "; arg" +
             std::to_string(*ArgNo) + ".fieldJ always works)" + Members);
        continue;
      }
      std::string Hint;
      if (!Kernel.HaveLineNames && isLineName(Name)) {
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
      Fail("'" + Name + "' is not a parameter of " +
           demangle(F.getName().str()) + " (parameters: " + join(Known, ", ") +
           "; argN always works) nor a symbol of its model" +
           listSymbolsLike(Name, ModelSymbols, *Kernel.Aliases) + Hint +
           fieldNamesHint(Name, F, Names, ModelSymbols) +
           paramNamesHint(Name, F, Names));
      continue;
    }
    Symbol = Symbols.front();
    bool Twice = false;
    for (const std::string &S : Symbols)
      if (auto [It, New] = GivenBy.try_emplace(S, Name); !New && !Twice) {
        Fail("'" + It->second + "' and '" + Name + "' both give " +
             (Field   ? "field "
              : Param ? "parameter "
                      : "") +
             S);
        Twice = true;
      }
    if (Twice)
      continue;
    auto Bad = [&](const Twine &Why) {
      Fail("'" + Name + "=" + Number.Text + "': " + Why.str());
    };
    // A field's value is read as the field's type, as a parameter's is; a
    // field the IR reads as a bool takes what a bool parameter takes.
    Type *Ty = Param ? Param->getType() : Field ? Field->Ty : nullptr;
    bool IsBool = false;
    if (Field)
      if (auto It = Kernel.Fields->find(Field->Printed);
          It != Kernel.Fields->end())
        IsBool = It->second.IsBool;
    Rational Value;
    if (Ty && Ty->isFloatingPointTy()) {
      // The value the kernel receives: rounded to the parameter's type.
      std::string TypeName;
      raw_string_ostream(TypeName) << *Ty;
      bool Underflow = false;
      Expected<Rational> Rounded =
          roundToFloatType(Number, Ty->getFltSemantics(), TypeName, Underflow);
      if (!Rounded) {
        Bad(toString(Rounded.takeError()));
        continue;
      }
      Value = *Rounded;
      if (Underflow)
        Assumptions.push_back("'" + Name + "=" + Number.Text +
                              "' rounds to 0 as a " + TypeName);
    } else if (!Number.Exact) {
      if (Ty && Ty->isIntegerTy()) {
        unsigned Bits = Ty->getIntegerBitWidth();
        Bad(Bits == 1 || IsBool ? BoolValues
            : Number.Huge       ? "out of the range of " + integerRange(Bits)
                                : "an integer parameter takes an integer");
      } else {
        Bad(Twine("not usable exactly (a decimal exponent beyond +-") +
            Twine(SpecNumber::MaxExactExponent) + ")");
      }
      continue;
    } else {
      Value = *Number.Exact;
    }
    std::optional<std::string> Why;
    if (Ty && Ty->isIntegerTy())
      Why = checkIntegerValue(Value, Ty->getIntegerBitWidth(), IsBool);
    else if (!Ty && StringRef(*Symbol).starts_with("trip.") &&
             (!Value.isInteger() || Value.sign() < 0))
      Why = "a trip count is a non-negative integer";
    else if (!Ty && StringRef(*Symbol).starts_with("addresses.") &&
             (!Value.isInteger() || Value.sign() <= 0))
      Why = "a number of addresses is a positive integer";
    else if (!Ty && StringRef(*Symbol).starts_with("taken.") &&
             (Value.sign() < 0 || Rational(1) < Value))
      Why = "a share of threads is a number from 0 to 1";
    if (Why) {
      Bad(*Why);
      continue;
    }
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
  if (Errors)
    return Errors;
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

std::string
withheldFieldsAssumption(const Function &F,
                         const std::set<std::string> &Withheld,
                         const std::map<std::string, FieldUse> &Fields,
                         bool BoundLoops, bool DecideBranches) {
  SymbolNamer Names(F);
  std::vector<std::string> Each, Binds;
  bool Count = false;
  for (const std::string &S : Withheld) {
    std::optional<ParamField> P = Names.findField(S);
    auto It = Fields.find(S);
    const FieldUse *U = It == Fields.end() ? nullptr : &It->second;
    std::vector<std::string> About;
    if (P && P->Name != S)
      About.push_back(P->Name);
    if (U && U->IsBool)
      About.push_back("a bool");
    Each.push_back(About.empty() ? S : S + " (" + join(About, ", ") + ")");
    Binds.push_back(fieldBindHint(S, U));
    Count |= !U || !U->IsBool;
  }
  bool One = Each.size() == 1;
  // What the unknown values make estimates of (a bool bounds no count).
  std::string Estimated;
  if (BoundLoops && DecideBranches)
    Estimated = One ? "the loops it bounds and the branches it decides are"
                    : "the loops they bound and the branches they decide are";
  else if (BoundLoops)
    Estimated = One ? "a loop it bounds is" : "the loops they bound are";
  else if (DecideBranches)
    Estimated = One ? "a branch it decides is" : "the branches they decide are";
  return std::string("the launch binds no value for the struct field") +
         (One ? " " : "s ") + join(Each, ", ") +
         " that the counts or the time use: " + (One ? "its" : "their") +
         " loads are taken as unknown values loaded from memory" +
         (Estimated.empty() ? "" : ", and " + Estimated + " estimated") +
         "; bind " + join(Binds, ", ") +
         (BoundLoops && Count ? " for the real count" : "");
}

std::string missingParameterHint(const Function &F,
                                 const std::set<std::string> &Missing) {
  SymbolNamer Names(F);
  std::vector<std::string> Binds;
  bool Other = false;
  for (const std::string &S : Missing) {
    const Argument *Param = nullptr;
    for (const Argument &A : F.args())
      if (Names.getParamName(A.getArgNo()) == S)
        Param = &A;
    StringRef Name(S);
    if (Param)
      Binds.push_back(S +
                      (Param->getType()->isIntegerTy(1) ? "=0 or 1" : "=N"));
    // The launch binds the ids and sizes, the latencies are the GPU's.
    else if (!(Name.starts_with("tid.") || Name.starts_with("ctaid.") ||
               Name.starts_with("ntid.") || Name.starts_with("nctaid.") ||
               Name.starts_with("lat.") || Name == "laneid" ||
               Name == "WARP_SZ"))
      Other = true;
  }
  // Only ids, sizes and latencies, which the launch and the GPU bind: the
  // failure is not something the spec left out (a divisor bound to 0).
  if (Binds.empty())
    return Other ? "bind it in the spec: NAME=VALUE" : "";
  if (Other)
    Binds.insert(Binds.begin(), "NAME=VALUE");
  return std::string(Binds.size() == 1 ? "bind it" : "bind them") +
         " in the spec: " + join(Binds, ", ");
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
