//===- Print.cpp - One line per access for print<kernel-time-memory> -----===//
//
//   line 12:5 %v: global load 4 B, pattern unit, stride 4 B, lanes 32,
//   sectors 4/4, lines 1/1, factor 1, transferred 4 B, uncoalesced 0 B;
//   reuse: requested 4 * ntid.x B/block, unique 4 * ntid.x B/block, grid
//   ...[, row walk of S B a step over T iterations]; assumed: ...
// (on one line). Shared accesses show the bank-conflict degree, constant
// and param accesses the serialization, instead of sectors.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Memory.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

namespace {

void printWhat(const AccessInfo &A, raw_ostream &OS) {
  const Instruction &I = *A.Inst;
  if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    OS << "memcpy " << (A.IsLoad ? "from " : "to ");
    (A.IsLoad ? MT->getSource() : MT->getDest())
        ->printAsOperand(OS, /*PrintType=*/false);
    return;
  }
  if (!I.getType()->isVoidTy()) {
    I.printAsOperand(OS, /*PrintType=*/false);
    return;
  }
  const Value *Ptr = nullptr;
  if (auto *S = dyn_cast<StoreInst>(&I))
    Ptr = S->getPointerOperand();
  else if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    Ptr = A->getPointerOperand();
  else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptr = X->getPointerOperand();
  else if (auto *C = dyn_cast<CallBase>(&I); C && C->arg_size())
    Ptr = C->getArgOperand(0);
  OS << I.getOpcodeName();
  if (Ptr) {
    OS << " to ";
    Ptr->printAsOperand(OS, /*PrintType=*/false);
  }
}

} // namespace

std::string formatFactor(const Rational &F) {
  if (F.isInteger())
    return F.str();
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.2f", F.toDouble());
  return S;
}

void printAccess(const AccessInfo &A, raw_ostream &OS) {
  OS << "line ";
  if (A.Loc)
    OS << A.Loc.getLine() << ":" << A.Loc.getCol();
  else
    OS << "?";
  OS << " ";
  if (A.Inst)
    printWhat(A, OS);
  OS << ": " << getMemSpaceName(A.Space) << " "
     << (A.IsAtomic ? "atomic" : (A.IsLoad ? "load" : "store"));
  if (A.ReadOnly)
    OS << " (read-only)";
  OS << " " << A.BytesPerThread << " B, pattern "
     << getAccessPatternName(A.Pattern);
  if (A.SymbolicStrideBytes)
    OS << ", stride " << *A.SymbolicStrideBytes << " B";
  else if (A.LaneStrideBytes)
    OS << ", stride " << *A.LaneStrideBytes << " B";
  if (A.RowStrideBytes)
    OS << ", row stride " << *A.RowStrideBytes << " B";
  OS << ", lanes " << A.ActiveLanes;
  if (A.ChoiceLanes)
    OS << " (" << *A.ChoiceLanes << " of them choose this pointer)";
  switch (A.Space) {
  case MemSpace::Shared:
    OS << ", bank conflicts " << A.BankConflictDegree << "-way ("
       << A.SharedWavefronts
       << (A.SharedWavefronts == 1 ? " wavefront" : " wavefronts");
    if (A.sharedMeanDiffers())
      OS << "; " << format("%.4g", A.meanSharedWavefronts().toDouble())
         << " on average over the block's warps";
    OS << ")";
    break;
  case MemSpace::Constant:
  case MemSpace::Param:
    OS << ", serialization " << A.ConstantSerialization;
    break;
  default:
    OS << ", sectors " << A.Sectors << "/" << A.MinSectors << ", lines "
       << A.Lines << "/" << A.MinLines << ", factor "
       << formatFactor(A.CoalescingFactor) << ", transferred "
       << A.TransferredBytesPerThread << " B, uncoalesced "
       << A.UncoalescedBytesPerThread << " B";
    if (A.hasL1BankConflicts())
      OS << ", L1 bank conflicts " << A.L1BankConflictDegree << "-way ("
         << *A.L1DataWavefronts << " wavefronts)";
    break;
  }
  const ReuseInfo &R = A.Reuse;
  OS << "; reuse:";
  if (R.GroupSize > 1)
    OS << " group of " << R.GroupSize << ",";
  if (!R.InvariantLoopName.empty())
    OS << " invariant in " << R.InvariantLoopName << ",";
  if (R.RequestedBytesPerBlock)
    OS << " requested " << *R.RequestedBytesPerBlock << " B/block";
  if (R.UniqueBytesPerBlock)
    OS << ", unique " << *R.UniqueBytesPerBlock << " B/block";
  if (R.GridFootprintBytes)
    OS << ", grid " << *R.GridFootprintBytes << " B";
  if (!R.FootprintExact)
    OS << " (upper bounds)";
  if (R.DataRequestedBytesPerBlock)
    OS << ", the same bytes as other loops' copies (requested together "
       << *R.DataRequestedBytesPerBlock << " B/block)";
  if (R.WalkStrideBytes) {
    OS << ", row walk of " << *R.WalkStrideBytes << " B a step";
    if (R.WalkTrip)
      OS << " over " << *R.WalkTrip << " iterations";
  }
  if (!A.Assumptions.empty()) {
    OS << "; assumed: ";
    for (size_t K = 0; K != A.Assumptions.size(); ++K)
      OS << (K ? "; " : "") << A.Assumptions[K];
  }
  OS << "\n";
}

} // namespace ktime
