//===- Calls.cpp - Calls: intrinsics, libdevice, device functions, asm ----===//
//
// Intrinsics go to Intrinsics.cpp (a name nothing prices gets the default:
// one int.add and an assumption naming it); declared libdevice functions
// (__nv_*, as -nocudalib leaves them) to the table in Libdevice.cpp; a call
// of a function defined in the module is Kind::Call, costed through the
// callee by the Thread stage; an indirect call or an external function is
// Kind::Call with an assumption; inline asm is priced per instruction.
// docs/costs.md, "Calls".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// PTX instructions in an inline-asm string: statements separated by ';' or
/// new lines, without braces, directives (.reg ...), labels and comments.
SmallVector<StringRef, 4> asmInstructions(StringRef Asm) {
  SmallVector<StringRef, 4> Out;
  SmallVector<StringRef, 16> Lines;
  Asm.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.split("//").first;
    SmallVector<StringRef, 4> Statements;
    Line.split(Statements, ';');
    for (StringRef S : Statements) {
      S = S.trim(" \t\r{}");
      if (S.empty() || S.starts_with(".") || S.ends_with(":"))
        continue;
      Out.push_back(S);
    }
  }
  return Out;
}

/// A block-wide barrier that waits (bar.sync, barrier.sync and their .cta
/// and .aligned forms), as __syncthreads() writes it.
bool isWaitingBarrier(StringRef Instr) {
  StringRef Op = Instr.split(' ').first.split('\t').first;
  return Op.starts_with("bar.sync") || Op.starts_with("barrier.sync") ||
         Op.starts_with("bar.cta.sync") || Op.starts_with("barrier.cta.sync");
}

CostInfo costInlineAsm(const CostContext &Ctx, const CallBase &CB) {
  const auto *IA = cast<InlineAsm>(CB.getCalledOperand());
  SmallVector<StringRef, 4> Instrs = asmInstructions(IA->getAsmString());
  unsigned N = Instrs.size();
  if (N == 0)
    return makeFree("empty inline asm");
  // asm("bar.sync 0;") is a __syncthreads(): a barrier of the block, which
  // the model counts (priced as the intrinsic is).
  if (N == 1 && isWaitingBarrier(Instrs.front())) {
    CostInfo C =
        Ctx.compute(InstrClass::Barrier, 1, 1, "bar.sync (inline asm)");
    C.K = CostInfo::Kind::Barrier;
    return C;
  }
  CostInfo C = Ctx.compute(InstrClass::IntAdd, N, N, "inline asm");
  C.K = CostInfo::Kind::Unknown;
  C.Assumption = "inline asm: " + utostr(N) +
                 (N == 1 ? " instruction" : " instructions") +
                 " priced as int.add";
  return C;
}

CostInfo callInstruction(const CostContext &Ctx, const Function *Callee,
                         StringRef What) {
  CostInfo C = Ctx.compute(InstrClass::Branch, 1, 1, What);
  C.K = CostInfo::Kind::Call;
  C.Callee = Callee;
  return C;
}

} // namespace

CostInfo costCall(const CostContext &Ctx, const CallBase &CB) {
  if (CB.isInlineAsm())
    return costInlineAsm(Ctx, CB);
  const Function *F = CB.getCalledFunction();
  if (!F) {
    CostInfo C = callInstruction(Ctx, nullptr, "indirect call");
    C.Assumption = "indirect call: the callee is unknown; only the call "
                   "instruction is priced";
    return C;
  }
  StringRef Name = F->getName();
  if (F->isIntrinsic() || Name.starts_with("llvm.")) {
    if (std::optional<CostInfo> C = costIntrinsic(Ctx, CB, Name))
      return *C;
    return Ctx.unknown(("unmodelled intrinsic " + Name +
                        " priced as one int.add (the default)")
                           .str());
  }
  if (!F->isDeclaration())
    return callInstruction(Ctx, F, ("call @" + Name).str());
  if (Name.starts_with("__nv_")) {
    if (std::optional<CostInfo> C = costLibdevice(Ctx, Name))
      return *C;
    return Ctx.unknown(("libdevice function " + Name +
                        " is not in the cost table; priced as one int.add")
                           .str());
  }
  CostInfo C = callInstruction(Ctx, F, ("call @" + Name).str());
  C.Assumption = ("external function " + Name +
                  ": its body is not in this module; only the call "
                  "instruction is priced")
                     .str();
  return C;
}

} // namespace detail
} // namespace ktime
