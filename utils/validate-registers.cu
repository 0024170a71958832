// Held-out kernels for KernelTime's register estimate (written for this
// project): the estimate's constants were fitted on examples/*.cu and
// utils/calibrate-registers.cu, then checked on these, which the fit never
// saw. utils/calibrate-registers.sh reports both sets.
//   bash utils/calibrate-registers.sh BUILD-DIR

__global__ void gemv(const float *A, const float *x, float *y, int rows,
                     int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0;
  for (int c = 0; c < cols; ++c)
    s += A[(long)r * cols + c] * x[c];
  y[r] = s;
}

__global__ void jacobi2d(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
    return;
  out[y * w + x] = 0.25f * (in[y * w + x - 1] + in[y * w + x + 1] +
                            in[(y - 1) * w + x] + in[(y + 1) * w + x]);
}

__global__ void axpy_float4(const float4 *x, float4 *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 u = x[i], v = y[i];
  y[i] =
      make_float4(a * u.x + v.x, a * u.y + v.y, a * u.z + v.z, a * u.w + v.w);
}

__global__ void layernorm(const float *in, float *out, const float *gamma,
                          const float *beta, int cols) {
  const float *r = in + (long)blockIdx.x * cols;
  float *o = out + (long)blockIdx.x * cols;
  float s = 0, s2 = 0;
  for (int c = threadIdx.x; c < cols; c += 32) {
    float v = r[c];
    s += v;
    s2 += v * v;
  }
  for (int d = 16; d > 0; d >>= 1) {
    s += __shfl_xor_sync(0xffffffffu, s, d);
    s2 += __shfl_xor_sync(0xffffffffu, s2, d);
  }
  float mean = s / cols, inv = rsqrtf(s2 / cols - mean * mean + 1e-5f);
  for (int c = threadIdx.x; c < cols; c += 32)
    o[c] = (r[c] - mean) * inv * gamma[c] + beta[c];
}

__global__ void mandelbrot(int *out, int w, int h, int maxIter) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h)
    return;
  float cx = -2.0f + 3.0f * px / w, cy = -1.5f + 3.0f * py / h;
  float zx = 0, zy = 0;
  int it = 0;
  while (it < maxIter && zx * zx + zy * zy < 4.0f) {
    float t = zx * zx - zy * zy + cx;
    zy = 2 * zx * zy + cy;
    zx = t;
    ++it;
  }
  out[py * w + px] = it;
}

__global__ void warp_scan(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int d = 1; d < 32; d <<= 1) {
    int u = __shfl_up_sync(0xffffffffu, v, d);
    if ((threadIdx.x & 31) >= d)
      v += u;
  }
  if (i < n)
    out[i] = v;
}

__global__ void radix_count(const unsigned *keys, unsigned *counts, int n,
                            int shift) {
  __shared__ unsigned bins[16];
  if (threadIdx.x < 16)
    bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[(keys[i] >> shift) & 15], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&counts[blockIdx.x * 16 + threadIdx.x], bins[threadIdx.x]);
}

// One 3x3 matrix inverse per thread (adjugate over determinant).
__global__ void inverse3x3(const float *m, float *inv, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *a = m + 9 * i;
  float a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5],
        a6 = a[6], a7 = a[7], a8 = a[8];
  float c0 = a4 * a8 - a5 * a7, c1 = a5 * a6 - a3 * a8, c2 = a3 * a7 - a4 * a6;
  float d = 1.0f / (a0 * c0 + a1 * c1 + a2 * c2);
  float *o = inv + 9 * i;
  o[0] = c0 * d;
  o[1] = (a2 * a7 - a1 * a8) * d;
  o[2] = (a1 * a5 - a2 * a4) * d;
  o[3] = c1 * d;
  o[4] = (a0 * a8 - a2 * a6) * d;
  o[5] = (a2 * a3 - a0 * a5) * d;
  o[6] = c2 * d;
  o[7] = (a1 * a6 - a0 * a7) * d;
  o[8] = (a0 * a4 - a1 * a3) * d;
}

__global__ void black_scholes(const float *S, const float *K, const float *T,
                              float *call, float r, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = S[i], k = K[i], t = T[i], sq = sqrtf(t);
  float d1 = (logf(s / k) + (r + 0.5f * v * v) * t) / (v * sq);
  float d2 = d1 - v * sq;
  float n1 = 0.5f * erfcf(-d1 * 0.70710678f);
  float n2 = 0.5f * erfcf(-d2 * 0.70710678f);
  call[i] = s * n1 - k * expf(-r * t) * n2;
}

__global__ void stencil1d_double(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 4;
  if (i >= n - 4)
    return;
  double s = 0;
#pragma unroll
  for (int k = -4; k <= 4; ++k)
    s += in[i + k] * (k == 0 ? 0.5 : 0.0625);
  out[i] = s;
}

__global__ void particles(float3 *pos, float3 *vel, const float3 *force,
                          float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 p = pos[i], v = vel[i], f = force[i];
  v.x += f.x * dt;
  v.y += f.y * dt;
  v.z += f.z * dt;
  p.x += v.x * dt;
  p.y += v.y * dt;
  p.z += v.z * dt;
  pos[i] = p;
  vel[i] = v;
}

__global__ void sobel(const unsigned char *img, unsigned char *edges, int w,
                      int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
    return;
  const unsigned char *p = img + y * w + x;
  int gx = -p[-w - 1] - 2 * p[-1] - p[w - 1] + p[-w + 1] + 2 * p[1] + p[w + 1];
  int gy = -p[-w - 1] - 2 * p[-w] - p[-w + 1] + p[w - 1] + 2 * p[w] + p[w + 1];
  edges[y * w + x] = min(255, abs(gx) + abs(gy));
}

__global__ void histogram64(const int *data, unsigned long long *bins, int n,
                            int nbins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % nbins], 1ull);
}
