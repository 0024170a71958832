// Kernels for calibrating KernelTime's register estimate against ptxas
// (written for this project; utils/calibrate-registers.sh compiles them
// together with examples/*.cu). They span low to high register pressure:
// shared-memory trees, register tiles, float4 and double arithmetic, many
// pointers, 64-bit integer hashing, atomics and unrolled loops.
//   bash utils/calibrate-registers.sh BUILD-DIR

#define TILE 32

__global__ void reduce_sum(const float *in, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int stride = 128; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

__global__ void transpose(const float *in, float *out, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    if (x < w && y + j < h)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    if (x < h && y + j < w)
      out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

__global__ void nbody(const float4 *pos, float4 *acc, int n, float eps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 p = pos[i];
  float ax = 0, ay = 0, az = 0;
  for (int j = 0; j < n; ++j) {
    float4 q = pos[j];
    float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
    float r2 = dx * dx + dy * dy + dz * dz + eps;
    float inv = rsqrtf(r2);
    float s = q.w * inv * inv * inv;
    ax += dx * s;
    ay += dy * s;
    az += dz * s;
  }
  acc[i] = make_float4(ax, ay, az, 0.0f);
}

__global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
    return;
  for (int z = 1; z < nz - 1; ++z) {
    long c = ((long)z * ny + y) * nx + x;
    out[c] =
        0.4f * in[c] + 0.1f * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                               in[c - (long)nx * ny] + in[c + (long)nx * ny]);
  }
}

// Register tile of R x R outputs per thread, 16 x 16 threads per block.
template <int R>
__device__ void matmulTile(const float *A, const float *B, float *C, int n) {
  __shared__ float As[16 * R][16];
  __shared__ float Bs[16][16 * R];
  float acc[R][R] = {};
  int row0 = blockIdx.y * 16 * R + threadIdx.y;
  int col0 = blockIdx.x * 16 * R + threadIdx.x;
  for (int t = 0; t < n; t += 16) {
    for (int r = 0; r < R; ++r) {
      As[threadIdx.y + 16 * r][threadIdx.x] =
          A[(row0 + 16 * r) * n + t + threadIdx.x];
      Bs[threadIdx.y][threadIdx.x + 16 * r] =
          B[(t + threadIdx.y) * n + col0 + 16 * r];
    }
    __syncthreads();
    for (int k = 0; k < 16; ++k) {
      float a[R], b[R];
      for (int r = 0; r < R; ++r) {
        a[r] = As[threadIdx.y + 16 * r][k];
        b[r] = Bs[k][threadIdx.x + 16 * r];
      }
      for (int i = 0; i < R; ++i)
        for (int j = 0; j < R; ++j)
          acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < R; ++j)
      C[(row0 + 16 * i) * n + col0 + 16 * j] = acc[i][j];
}

__global__ void matmul_reg2(const float *A, const float *B, float *C, int n) {
  matmulTile<2>(A, B, C, n);
}
__global__ void matmul_reg4(const float *A, const float *B, float *C, int n) {
  matmulTile<4>(A, B, C, n);
}
__global__ void matmul_reg8(const float *A, const float *B, float *C, int n) {
  matmulTile<8>(A, B, C, n);
}

__global__ void dot_double(const double *x, const double *y, double *out,
                           int n) {
  double sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += x[i] * y[i];
  for (int o = 16; o > 0; o >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, sum);
}

__global__ void scan_block(const int *in, int *out) {
  __shared__ int s[2][512];
  int t = threadIdx.x, p = 0;
  s[0][t] = in[blockIdx.x * 512 + t];
  __syncthreads();
  for (int d = 1; d < 512; d <<= 1) {
    s[1 - p][t] = s[p][t] + (t >= d ? s[p][t - d] : 0);
    p = 1 - p;
    __syncthreads();
  }
  out[blockIdx.x * 512 + t] = s[p][t];
}

__global__ void softmax_row(const float *in, float *out, int cols) {
  const float *r = in + (long)blockIdx.x * cols;
  float *o = out + (long)blockIdx.x * cols;
  float m = -1e30f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    m = fmaxf(m, r[c]);
  for (int d = 16; d > 0; d >>= 1)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, d));
  float s = 0;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += __expf(r[c] - m);
  for (int d = 16; d > 0; d >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, d);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    o[c] = __expf(r[c] - m) / s;
}

__global__ void many_pointers(const float *a, const float *b, const float *c,
                              const float *d, const float *e, const float *f,
                              const float *g, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = a[i] * b[i] + c[i] * d[i] + e[i] * f[i] + g[i];
}

__device__ float2 cmul(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// One radix-8 FFT butterfly per thread, all eight points in registers.
__global__ void fft8(float2 *data, const float2 *twiddle, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n / 8)
    return;
  float2 v[8];
  for (int k = 0; k < 8; ++k)
    v[k] = cmul(data[i + k * (n / 8)], twiddle[(i * k) % n]);
  for (int span = 4; span > 0; span >>= 1)
    for (int k = 0; k < 8; ++k)
      if (!(k & span)) {
        float2 a = v[k], b = v[k + span];
        v[k] = make_float2(a.x + b.x, a.y + b.y);
        v[k + span] =
            cmul(make_float2(a.x - b.x, a.y - b.y), twiddle[(span * k) % n]);
      }
  for (int k = 0; k < 8; ++k)
    data[i + k * (n / 8)] = v[k];
}

__global__ void spmv_csr(const int *rowptr, const int *cols, const float *vals,
                         const float *x, float *y, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float sum = 0;
  for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
    sum += vals[k] * x[cols[k]];
  y[r] = sum;
}

__global__ void bitonic_step(float *data, int j, int k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned partner = i ^ j;
  if (partner > i) {
    float a = data[i], b = data[partner];
    bool up = (i & k) == 0;
    if ((a > b) == up) {
      data[i] = b;
      data[partner] = a;
    }
  }
}

__constant__ float coeffs[16];

__global__ void horner16(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i], r = coeffs[15];
#pragma unroll
  for (int k = 14; k >= 0; --k)
    r = r * v + coeffs[k];
  y[i] = r;
}

// Sixteen independent accumulators: the loop carries 16 live floats.
__global__ void fma16(const float *x, float *y, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc[16];
  float v = x[i];
#pragma unroll
  for (int k = 0; k < 16; ++k)
    acc[k] = v + k;
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int k = 0; k < 16; ++k)
      acc[k] = acc[k] * v + 1.0f;
  float s = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k)
    s += acc[k];
  y[i] = s;
}

__global__ void blur5x5(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + 2;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 2;
  if (x >= w - 2 || y >= h - 2)
    return;
  float s = 0;
#pragma unroll
  for (int dy = -2; dy <= 2; ++dy)
#pragma unroll
    for (int dx = -2; dx <= 2; ++dx)
      s += in[(y + dy) * w + x + dx] * (1.0f / 25);
  out[y * w + x] = s;
}

__global__ void hash64(const unsigned long long *keys, unsigned long long *out,
                       int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned long long h = keys[i], g = h ^ 0x9e3779b97f4a7c15ull;
  for (int r = 0; r < rounds; ++r) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    g += h ^ (g << 7);
    h ^= h >> 29;
  }
  out[i] = h ^ g;
}

__global__ void lerp_table(const float *x, const float *table, float *y, int n,
                           int size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float t = x[i] * (size - 1);
  int k = min(max((int)t, 0), size - 2);
  float f = t - k;
  y[i] = table[k] * (1 - f) + table[k + 1] * f;
}
