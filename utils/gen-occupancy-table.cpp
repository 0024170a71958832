// gen-occupancy-table.cpp - NVIDIA's occupancy calculator on many inputs.
//
// Built and run by utils/gen-occupancy-table.sh (read that file for how to
// run it); not part of the KernelTime build. For one GPU, given on the
// command line as the figures of its target file, it calls
// cudaOccMaxActiveBlocksPerMultiprocessor of the CUDA toolkit's
// cuda_occupancy.h on a fixed set of launches and prints one table row per
// launch: the inputs and the calculator's outputs. The unit test
// unittests/GPU/OccupancyTableTest.cpp compares KernelTime's occupancy with
// every row.
//
// The kernel is described as cudaFuncGetAttributes would describe a kernel
// that opted in to the largest dynamic shared memory
// (cudaFuncAttributeMaxDynamicSharedMemorySize): the device's per-block
// default is set to the opt-in maximum, so the per-block limit is the opt-in
// one for every launch, as docs/gpu.md says KernelTime assumes.
#include <cuda_occupancy.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace {

struct Gpu {
  std::string Name;
  int Major = 0, Minor = 0;
  int SmCount = 0, WarpSize = 0;
  int ThreadsPerBlock = 0, ThreadsPerSM = 0;
  int RegistersPerBlock = 0, RegistersPerSM = 0, RegistersPerThread = 0;
  size_t SharedPerBlock = 0, SharedPerSM = 0, SharedReserved = 0;
};

struct Launch {
  int Threads, Registers;
  size_t StaticShared, DynamicShared;
  bool operator<(const Launch &O) const {
    return std::tie(Threads, Registers, StaticShared, DynamicShared) <
           std::tie(O.Threads, O.Registers, O.StaticShared, O.DynamicShared);
  }
};

/// A fixed pseudo-random sequence (a 64-bit LCG), so that the table is the
/// same on every run.
struct Lcg {
  unsigned long long State = 0x4b54696d65ULL; // "KTime"
  unsigned next(unsigned Bound) {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<unsigned>((State >> 33) % Bound);
  }
};

/// The launches of one GPU: a grid over the edges of each limit, then
/// pseudo-random ones over the whole range.
std::set<Launch> launches(const Gpu &G) {
  std::set<Launch> Out;
  const int Threads[] = {1,   32,  33,  64,  96,  128, 160, 192, 224, 256,
                         288, 320, 384, 448, 512, 576, 640, 768, 896, 1024};
  const int Registers[] = {16, 24, 32, 40,  48,  56, 64,
                           72, 80, 96, 128, 168, 255};
  const size_t Kb = 1024, Max = G.SharedPerBlock;
  const size_t Shared[] = {0,       1,       48 * Kb, Max / 7, Max / 3,
                           Max / 2, Max - 1, Max,     Max + 1};
  for (int T : Threads)
    for (int R : Registers)
      if (T <= G.ThreadsPerBlock && R <= G.RegistersPerThread)
        Out.insert({T, R, 0, 0});
  for (int T : {32, 128, 256, 1024})
    for (int R : {32, 64})
      for (size_t S : Shared) {
        Out.insert({T, R, S, 0});
        Out.insert({T, R, 0, S});
        Out.insert({T, R, S / 2, S - S / 2});
      }
  Lcg Rng;
  for (int I = 0; I < 400; ++I) {
    int T = Rng.next(4) ? 32 * (1 + Rng.next(G.ThreadsPerBlock / 32))
                        : 1 + Rng.next(G.ThreadsPerBlock);
    int R = 16 + Rng.next(G.RegistersPerThread - 16 + 1);
    size_t St = 0, Dy = 0;
    switch (Rng.next(4)) {
    case 0:
      break;
    case 1:
      St = Rng.next(48 * Kb + 1);
      break;
    case 2:
      Dy = Rng.next(Max + 1);
      break;
    default:
      St = Rng.next(48 * Kb + 1);
      Dy = Rng.next(Max - St + 1);
      break;
    }
    Out.insert({T, R, St, Dy});
  }
  return Out;
}

