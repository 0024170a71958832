//===- WarpRequest.cpp - Sectors, lines, banks of one warp request --------===//
//
// Pure counting over the byte addresses of a request's active lanes:
// distinct 32-byte sectors and 128-byte lines touched, against those the
// bytes the lanes ask for need when laid out contiguously from the same
// lowest address (the coalescing factor is their ratio, at least 1: a
// broadcast touches fewer); shared-memory bank conflicts per phase
// (a phase covers banks x bank width bytes: 32 lanes of 4 bytes, 16 of 8,
// 8 of 16); distinct constant addresses; whether a request's lanes all
// read one bank of the L1's data array. docs/memory.md has the formulas.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

int64_t floorDiv(int64_t A, int64_t B) { return divideFloorSigned(A, B); }

/// Distinct units of \p Unit bytes the ranges [a, a + Bytes) touch.
unsigned distinctUnits(ArrayRef<int64_t> Addr, unsigned Bytes, int64_t Unit) {
  DenseSet<int64_t> Units;
  for (int64_t A : Addr)
    for (int64_t U = floorDiv(A, Unit), E = floorDiv(A + Bytes - 1, Unit);
         U <= E; ++U)
      Units.insert(U);
  return Units.size();
}

/// Units of \p Unit bytes that [Lo, Lo + Len) touches.
unsigned spanUnits(int64_t Lo, int64_t Len, int64_t Unit) {
  if (Len <= 0)
    return 0;
  return static_cast<unsigned>(floorDiv(Lo + Len - 1, Unit) -
                               floorDiv(Lo, Unit) + 1);
}

void finish(unsigned Lanes, unsigned Bytes, AccessInfo &A) {
  A.CoalescingFactor =
      A.MinSectors ? Rational(A.Sectors, A.MinSectors) : Rational(1);
  if (A.CoalescingFactor < Rational(1))
    A.CoalescingFactor = Rational(1);
  A.TransferredBytesPerThread =
      Lanes ? Rational(int64_t(A.Sectors) * SectorBytes, Lanes) : Rational(0);
  A.UncoalescedBytesPerThread =
      A.CoalescingFactor > Rational(1) ? Rational(Bytes) : Rational(0);
}

} // namespace

void countSectors(ArrayRef<int64_t> Addr, unsigned Bytes, AccessInfo &A) {
  if (Addr.empty() || Bytes == 0) {
    A.Sectors = A.MinSectors = A.Lines = A.MinLines = 0;
    finish(0, Bytes, A);
    return;
  }
  // The minimum: the bytes the lanes ask for (duplicates included), laid
  // out one after the other from the lowest address.
  int64_t Lowest = *std::min_element(Addr.begin(), Addr.end());
  int64_t Asked = static_cast<int64_t>(Addr.size()) * Bytes;
  A.Sectors = distinctUnits(Addr, Bytes, SectorBytes);
  A.Lines = distinctUnits(Addr, Bytes, LineBytes);
  A.MinSectors = spanUnits(Lowest, Asked, SectorBytes);
  A.MinLines = spanUnits(Lowest, Asked, LineBytes);
  finish(Addr.size(), Bytes, A);
}

void countRowsApart(ArrayRef<std::vector<int64_t>> Rows, unsigned Bytes,
                    AccessInfo &A) {
  A.Sectors = A.Lines = 0;
  int64_t Lanes = 0;
  for (const std::vector<int64_t> &Row : Rows) {
    A.Sectors += distinctUnits(Row, Bytes, SectorBytes);
    A.Lines += distinctUnits(Row, Bytes, LineBytes);
    Lanes += Row.size();
  }
  A.MinSectors = static_cast<unsigned>(divideCeil(Lanes * Bytes, SectorBytes));
  A.MinLines = static_cast<unsigned>(divideCeil(Lanes * Bytes, LineBytes));
  finish(Lanes, Bytes, A);
}

void splitBetweenTwoBases(AccessInfo &A) {
  // Never more than every lane in its own sectors and lines.
  AccessInfo Scattered;
  countScattered(A.ActiveLanes, A.BytesPerThread, Scattered);
  A.Sectors = std::min(2 * A.Sectors, Scattered.Sectors);
  A.Lines = std::min(2 * A.Lines, Scattered.Lines);
  finish(A.ActiveLanes, A.BytesPerThread, A);
}

