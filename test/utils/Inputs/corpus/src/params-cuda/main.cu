// A fake collection member for test/utils/corpus.test: a kernel with
// __launch_bounds__ (its launch has no block), a bool, a char and a double
// parameter; the 2-D kernel reads threadIdx.y (a 16x16 block); a kernel
// takes a struct by value.
__global__ void __launch_bounds__(128) scale(bool on, char c, double f, double *x) {
  if (on)
    x[blockIdx.x * blockDim.x + threadIdx.x] *= f + c;
}

__global__ void transpose(const float *in, float *out, int w) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < w && y < w)
    out[x * w + y] = in[y * w + x];
}

// A struct passed by value: its integer and floating-point fields get the
// generic values as parameters do, by their IR names (arg1.field1.field0
// for in.w, arg1.field2[1] for steps[1]); its pointer none. n bounds the
// loop: counted, not estimated.
struct Shape {
  int n;
  struct {
    float w;
    bool on;
  } in;
  int steps[2];
  double *out;
};
__global__ void fields(float *x, Shape s) {
  for (int i = threadIdx.x; i < s.n; i += blockDim.x)
    x[i] *= s.in.w;
}
