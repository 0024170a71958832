//===- LoopMetadata.cpp - ktime.* metadata on loops and kernels -----------===//
//
// Adds {!"ktime.trip", !"EXPR"}, lat and del to a loop's loop ID, and the
// kernel's !ktime.kernel !{!"time", !"EXPR", !"delay", !"EXPR",
// !"barriers", !"EXPR"} to the function. The
// loop ID is rebuilt as a new distinct, self-referential node carrying the old
// operands, so loop hints such as llvm.loop.mustprogress are kept; code
// generation ignores unknown loop properties, so the PTX does not change.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Report.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace ktime {

static bool isProperty(const Metadata *Op, StringRef Name) {
  const auto *N = dyn_cast_or_null<MDNode>(Op);
  if (!N || N->getNumOperands() == 0)
    return false;
  const auto *S = dyn_cast_or_null<MDString>(N->getOperand(0));
  return S && S->getString() == Name;
}

void setLoopAnnotation(Loop &L, StringRef Key, StringRef Value) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  std::string Property = ("ktime." + Key).str();
  SmallVector<Metadata *, 4> Ops;
  Ops.push_back(nullptr); // Replaced by the self-reference below.
  if (MDNode *ID = L.getLoopID())
    for (unsigned I = 1, E = ID->getNumOperands(); I != E; ++I)
      if (!isProperty(ID->getOperand(I), Property))
        Ops.push_back(ID->getOperand(I));
  Ops.push_back(MDNode::get(
      Ctx, {MDString::get(Ctx, Property), MDString::get(Ctx, Value)}));
  MDNode *NewID = MDNode::getDistinct(Ctx, Ops);
  NewID->replaceOperandWith(0, NewID);
  L.setLoopID(NewID);
}

void annotateKernel(const KernelReport &R) {
  for (size_t I = 0, E = R.Loops.size(); I != E; ++I) {
    Loop *Orig = R.OriginalLoops[I];
    if (!Orig)
      continue;
    const LoopTrip &T = R.Loops[I];
    setLoopAnnotation(*Orig, "trip", T.Trip.str());
    if (R.HasModel) {
      setLoopAnnotation(*Orig, "lat", T.Lat.str());
      setLoopAnnotation(*Orig, "del", T.Del.str());
    }
  }
  if (!R.HasModel)
    return;
  LLVMContext &Ctx = R.Kernel->getContext();
  auto Str = [&](StringRef S) { return MDString::get(Ctx, S); };
  R.Kernel->setMetadata(
      "ktime.kernel",
      MDNode::get(Ctx, {Str("time"), Str(R.Time.str()), Str("delay"),
                        Str(R.Delay.str()), Str("barriers"),
                        Str(R.Barriers.str())}));
}

} // namespace ktime
