//===- RegisterPressure.h - Live 32-bit registers in an IR function -------===//
//
// Internal to the GPU stage: the weight of an IR value in 32-bit registers
// (RegisterWeight.cpp), the order a block's loads are assumed to issue in
// (LoadSchedule.cpp) and the largest weighted live set of a function
// (RegisterPressure.cpp). RegisterEstimate.cpp turns the largest into an
// estimate; docs/gpu.md, "Register estimate", describes the rules.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LIB_GPU_REGISTERPRESSURE_H
#define KERNELTIME_LIB_GPU_REGISTERPRESSURE_H

#include <cstdint>
#include <vector>

namespace llvm {
class BasicBlock;
class DataLayout;
class Function;
class Instruction;
class Type;
class Value;
} // namespace llvm

namespace ktime {

/// 32-bit registers a value of type Ty occupies: ceil(bits / 32) for
/// integers, floating point and pointers (pointer width from DL); vectors
/// their elements (narrow elements packed 32 bits to a register, as NVPTX
/// keeps <2 x half> in one); structs and arrays their members; 0 for i1
/// (and vectors of it: predicate registers), void, labels, tokens and
/// metadata.
unsigned registerWeight(llvm::Type *Ty, const llvm::DataLayout &DL);

/// registerWeight of V's type, except that a pointer into shared, constant
/// or local memory (its own address space, or that of the object it is
/// derived from through GEPs, casts, phis and selects) counts 1: SASS
/// addresses those windows with 32-bit offsets.
unsigned valueRegisterWeight(const llvm::Value *V, const llvm::DataLayout &DL);

struct PressureOptions {
  /// How many positions of its block a load (with its address arithmetic)
  /// may move up in scheduleLoadsEarly, as ptxas issues loads early.
  unsigned LoadHoistWindow = 0;
};

struct RegisterPressure {
  /// The largest sum of weights over the values live at one point.
  unsigned Max = 0;
  /// The instruction right after which it happens (the block's first one
  /// when it is at the block's start); nullptr if F has no body.
  const llvm::Instruction *At = nullptr;
  /// Calls to functions with a body elsewhere or none (not intrinsics):
  /// their own registers are not counted.
  unsigned OpaqueCalls = 0;
  /// True for a function too large for liveness across blocks (more than
  /// 2^27 values x blocks): only what lives within each block was counted,
  /// a lower bound.
  bool BlockLocal = false;
};

/// BB's instructions (phis and debug intrinsics left out) in the order
/// ptxas is assumed to issue them: a list schedule of the block's
/// dependences (operands, and memory order: a load after the last write or
/// side effect before it, a write after every access before it) that picks
/// the ready instruction of least key, its position in the block minus
/// Window for a simple load and for the instructions that compute a load's
/// address, its position for the rest. The terminator stays last.
std::vector<const llvm::Instruction *>
scheduleLoadsEarly(const llvm::BasicBlock &BB, unsigned Window);

/// The pressure of F, on the blocks reachable from its entry.
RegisterPressure computeRegisterPressure(const llvm::Function &F,
                                         const PressureOptions &Opts);

} // namespace ktime

#endif // KERNELTIME_LIB_GPU_REGISTERPRESSURE_H
