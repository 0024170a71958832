// A minimal stand-in for the CUDA runtime headers, so tests compile device
// code with -nocudainc -nocudalib and need no CUDA SDK. threadIdx, blockIdx,
// blockDim, gridDim and warpSize come from clang's own resource header.
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

// What clang's host-side kernel stubs call; declared so that host-side
// compiles (host-silence tests) need no CUDA runtime either.
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
struct dim3 {
  unsigned x, y, z;
};
extern "C" cudaError_t cudaLaunchKernel(const void *Func, dim3 Grid,
                                        dim3 Block, void **Args,
                                        __SIZE_TYPE__ SharedMem,
                                        cudaStream_t Stream);
#endif
