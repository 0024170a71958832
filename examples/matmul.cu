// Tiled matrix multiplication C = A * B for n x n row-major matrices, n a
// multiple of TILE (written for KernelTime). Each block computes a TILE x TILE
// tile of C; each thread one element, accumulating over n / TILE tiles of A
// and B staged in shared memory.
//   bash utils/demo.sh examples/matmul.cu
#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
#pragma unroll 1
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = sum;
}
