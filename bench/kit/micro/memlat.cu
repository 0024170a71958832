// bench/kit/micro/memlat.cu: load-to-use latencies by pointer chase. A
// buffer of F bytes holds one chain element per 128-byte line, linked in a
// random cyclic order (a fixed-seed shuffle), so each load's address is the
// previous load's value and no two consecutive loads share a line. One
// thread walks it (lane 0 of each chasing warp); clock64() around the timed
// hops gives cycles per hop, after warm-up hops that bring the footprint into
// the caches (for footprints above twice the L2 a few hops only, so the timed
// hops start where the warm-up stopped and meet lines not yet loaded).
//
// Records:
//   memlat level=global path=ca|cg footprint=F warps=W hops=H cycles=C
//     path ca: ld.global.ca (__ldca, cached in L1), footprints up to 256 KB;
//     path cg: ld.global.cg (__ldcg, L2 only), footprints from 64 KB up to
//     min(1 GiB, a quarter of the memory); warps > 1: that many warps chase
//     at once (loaded latency at partial and full occupancy);
//   memlat level=shared|constant|local footprint=F warps=1 ... cycles=C
//     the same chase in shared memory, in __constant__ memory (an indexed
//     constant-cache load) and in a thread's local array (spilled: L1).
#include "../common.cuh"

#include <cstdint>

