// A tiled kernel for the tests of utils/ktime and utils/validate (written
// for KernelTime). block_size_x and tile_size_x are Kernel Tuner-style
// defines; `pred` (the predicted time in microseconds the tests give
// fake-clang.py) is named here so that the driver passes it on.
#ifndef block_size_x
#define block_size_x 64
#endif
#ifndef tile_size_x
#define tile_size_x 1
#endif

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * block_size_x * tile_size_x + threadIdx.x;
  for (int t = 0; t < tile_size_x; ++t) {
    int j = i + t * block_size_x;
    if (j < n)
      x[j] *= 2.0f;
  }
}
