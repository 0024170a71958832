// bench/kit/micro/atomics.cu: atomic latency and throughput, global and
// shared.
//   latency: one thread walks a random chain of 256 words with
//     atomicAdd(&a[p], zero) (zero a kernel argument: the add changes
//     nothing and returns the next index), clock64() per hop; global (the
//     words stay in L2) and shared;
//   throughput: one wave at full occupancy, each thread doing Reps
//     atomicAdd()s, with three address patterns: `one` (every thread of the
//     grid, or of the block for shared, on one address), `warp` (one address
//     per warp, 128 bytes apart) and `distinct` (each thread its own word,
//     coalesced); and two operands: `uniform` (1 in every lane, which nvcc
//     may combine into one atomic per warp, "warp-aggregated atomics") and
//     `lane` (lane + 1, which it cannot). Operations per clock per SM from
//     the blocks' clock64() spans.
// Records: `atomlat space=global|shared cycles=...`, `atomtp space=...
// pattern=... operand=... ops=... cycles=... us=... ops_per_clk_sm=...` and
// measurement-table `row`s for the throughput kernels (circular).
#include "../common.cuh"

namespace {
const char *Source = "bench/kit/micro/atomics.cu";
const int ChainN = 256;

__global__ void latGlobal(unsigned *A, unsigned Zero, int Hops,
                          long long *Cycles, unsigned *Sink) {
  unsigned P = 0;
  for (int I = 0; I < ChainN; ++I)
    P = atomicAdd(A + P, Zero);
  long long T0 = clock64();
  for (int I = 0; I < Hops; ++I)
    P = atomicAdd(A + P, Zero);
  long long T1 = clock64();
  *Cycles = T1 - T0;
  *Sink = P;
}

__global__ void latShared(const unsigned *Init, unsigned Zero, int Hops,
                          long long *Cycles, unsigned *Sink) {
  __shared__ unsigned S[ChainN];
  for (int I = threadIdx.x; I < ChainN; I += blockDim.x)
    S[I] = Init[I];
  __syncthreads();
  if (threadIdx.x)
    return;
  unsigned P = 0;
  for (int I = 0; I < ChainN; ++I)
    P = atomicAdd(S + P, Zero);
  long long T0 = clock64();
  for (int I = 0; I < Hops; ++I)
    P = atomicAdd(S + P, Zero);
  long long T1 = clock64();
  *Cycles = T1 - T0;
  *Sink = P;
}

enum Pattern { One, PerWarp, Distinct };

__device__ unsigned address(int Pat, unsigned Thread) {
  return Pat == One ? 0 : Pat == PerWarp ? (Thread / 32) * 32 : Thread;
}

__global__ void tpGlobal(unsigned *A, int Pat, int LaneOperand, int Reps,
                         long long *Cycles) {
  long long T0 = clock64();
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *P = A + address(Pat, T);
  unsigned V = LaneOperand ? (threadIdx.x % 32) + 1 : 1;
#pragma unroll 4
  for (int R = 0; R < Reps; ++R)
    atomicAdd(P, V);
  __syncthreads();
  if (threadIdx.x == 0)
    Cycles[blockIdx.x] = clock64() - T0;
}

__global__ void tpShared(unsigned *Out, int Pat, int LaneOperand, int Reps,
                         long long *Cycles) {
  __shared__ unsigned S[1024 + 32];
  for (int I = threadIdx.x; I < 1024 + 32; I += blockDim.x)
    S[I] = 0;
  __syncthreads();
  long long T0 = clock64();
  unsigned *P = S + address(Pat, threadIdx.x);
  unsigned V = LaneOperand ? (threadIdx.x % 32) + 1 : 1;
#pragma unroll 4
  for (int R = 0; R < Reps; ++R)
    atomicAdd(P, V);
  __syncthreads();
  if (threadIdx.x == 0) {
    Cycles[blockIdx.x] = clock64() - T0;
    Out[blockIdx.x] = S[0];
  }
}

const char *PatName[3] = {"one", "warp", "distinct"};
} // namespace

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  kit::Device D = kit::start("atomics", Quick);
  double Mhz = kit::smClockMhz(D, 20, 3);
  int Hops = Quick ? 2048 : 8192;
  unsigned *A, *Sink;
  long long *Cycles;
  int Block = 256, Grid = D.SMs * (D.ThreadsPerSM / Block);
  KIT_CHECK(cudaMalloc(&A, (size_t)Grid * Block * 4 + 4096));
  KIT_CHECK(cudaMalloc(&Sink, Grid * 4));
  KIT_CHECK(cudaMalloc(&Cycles, Grid * sizeof(long long)));

  // Latency chains.
  std::vector<unsigned> Next(ChainN);
  {
    std::vector<unsigned> O(ChainN);
    for (int I = 0; I < ChainN; ++I)
      O[I] = (I * 97) % ChainN; // 97 is prime to 256: one cycle
    for (int I = 0; I < ChainN; ++I)
      Next[O[I]] = O[(I + 1) % ChainN] * 8; // 32 bytes apart
  }
  std::vector<unsigned> Spread(ChainN * 8, 0);
  for (int I = 0; I < ChainN; ++I)
    Spread[I * 8] = Next[I];
  KIT_CHECK(
      cudaMemcpy(A, Spread.data(), Spread.size() * 4, cudaMemcpyHostToDevice));
  long long C;
  latGlobal<<<1, 1>>>(A, 0, Hops, Cycles, Sink);
  KIT_CHECK(cudaMemcpy(&C, Cycles, sizeof C, cudaMemcpyDeviceToHost));
  kit::Record("atomlat")
      .str("space", "global")
      .num("cycles", (double)C / Hops)
      .print();
  for (int I = 0; I < ChainN; ++I)
    Next[I] /= 8; // shared: consecutive words (one thread, no conflict)
  KIT_CHECK(cudaMemcpy(A, Next.data(), ChainN * 4, cudaMemcpyHostToDevice));
  latShared<<<1, 32>>>(A, 0, Hops, Cycles, Sink);
  KIT_CHECK(cudaMemcpy(&C, Cycles, sizeof C, cudaMemcpyDeviceToHost));
  kit::Record("atomlat")
      .str("space", "shared")
      .num("cycles", (double)C / Hops)
      .print();

  // Throughput.
  KIT_CHECK(cudaMemset(A, 0, (size_t)Grid * Block * 4));
  int Batch = Quick ? 2 : 5, Reps = Quick ? 3 : 7;
  for (int Space = 0; Space < 2; ++Space)
    for (int Pat = 0; Pat < 3; ++Pat)
      for (int Lane = 0; Lane < 2; ++Lane) {
        // Fewer operations where they serialise.
        int R = Pat == Distinct ? 256 : Pat == PerWarp ? 32 : 4;
        if (Space == 1)
          R *= 16;
        auto Go = [&] {
          if (Space == 0)
            tpGlobal<<<Grid, Block>>>(A, Pat, Lane, R, Cycles);
          else
            tpShared<<<Grid, Block>>>(Sink, Pat, Lane, R, Cycles);
        };
        kit::Times T = kit::timeLaunch(D, Go, Batch, Reps);
        std::vector<long long> H(Grid);
        KIT_CHECK(cudaMemcpy(H.data(), Cycles, Grid * sizeof(long long),
                             cudaMemcpyDeviceToHost));
        std::vector<double> Cy;
        for (long long X : H)
          Cy.push_back((double)X);
        double Cyc = kit::median(Cy), Ops = (double)Grid * Block * R;
        const char *SpaceName = Space ? "shared" : "global";
        kit::Record("atomtp")
            .str("space", SpaceName)
            .str("pattern", PatName[Pat])
            .str("operand", Lane ? "lane" : "uniform")
            .integer("grid", Grid)
            .integer("block", Block)
            .num("ops", Ops)
            .num("cycles", Cyc)
            .num("us", T.DeviceUs)
            .num("ops_per_clk_sm", Ops / (Cyc * D.SMs))
            .print();
        char Args[96];
        snprintf(Args, sizeof Args, "Pat=%d;LaneOperand=%d;Reps=%d", Pat, Lane,
                 R);
        std::string Note = std::string("kit atomics: ") + SpaceName + " " +
                           PatName[Pat] + (Lane ? " lane" : " uniform");
        kit::printRows({"atomics", Source, Space ? "tpShared" : "tpGlobal",
                        dim3(Grid), dim3(Block), 0, Args, true, Note},
                       T, Mhz);
      }
  return 0;
}
