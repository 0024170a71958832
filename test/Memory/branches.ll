; Active lanes of a warp on each side of a branch (docs/memory.md, "Active
; lanes"), as expressions meant for the warp's first thread (lane 0). The
; block shape is unknown: lane l has tid.x = tid.x(lane 0) + l, and lane 0's
; tid.x is a multiple of 32. An access inside a branch that keeps a known
; set of lanes out is counted for the lanes left.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; if (tid.x % 2) b[tid.x] = 1: the remainder of 32 w + l is l % 2: lanes
; 1, 3, ..., 31 take the branch: 16 of 32 on each side.
; CHECK-LABEL: kernel odd on a100-pcie-40gb
define ptx_kernel void @odd(ptr addrspace(1) %b) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = and i32 %tx, 1
  %c = icmp eq i32 %r, 0
  br i1 %c, label %exit, label %then

then:
  ; 16 lanes store at 4 l for odd l: bytes 4..127 touch 4 sectors; their 64
  ; distinct bytes from 4 need [4, 68): 3 sectors: factor 4/3 = 1.33;
  ; 4 x 32 / 16 = 8 B moved per active thread.
  ; CHECK: line ? store to %p: global store 4 B, pattern unit, stride 4 B, lanes 16, sectors 4/3, lines 1/1, factor 1.33, transferred 8 B, uncoalesced 4 B;
  %x = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %b, i64 %x
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ; CHECK-DAG: branch %entry -> %exit: active lanes 16 of 32
  ; CHECK-DAG: branch %entry -> %then: active lanes 16 of 32
  ret void
}

; if (i < n) with i = ctaid.x * ntid.x + tid.x: lane l passes while
; l < n - i(lane 0): max(0, min(32, n - i)) lanes, all but in the last warp;
; the other side has 32 minus that (printed as min(0, max(-32, i - n)) + 32).
; CHECK-LABEL: kernel guard on a100-pcie-40gb
define ptx_kernel void @guard(ptr addrspace(1) %a, i32 %n) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %then, label %exit

then:
  ; Not a mask known for every lane: all 32 lanes counted.
  ; CHECK: line ? store to %p: global store 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4,
  %ix = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ix
  store float 0.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ; CHECK-DAG: branch %entry -> %then: active lanes max(0, min(32, n - ctaid.x * ntid.x - tid.x)) of 32
  ; CHECK-DAG: branch %entry -> %exit: active lanes min(0, max(-32, ctaid.x * ntid.x - n + tid.x)) + 32 of 32
  ret void
}

; if (tid.x == 0): lane l with tid.x(lane 0) + l == 0 exists only in the
; first warp (tid.x(lane 0) = 0): clamp01(tid.x + 32) - clamp01(tid.x),
; 1 at tid.x = 0 and 0 at 32, 64, ...; if (k > 0) is uniform: 32 lanes or
; none, 32 * clamp01(k), kept as max(0, min(32, 32 * k)).
; CHECK-LABEL: kernel first on a100-pcie-40gb
define ptx_kernel void @first(ptr addrspace(1) %a, i32 %k) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %one, label %next

one:
  store float 0.0, ptr addrspace(1) %a, align 4
  br label %next

next:
  %pos = icmp sgt i32 %k, 0
  br i1 %pos, label %two, label %exit

two:
  store float 1.0, ptr addrspace(1) %a, align 4
  br label %exit

exit:
  ; CHECK-DAG: branch %entry -> %one: active lanes min(0, max(-1, -tid.x)) + max(0, min(1, tid.x + 32)) of 32
  ; CHECK-DAG: branch %next -> %two: active lanes max(0, min(32, 32 * k)) of 32
  ; CHECK-DAG: branch %next -> %exit: active lanes min(0, max(-32, -32 * k)) + 32 of 32
  ret void
}