int toInt(const char *S) {
  return static_cast<int>(std::strtol(S, nullptr, 10));
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 14) {
    std::fprintf(stderr,
                 "usage: %s NAME MAJOR MINOR SM_COUNT WARP_SIZE "
                 "THREADS_PER_BLOCK THREADS_PER_SM REGISTERS_PER_BLOCK "
                 "REGISTERS_PER_SM REGISTERS_PER_THREAD SHARED_PER_BLOCK "
                 "SHARED_PER_SM SHARED_RESERVED\n",
                 Argv[0]);
    return 2;
  }
  Gpu G;
  G.Name = Argv[1];
  G.Major = toInt(Argv[2]);
  G.Minor = toInt(Argv[3]);
  G.SmCount = toInt(Argv[4]);
  G.WarpSize = toInt(Argv[5]);
  G.ThreadsPerBlock = toInt(Argv[6]);
  G.ThreadsPerSM = toInt(Argv[7]);
  G.RegistersPerBlock = toInt(Argv[8]);
  G.RegistersPerSM = toInt(Argv[9]);
  G.RegistersPerThread = toInt(Argv[10]);
  G.SharedPerBlock = std::strtoull(Argv[11], nullptr, 10);
  G.SharedPerSM = std::strtoull(Argv[12], nullptr, 10);
  G.SharedReserved = std::strtoull(Argv[13], nullptr, 10);

  cudaOccDeviceProp Prop;
  Prop.computeMajor = G.Major;
  Prop.computeMinor = G.Minor;
  Prop.maxThreadsPerBlock = G.ThreadsPerBlock;
  Prop.maxThreadsPerMultiprocessor = G.ThreadsPerSM;
  Prop.regsPerBlock = G.RegistersPerBlock;
  Prop.regsPerMultiprocessor = G.RegistersPerSM;
  Prop.warpSize = G.WarpSize;
  Prop.sharedMemPerBlock = G.SharedPerBlock;
  Prop.sharedMemPerMultiprocessor = G.SharedPerSM;
  Prop.numSms = G.SmCount;
  Prop.sharedMemPerBlockOptin = G.SharedPerBlock;
  Prop.reservedSharedMemPerBlock = G.SharedReserved;
  cudaOccDeviceState State; // default carve-out, cudaFuncCachePreferNone

  for (const Launch &L : launches(G)) {
    cudaOccFuncAttributes Attr;
    Attr.maxThreadsPerBlock = G.ThreadsPerBlock;
    Attr.numRegs = L.Registers;
    Attr.sharedSizeBytes = L.StaticShared;
    Attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    Attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    Attr.maxDynamicSharedSizeBytes = G.SharedPerBlock > L.StaticShared
                                         ? G.SharedPerBlock - L.StaticShared
                                         : 0;
    if (L.DynamicShared > Attr.maxDynamicSharedSizeBytes)
      Attr.maxDynamicSharedSizeBytes = L.DynamicShared;
    Attr.numBlockBarriers = 1; // what cudaFuncGetAttributes gives
    Attr.virtualResourceCount = 0;
    cudaOccResult Res;
    std::memset(&Res, 0, sizeof(Res));
    cudaOccError E = cudaOccMaxActiveBlocksPerMultiprocessor(
        &Res, &Prop, &Attr, &State, L.Threads, L.DynamicShared);
    if (E != CUDA_OCC_SUCCESS) {
      std::fprintf(stderr,
                   "%s: calculator error %d for %d threads, %d "
                   "registers, %zu + %zu shared bytes\n",
                   G.Name.c_str(), static_cast<int>(E), L.Threads, L.Registers,
                   L.StaticShared, L.DynamicShared);
      return 1;
    }
    // {gpu, threads, registers, static, dynamic, blocks, by warps, by
    //  blocks, by registers, by shared, shared per block, limiting factors}
    std::printf("{\"%s\", %d, %d, %zu, %zu, %d, %d, %d, %d, %d, %zu, 0x%x},\n",
                G.Name.c_str(), L.Threads, L.Registers, L.StaticShared,
                L.DynamicShared, Res.activeBlocksPerMultiprocessor,
                Res.blockLimitWarps, Res.blockLimitBlocks, Res.blockLimitRegs,
                Res.blockLimitSharedMem, Res.allocatedSharedMemPerBlock,
                Res.limitingFactors);
  }
  return 0;
}
