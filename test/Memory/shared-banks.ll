; Shared-memory bank conflicts (docs/memory.md). a100-pcie-40gb:
; memory.shared.banks 32, bank_width_bytes 4, so bank = (address / 4) % 32
; and a phase serves 32 x 4 = 128 bytes: 32 lanes of 4 bytes, 16 of 8, 8
; of 16. The degree is the most distinct 4-byte words one bank holds in a
; phase (the same word twice is a broadcast); the wavefronts sum the phases'
; degrees. The block is 32 x 32 ("nvvm.reqntid"), so a warp is one row:
; lane l has tid.x = l and lane 0's tid.y.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x [33 x float]] undef, align 4
@tile2 = internal addrspace(3) global [32 x [32 x float]] undef, align 4
@dbl = internal addrspace(3) global [128 x double] undef, align 8
@vec = internal addrspace(3) global [128 x <4 x float>] undef, align 16

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: kernel banks on a100-pcie-40gb
define ptx_kernel void @banks(ptr addrspace(1) %out) #0 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  ; tile[ty][tx] = ...: words 33 ty + l, consecutive: 32 banks once: 1.
  ; CHECK: line ? store to %st: shared store 4 B, pattern unit, stride 4 B, lanes 32, bank conflicts 1-way (1 wavefront);
  %st = getelementptr inbounds [32 x [33 x float]], ptr addrspace(3) @tile, i64 0, i64 %y, i64 %x
  store float 1.0, ptr addrspace(3) %st, align 4
  ; tile2[ty][tx] = ...: words 32 ty + l: 1.
  ; CHECK: line ? store to %st2: shared store 4 B, pattern unit, stride 4 B, lanes 32, bank conflicts 1-way (1 wavefront);
  %st2 = getelementptr inbounds [32 x [32 x float]], ptr addrspace(3) @tile2, i64 0, i64 %y, i64 %x
  store float 1.0, ptr addrspace(3) %st2, align 4
  call void @llvm.nvvm.barrier0()
  ; The padded transpose read tile[tx][ty]: word 33 l + ty, bank (33 l +
  ; ty) % 32 = (l + ty) % 32: 32 different banks: 1.
  ; CHECK: line ? %p: shared load 4 B, pattern strided, stride 132 B, lanes 32, bank conflicts 1-way (1 wavefront);
  %pt = getelementptr inbounds [32 x [33 x float]], ptr addrspace(3) @tile, i64 0, i64 %x, i64 %y
  %p = load float, ptr addrspace(3) %pt, align 4
  ; Unpadded tile2[tx][ty]: word 32 l + ty, bank ty for every lane, 32
  ; distinct words: 32-way, 32 wavefronts.
  ; CHECK: line ? %u: shared load 4 B, pattern strided, stride 128 B, lanes 32, bank conflicts 32-way (32 wavefronts);
  %ut = getelementptr inbounds [32 x [32 x float]], ptr addrspace(3) @tile2, i64 0, i64 %x, i64 %y
  %u = load float, ptr addrspace(3) %ut, align 4
  ; tile2[0][2 tx]: words 2 l, bank 2 l % 32: lanes l and l + 16 share a
  ; bank with different words: 2-way.
  ; CHECK: line ? %two: shared load 4 B, pattern strided, stride 8 B, lanes 32, bank conflicts 2-way (2 wavefronts);
  %x2 = shl nuw nsw i64 %x, 1
  %tp = getelementptr inbounds float, ptr addrspace(3) @tile2, i64 %x2
  %two = load float, ptr addrspace(3) %tp, align 4
  ; tile2[0][0]: one word for all lanes, a broadcast: 1.
  ; CHECK: line ? %b: shared load 4 B, pattern broadcast, stride 0 B, lanes 32, bank conflicts 1-way (1 wavefront);
  %b = load float, ptr addrspace(3) @tile2, align 4
  ; double dbl[tx]: 8 bytes a lane, 16 lanes a phase, each phase's words
  ; 0..31 fill the banks once: 1-way, 2 phases = 2 wavefronts.
  ; CHECK: line ? %d: shared load 8 B, pattern unit, stride 8 B, lanes 32, bank conflicts 1-way (2 wavefronts);
  %dp = getelementptr inbounds [128 x double], ptr addrspace(3) @dbl, i64 0, i64 %x
  %d = load double, ptr addrspace(3) %dp, align 8
  ; dbl[2 tx]: words 4 l and 4 l + 1; in a phase of 16 lanes, lanes l and
  ; l + 8 hit the same banks: 2-way, 2 phases x 2 = 4 wavefronts.
  ; CHECK: line ? %d2: shared load 8 B, pattern strided, stride 16 B, lanes 32, bank conflicts 2-way (4 wavefronts);
  %dp2 = getelementptr inbounds [128 x double], ptr addrspace(3) @dbl, i64 0, i64 %x2
  %d2 = load double, ptr addrspace(3) %dp2, align 8
  ; float4 vec[tx]: 8 lanes a phase, 4 phases, each conflict-free: 1-way,
  ; 4 wavefronts.
  ; CHECK: line ? %v: shared load 16 B, pattern unit, stride 16 B, lanes 32, bank conflicts 1-way (4 wavefronts);
  %vp = getelementptr inbounds [128 x <4 x float>], ptr addrspace(3) @vec, i64 0, i64 %x
  %v = load <4 x float>, ptr addrspace(3) %vp, align 16
  %e = extractelement <4 x float> %v, i32 0
  %s1 = fadd float %p, %u
  %s2 = fadd float %s1, %two
  %s3 = fadd float %s2, %b
  %s4 = fadd float %s3, %e
  %df = fptrunc double %d to float
  %s5 = fadd float %s4, %df
  %df2 = fptrunc double %d2 to float
  %s6 = fadd float %s5, %df2
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x
  store float %s6, ptr addrspace(1) %po, align 4
  ret void
}

attributes #0 = { "nvvm.reqntid"="32,32,1" }
