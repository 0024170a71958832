; Local memory (docs/memory.md): a thread's local array is private, and the
; hardware interleaves the threads' words (word w of lane l at byte (32 w +
; l) x 4), so every lane using the same index is a unit-stride request and
; different indices scatter. Footprints are per thread, times the threads.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: kernel priv on a100-pcie-40gb
define ptx_kernel void @priv(ptr addrspace(1) %out, i32 %k) #0 {
  %t = alloca [8 x float], align 4
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ; t[k]: one index for all lanes: words (32 k + l) x 4, 128 contiguous
  ; bytes: 4 sectors, as 32 x 4 bytes need: factor 1. Each thread touches
  ; its own 4 bytes: 4 x 64 threads = 256 B a block.
  ; CHECK: line ? store to %pk: local store 4 B, pattern broadcast, stride 0 B, lanes 32, sectors 4/4, lines 1/1, factor 1, {{.*}}; reuse: requested 256 B/block, unique 256 B/block, grid 256 * nctaid.x * nctaid.y * nctaid.z B
  %kx = sext i32 %k to i64
  %pk = getelementptr inbounds [8 x float], ptr %t, i64 0, i64 %kx
  store float 1.0, ptr %pk, align 4
  ; t[tid.x % 8]: lane l uses word l % 8, at (32 (l % 8) + l) x 4: lanes
  ; l and l + 8 are 32 x 4 + 8 x 4 = 160 bytes apart, every lane in its own
  ; sector: 32 against 4: factor 8.
  ; CHECK: line ? %v: local load 4 B, pattern mixed, lanes 32, sectors 32/4, lines 8/1, factor 8, transferred 32 B, uncoalesced 4 B;
  %r = and i32 %tx, 7
  %rx = zext i32 %r to i64
  %pr = getelementptr inbounds [8 x float], ptr %t, i64 0, i64 %rx
  %v = load float, ptr %pr, align 4
  %ox = zext i32 %tx to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ox
  store float %v, ptr addrspace(1) %po, align 4
  ret void
}

attributes #0 = { "nvvm.reqntid"="64,1,1" }
