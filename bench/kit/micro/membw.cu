// bench/kit/micro/membw.cu: bandwidths of DRAM, L2, L1 and shared memory at
// full and partial occupancy. Every kernel runs one wave (Occupancy x the
// SM's thread slots, in blocks of up to 256 threads, on every SM) and walks
// its data with 16-byte loads; thread 0 of each block records the block's
// clock64() span, so bytes per clock per SM need no clock measurement, and
// CUDA events give GB/s.
//   dram: read (a sum), copy and triad over arrays of max(8 x L2, 256 MB)
//     (at most an eighth of the memory each); GB/s counts the bytes read and
//     written;
//   l2: a read of a footprint of L2/8 .. L2/2 with ld.global.cg (L2 only),
//     repeated until it runs for milliseconds;
//   l1: every block reads the same 16 KB with ld.global.ca, repeated;
//   shared: every thread reads a 16 KB shared array, 4- and 16-byte loads,
//     consecutive lanes on consecutive words (no bank conflict); and 4-byte
//     loads whose two half-warps read words 32 apart (banks 0-15 twice: a
//     2-way conflict, two wavefronts), for the rate the banks serve them.
// Records: `membw level=... kernel=... occupancy=... bytes=... us=...
// cycles=... gbs=... bytes_per_clk_sm=...` and a measurement-table `row` per
// DRAM kernel at full occupancy (circular: the target's figure).
#include "../common.cuh"

