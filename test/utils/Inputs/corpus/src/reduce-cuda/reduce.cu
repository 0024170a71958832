// A fake collection member for test/utils/corpus.test: a tree reduction in
// shared memory (count log2 of the block; its `if (t < s)` on the halving
// value, whose lanes the launch fixes), and a grid-stride sum with a 64-bit
// count: two kernels, both exact.
__global__ void reduce(const float *in, float *out, unsigned n) {
  extern __shared__ float buf[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = buf[0];
}

__global__ void gridsum(const double *in, double *out, long n) {
  double acc = 0;
  for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
