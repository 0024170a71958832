; An address offset by a value computed from tid.y that ScalarEvolution
; cannot express (dedispersion's shift = (dm * step) * shifts[c], a float
; converted to an integer): the value is one for the lanes of a row (same
; tid.y) and unrelated between rows (docs/memory.md, "Values that differ
; only between rows"). Sectors are 32 bytes, lines 128 bytes.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

; 8 x 32 block: a warp spans 4 rows of 8 lanes (tid.x = l % 8,
; tid.y = tid.y0 + l / 8).
; CHECK-LABEL: kernel rows8 on a100-pcie-40gb
; CHECK-NEXT: block 8x32x1 (nvvm.reqntid), 3 accesses
define ptx_kernel void @rows8(ptr addrspace(1) %in, ptr addrspace(1) %shifts, ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ; shifts[0]: every lane the same address: 1 sector of 4 bytes.
  ; CHECK: line ? %s: global load 4 B, pattern broadcast
  %s = load float, ptr addrspace(1) %shifts, align 4
  %tyf = uitofp i32 %ty to float
  %f = fmul float %tyf, %s
  %sh = fptoui float %f to i32
  ; in[tx + sh], 1 byte a lane: each row's 8 lanes read 8 consecutive
  ; bytes, one sector (the row's first address assumed to start a line);
  ; the 4 rows apart: 4 sectors, 4 lines. The 32 bytes asked for need 1
  ; sector and 1 line: factor 4, transferred 4 x 32 / 32 = 4 B a thread,
  ; uncoalesced 1 B.
  ; CHECK: line ? %v: global load 1 B, pattern unit, stride 1 B, {{.*}}lanes 32, sectors 4/1, lines 4/1, factor 4, transferred 4 B, uncoalesced 1 B; {{.*}}the address depends on a value that differs only between rows of the block (%sh): each row's lanes counted together, the rows at unrelated addresses
  %o = add i32 %tx, %sh
  %ox = zext i32 %o to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %ox
  %v = load i8, ptr addrspace(1) %p, align 1
  %vf = uitofp i8 %v to float
  %oo = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %oo
  store float %vf, ptr addrspace(1) %q, align 4
  ret void
}

; 32 x 8 block: a warp is one row, the value one for all its lanes: the 32
; bytes of in[tx + sh] are one sector, factor 1.
; CHECK-LABEL: kernel rows32 on a100-pcie-40gb
; CHECK: line ? %v: global load 1 B, pattern unit, stride 1 B, lanes 32, sectors 1/1, lines 1/1, factor 1, transferred 1 B, uncoalesced 0 B; {{.*}}the address depends on a value that differs only between rows of the block (%sh): the warp is one row, the value one for its lanes
define ptx_kernel void @rows32(ptr addrspace(1) %in, ptr addrspace(1) %shifts, ptr addrspace(1) %out) #1 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %s = load float, ptr addrspace(1) %shifts, align 4
  %tyf = uitofp i32 %ty to float
  %f = fmul float %tyf, %s
  %sh = fptoui float %f to i32
  %o = add i32 %tx, %sh
  %ox = zext i32 %o to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %ox
  %v = load i8, ptr addrspace(1) %p, align 1
  %vf = uitofp i8 %v to float
  %oo = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %oo
  store float %vf, ptr addrspace(1) %q, align 4
  ret void
}

; A value computed from tid.x stays scattered: in[tx * s'] with s' loaded.
; CHECK-LABEL: kernel alongx on a100-pcie-40gb
; CHECK: line ? %v: global load 1 B, pattern irregular, lanes 32, sectors 32/1, {{.*}}lanes assumed scattered
define ptx_kernel void @alongx(ptr addrspace(1) %in, ptr addrspace(1) %shifts, ptr addrspace(1) %out) #1 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = load float, ptr addrspace(1) %shifts, align 4
  %txf = uitofp i32 %tx to float
  %f = fmul float %txf, %s
  %sh = fptoui float %f to i32
  %ox = zext i32 %sh to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %ox
  %v = load i8, ptr addrspace(1) %p, align 1
  %vf = uitofp i8 %v to float
  %oo = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %oo
  store float %vf, ptr addrspace(1) %q, align 4
  ret void
}

; __ldg(p + i) as clang 22 emits it: a generic pointer cast to global. The
; cast moves no lane relative to another: a[tid.x] stays unit-stride, 32
; lanes x 4 B = 4 sectors, 1 line, factor 1 (not "base pointer differs").
; CHECK-LABEL: kernel ldg on a100-pcie-40gb
; CHECK: line ? %v: global load (read-only) 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1, transferred 4 B, uncoalesced 0 B;
define ptx_kernel void @ldg(ptr %in, ptr addrspace(1) %out) #1 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ox = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr %in, i64 %ox
  %g = addrspacecast ptr %p to ptr addrspace(1)
  %v = load float, ptr addrspace(1) %g, align 4, !invariant.load !0
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ox
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

!0 = !{}

attributes #0 = { "nvvm.reqntid"="8,32,1" "target-cpu"="sm_80" }
attributes #1 = { "nvvm.reqntid"="32,8,1" "target-cpu"="sm_80" }
