// A stand-in for the CUDA runtime headers, so tests and users compile device
// code with -nocudainc -nocudalib and need no CUDA SDK: the qualifiers,
// size_t, INFINITY/NAN, the common float and double math functions (as
// calls of libdevice's names), atomics, warp shuffles and votes, fences.
// threadIdx, blockIdx, blockDim, gridDim and warpSize come from clang's own
// resource header. What it lacks (textures, cooperative groups, half
// arithmetic, most intrinsics) needs the SDK (docs/usage.md).
#ifndef KTIME_TEST_CUDA_H
#define KTIME_TEST_CUDA_H
#include <__clang_cuda_builtin_vars.h>

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __syncthreads() __nvvm_barrier_sync(0)
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict

typedef __SIZE_TYPE__ size_t;
#define INFINITY __builtin_huge_valf()
#define NAN __builtin_nanf("")

#define KTIME_DEVICE static __device__ __forceinline__

// Math through libdevice's names, as CUDA's headers call them; with
// -nocudalib they stay declarations, which KernelTime prices like the
// libdevice functions they name (docs/costs.md).
extern "C" {
__device__ float __nv_expf(float);
__device__ float __nv_fast_expf(float);
__device__ float __nv_logf(float);
__device__ float __nv_fast_logf(float);
__device__ float __nv_sinf(float);
__device__ float __nv_cosf(float);
__device__ float __nv_powf(float, float);
__device__ float __nv_sqrtf(float);
__device__ float __nv_rsqrtf(float);
__device__ float __nv_fabsf(float);
__device__ float __nv_fminf(float, float);
__device__ float __nv_fmaxf(float, float);
__device__ float __nv_fast_fdividef(float, float);
__device__ double __nv_exp(double);
__device__ double __nv_log(double);
__device__ double __nv_sqrt(double);
__device__ double __nv_fabs(double);
}
KTIME_DEVICE float expf(float X) { return __nv_expf(X); }
KTIME_DEVICE float __expf(float X) { return __nv_fast_expf(X); }
KTIME_DEVICE float logf(float X) { return __nv_logf(X); }
KTIME_DEVICE float __logf(float X) { return __nv_fast_logf(X); }
KTIME_DEVICE float sinf(float X) { return __nv_sinf(X); }
KTIME_DEVICE float cosf(float X) { return __nv_cosf(X); }
KTIME_DEVICE float powf(float X, float Y) { return __nv_powf(X, Y); }
KTIME_DEVICE float sqrtf(float X) { return __nv_sqrtf(X); }
KTIME_DEVICE float rsqrtf(float X) { return __nv_rsqrtf(X); }
KTIME_DEVICE float fabsf(float X) { return __nv_fabsf(X); }
KTIME_DEVICE float fminf(float X, float Y) { return __nv_fminf(X, Y); }
KTIME_DEVICE float fmaxf(float X, float Y) { return __nv_fmaxf(X, Y); }
KTIME_DEVICE float __fdividef(float X, float Y) {
  return __nv_fast_fdividef(X, Y);
}
KTIME_DEVICE double exp(double X) { return __nv_exp(X); }
KTIME_DEVICE double log(double X) { return __nv_log(X); }
KTIME_DEVICE double sqrt(double X) { return __nv_sqrt(X); }
KTIME_DEVICE double fabs(double X) { return __nv_fabs(X); }
KTIME_DEVICE int min(int X, int Y) { return X < Y ? X : Y; }
KTIME_DEVICE int max(int X, int Y) { return X > Y ? X : Y; }
KTIME_DEVICE unsigned min(unsigned X, unsigned Y) { return X < Y ? X : Y; }
KTIME_DEVICE unsigned max(unsigned X, unsigned Y) { return X > Y ? X : Y; }

// Atomics on generic addresses (global or shared), as CUDA's headers
// define them.
KTIME_DEVICE int atomicAdd(int *P, int V) {
  return __nvvm_atom_add_gen_i(P, V);
}
KTIME_DEVICE unsigned atomicAdd(unsigned *P, unsigned V) {
  return __nvvm_atom_add_gen_i((int *)P, (int)V);
}
KTIME_DEVICE unsigned long long atomicAdd(unsigned long long *P,
                                          unsigned long long V) {
  return __nvvm_atom_add_gen_ll((long long *)P, (long long)V);
}
KTIME_DEVICE float atomicAdd(float *P, float V) {
  return __nvvm_atom_add_gen_f(P, V);
}
KTIME_DEVICE double atomicAdd(double *P, double V) {
  return __nvvm_atom_add_gen_d(P, V);
}
KTIME_DEVICE int atomicSub(int *P, int V) {
  return __nvvm_atom_add_gen_i(P, -V);
}
KTIME_DEVICE int atomicMax(int *P, int V) {
  return __nvvm_atom_max_gen_i(P, V);
}
KTIME_DEVICE int atomicMin(int *P, int V) {
  return __nvvm_atom_min_gen_i(P, V);
}
KTIME_DEVICE unsigned atomicMax(unsigned *P, unsigned V) {
  return __nvvm_atom_max_gen_ui(P, V);
}
KTIME_DEVICE unsigned atomicMin(unsigned *P, unsigned V) {
  return __nvvm_atom_min_gen_ui(P, V);
}
KTIME_DEVICE int atomicExch(int *P, int V) {
  return __nvvm_atom_xchg_gen_i(P, V);
}
KTIME_DEVICE int atomicCAS(int *P, int Compare, int V) {
  return __nvvm_atom_cas_gen_i(P, Compare, V);
}
KTIME_DEVICE int atomicAnd(int *P, int V) {
  return __nvvm_atom_and_gen_i(P, V);
}
KTIME_DEVICE int atomicOr(int *P, int V) { return __nvvm_atom_or_gen_i(P, V); }
KTIME_DEVICE int atomicXor(int *P, int V) {
  return __nvvm_atom_xor_gen_i(P, V);
}
KTIME_DEVICE unsigned atomicInc(unsigned *P, unsigned V) {
  return __nvvm_atom_inc_gen_ui(P, V);
}

