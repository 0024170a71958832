// bench/kit/suite/rowwalk.cu: the row-walk class: thread i sums row i of a
// Rows x Cols matrix, A[i * Cols + j] over j: a warp's loads are Cols floats
// apart (uncoalesced), but the next j hits the lines the last one fetched.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/rowwalk.cu";

__global__ void rowWalk(const float *A, float *Out, int Rows, int Cols) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Rows)
    return;
  float Sum = 0;
  for (int J = 0; J < Cols; ++J)
    Sum += A[(size_t)I * Cols + J];
  Out[I] = Sum;
}
} // namespace

void suite::runRowWalk(Suite &S) {
  const size_t Elems = 1 << 24;
  Buffer<float> A(Elems, [](size_t I) { return (float)(I % 5); });
  Buffer<float> Out(1 << 20);
  for (int Cols : {16, 64, 256, 1024}) {
    int Rows = (int)(Elems / Cols);
    for (unsigned Block : {64u, 256u}) {
      dim3 Grid(blocksFor(Rows, Block));
      S.time("row-walk", Source, "rowWalk", Grid, Block, 0,
             args({{"Rows", (double)Rows}, {"Cols", (double)Cols}}), "",
             [&] { rowWalk<<<Grid, Block>>>(A.P, Out.P, Rows, Cols); });
    }
  }
}
