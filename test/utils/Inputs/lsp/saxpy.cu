// A file for the language server's tests (test/utils/ktime-lsp-*.test):
// saxpy with a launch in a `// ktime:` comment, a transpose whose loads are
// uncoalesced, and a kernel without a launch.
// ktime: gpu a100

// ktime: launch grid=4096,block=256,n=1048576
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

// ktime: launch grid=64x64,block=32x8,n=2048
__global__ void transpose(int n, const float *in, float *out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * n + y + j] = in[(y + j) * n + x];
}

__global__ void scale(int n, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}
