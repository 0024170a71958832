// All-pairs N-body accelerations (written for KernelTime; the kernel of
// seed 004, whose best threads-per-block depends on the number of bodies).
// One body per thread; the block stages blockDim.x bodies at a time in
// dynamic shared memory (blockDim.x * 16 bytes), so the tile size is the
// launch's block size, not a define. Sweep it with
//   utils/ktime examples/nbody.cu --kernel nbody --gpu a100 --cuda shim \
//     --vary tpb=32:1024:*2 --vary n=1024,16384,262144 \
//     --launch 'grid={ceil(n/tpb)},block={tpb},shmem={16*tpb},arg2={n}' \
//     --group-by n --plot nbody.svg
struct Body {
  float x, y, z, m;
};

__global__ void nbody(const Body *pos, float *acc, int n, float eps2) {
  extern __shared__ Body tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Body me = pos[i < n ? i : 0];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int start = 0; start < n; start += blockDim.x) {
    int j = start + threadIdx.x;
    tile[threadIdx.x] = pos[j < n ? j : 0];
    if (j >= n)
      tile[threadIdx.x].m = 0.0f; // padding bodies pull with no mass
    __syncthreads();
    for (int k = 0; k < blockDim.x; ++k) {
      float dx = tile[k].x - me.x, dy = tile[k].y - me.y, dz = tile[k].z - me.z;
      float d2 = dx * dx + dy * dy + dz * dz + eps2;
      // __builtin_sqrtf: clang's builtin, so the file needs no CUDA header.
      float inv = 1.0f / __builtin_sqrtf(d2);
      float s = tile[k].m * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) {
    acc[3 * i] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
}
