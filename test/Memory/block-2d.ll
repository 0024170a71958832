; A 2-D block of 16 x 16 threads ("nvvm.reqntid"="16,16,1"): a warp spans
; two rows, lane l has tid.x = l % 16 and tid.y = tid.y(lane 0) + l / 16
; (docs/memory.md, "The warp"). Sectors are 32 bytes, lines 128 bytes.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

; CHECK-LABEL: kernel rows on a100-pcie-40gb
; CHECK-NEXT: block 16x16x1 (nvvm.reqntid), 4 accesses
; CHECK-NOT: assumed: block shape
define ptx_kernel void @rows(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n, i32 %m) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %bx = shl nsw i32 %cx, 4
  %x = add nsw i32 %bx, %tx
  %by = shl nsw i32 %cy, 4
  %y = add nsw i32 %by, %ty
  ; a[y * 1024 + x]: two rows of 16 floats, 4096 bytes apart: 2 sectors per
  ; row = 4 sectors, 2 lines; 128 distinct bytes need 4 sectors, 1 line:
  ; factor 4 / 4 = 1 (sector-coalesced, lines 2/1). Lane 0's address is a
  ; multiple of 64 (4 * 16 * ctaid.x), not known modulo 128: assumed to
  ; start a line. The rows are a multiple of 128 B apart: their words fall in
  ; the same 16 banks of the L1's data array, 2-way, 2 wavefronts.
  ; CHECK: line ? %v: global load 4 B, pattern unit, stride 4 B, row stride 4096 B, lanes 32, sectors 4/4, lines 2/1, factor 1, transferred 4 B, uncoalesced 0 B, L1 bank conflicts 2-way (2 wavefronts); {{.*}}assumed: the alignment of the warp's first address is not known
  %yr = shl nsw i32 %y, 10
  %o = add nsw i32 %yr, %x
  %ox = sext i32 %o to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ox
  %v = load float, ptr addrspace(1) %p, align 4
  ; The transposed read a[x * 1024 + y]: lanes l and l + 16 read adjacent
  ; words (4 bytes apart), lanes l and l + 1 are 4096 bytes apart: 16
  ; sectors, 16 lines; 128 distinct bytes need 4 and 1: factor 16 / 4 = 4.
  ; In the L1's banks: lanes l < 16 all in bank 0 (16 words), l >= 16 in
  ; bank 1: 16-way, 16 wavefronts.
  ; CHECK: line ? %t: global load 4 B, pattern strided, stride 4096 B, row stride 4 B, lanes 32, sectors 16/4, lines 16/1, factor 4, transferred 16 B, uncoalesced 4 B, L1 bank conflicts 16-way (16 wavefronts);
  %xr = shl nsw i32 %x, 10
  %ot = add nsw i32 %xr, %y
  %otx = sext i32 %ot to i64
  %pt = getelementptr inbounds float, ptr addrspace(1) %a, i64 %otx
  %t = load float, ptr addrspace(1) %pt, align 4
  ; b[tid.y * 16 + tid.x]: the two rows are contiguous: 128 bytes, 4
  ; sectors, 1 line: factor 1, row stride 64 bytes.
  ; CHECK: line ? %d: global load 4 B, pattern unit, stride 4 B, row stride 64 B, lanes 32, sectors 4/4, lines 1/1, factor 1,
  %tyr = shl nsw i32 %ty, 4
  %od = add nsw i32 %tyr, %tx
  %odx = zext i32 %od to i64
  %pd = getelementptr inbounds float, ptr addrspace(1) %b, i64 %odx
  %d = load float, ptr addrspace(1) %pd, align 4
  %inx = icmp slt i32 %x, %n
  %iny = icmp slt i32 %y, %m
  %in = and i1 %inx, %iny
  ; CHECK: line ? store to %p: global store 4 B, pattern unit, stride 4 B, row stride 4096 B, lanes 32, sectors 4/4, lines 2/1, factor 1,
  ; (accesses print first, then the branches)
  ; if (x < n && y < m): lanes split by row r = 0, 1 (y = y(lane 0) + r);
  ; in each row x = 16 * ctaid.x + j, j = 0..15, passes while j < n - 16 *
  ; ctaid.x: max(0, min(16, n - 16 * ctaid.x)) lanes, kept when
  ; y(lane 0) + r < m: max(0, min(1, m - 16 * ctaid.y - tid.y - r)). The
  ; canonical form writes each product as (-A) * (-B) with -max(0, min(16,
  ; X)) = min(0, max(-16, -X)).
  ; CHECK: branch %entry -> %exit: active lanes 32 - min(0, max(-16, 16 * ctaid.x - n)) * min(0, max(-1, 16 * ctaid.y - m + tid.y)) - min(0, max(-16, 16 * ctaid.x - n)) * min(0, max(-1, 16 * ctaid.y - m + tid.y + 1)) of 32
  ; CHECK: branch %entry -> %then: active lanes min(0, max(-16, 16 * ctaid.x - n)) * min(0, max(-1, 16 * ctaid.y - m + tid.y)) + min(0, max(-16, 16 * ctaid.x - n)) * min(0, max(-1, 16 * ctaid.y - m + tid.y + 1)) of 32
  br i1 %in, label %then, label %exit

then:
  %s = fadd float %v, %t
  %s2 = fadd float %s, %d
  store float %s2, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

attributes #0 = { "nvvm.reqntid"="16,16,1" }
