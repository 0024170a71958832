//===- CanonicalClone.h - Analyse -O0 kernels through a simplified copy ---===//
//
// At -O0 a kernel is allocas, loads and stores, and is marked optnone, so
// ScalarEvolution sees no induction variables. KernelTime then clones the
// module, strips optnone from the copy, makes its accesses to non-local
// memory volatile (so nothing changes how often they run), runs a light
// canonicalisation on it (SROA/mem2reg, early CSE, instcombine,
// loop-simplify, LICM, loop rotation) and analyses the copy; the module being
// compiled is never changed. Loops of the copy map back to the original loops
// through the blocks they share.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_CANONICALCLONE_H
#define KERNELTIME_PLUGIN_CANONICALCLONE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>

namespace llvm {
class Loop;
class LoopInfo;
} // namespace llvm

namespace ktime {

/// A canonicalised copy of a module with its own analysis managers.
class CanonicalClone {
public:
  explicit CanonicalClone(const llvm::Module &M);
  ~CanonicalClone();

  /// The copy of \p F.
  llvm::Function &getClone(const llvm::Function &F);
  llvm::FunctionAnalysisManager &getFAM();

  /// For each loop of the copy of \p F, the loop of \p F it came from
  /// (loops that were removed or merged have none).
  llvm::DenseMap<const llvm::Loop *, llvm::Loop *>
  mapLoopsBack(llvm::Function &F, llvm::LoopInfo &OrigLI);

private:
  struct Managers;
  llvm::ValueToValueMapTy VMap;
  std::unique_ptr<llvm::Module> Copy;
  std::unique_ptr<Managers> AM;
};

} // namespace ktime

#endif // KERNELTIME_PLUGIN_CANONICALCLONE_H
