// A fake collection member for test/utils/corpus.test: a kernel with
// __launch_bounds__ (its launch has no block), a bool, a char and a double
// parameter; the 2-D kernel reads threadIdx.y (a 16x16 block).
__global__ void __launch_bounds__(128) scale(bool on, char c, double f, double *x) {
  if (on)
    x[blockIdx.x * blockDim.x + threadIdx.x] *= f + c;
}

__global__ void transpose(const float *in, float *out, int w) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < w && y < w)
    out[x * w + y] = in[y * w + x];
}
