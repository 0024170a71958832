//===- Kdt.cpp - The multi-feature KDT model of the HIT patent -----------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The kernel duration time (KDT) of a 2019 patent of the Harbin
/// Institute of Technology (docs/models/kdt.md). The text names the features
/// and the three kernel states but is cut off before the formulas for APDG,
/// DPSID, NSMW, PEF and KDTV: the formulas here are KernelTime's
/// reconstruction from the patent's definitions, each justified in
/// docs/models/kdt.md. Tests: unittests/Models/KdtTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Models.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace ktime {

namespace {

Error kdtError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "kdt: " + Msg);
}

Error checkInputs(const KdtInputs &In) {
  if (!std::isfinite(In.WtimeCycles) || In.WtimeCycles < 0)
    return kdtError(formatv("input Wtime = {0}: must be a finite number >= 0",
                            format("%g", In.WtimeCycles)));
  if (!std::isfinite(In.FreqGHz) || In.FreqGHz <= 0)
    return kdtError(formatv("input FreqGHz = {0}: must be a finite number > 0",
                            format("%g", In.FreqGHz)));
  struct Count {
    StringRef Name;
    uint64_t Value;
  };
  const Count Counts[] = {{"Wsize", In.Wsize}, {"Dg", In.Dg},
                          {"Db", In.Db},       {"NCC", In.NCC},
                          {"NSM", In.NSM},     {"NAW", In.NAW}};
  for (const Count &C : Counts)
    if (C.Value == 0)
      return kdtError(formatv("input {0} = 0: must be at least 1", C.Name));
  return Error::success();
}

uint64_t ceilDiv(uint64_t A, uint64_t B) { return A / B + (A % B != 0); }

} // namespace

Expected<KdtResult> computeKdt(const KdtInputs &In) {
  if (Error E = checkInputs(In))
    return E;

  KdtResult R;
  // Step one: the warps of a block, from Db.
  R.NBW = unsigned(ceilDiv(In.Db, In.Wsize));
  if (In.NAW < R.NBW)
    return kdtError(formatv("NAW = {0} active warps per SM is less than one "
                            "block of NBW = {1} warps: the block cannot run",
                            In.NAW, R.NBW));
  if (In.NAW % R.NBW != 0)
    return kdtError(formatv("NAW = {0} is not a whole number of blocks of "
                            "NBW = {1} warps (the occupancy calculator "
                            "returns active blocks x NBW)",
                            In.NAW, R.NBW));

  // Step two: the device parallel space and the kernel's warps.
  R.DPS = uint64_t(In.NAW) * In.NSM;
  bool Overflow = false;
  R.NKW = SaturatingMultiply(In.Dg, uint64_t(R.NBW), &Overflow);
  if (Overflow)
    return kdtError(
        formatv("NKW = Dg x NBW = {0} x {1} overflows 64 bits", In.Dg, R.NBW));

  // Step three. A block runs on one SM, so "absolutely parallel" blocks are
  // those whose every thread has a core of its SM.
  R.CoreWarpsPerSM = double(In.NCC) / (double(In.NSM) * In.Wsize);
  // Saturating: an absurd NSM x Wsize x NBW only makes the quotient 0.
  uint64_t CoresPerApdgBlock = SaturatingMultiply(
      SaturatingMultiply(uint64_t(In.NSM), uint64_t(In.Wsize)),
      uint64_t(R.NBW));
  R.APDG = uint64_t(In.NSM) * (In.NCC / CoresPerApdgBlock);
  R.DPSID = double(R.DPS) / double(R.NKW);
  R.NSMW = ceilDiv(In.Dg, In.NSM) * R.NBW;
  R.Rounds = ceilDiv(R.NSMW, In.NAW);
  R.PEF = std::max(1.0, double(std::min<uint64_t>(R.NSMW, In.NAW)) /
                            R.CoreWarpsPerSM);

  // Step four: the state, tested in the patent's order.
  if (In.Dg <= R.APDG)
    R.State = KdtResult::StateKind::AbsolutelyParallel;
  else if (R.DPSID >= 1)
    R.State = KdtResult::StateKind::SpaceIdle;
  else
    R.State = KdtResult::StateKind::SpaceFull;
  // One expression covers the three states (docs/models/kdt.md): PEF is 1 in
  // state (a); Rounds is 1 in state (b), where every warp fits in the space
  // at once, and in state (a) unless NAW < NSMW.
  R.KDTV = double(R.Rounds) * R.PEF;

  // Step five.
  R.KDTCycles = R.KDTV * In.WtimeCycles;
  R.KDTNs = R.KDTCycles / In.FreqGHz;
  return R;
}

StringRef getKdtStateName(KdtResult::StateKind S) {
  switch (S) {
  case KdtResult::StateKind::AbsolutelyParallel:
    return "absolutely-parallel";
  case KdtResult::StateKind::SpaceIdle:
    return "space-idle";
  case KdtResult::StateKind::SpaceFull:
    return "space-full";
  }
  return "unknown";
}

} // namespace ktime