// Warp shuffles and votes (the _sync forms of CUDA 9 and later; Width a
// power of two up to 32, as in CUDA).
#define KTIME_SHFL_CLAMP(Width) (((32 - (Width)) << 8) | 0x1f)
KTIME_DEVICE int __shfl_sync(unsigned Mask, int V, int Lane, int Width = 32) {
  return __nvvm_shfl_sync_idx_i32(Mask, V, Lane, KTIME_SHFL_CLAMP(Width));
}
KTIME_DEVICE float __shfl_sync(unsigned Mask, float V, int Lane,
                               int Width = 32) {
  return __nvvm_shfl_sync_idx_f32(Mask, V, Lane, KTIME_SHFL_CLAMP(Width));
}
KTIME_DEVICE int __shfl_down_sync(unsigned Mask, int V, unsigned Delta,
                                  int Width = 32) {
  return __nvvm_shfl_sync_down_i32(Mask, V, Delta, KTIME_SHFL_CLAMP(Width));
}
KTIME_DEVICE float __shfl_down_sync(unsigned Mask, float V, unsigned Delta,
                                    int Width = 32) {
  return __nvvm_shfl_sync_down_f32(Mask, V, Delta, KTIME_SHFL_CLAMP(Width));
}
KTIME_DEVICE int __shfl_up_sync(unsigned Mask, int V, unsigned Delta,
                                int Width = 32) {
  return __nvvm_shfl_sync_up_i32(Mask, V, Delta, (32 - Width) << 8);
}
KTIME_DEVICE float __shfl_up_sync(unsigned Mask, float V, unsigned Delta,
                                  int Width = 32) {
  return __nvvm_shfl_sync_up_f32(Mask, V, Delta, (32 - Width) << 8);
}
KTIME_DEVICE int __shfl_xor_sync(unsigned Mask, int V, int LaneMask,
                                 int Width = 32) {
  return __nvvm_shfl_sync_bfly_i32(Mask, V, LaneMask, KTIME_SHFL_CLAMP(Width));
}
KTIME_DEVICE float __shfl_xor_sync(unsigned Mask, float V, int LaneMask,
                                   int Width = 32) {
  return __nvvm_shfl_sync_bfly_f32(Mask, V, LaneMask, KTIME_SHFL_CLAMP(Width));
}
KTIME_DEVICE unsigned __ballot_sync(unsigned Mask, int Pred) {
  return __nvvm_vote_ballot_sync(Mask, Pred);
}
KTIME_DEVICE int __any_sync(unsigned Mask, int Pred) {
  return __nvvm_vote_any_sync(Mask, Pred);
}
KTIME_DEVICE int __all_sync(unsigned Mask, int Pred) {
  return __nvvm_vote_all_sync(Mask, Pred);
}
KTIME_DEVICE void __syncwarp(unsigned Mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(Mask);
}
KTIME_DEVICE void __threadfence() { __nvvm_membar_gl(); }
KTIME_DEVICE void __threadfence_block() { __nvvm_membar_cta(); }
KTIME_DEVICE int __popc(unsigned X) { return __builtin_popcount(X); }
KTIME_DEVICE unsigned __float_as_uint(float X) {
  return __builtin_bit_cast(unsigned, X);
}
KTIME_DEVICE float __uint_as_float(unsigned X) {
  return __builtin_bit_cast(float, X);
}
KTIME_DEVICE int __float_as_int(float X) { return __builtin_bit_cast(int, X); }
KTIME_DEVICE float __int_as_float(int X) {
  return __builtin_bit_cast(float, X);
}
KTIME_DEVICE int __clz(int X) { return X ? __builtin_clz(X) : 32; }
// Loads through the read-only data cache.
KTIME_DEVICE float __ldg(const float *P) { return __nvvm_ldg_f(P); }

// What clang's host-side kernel stubs call; declared so that host-side
// compiles (host-silence tests) need no CUDA runtime either.
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
struct dim3 {
  unsigned x, y, z;
};
extern "C" cudaError_t cudaLaunchKernel(const void *Func, dim3 Grid, dim3 Block,
                                        void **Args, __SIZE_TYPE__ SharedMem,
                                        cudaStream_t Stream);
#endif