namespace {
const int LineBytes = 128;
const int LineWords = LineBytes / 4;

__global__ void linkChain(unsigned *A, const unsigned *Order, size_t N) {
  size_t I = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (I < N)
    A[(size_t)Order[I] * LineWords] = Order[(I + 1) % N] * LineWords;
}

template <bool CG>
__global__ void chase(const unsigned *A, const unsigned *Starts, int Warm,
                      int Hops, long long *Cycles, unsigned *Sink) {
  if (threadIdx.x % 32)
    return;
  int W = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  unsigned P = Starts[W];
  for (int I = 0; I < Warm; ++I)
    P = CG ? __ldcg(A + P) : __ldca(A + P);
  long long T0 = clock64();
  for (int I = 0; I < Hops; ++I)
    P = CG ? __ldcg(A + P) : __ldca(A + P);
  long long T1 = clock64();
  Cycles[W] = T1 - T0;
  Sink[W] = P;
}

__constant__ unsigned ConstChain[2048];

__global__ void chaseShared(const unsigned *Init, int N, int Hops,
                            long long *Cycles, unsigned *Sink) {
  extern __shared__ unsigned S[];
  for (int I = threadIdx.x; I < N; I += blockDim.x)
    S[I] = Init[I];
  __syncthreads();
  if (threadIdx.x)
    return;
  unsigned P = 0;
  for (int I = 0; I < N; ++I)
    P = S[P];
  long long T0 = clock64();
  for (int I = 0; I < Hops; ++I)
    P = S[P];
  long long T1 = clock64();
  *Cycles = T1 - T0;
  *Sink = P;
}

__global__ void chaseConstant(int N, int Hops, long long *Cycles,
                              unsigned *Sink) {
  unsigned P = 0;
  for (int I = 0; I < N; ++I)
    P = ConstChain[P];
  long long T0 = clock64();
  for (int I = 0; I < Hops; ++I)
    P = ConstChain[P];
  long long T1 = clock64();
  *Cycles = T1 - T0;
  *Sink = P;
}

const int LocalN = 256;
__global__ void chaseLocal(const unsigned *Init, int Hops, long long *Cycles,
                           unsigned *Sink) {
  unsigned L[LocalN]; // indexed by a loaded value: local memory
  for (int I = 0; I < LocalN; ++I)
    L[I] = Init[I];
  unsigned P = 0;
  for (int I = 0; I < LocalN; ++I)
    P = L[P];
  long long T0 = clock64();
  for (int I = 0; I < Hops; ++I)
    P = L[P];
  long long T1 = clock64();
  *Cycles = T1 - T0;
  *Sink = P;
}

// A random order of 0..N-1 (Fisher-Yates with a fixed-seed xorshift).
std::vector<unsigned> shuffled(size_t N, uint64_t Seed) {
  std::vector<unsigned> O(N);
  for (size_t I = 0; I < N; ++I)
    O[I] = (unsigned)I;
  uint64_t X = Seed;
  for (size_t I = N - 1; I > 0; --I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    std::swap(O[I], O[X % (I + 1)]);
  }
  return O;
}

// A chain over N entries of a word array: Next[Order[i]] = Order[i + 1].
std::vector<unsigned> wordChain(int N, uint64_t Seed) {
  std::vector<unsigned> O = shuffled(N, Seed), Next(N);
  for (int I = 0; I < N; ++I)
    Next[O[I]] = O[(I + 1) % N];
  return Next;
}

struct Global {
  unsigned *A = nullptr, *Order = nullptr, *Starts = nullptr, *Sink = nullptr;
  long long *Cycles = nullptr;
  std::vector<unsigned> HostOrder;
  size_t Lines = 0;
};

void prepare(Global &G, size_t Footprint) {
  G.Lines = Footprint / LineBytes;
  G.HostOrder = shuffled(G.Lines, 0x9E3779B97F4A7C15ull ^ Footprint);
  KIT_CHECK(cudaMemcpy(G.Order, G.HostOrder.data(), G.Lines * 4,
                       cudaMemcpyHostToDevice));
  linkChain<<<(unsigned)((G.Lines + 255) / 256), 256>>>(G.A, G.Order, G.Lines);
  KIT_CHECK(cudaGetLastError());
}

double run(Global &G, bool CG, int Warps, int Warm, int Hops) {
  std::vector<unsigned> S(Warps);
  for (int W = 0; W < Warps; ++W)
    S[W] = G.HostOrder[(size_t)W * G.Lines / Warps] * LineWords;
  KIT_CHECK(cudaMemcpy(G.Starts, S.data(), Warps * 4, cudaMemcpyHostToDevice));
  int PerBlock = std::min(Warps, 8);
  dim3 Grid((Warps + PerBlock - 1) / PerBlock), Block(PerBlock * 32);
  if (CG)
    chase<true><<<Grid, Block>>>(G.A, G.Starts, Warm, Hops, G.Cycles, G.Sink);
  else
    chase<false><<<Grid, Block>>>(G.A, G.Starts, Warm, Hops, G.Cycles, G.Sink);
  KIT_CHECK(cudaGetLastError());
  std::vector<long long> C(Warps);
  KIT_CHECK(cudaMemcpy(C.data(), G.Cycles, Warps * sizeof(long long),
                       cudaMemcpyDeviceToHost));
  std::vector<double> Per;
  for (long long X : C)
    Per.push_back((double)X / Hops);
  return kit::median(Per);
}

void record(const char *Level, const char *Path, size_t F, int Warps, int Hops,
            double Cycles) {
  kit::Record("memlat")
      .str("level", Level)
      .str("path", Path)
      .integer("footprint", (long long)F)
      .integer("warps", Warps)
      .integer("hops", Hops)
      .num("cycles", Cycles)
      .print();
}
} // namespace

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  kit::Device D = kit::start("memlat", Quick);
  int Hops = Quick ? 2048 : 8192;
  size_t L2 = D.L2Bytes;
  size_t MaxF = std::min<size_t>(size_t(1) << 30, D.GlobalBytes / 4);
  size_t MaxLines = MaxF / LineBytes;
  int MaxWarps = D.SMs * D.ThreadsPerSM / 32;

  Global G;
  KIT_CHECK(cudaMalloc(&G.A, MaxF));
  KIT_CHECK(cudaMalloc(&G.Order, MaxLines * 4));
  KIT_CHECK(cudaMalloc(&G.Starts, MaxWarps * 4));
  KIT_CHECK(cudaMalloc(&G.Sink, MaxWarps * 4));
  KIT_CHECK(cudaMalloc(&G.Cycles, MaxWarps * sizeof(long long)));

  // Footprints 4 KB .. MaxF, two per octave (F and 1.5 F).
  std::vector<size_t> Fs;
  for (size_t F = 4096; F <= MaxF; F *= 2) {
    Fs.push_back(F);
    if (F * 3 / 2 <= MaxF)
      Fs.push_back(F * 3 / 2);
  }
  for (size_t F : Fs) {
    prepare(G, F);
    int Warm = F > 2 * L2 ? 1024 : (int)std::min<size_t>(G.Lines, 1 << 18);
    if (F <= (256u << 10))
      record("global", "ca", F, 1, Hops, run(G, false, 1, Warm, Hops));
    if (F >= (64u << 10))
      record("global", "cg", F, 1, Hops, run(G, true, 1, Warm, Hops));
  }

  // Loaded latency: W warps chase at once, at an L2 footprint (L2 / 4) and
  // a DRAM one (the largest).
  std::vector<int> Ws = {D.SMs, D.SMs * 4, MaxWarps / 4, MaxWarps / 2,
                         MaxWarps};
  size_t Loaded[2] = {L2 / 4 / LineBytes * LineBytes, MaxF};
  for (size_t F : Loaded) {
    prepare(G, F);
    int Warm = F > 2 * L2 ? 256 : (int)std::min<size_t>(G.Lines, 1 << 16);
    for (int W : Ws)
      record("global", "cg", F, W, Hops / 4,
             run(G, true, W, Warm / 8 + 1, Hops / 4));
  }

  unsigned *Init, *Sink;
  long long *Cycles;
  KIT_CHECK(cudaMalloc(&Init, 4096 * 4));
  KIT_CHECK(cudaMalloc(&Sink, 4));
  KIT_CHECK(cudaMalloc(&Cycles, sizeof(long long)));
  auto oneCycles = [&]() {
    long long C;
    KIT_CHECK(cudaGetLastError());
    KIT_CHECK(cudaMemcpy(&C, Cycles, sizeof C, cudaMemcpyDeviceToHost));
    return (double)C / Hops;
  };
  int SharedN = 4096;
  std::vector<unsigned> Ch = wordChain(SharedN, 7);
  KIT_CHECK(cudaMemcpy(Init, Ch.data(), SharedN * 4, cudaMemcpyHostToDevice));
  chaseShared<<<1, 256, SharedN * 4>>>(Init, SharedN, Hops, Cycles, Sink);
  record("shared", "shared", SharedN * 4, 1, Hops, oneCycles());

  int ConstN = 256; // 1 KB: within the smallest constant cache
  Ch = wordChain(ConstN, 11);
  KIT_CHECK(cudaMemcpyToSymbol(ConstChain, Ch.data(), ConstN * 4));
  chaseConstant<<<1, 1>>>(ConstN, Hops, Cycles, Sink);
  record("constant", "constant", ConstN * 4, 1, Hops, oneCycles());

  Ch = wordChain(LocalN, 13);
  KIT_CHECK(cudaMemcpy(Init, Ch.data(), LocalN * 4, cudaMemcpyHostToDevice));
  chaseLocal<<<1, 1>>>(Init, Hops, Cycles, Sink);
  record("local", "local", LocalN * 4, 1, Hops, oneCycles());
  return 0;
}
