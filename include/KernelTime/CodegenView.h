//===- CodegenView.h - Analyse kernels through a prepared copy ------------===//
//
// The module being compiled is never changed: KernelTime analyses a copy of
// it when the IR at the end of the optimisation pipeline is not what the
// code will be.
//
// - At -O0 a kernel is allocas, loads and stores, and is marked optnone, so
//   ScalarEvolution sees no induction variables. The copy's optnone is
//   stripped, its accesses to non-local memory are made volatile (so nothing
//   changes how often they run), except loads from a by-value parameter
//   the kernel only reads (isReadOnlyByValParam: read-only like the
//   locals SROA turns into values, so LICM may hoist a struct field that
//   bounds a loop); and a light canonicalisation runs on it
//   (SROA/mem2reg, early CSE, instcombine, loop-simplify, LICM, loop
//   rotation).
// - The codegen view (-ktime-codegen-view, on by default; the CodegenView
//   argument below): the NVPTX back
//   end runs IR passes of its own before instruction selection
//   (NVPTXPassConfig::addIRPasses: GVN, SeparateConstOffsetFromGEP,
//   StraightLineStrengthReduce, EarlyCSE, NaryReassociate). After full
//   unrolling they remove most of the loads and address arithmetic that the
//   optimised IR still has (a 15 x 15 convolution: 675 shared loads and 681
//   address multiply-adds become 255 and 17). The copy gets the cheap part
//   of that: EarlyCSE with MemorySSA (redundant loads), constant offsets
//   split from GEPs, EarlyCSE again. Only functions where those passes have
//   something to do are copied, with what they call; where the split is
//   all there is to do, the first EarlyCSE is skipped, and where no memory
//   access repeats, it runs without MemorySSA.
//
// Loops of the copy map back to the original loops through the blocks they
// share.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_CODEGENVIEW_H
#define KERNELTIME_CODEGENVIEW_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>

namespace llvm {
class Argument;
class Loop;
class LoopInfo;
} // namespace llvm

namespace ktime {

using FunctionSet = llvm::DenseSet<const llvm::Function *>;

/// Byte ranges [begin, end) of a parameter.
using ByteRanges = llvm::SmallVector<std::pair<uint64_t, uint64_t>, 4>;

/// The bytes of \p A, a by-value (byval) parameter of a kernel, that the
/// kernel writes, when every use, through getelementptrs and casts, is a
/// load, the source of a memcpy or a simple store at a constant offset
/// (CUB's reduction kernels update some fields of their GridEvenShare in
/// place and read the others); std::nullopt for another parameter, or when
/// the IR writes it otherwise or lets it escape (a store at a computed
/// offset, its address passed to a call, stored, compared).
std::optional<ByteRanges> writtenByValBytes(const llvm::Argument &A);

/// True if \p A is a by-value parameter of a kernel whose memory the kernel
/// only reads (writtenByValBytes finds no bytes written). A struct passed by
/// value lives in the kernel's read-only parameter space.
bool isReadOnlyByValParam(const llvm::Argument &A);

/// What the user asks of the copy; the plugin fills it from its options.
struct CodegenViewOptions {
  /// -ktime-codegen-view: prepare functions as the back end's IR passes
  /// would.
  bool CodegenView = true;
  /// -ktime-rotate-with-tree: the -O0 copy's loops rotated with the
  /// dominator tree kept up to date after each, as LLVM's loop-rotate does
  /// (RotateLoops.h); slower, the same result.
  bool RotateWithTree = false;
};

/// Which functions the copy analyses, and what the codegen view does to
/// them.
struct CopySelection {
  /// The functions analysed through the copy.
  FunctionSet Analysed;
  /// Those of them, not optnone, whose only change is a constant offset to
  /// split off an address: no instruction, branch condition or memory
  /// access (memoryAccessRepeats) for EarlyCSE to merge, so the copy skips
  /// the EarlyCSE before the split.
  FunctionSet OffsetsOnly;
  /// Those of them, not optnone, with values or branch conditions for
  /// EarlyCSE to merge but no memory access it could merge: the copy runs
  /// EarlyCSE without MemorySSA first, and with it only if a memory access
  /// repeats after that.
  FunctionSet NoLoadRepeats;
  bool contains(const llvm::Function *F) const { return Analysed.contains(F); }
};

/// The functions of \p M analysed through the copy: the optnone ones and,
/// with the codegen view (\p CodegenView), those its passes would change
/// (one scan each; the dominator tree from \p FAM where an instruction
/// repeats).
CopySelection functionsAnalysedThroughCopy(llvm::Module &M,
                                           llvm::FunctionAnalysisManager &FAM,
                                           bool CodegenView);

/// A prepared copy of a module with its own analysis managers.
class CanonicalClone {
public:
  /// Copies \p Selected.Analysed (functionsAnalysedThroughCopy) and what
  /// they call; canonicalises the optnone ones, and with the codegen view
  /// (\p Opts.CodegenView) prepares the analysed ones as the back end would.
  CanonicalClone(const llvm::Module &M, const CopySelection &Selected,
                 const CodegenViewOptions &Opts);
  ~CanonicalClone();

  /// Whether \p F is analysed through this copy.
  bool analyses(const llvm::Function &F) const { return Analysed.contains(&F); }

  /// The copy of \p F.
  llvm::Function &getClone(const llvm::Function &F);
  llvm::FunctionAnalysisManager &getFAM();

  /// Frees the copy of the kernel \p F and its analyses once nothing will
  /// read them again (no launch to predict, no access remark to emit, and
  /// no function of the copy calls it), so that the next kernel's analysis
  /// reuses the memory (fewer fresh pages for the compile to fault in).
  void release(const llvm::Function &F);

  /// For each loop of the copy of \p F, the loop of \p F it came from
  /// (loops that were removed or merged have none).
  llvm::DenseMap<const llvm::Loop *, llvm::Loop *>
  mapLoopsBack(llvm::Function &F, llvm::LoopInfo &OrigLI);

private:
  struct Managers;
  FunctionSet Analysed;
  /// The copies of the functions and blocks of the original module.
  llvm::DenseMap<const llvm::Value *, llvm::Value *> VMap;
  std::unique_ptr<llvm::Module> Copy;
  std::unique_ptr<Managers> AM;
};

} // namespace ktime

#endif // KERNELTIME_CODEGENVIEW_H
