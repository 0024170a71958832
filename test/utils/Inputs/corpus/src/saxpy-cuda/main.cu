// A fake collection member for test/utils/corpus.test: saxpy, a count the
// launch gives (n), so an exact prediction.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
