//===- AccessRemarks.cpp - Access remarks: uncoalesced and conflicted -----===//
//
// The hints a CUDA programmer acts on, at the access's source line (remark
// name Access, pass kernel-time):
//   global load is uncoalesced: a warp touches 32 sectors where 4 would do
//   (factor 8, stride 128 bytes; L1 data array: 32-way bank conflicts, 32
//   wavefronts)
//   shared store has 32-way bank conflicts (a warp's request takes 32
//   wavefronts, stride 128 bytes)
//   const load is serialized: a warp reads 32 distinct addresses
// docs/memory.md says how the numbers are found.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Memory.h"
#include "KernelTime/Report.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <tuple>

using namespace llvm;

namespace ktime {

namespace {

const char *direction(const AccessInfo &A) {
  return A.IsAtomic ? "atomic" : (A.IsLoad ? "load" : "store");
}

void appendStride(OptimizationRemarkAnalysis &R, const AccessInfo &A) {
  if (A.LaneStrideBytes)
    R << ", stride " << ore::NV("StrideBytes", *A.LaneStrideBytes) << " bytes";
  else if (A.SymbolicStrideBytes)
    R << ", stride " << ore::NV("StrideBytes", A.SymbolicStrideBytes->str())
      << " bytes";
}

void appendLanes(OptimizationRemarkAnalysis &R, const AccessInfo &A,
                 unsigned WarpLanes) {
  if (A.ActiveLanes < WarpLanes)
    R << ", " << ore::NV("ActiveLanes", A.ActiveLanes) << " of "
      << std::to_string(WarpLanes) << " lanes active";
}

void appendFactor(OptimizationRemarkAnalysis &R, const Rational &F) {
  if (std::optional<int64_t> I = F.getInt64())
    R << ore::NV("Factor", *I);
  else
    R << ore::NV("Factor", formatFactor(F));
}

} // namespace

void emitAccessRemarks(const MemoryAnalysis &MA, const Function &Reported,
                       OptimizationRemarkEmitter &ORE) {
  // Unrolled loops repeat an access at one source position: say it once.
  std::set<std::tuple<unsigned, unsigned, MemSpace, const char *>> Said;
  auto FirstAt = [&](const AccessInfo &A) {
    return !A.Loc ||
           Said.insert({A.Loc.getLine(), A.Loc.getCol(), A.Space, direction(A)})
               .second;
  };
  for (const AccessInfo &A : MA.accesses()) {
    const BasicBlock *Region = A.Inst && A.Inst->getFunction() == &Reported
                                   ? A.Inst->getParent()
                                   : &Reported.getEntryBlock();
    DiagnosticLocation Where =
        A.Loc ? DiagnosticLocation(A.Loc)
              : DiagnosticLocation(Reported.getSubprogram());
    StringRef Space = getMemSpaceName(A.Space);
    switch (A.Space) {
    case MemSpace::Shared: {
      bool Mean = A.sharedMeanDiffers();
      if ((A.BankConflictDegree <= 1 && !Mean) || !FirstAt(A))
        continue;
      ORE.emit([&] {
        OptimizationRemarkAnalysis R(RemarkPassName, "Access", Where, Region);
        std::string MeanText;
        raw_string_ostream(MeanText)
            << format("%.4g", A.meanSharedWavefronts().toDouble());
        if (A.BankConflictDegree > 1) {
          R << Space << " " << direction(A) << " has "
            << ore::NV("Degree", A.BankConflictDegree)
            << "-way bank conflicts (a warp's request takes "
            << ore::NV("Wavefronts", A.SharedWavefronts) << " wavefronts";
          if (Mean)
            R << "; " << ore::NV("MeanWavefronts", MeanText)
              << " on average over the block's warps, which straddle rows";
        } else {
          // Only the other warps of a block that straddles rows conflict.
          R << Space << " " << direction(A)
            << " has bank conflicts in the block's warps that straddle rows "
               "(a request takes "
            << ore::NV("MeanWavefronts", MeanText)
            << " wavefronts on average over the block's warps, "
            << ore::NV("Wavefronts", A.SharedWavefronts) << " in the first";
        }
        appendStride(R, A);
        appendLanes(R, A, MA.warpLanes());
        R << ")";
        return R;
      });
      break;
    }
    case MemSpace::Constant:
    case MemSpace::Param:
      if (A.ConstantSerialization <= 1 || !FirstAt(A))
        continue;
      ORE.emit([&] {
        OptimizationRemarkAnalysis R(RemarkPassName, "Access", Where, Region);
        R << Space << " " << direction(A) << " is serialized: a warp reads "
          << ore::NV("Serialization", A.ConstantSerialization)
          << " distinct addresses, one per cycle";
        return R;
      });
      break;
    default:
      if (!A.isUncoalesced() || !FirstAt(A))
        continue;
      ORE.emit([&] {
        OptimizationRemarkAnalysis R(RemarkPassName, "Access", Where, Region);
        R << Space << " " << direction(A) << " is uncoalesced: a warp touches "
          << ore::NV("Sectors", A.Sectors) << " sectors where "
          << ore::NV("MinSectors", A.MinSectors) << " would do (factor ";
        appendFactor(R, A.CoalescingFactor);
        appendStride(R, A);
        appendLanes(R, A, MA.warpLanes());
        // Set only where the target's L1 caches the load and gives its tag
        // rate (countL1Banks).
        if (A.hasL1BankConflicts())
          R << "; L1 data array: "
            << ore::NV("L1Degree", A.L1BankConflictDegree)
            << "-way bank conflicts, "
            << ore::NV("L1Wavefronts", *A.L1DataWavefronts) << " wavefronts";
        R << ")";
        return R;
      });
      break;
    }
  }
}

} // namespace ktime
