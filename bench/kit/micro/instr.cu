// bench/kit/micro/instr.cu: latency and throughput of the instruction
// classes of a target file's `instructions:` section, each written as PTX
// (inline asm) so that the compiler keeps every instruction:
//   latency: one warp runs a chain in which each step uses the previous
//     step's result; clock64() around 4096 steps gives cycles per step,
//     divided by the instructions of the class in a step (ops_per_step);
//   throughput: one wave at full occupancy (blocks of up to 1024 threads),
//     each thread running ILP independent chains; the blocks' clock64()
//     spans give instructions per clock per SM (lanes: one warp instruction
//     counts 32). The step count is scaled so each block runs about two
//     million cycles.
// A step of several instructions measures their mean (int.add: add and
// xor, both in the class); `vote`'s step has a compare (int.add) before the
// ballot, whose latency the target writer subtracts; vote's throughput is not
// measured (the compare shares the issue).
// Records: `instr class=... ops_per_step=... lat_cycles=... step_cycles=...`
// and `instr class=... ops_per_clk_sm=... block=... grid=...`.
#include "../common.cuh"

#include <cstdint>

namespace {

#define KIT_OP(Name, Ty, C, Asm)                                               \
  struct Name {                                                                \
    typedef Ty T;                                                              \
    static __device__ __forceinline__ void step(T &X, T A, T B) {              \
      asm volatile(Asm : "+" C(X) : C(A), C(B));                               \
    }                                                                          \
  };

KIT_OP(IntAdd, unsigned, "r", "add.u32 %0, %0, %1; xor.b32 %0, %0, %2;")
KIT_OP(IntMul, unsigned, "r", "mul.lo.u32 %0, %0, %1; mul.hi.u32 %0, %0, %2;")
KIT_OP(IntMad, unsigned, "r",
       "mad.lo.u32 %0, %0, %1, %2; mad.hi.u32 %0, %0, %1, %2;")
KIT_OP(IntDiv, unsigned, "r", "div.u32 %0, %2, %0;")
KIT_OP(IntBit, unsigned, "r", "popc.b32 %0, %0; brev.b32 %0, %0;")
KIT_OP(Fp32Add, float, "f", "add.rn.f32 %0, %0, %1;")
KIT_OP(Fp32Mul, float, "f", "mul.rn.f32 %0, %0, %1;")
KIT_OP(Fp32Fma, float, "f", "fma.rn.f32 %0, %0, %1, %2;")
KIT_OP(Fp32Div, float, "f", "div.rn.f32 %0, %2, %0;")
KIT_OP(Fp32Sqrt, float, "f", "sqrt.rn.f32 %0, %0;")
KIT_OP(Fp32Rcp, float, "f", "rcp.rn.f32 %0, %0;")
KIT_OP(Fp64Add, double, "d", "add.rn.f64 %0, %0, %1;")
KIT_OP(Fp64Mul, double, "d", "mul.rn.f64 %0, %0, %1;")
KIT_OP(Fp64Fma, double, "d", "fma.rn.f64 %0, %0, %1, %2;")
KIT_OP(Fp64Div, double, "d", "div.rn.f64 %0, %2, %0;")
KIT_OP(Fp16Fma, unsigned, "r", "fma.rn.f16x2 %0, %0, %1, %2;")
KIT_OP(Sfu, float, "f", "rsqrt.approx.ftz.f32 %0, %0;")
KIT_OP(Convert, float, "f",
       "{ .reg .s32 t; cvt.rzi.s32.f32 t, %0; cvt.rn.f32.s32 %0, t; }")
// The source lane is the value itself (a butterfly twice would fold away).
KIT_OP(Shfl, unsigned, "r", "shfl.sync.idx.b32 %0, %0, %0, 0x1f, 0xffffffff;")
KIT_OP(Vote, unsigned, "r",
       "{ .reg .pred p; setp.ne.u32 p, %0, 0; "
       "vote.sync.ballot.b32 %0, p, 0xffffffff; }")

// A start value that differs between lanes: from a value every lane shares
// (a kernel argument) ptxas may compute a chain once per warp on the uniform
// datapath, or drop shuffles of it altogether.
__device__ __forceinline__ unsigned vary(unsigned X, int K) {
  return X + threadIdx.x + K;
}
__device__ __forceinline__ float vary(float X, int K) {
  return X * (1.0f + (threadIdx.x + K) * 1e-6f);
}
__device__ __forceinline__ double vary(double X, int K) {
  return X * (1.0 + (threadIdx.x + K) * 1e-9);
}

const int Unroll = 16;
const int ILP = 4;

template <class Op>
__global__ void latency(typename Op::T X0, typename Op::T A, typename Op::T B,
                        int Iters, long long *Cycles, typename Op::T *Sink) {
  typename Op::T X = vary(X0, 0);
  long long T0 = clock64();
  for (int I = 0; I < Iters; ++I) {
#pragma unroll
    for (int J = 0; J < Unroll; ++J)
      Op::step(X, A, B);
  }
  long long T1 = clock64();
  if (threadIdx.x == 0)
    *Cycles = T1 - T0;
  Sink[threadIdx.x] = X;
}

template <class Op>
__global__ void __launch_bounds__(1024)
    throughput(typename Op::T X0, typename Op::T A, typename Op::T B, int Iters,
               long long *Cycles, typename Op::T *Sink) {
  typename Op::T X[ILP];
#pragma unroll
  for (int K = 0; K < ILP; ++K)
    X[K] = vary(X0, K);
  __syncthreads();
  long long T0 = clock64();
  for (int I = 0; I < Iters; ++I) {
#pragma unroll
    for (int J = 0; J < Unroll; ++J)
#pragma unroll
      for (int K = 0; K < ILP; ++K)
        Op::step(X[K], A, B);
  }
  __syncthreads();
  long long T1 = clock64();
  if (threadIdx.x == 0)
    Cycles[blockIdx.x] = T1 - T0;
  size_t T = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int K = 0; K < ILP; ++K)
    Sink[T * ILP + K] = X[K];
}