namespace {
const char *Source = "bench/kit/micro/membw.cu";

struct Span {
  long long *Cycles;
  __device__ void begin(long long &T0) const { T0 = clock64(); }
  __device__ void end(long long T0) const {
    __syncthreads();
    if (threadIdx.x == 0)
      Cycles[blockIdx.x] = clock64() - T0;
  }
};

__global__ void dramRead(const float4 *A, size_t N, float *Out, Span S) {
  long long T0;
  S.begin(T0);
  float Sum = 0;
  for (size_t I = blockIdx.x * (size_t)blockDim.x + threadIdx.x; I < N;
       I += (size_t)gridDim.x * blockDim.x) {
    float4 V = A[I];
    Sum += V.x + V.y + V.z + V.w;
  }
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
  S.end(T0);
}

__global__ void dramCopy(const float4 *A, float4 *B, size_t N, Span S) {
  long long T0;
  S.begin(T0);
  for (size_t I = blockIdx.x * (size_t)blockDim.x + threadIdx.x; I < N;
       I += (size_t)gridDim.x * blockDim.x)
    B[I] = A[I];
  S.end(T0);
}

__global__ void dramTriad(float4 *A, const float4 *B, const float4 *C, float K,
                          size_t N, Span S) {
  long long T0;
  S.begin(T0);
  for (size_t I = blockIdx.x * (size_t)blockDim.x + threadIdx.x; I < N;
       I += (size_t)gridDim.x * blockDim.x) {
    float4 X = B[I], Y = C[I];
    A[I] =
        make_float4(X.x + K * Y.x, X.y + K * Y.y, X.z + K * Y.z, X.w + K * Y.w);
  }
  S.end(T0);
}

// Reps passes over N float4 (a power of two) through L2 only; each pass
// starts at another offset so no load repeats an address of the pass before
// in the same thread (nothing to hoist out of the loop).
__global__ void l2Read(const float4 *A, unsigned N, int Reps, float *Out,
                       Span S) {
  long long T0;
  S.begin(T0);
  float Sum = 0;
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x,
           Stride = gridDim.x * blockDim.x;
  for (int R = 0; R < Reps; ++R)
    for (unsigned I = T; I < N; I += Stride) {
      float4 V = __ldcg(A + ((I + R * 32u) & (N - 1)));
      Sum += V.x + V.y + V.z + V.w;
    }
  Out[T] = Sum;
  S.end(T0);
}

// Every block reads the same N float4 (a power of two), Reps times, through
// L1.
__global__ void l1Read(const float4 *A, unsigned N, int Reps, float *Out,
                       Span S) {
  long long T0;
  S.begin(T0);
  float Sum = 0;
  for (int R = 0; R < Reps; ++R)
    for (unsigned I = threadIdx.x; I < N; I += blockDim.x) {
      float4 V = __ldca(A + ((I + R * 32u) & (N - 1)));
      Sum += V.x + V.y + V.z + V.w;
    }
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
  S.end(T0);
}

const unsigned SharedWords = 4096; // 16 KB

// Width 1: 4-byte loads, 4: 16-byte loads. TwoWay (4-byte loads only): lane
// l reads word l % 16 + 32 (l / 16) of its warp's 64, so that the half-warps
// meet in banks 0-15.
template <int Width, bool TwoWay = false>
__global__ void sharedRead(int Reps, float *Out, Span S) {
  __shared__ float4 Sh[SharedWords / 4];
  float *Sw = (float *)Sh;
  for (unsigned I = threadIdx.x; I < SharedWords; I += blockDim.x)
    Sw[I] = I;
  __syncthreads();
  long long T0;
  S.begin(T0);
  float Sum = 0;
  const unsigned N = SharedWords / Width;
  for (int R = 0; R < Reps; ++R) {
    unsigned Lane = threadIdx.x & 31, Warp = threadIdx.x >> 5;
    unsigned I =
        TwoWay
            ? (Warp * 64u + (Lane & 15) + (Lane >> 4) * 32u + R * 64u) & (N - 1)
            : (threadIdx.x + R * 32u) & (N - 1);
    if (Width == 4) {
      float4 V = Sh[I];
      Sum += V.x + V.y + V.z + V.w;
    } else {
      Sum += Sw[I];
    }
  }
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
  S.end(T0);
}

struct Wave {
  int Grid, Block;
  double Occupancy;
};

Wave wave(const kit::Device &D, double Occ) {
  int Warps = std::max(1, (int)(Occ * D.ThreadsPerSM / 32 + 0.5));
  int Block = std::min(256, Warps * 32);
  int PerSM = Warps * 32 / Block;
  return {D.SMs * PerSM, Block, (double)Warps * 32 / D.ThreadsPerSM};
}

struct Runner {
  const kit::Device &D;
  long long *Cycles;
  Span span() { return Span{Cycles}; }
  // Median block span in cycles of the last launch of Grid blocks.
  double cycles(int Grid) {
    std::vector<long long> H(Grid);
    KIT_CHECK(cudaMemcpy(H.data(), Cycles, Grid * sizeof(long long),
                         cudaMemcpyDeviceToHost));
    std::vector<double> C;
    for (long long X : H)
      C.push_back((double)X);
    return kit::median(C);
  }
  template <class F>
  void measure(const char *Level, const char *Kernel, const Wave &W,
               double Bytes, int Reps, int Batch, F Launch) {
    Launch(); // warm-up
    std::vector<double> Us, Cy;
    for (int R = 0; R < Reps; ++R) {
      // Batch launches back to back: the launch gap is not in the time.
      Us.push_back(kit::eventMs([&] {
                     for (int I = 0; I < Batch; ++I)
                       Launch();
                   }) *
                   1e3 / Batch);
      Cy.push_back(cycles(W.Grid));
    }
    double T = kit::median(Us), C = kit::median(Cy);
    kit::Record("membw")
        .str("level", Level)
        .str("kernel", Kernel)
        .num("occupancy", W.Occupancy)
        .integer("grid", W.Grid)
        .integer("block", W.Block)
        .num("bytes", Bytes)
        .num("us", T)
        .num("cycles", C)
        .num("gbs", Bytes / (T * 1e3))
        .num("bytes_per_clk_sm", Bytes / (C * D.SMs))
        .num("sm_mhz", C / T)
        .print();
  }
};
} // namespace

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  kit::Device D = kit::start("membw", Quick);
  int Reps = Quick ? 3 : 7;
  Runner Run{D, nullptr};
  int MaxBlocks = D.SMs * D.ThreadsPerSM / 32;
  KIT_CHECK(cudaMalloc(&Run.Cycles, MaxBlocks * sizeof(long long)));
  float *Out;
  KIT_CHECK(cudaMalloc(&Out, (size_t)D.SMs * D.ThreadsPerSM * sizeof(float)));
  std::vector<double> Occs = {1.0 / 8, 1.0 / 4, 1.0 / 2, 1.0};

  // DRAM.
  size_t Bytes = std::max<size_t>(8 * (size_t)D.L2Bytes, 256u << 20);
  Bytes = std::min(Bytes, D.GlobalBytes / 8) / 16 * 16;
  size_t N = Bytes / 16;
  float4 *A, *B, *C;
  KIT_CHECK(cudaMalloc(&A, Bytes));
  KIT_CHECK(cudaMalloc(&B, Bytes));
  KIT_CHECK(cudaMalloc(&C, Bytes));
  KIT_CHECK(cudaMemset(A, 0, Bytes));
  KIT_CHECK(cudaMemset(B, 0, Bytes));
  KIT_CHECK(cudaMemset(C, 0, Bytes));
  for (double Occ : Occs) {
    Wave W = wave(D, Occ);
    Run.measure("dram", "read", W, Bytes, Reps, 10,
                [&] { dramRead<<<W.Grid, W.Block>>>(A, N, Out, Run.span()); });
    Run.measure("dram", "copy", W, 2.0 * Bytes, Reps, 10,
                [&] { dramCopy<<<W.Grid, W.Block>>>(A, B, N, Run.span()); });
    Run.measure("dram", "triad", W, 3.0 * Bytes, Reps, 10, [&] {
      dramTriad<<<W.Grid, W.Block>>>(A, B, C, 1.5f, N, Run.span());
    });
  }
  {
    Wave W = wave(D, 1.0);
    char Args[64];
    snprintf(Args, sizeof Args, "N=%zu", N);
    int Batch = Quick ? 3 : 10, R = Quick ? 5 : 11;
    kit::printRows(
        {"stream", Source, "dramRead", dim3(W.Grid), dim3(W.Block), 0, Args,
         true, "kit membw: DRAM read, one wave"},
        kit::timeLaunch(
            D, [&] { dramRead<<<W.Grid, W.Block>>>(A, N, Out, Run.span()); },
            Batch, R),
        kit::smClockMhz(D, 20, 1));
  }

  // L2: footprints L2/8 .. L2/2 (powers of two), full occupancy; partial
  // occupancy at L2/4.
  auto pow2Below = [](size_t X) {
    size_t P = 1;
    while (P * 2 <= X)
      P *= 2;
    return P;
  };
  double Target = Quick ? 8e9 : 32e9; // bytes per measurement
  for (int Div : {8, 4, 2}) {
    size_t F = pow2Below(D.L2Bytes / Div);
    unsigned N4 = (unsigned)(F / 16);
    int RepsL2 = std::max(1, (int)(Target / F));
    for (double Occ : Occs) {
      if (Div != 4 && Occ != 1.0)
        continue;
      Wave W = wave(D, Occ);
      char K[32];
      snprintf(K, sizeof K, "read%zuk", F >> 10);
      Run.measure("l2", K, W, (double)F * RepsL2, Reps, 1, [&] {
        l2Read<<<W.Grid, W.Block>>>(A, N4, RepsL2, Out, Run.span());
      });
    }
  }

  // L1: every block reads the same 16 KB.
  for (double Occ : Occs) {
    Wave W = wave(D, Occ);
    unsigned N4 = 1024;
    int RepsL1 = std::max(1, (int)(Target / (16.0 * N4 * W.Grid)));
    Run.measure("l1", "read16k", W, 16.0 * N4 * RepsL1 * W.Grid, Reps, 1, [&] {
      l1Read<<<W.Grid, W.Block>>>(A, N4, RepsL1, Out, Run.span());
    });
  }

  // Shared memory.
  for (double Occ : Occs) {
    Wave W = wave(D, Occ);
    double Threads = (double)W.Grid * W.Block;
    int R4 = std::max(1, (int)(Target / (4 * Threads)));
    int R16 = std::max(1, (int)(Target / (16 * Threads)));
    Run.measure("shared", "read4", W, 4 * Threads * R4, Reps, 1, [&] {
      sharedRead<1><<<W.Grid, W.Block>>>(R4, Out, Run.span());
    });
    Run.measure("shared", "read16", W, 16 * Threads * R16, Reps, 1, [&] {
      sharedRead<4><<<W.Grid, W.Block>>>(R16, Out, Run.span());
    });
    Run.measure("shared", "read4x2", W, 4 * Threads * R4, Reps, 1, [&] {
      sharedRead<1, true><<<W.Grid, W.Block>>>(R4, Out, Run.span());
    });
  }
  return 0;
}
