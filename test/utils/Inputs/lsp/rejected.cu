// A launch the plugin rejects (a block over the GPU's 1024 threads) beside
// one it predicts, for test/utils/ktime-lsp-protocol.test.
// ktime: gpu a100

// ktime: launch grid=64,block=2048,n=65536
// ktime: launch grid=64,block=256,n=16384
__global__ void scale(int n, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}
