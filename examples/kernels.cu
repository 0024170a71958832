// Example kernels for KernelTime (written for this project). Compile with
// the plugin to see each loop's trip count at its line:
//   bash utils/demo.sh examples/kernels.cu

// Grid-stride SAXPY: each thread visits ceildiv(n - its first index, stride)
// elements.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

// A 2D convolution with a 15x15 filter: two constant-trip loops per pixel.
__global__ void convolve(int width, int height, const float *image,
                         const float *filter, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float sum = 0.0f;
#pragma unroll 1
  for (int i = 0; i < 15; ++i)
#pragma unroll 1
    for (int j = 0; j < 15; ++j)
      sum += image[(y + i) * (width + 14) + x + j] * filter[i * 15 + j];
  out[y * width + x] = sum;
}

// Lower-triangular matrix-vector product: row r has r + 1 terms.
__global__ void trmv(int n, const float *L, const float *v, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n)
    return;
  float sum = 0.0f;
  for (int c = 0; c <= r; ++c)
    sum += L[r * n + c] * v[c];
  out[r] = sum;
}

// A data-dependent loop: how far a linked list goes is not in the code.
__global__ void chase(const int *next, int start, int *length) {
  int len = 0;
  for (int p = start; p >= 0; p = next[p])
    ++len;
  *length = len;
}
