// bench/kit/common.cuh: what every program of the measurement kit shares:
// error checks, the device record, the SM clock under a kernel, event timing
// and the raw output format. Builds with nvcc from CUDA 11 on; uses only
// runtime API calls and attributes that CUDA 11.0 has (no cudaDeviceProp
// clock fields: CUDA 13 removed them).
//
// Raw output (docs/measuring.md, "Raw output"): one record per line, the
// record type first, then key=value fields; a value with spaces is in double
// quotes (a shell word: bench/kit/ktkit/raw.py reads it with shlex). Lines
// starting with '#' are comments. Every program prints a `device` record
// and a `clock` record first.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define KIT_CHECK(call) kit::check((call), #call, __FILE__, __LINE__)

namespace kit {

inline void check(cudaError_t E, const char *What, const char *File, int Line) {
  if (E != cudaSuccess) {
    fprintf(stderr, "%s:%d: %s: %s\n", File, Line, What, cudaGetErrorString(E));
    exit(1);
  }
}

// One output record: `TYPE key=value ...`.
class Record {
  std::string S;

public:
  explicit Record(const char *Type) : S(Type) {}
  Record &num(const char *Key, double V) {
    char B[96];
    snprintf(B, sizeof B, " %s=%.7g", Key, V);
    S += B;
    return *this;
  }
  Record &integer(const char *Key, long long V) {
    char B[96];
    snprintf(B, sizeof B, " %s=%lld", Key, V);
    S += B;
    return *this;
  }
  Record &str(const char *Key, const std::string &V) {
    S += " ";
    S += Key;
    S += "=\"";
    for (char C : V) {
      if (C == '"' || C == '\\')
        S += '\\';
      S += C;
    }
    S += "\"";
    return *this;
  }
  void print() const {
    puts(S.c_str());
    fflush(stdout);
  }
};

struct Device {
  int Id = 0;
  std::string Name;
  int CcMajor = 0, CcMinor = 0;
  int SMs = 0;
  int ClockKHz = 0, MemClockKHz = 0, BusBits = 0;
  int L2Bytes = 0;
  size_t GlobalBytes = 0;
  int ThreadsPerSM = 0, ThreadsPerBlock = 0, BlocksPerSM = 0;
  int SharedPerSM = 0, SharedPerBlockOptin = 0, RegsPerSM = 0, WarpSize = 32;
};

inline int attr(cudaDeviceAttr A, int Dev) {
  int V = 0;
  KIT_CHECK(cudaDeviceGetAttribute(&V, A, Dev));
  return V;
}

inline Device device() {
  Device D;
  KIT_CHECK(cudaGetDevice(&D.Id));
  cudaDeviceProp P;
  KIT_CHECK(cudaGetDeviceProperties(&P, D.Id));
  D.Name = P.name;
  D.GlobalBytes = P.totalGlobalMem;
  D.CcMajor = attr(cudaDevAttrComputeCapabilityMajor, D.Id);
  D.CcMinor = attr(cudaDevAttrComputeCapabilityMinor, D.Id);
  D.SMs = attr(cudaDevAttrMultiProcessorCount, D.Id);
  D.ClockKHz = attr(cudaDevAttrClockRate, D.Id);
  D.MemClockKHz = attr(cudaDevAttrMemoryClockRate, D.Id);
  D.BusBits = attr(cudaDevAttrGlobalMemoryBusWidth, D.Id);
  D.L2Bytes = attr(cudaDevAttrL2CacheSize, D.Id);
  D.ThreadsPerSM = attr(cudaDevAttrMaxThreadsPerMultiProcessor, D.Id);
  D.ThreadsPerBlock = attr(cudaDevAttrMaxThreadsPerBlock, D.Id);
  D.BlocksPerSM = attr(cudaDevAttrMaxBlocksPerMultiprocessor, D.Id);
  D.SharedPerSM = attr(cudaDevAttrMaxSharedMemoryPerMultiprocessor, D.Id);
  D.SharedPerBlockOptin = attr(cudaDevAttrMaxSharedMemoryPerBlockOptin, D.Id);
  D.RegsPerSM = attr(cudaDevAttrMaxRegistersPerMultiprocessor, D.Id);
  D.WarpSize = attr(cudaDevAttrWarpSize, D.Id);
  return D;
}

inline void printDevice(const Device &D) {
  char Arch[16];
  snprintf(Arch, sizeof Arch, "sm_%d%d", D.CcMajor, D.CcMinor);
  Record("device")
      .str("name", D.Name)
      .str("arch", Arch)
      .integer("sms", D.SMs)
      .num("clock_mhz", D.ClockKHz / 1000.0)
      .num("mem_mhz", D.MemClockKHz / 1000.0)
      .integer("bus_bits", D.BusBits)
      .integer("l2_bytes", D.L2Bytes)
      .integer("global_bytes", (long long)D.GlobalBytes)
      .integer("threads_per_sm", D.ThreadsPerSM)
      .integer("threads_per_block", D.ThreadsPerBlock)
      .integer("blocks_per_sm", D.BlocksPerSM)
      .integer("shared_per_sm", D.SharedPerSM)
      .integer("shared_per_block_optin", D.SharedPerBlockOptin)
      .integer("regs_per_sm", D.RegsPerSM)
      .integer("warp_size", D.WarpSize)
      .print();
}

// Each block spins until its SM has counted Cycles clock64() cycles; its
// thread 0 stores the cycles it saw (so clocks and time are of one run).
// static: each file that includes this header has its own copy.
static __global__ void spinKernel(long long Cycles, long long *Seen) {
  long long Start = clock64(), Now = Start;
  while (Now - Start < Cycles)
    Now = clock64();
  if (threadIdx.x == 0 && Seen)
    Seen[blockIdx.x] = Now - Start;
}

// Milliseconds between two events around Launch(); the launch is the only
// work in the stream.
template <class F> float eventMs(F Launch) {
  cudaEvent_t A, B;
  KIT_CHECK(cudaEventCreate(&A));
  KIT_CHECK(cudaEventCreate(&B));
  KIT_CHECK(cudaEventRecord(A));
  Launch();
  KIT_CHECK(cudaGetLastError());
  KIT_CHECK(cudaEventRecord(B));
  KIT_CHECK(cudaEventSynchronize(B));
  float Ms = 0;
  KIT_CHECK(cudaEventElapsedTime(&Ms, A, B));
  KIT_CHECK(cudaEventDestroy(A));
  KIT_CHECK(cudaEventDestroy(B));
  return Ms;
}

inline double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : 0.5 * (V[N / 2 - 1] + V[N / 2]);
}