struct Ctx {
  kit::Device D;
  bool Quick;
  long long *Cycles;
  void *Sink;
};

double medianCycles(const Ctx &C, int N) {
  std::vector<long long> H(N);
  KIT_CHECK(cudaGetLastError());
  KIT_CHECK(cudaMemcpy(H.data(), C.Cycles, N * sizeof(long long),
                       cudaMemcpyDeviceToHost));
  std::vector<double> V;
  for (long long X : H)
    V.push_back((double)X);
  return kit::median(V);
}

template <class Op>
void measure(const Ctx &C, const char *Class, int OpsPerStep, typename Op::T X0,
             typename Op::T A, typename Op::T B, bool Throughput) {
  typedef typename Op::T T;
  T *Sink = (T *)C.Sink;
  const int Steps = 4096;
  latency<Op><<<1, 32>>>(X0, A, B, 8, C.Cycles, Sink); // warm-up
  latency<Op><<<1, 32>>>(X0, A, B, Steps / Unroll, C.Cycles, Sink);
  double Step = medianCycles(C, 1) / Steps;
  kit::Record("instr")
      .str("class", Class)
      .str("mode", "latency")
      .integer("ops_per_step", OpsPerStep)
      .num("step_cycles", Step)
      .num("lat_cycles", Step / OpsPerStep)
      .print();
  if (!Throughput)
    return;
  int Block = std::min(1024, C.D.ThreadsPerBlock), PerSM = 0;
  KIT_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &PerSM, throughput<Op>, Block, 0));
  int Grid = C.D.SMs * std::max(PerSM, 1);
  // A pilot run of one iteration, then Iters for about 2e6 cycles a block.
  throughput<Op><<<Grid, Block>>>(X0, A, B, 1, C.Cycles, Sink);
  double Pilot = medianCycles(C, Grid);
  double Want = C.Quick ? 1e6 : 4e6;
  int Iters = (int)std::max(1.0, std::min(1e6, Want / std::max(Pilot, 1.0)));
  std::vector<double> Rates;
  for (int R = 0; R < (C.Quick ? 2 : 5); ++R) {
    throughput<Op><<<Grid, Block>>>(X0, A, B, Iters, C.Cycles, Sink);
    double Cy = medianCycles(C, Grid);
    double Ops = (double)Grid * Block * ILP * Unroll * Iters * OpsPerStep;
    Rates.push_back(Ops / (Cy * C.D.SMs));
  }
  kit::Record("instr")
      .str("class", Class)
      .str("mode", "throughput")
      .integer("ops_per_step", OpsPerStep)
      .integer("grid", Grid)
      .integer("block", Block)
      .integer("ilp", ILP)
      .integer("iters", Iters)
      .num("ops_per_clk_sm", kit::median(Rates))
      .print();
}

