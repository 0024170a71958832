// A fake collection member for test/utils/corpus.test: 164000 bytes of
// static shared memory and an extern __shared__ array, so the generic
// launch's 4096 dynamic bytes exceed an A100's 163 KB a block and the
// plugin rejects the spec; the file still compiles, the kernel unpredicted.
__global__ void stage(const float *in, float *out) {
  __shared__ float fixed[41000];
  extern __shared__ float extra[];
  fixed[threadIdx.x] = in[threadIdx.x];
  extra[threadIdx.x] = fixed[40999 - threadIdx.x];
  out[threadIdx.x] = extra[threadIdx.x];
}