// The SM clock in MHz while one block per SM spins for Ms milliseconds at
// the nominal clock: clock64() cycles over the events' time. The median of
// Reps runs after one warm-up run.
inline double smClockMhz(const Device &D, double Ms, int Reps) {
  long long Cycles = (long long)(D.ClockKHz * Ms);
  long long *Seen;
  KIT_CHECK(cudaMalloc(&Seen, D.SMs * sizeof(long long)));
  std::vector<double> Mhz;
  for (int R = 0; R <= Reps; ++R) {
    float T = eventMs([&] { spinKernel<<<D.SMs, 32>>>(Cycles, Seen); });
    std::vector<long long> H(D.SMs);
    KIT_CHECK(cudaMemcpy(H.data(), Seen, D.SMs * sizeof(long long),
                         cudaMemcpyDeviceToHost));
    std::vector<double> Sp(H.begin(), H.end());
    if (R > 0)
      Mhz.push_back(median(Sp) / (T * 1e3));
  }
  KIT_CHECK(cudaFree(Seen));
  return median(Mhz);
}

// Prints the device and the clock records every program starts with and
// returns the device; Quick shortens the clock measurement.
inline Device start(const char *Program, bool Quick) {
  Device D = device();
  Record("program").str("name", Program).integer("quick", Quick).print();
  printDevice(D);
  double Mhz = smClockMhz(D, Quick ? 20 : 100, Quick ? 3 : 5);
  Record("clock").str("method", "spin").num("sm_mhz", Mhz).print();
  return D;
}

