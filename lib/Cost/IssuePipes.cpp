//===- IssuePipes.cpp - Which pipe of a processing block a class uses -----===//
//
// The vocabulary of Nsight Compute's pipe metrics (fmaheavy, alu, fp64, xu,
// lsu, cbu, tensor) applied to KernelTime's instruction classes; which pipe
// runs what follows NVIDIA's Nsight Compute "Kernel Profiling Guide"
// (pipelines section) for Volta and later. docs/costs.md lists the mapping.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Cost.h"

using namespace llvm;

namespace ktime {

IssuePipe getIssuePipe(InstrClass C) {
  switch (C) {
  case InstrClass::Fp32Add:
  case InstrClass::Fp32Mul:
  case InstrClass::Fp32Fma:
  case InstrClass::Fp16Fma:
  case InstrClass::IntMul:
  case InstrClass::IntMad:
  case InstrClass::IntDiv:
    return IssuePipe::Fma;
  case InstrClass::IntAdd:
  case InstrClass::SpecialReg:
  case InstrClass::Vote:
    return IssuePipe::Alu;
  case InstrClass::Fp64Add:
  case InstrClass::Fp64Mul:
  case InstrClass::Fp64Fma:
  case InstrClass::Fp64Div:
    return IssuePipe::Fp64;
  case InstrClass::Fp32Div:
  case InstrClass::Fp32Sqrt:
  case InstrClass::Fp32Rcp:
  case InstrClass::Sfu:
  case InstrClass::Convert:
  case InstrClass::IntBit:
    return IssuePipe::Xu;
  case InstrClass::Ldst:
  case InstrClass::AtomicGlobal:
  case InstrClass::AtomicShared:
  case InstrClass::Shfl:
    return IssuePipe::Lsu;
  case InstrClass::Branch:
  case InstrClass::Barrier:
    return IssuePipe::Cbu;
  case InstrClass::Tensor:
    return IssuePipe::Tensor;
  case InstrClass::NumClasses:
    break;
  }
  return IssuePipe::Alu;
}

StringRef getIssuePipeName(IssuePipe P) {
  switch (P) {
  case IssuePipe::Fma:
    return "fma";
  case IssuePipe::Alu:
    return "alu";
  case IssuePipe::Fp64:
    return "fp64";
  case IssuePipe::Xu:
    return "xu";
  case IssuePipe::Lsu:
    return "lsu";
  case IssuePipe::Cbu:
    return "cbu";
  case IssuePipe::Tensor:
    return "tensor";
  case IssuePipe::NumPipes:
    break;
  }
  return "alu";
}

} // namespace ktime