void countRowsShifted(ArrayRef<int64_t> Addr, unsigned Bytes, int64_t Spread,
                      AccessInfo &A) {
  countSectors(Addr, Bytes, A);
  if (Addr.empty() || Bytes == 0)
    return;
  unsigned Wide = static_cast<unsigned>(Bytes + Spread);
  A.Sectors = distinctUnits(Addr, Wide, SectorBytes);
  A.Lines = distinctUnits(Addr, Wide, LineBytes);
  finish(Addr.size(), Bytes, A);
}

void countScattered(unsigned Lanes, unsigned Bytes, AccessInfo &A) {
  // Every lane in its own sectors and lines, each aligned to its size.
  A.Sectors = Lanes * static_cast<unsigned>(divideCeil(Bytes, SectorBytes));
  A.Lines = Lanes * static_cast<unsigned>(divideCeil(Bytes, LineBytes));
  A.MinSectors =
      static_cast<unsigned>(divideCeil(int64_t(Lanes) * Bytes, SectorBytes));
  A.MinLines =
      static_cast<unsigned>(divideCeil(int64_t(Lanes) * Bytes, LineBytes));
  finish(Lanes, Bytes, A);
}

void countCoalesced(unsigned Lanes, unsigned Bytes, AccessInfo &A) {
  A.Sectors = A.MinSectors =
      static_cast<unsigned>(divideCeil(int64_t(Lanes) * Bytes, SectorBytes));
  A.Lines = A.MinLines =
      static_cast<unsigned>(divideCeil(int64_t(Lanes) * Bytes, LineBytes));
  finish(Lanes, Bytes, A);
}

void countBanks(ArrayRef<int64_t> Addr, unsigned Bytes, unsigned Banks,
                unsigned BankWidth, AccessInfo &A) {
  A.BankConflictDegree = A.SharedWavefronts = Addr.empty() ? 0 : 1;
  if (Addr.empty() || Banks == 0 || BankWidth == 0)
    return;
  // Lanes served together: as many as fill the banks once.
  int64_t PhaseBytes = int64_t(Banks) * BankWidth;
  size_t PerPhase = static_cast<size_t>(
      std::max<int64_t>(1, PhaseBytes / std::max<int64_t>(Bytes, BankWidth)));
  unsigned Degree = 1, Wavefronts = 0;
  for (size_t First = 0; First < Addr.size(); First += PerPhase) {
    DenseMap<int64_t, DenseSet<int64_t>> WordsPerBank;
    for (size_t L = First; L < std::min(Addr.size(), First + PerPhase); ++L)
      for (int64_t Word = floorDiv(Addr[L], BankWidth),
                   Last = floorDiv(Addr[L] + Bytes - 1, BankWidth);
           Word <= Last; ++Word)
        WordsPerBank[Word - floorDiv(Word, Banks) * Banks].insert(Word);
    unsigned PhaseDegree = 1;
    for (const auto &Entry : WordsPerBank)
      PhaseDegree = std::max<unsigned>(PhaseDegree, Entry.second.size());
    Degree = std::max(Degree, PhaseDegree);
    Wavefronts += PhaseDegree;
  }
  A.BankConflictDegree = Degree;
  A.SharedWavefronts = Wavefronts;
}

void countConstant(ArrayRef<int64_t> Addr, AccessInfo &A) {
  std::set<int64_t> Distinct(Addr.begin(), Addr.end());
  A.ConstantSerialization = std::max<unsigned>(1, Distinct.size());
}

} // namespace memory

bool lanesShareOneBank(const AccessInfo &A,
                       const std::map<std::string, Expr> &Values) {
  if (A.RowStrideBytes || A.ActiveLanes < 2)
    return false;
  std::optional<int64_t> Stride = A.LaneStrideBytes;
  if (!Stride && A.SymbolicStrideBytes)
    Stride = A.SymbolicStrideBytes->substitute(Values).getInt64();
  return Stride && *Stride != 0 && *Stride % memory::LineBytes == 0;
}

bool l1CachesAccess(const AccessInfo &A, const GpuTarget &T) {
  return A.Space == MemSpace::Local || T.l1CachesGlobalLoad(A.ReadOnly);
}

} // namespace ktime