inline bool hasFlag(int Argc, char **Argv, const char *Flag) {
  for (int I = 1; I < Argc; ++I)
    if (!strcmp(Argv[I], Flag))
      return true;
  return false;
}

// Host wall-clock microseconds since an arbitrary start.
inline double hostUs() {
  using namespace std::chrono;
  return duration<double, std::micro>(steady_clock::now().time_since_epoch())
      .count();
}

// Three times of the same launch, as users measure a kernel
// (docs/measuring.md, "Times"):
//  - Events (time_kind batch): events around Batch back-to-back launches,
//    divided by Batch; the median of Reps batches;
//  - Device: one event pair per launch while a spin kernel keeps the queue
//    ahead of the GPU (so no host launch cost is between the events); the
//    median over Reps launches approximates the kernel's device duration;
//  - Host: host time around one launch and cudaDeviceSynchronize, median.
struct Times {
  double EventsUs = 0, DeviceUs = 0, HostUs = 0;
};

template <class F>
Times timeLaunch(const Device &D, F Launch, int Batch, int Reps) {
  Times T;
  Launch(); // warm-up
  Launch();
  KIT_CHECK(cudaGetLastError());
  KIT_CHECK(cudaDeviceSynchronize());
  std::vector<double> Ev;
  for (int R = 0; R < Reps; ++R)
    Ev.push_back(eventMs([&] {
                   for (int I = 0; I < Batch; ++I)
                     Launch();
                 }) *
                 1e3 / Batch);
  T.EventsUs = median(Ev);

  std::vector<cudaEvent_t> E(Reps + 1);
  for (auto &X : E)
    KIT_CHECK(cudaEventCreate(&X));
  // Enough spinning for the host to enqueue every launch and event.
  double SpinMs = 2.0 + Reps * 0.03;
  spinKernel<<<1, 32>>>((long long)(D.ClockKHz * SpinMs), nullptr);
  KIT_CHECK(cudaEventRecord(E[0]));
  for (int R = 0; R < Reps; ++R) {
    Launch();
    KIT_CHECK(cudaEventRecord(E[R + 1]));
  }
  KIT_CHECK(cudaDeviceSynchronize());
  std::vector<double> Dv;
  for (int R = 0; R < Reps; ++R) {
    float Ms;
    KIT_CHECK(cudaEventElapsedTime(&Ms, E[R], E[R + 1]));
    Dv.push_back(Ms * 1e3);
  }
  for (auto &X : E)
    KIT_CHECK(cudaEventDestroy(X));
  T.DeviceUs = median(Dv);

  std::vector<double> Ho;
  for (int R = 0; R < Reps; ++R) {
    double A = hostUs();
    Launch();
    KIT_CHECK(cudaDeviceSynchronize());
    Ho.push_back(hostUs() - A);
  }
  T.HostUs = median(Ho);
  return T;
}

// A launch of the measurement table (docs/measuring.md, "The measurement
// table"): prints one `row` record per kind of time.
struct Launch {
  const char *Family, *Source, *Kernel;
  dim3 Grid, Block;
  size_t SharedBytes;
  std::string Args; // name=value;...
  bool Circular;
  std::string Note;
};

inline std::string dims(dim3 V) {
  char B[64];
  snprintf(B, sizeof B, "%u,%u,%u", V.x, V.y, V.z);
  return B;
}

inline void printRows(const Launch &L, const Times &T, double SmMhz) {
  const char *Kinds[3] = {"batch", "device", "host"};
  double Us[3] = {T.EventsUs, T.DeviceUs, T.HostUs};
  for (int K = 0; K < 3; ++K)
    Record("row")
        .str("family", L.Family)
        .str("source", L.Source)
        .str("kernel", L.Kernel)
        .str("grid", dims(L.Grid))
        .str("block", dims(L.Block))
        .integer("shared_bytes", (long long)L.SharedBytes)
        .str("args", L.Args)
        .num("sm_mhz", SmMhz)
        .num("time_us", Us[K])
        .str("time_kind", Kinds[K])
        .integer("circular", L.Circular)
        .str("note", L.Note)
        .print();
}

} // namespace kit
