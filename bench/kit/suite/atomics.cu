// bench/kit/suite/atomics.cu: the atomics class: a counter that every
// thread of the grid increments (one address), and one counter per block
// (blockIdx.x's word), over grid sizes.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/atomics.cu";

__global__ void counterAll(unsigned *Counter, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(Counter, 1u);
}

__global__ void counterPerBlock(unsigned *Counters, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Counters[blockIdx.x], 1u);
}
} // namespace

void suite::runAtomics(Suite &S) {
  std::vector<int> Ns = {1 << 12, 1 << 16, 1 << 20, 1 << 24};
  Buffer<unsigned> C((1 << 24) / 32);
  KIT_CHECK(cudaMemset(C.P, 0, C.N * sizeof(unsigned)));
  for (int N : Ns)
    for (unsigned Block : {32u, 256u, 1024u}) {
      dim3 Grid(blocksFor(N, Block));
      std::string A = args({{"N", (double)N}});
      S.time("atomics", Source, "counterAll", Grid, Block, 0, A, "",
             [&] { counterAll<<<Grid, Block>>>(C.P, N); });
      S.time("atomics", Source, "counterPerBlock", Grid, Block, 0, A, "",
             [&] { counterPerBlock<<<Grid, Block>>>(C.P, N); });
    }
}
