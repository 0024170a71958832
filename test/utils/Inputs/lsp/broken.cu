// A file that does not compile, for test/utils/ktime-lsp-protocol.test.
// ktime: gpu a100
// ktime: lunch grid=1,block=1
// ktime: launch grid=4096
__global__ void broken(int n, float *y) {
  y[threadIdx.x] = undeclared;
}
