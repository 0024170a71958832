// A fake collection member for test/utils/corpus.test: a list walk whose
// count is data, so its prediction is an estimate (or none with
// -ktime-unknown-trip=0).
struct Node { int next; float value; };

__global__ void walk(const Node *nodes, const int *heads, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int p = heads[i]; p >= 0; p = nodes[p].next)
    sum += nodes[p].value;
  out[i] = sum;
}
