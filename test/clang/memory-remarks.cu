// Access remarks end to end: clang compiles CUDA device code with the plugin
// and an Access remark points at the line of each uncoalesced global access
// and each bank-conflicted shared access, saying by how much (docs/memory.md).
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{remark: .*(bank|uncoalesced)}}'
// (No other remark says bank or uncoalesced; the pattern starts at
// "remark:" because the source's path before it may contain the words.)
// At -O0 the canonicalised clone gives the same remarks at the same lines:
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{remark: .*(bank|uncoalesced)}}'
// The numbers are remark arguments in -fsave-optimization-record files:
// RUN: rm -rf %t && mkdir -p %t
// RUN: cd %S && %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -fsave-optimization-record -o %t/f.s memory-remarks.cu
// RUN: FileCheck %s --check-prefix=YAML --input-file=%t/f.opt.yaml

// With i = blockIdx.x * blockDim.x + threadIdx.x, lanes of a warp read
// in[32 i] 128 bytes apart: each lane its own 32-byte sector, 32 sectors
// where 32 x 4 bytes need 4: factor 8; from L1 (sm_80's default target
// caches it and gives the tag rate), all 32 lanes in bank 0 of its data
// array: 32-way, 32 wavefronts. out[i] is unit stride: no remark.
__global__ void stride32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: memory-remarks.cu:[[@LINE+1]]:12: remark: global load is uncoalesced: a warp touches 32 sectors where 4 would do (factor 8, stride 128 bytes; L1 data array: 32-way bank conflicts, 32 wavefronts) [-Rpass-analysis=kernel-time]
  out[i] = in[32 * i];
}

// YAML:      Name: Access
// YAML-NEXT: DebugLoc: { File: memory-remarks.cu, Line: [[#@LINE-4]], Column: 12 }
// YAML-NEXT: Function: _Z8stride32PKfPf
// YAML-NEXT: Args:
// YAML-NEXT:   - String: global
// YAML-NEXT:   - String: ' '
// YAML-NEXT:   - String: load
// YAML-NEXT:   - String: ' is uncoalesced: a warp touches '
// YAML-NEXT:   - Sectors: '32'
// YAML-NEXT:   - String: ' sectors where '
// YAML-NEXT:   - MinSectors: '4'
// YAML-NEXT:   - String: ' would do (factor '
// YAML-NEXT:   - Factor: '8'
// YAML-NEXT:   - String: ', stride '
// YAML-NEXT:   - StrideBytes: '128'
// YAML-NEXT:   - String: ' bytes'
// YAML-NEXT:   - String: '; L1 data array: '
// YAML-NEXT:   - L1Degree: '32'
// YAML-NEXT:   - String: '-way bank conflicts, '
// YAML-NEXT:   - L1Wavefronts: '32'

// A 32 x 32 tile: tile[threadIdx.x][threadIdx.y] reads words 32 l + ty, all
// in bank ty: 32 distinct words in one bank, 32-way. The padded tile
// [32][33] reads words 33 l + ty, banks (l + ty) % 32, all different: no
// remark; the row-wise writes and the global accesses are coalesced.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  __shared__ float padded[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 1024 + x];
  padded[threadIdx.y][threadIdx.x] = in[y * 1024 + x];
  __syncthreads();
  // CHECK: memory-remarks.cu:[[@LINE+1]]:23: remark: shared load has 32-way bank conflicts (a warp's request takes 32 wavefronts, stride 128 bytes) [-Rpass-analysis=kernel-time]
  out[y * 1024 + x] = tile[threadIdx.x][threadIdx.y] +
                      padded[threadIdx.x][threadIdx.y];
}

// YAML:      Name: Access
// YAML-NEXT: DebugLoc: { File: memory-remarks.cu, Line: [[#@LINE-5]], Column: 23 }
// YAML:        - Degree: '32'
// YAML:        - Wavefronts: '32'

// A row per thread, unrolled 4 times: the four copies of m[r * 64 + c]
// (lanes 64 floats = 256 bytes apart: 32 sectors, factor 8; all in bank 0
// of the L1: 32-way) share one source position and get one remark.
__global__ void rows(const float *m, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll 4
  for (int c = 0; c < 64; ++c)
    // CHECK: memory-remarks.cu:[[@LINE+1]]:10: remark: global load is uncoalesced: a warp touches 32 sectors where 4 would do (factor 8, stride 256 bytes; L1 data array: 32-way bank conflicts, 32 wavefronts) [-Rpass-analysis=kernel-time]
    s += m[r * 64 + c];
  out[r] = s;
}