unsigned half2Bits(float V) { // V in both halves; V a small power of two
  // IEEE half: sign 0, exponent bias 15; only exact powers of two here.
  int E = 0;
  while (V >= 2) {
    V /= 2;
    ++E;
  }
  while (V < 1) {
    V *= 2;
    --E;
  }
  unsigned H = (unsigned)(E + 15) << 10;
  return H | (H << 16);
}
} // namespace

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  Ctx C{kit::start("instr", Quick), Quick, nullptr, nullptr};
  int MaxThreads = C.D.SMs * C.D.ThreadsPerSM;
  KIT_CHECK(cudaMalloc(&C.Cycles, MaxThreads * sizeof(long long)));
  KIT_CHECK(cudaMalloc(&C.Sink, (size_t)MaxThreads * ILP * sizeof(double)));
  measure<IntAdd>(C, "int.add", 2, 1u, 3u, 0x5bd1e995u, true);
  measure<IntMul>(C, "int.mul", 2, 7u, 0x9e3779b9u, 0x7feb352du, true);
  measure<IntMad>(C, "int.mad", 2, 7u, 0x9e3779b9u, 0x7feb352du, true);
  measure<IntDiv>(C, "int.div", 1, 7u, 3u, 0x7fffffffu, true);
  measure<IntBit>(C, "int.bit", 2, 0xdeadbeefu, 0u, 0u, true);
  measure<Fp32Add>(C, "fp32.add", 1, 1.0f, 1e-7f, 0.0f, true);
  measure<Fp32Mul>(C, "fp32.mul", 1, 1.0f, 0.9999999f, 0.0f, true);
  measure<Fp32Fma>(C, "fp32.fma", 1, 1.0f, 0.9999999f, 1e-7f, true);
  measure<Fp32Div>(C, "fp32.div", 1, 1.25f, 0.0f, 1.5f, true);
  measure<Fp32Sqrt>(C, "fp32.sqrt", 1, 2.0f, 0.0f, 0.0f, true);
  measure<Fp32Rcp>(C, "fp32.rcp", 1, 1.25f, 0.0f, 0.0f, true);
  measure<Fp64Add>(C, "fp64.add", 1, 1.0, 1e-15, 0.0, true);
  measure<Fp64Mul>(C, "fp64.mul", 1, 1.0, 0.9999999999, 0.0, true);
  measure<Fp64Fma>(C, "fp64.fma", 1, 1.0, 0.9999999999, 1e-15, true);
  measure<Fp64Div>(C, "fp64.div", 1, 1.25, 0.0, 1.5, true);
  measure<Fp16Fma>(C, "fp16.fma", 1, half2Bits(1.0f), half2Bits(1.0f),
                   half2Bits(0.0078125f), true);
  measure<Sfu>(C, "sfu", 1, 2.0f, 0.0f, 0.0f, true);
  measure<Convert>(C, "convert", 2, 12345.0f, 0.0f, 0.0f, true);
  measure<Shfl>(C, "shfl", 1, 1u, 0u, 0u, true);
  measure<Vote>(C, "vote", 2, 1u, 0u, 0u, false);
  return 0;
}
