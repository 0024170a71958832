// A fake collection member for test/utils/corpus.test: it does not compile
// (an undeclared name), so it is counted apart, not as a plugin problem.
__global__ void broken(float *x) { x[threadIdx.x] = undeclared_value; }
