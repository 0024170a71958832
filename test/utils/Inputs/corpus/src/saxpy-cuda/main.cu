// A fake collection member for test/utils/corpus.test: saxpy, a count the
// launch gives (n), so an exact prediction; relu, a branch on data.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// A branch on data (x[i] > 0): every count known, the branch's share of
// threads assumed (taken.*), counted apart from the exact predictions.
__global__ void relu(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.0f)
    y[i] = x[i];
}
