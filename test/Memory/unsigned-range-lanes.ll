; An unsigned comparison as a range of lanes (docs/memory.md, "Active
; lanes"): clang folds t >= 8 && t < 24 into (t - 8) u< 16, which holds for
; 0 <= t - 8 < 16, not for every t - 8 < 16 (a negative t - 8 is a large
; unsigned number); (t - 8) u> 15 holds for the rest. With a negative
; bound, a u< c holds for a >= 0 or a < c: clang folds t < 8 || t >= 24
; into (t - 24) u< -16.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; l = tid.x % 32 is the lane: 0 <= l - 8 < 16 holds for lanes 8..23, 16 of
; 32 (24 if read as l - 8 < 16 alone); they store floats 8..23 of the warp's
; 128 bytes: bytes 32..95, 2 sectors.
; CHECK-LABEL: kernel mask on a100-pcie-40gb
; CHECK: line ? store to %p: global store 4 B, pattern unit, stride 4 B, lanes 16, sectors 2/2,
; CHECK-DAG: branch %entry -> %then: active lanes 16 of 32
; CHECK-DAG: branch %entry -> %exit: active lanes 16 of 32
define ptx_kernel void @mask(ptr addrspace(1) %b) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = and i32 %tx, 31
  %s = add nsw i32 %l, -8
  %c = icmp ult i32 %s, 16
  br i1 %c, label %then, label %exit

then:
  %x = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %b, i64 %x
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

; (l - 8) u> 15: l - 8 < 0 or l - 8 > 15, lanes 0..7 and 24..31, 16 of 32
; (8 if read as l - 8 > 15 alone); bytes 0..31 and 96..127: 2 sectors.
; CHECK-LABEL: kernel outside on a100-pcie-40gb
; CHECK: line ? store to %p: global store 4 B, pattern unit, stride 4 B, lanes 16, sectors 2/2,
; CHECK-DAG: branch %entry -> %then: active lanes 16 of 32
; CHECK-DAG: branch %entry -> %exit: active lanes 16 of 32
define ptx_kernel void @outside(ptr addrspace(1) %b) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = and i32 %tx, 31
  %s = add nsw i32 %l, -8
  %c = icmp ugt i32 %s, 15
  br i1 %c, label %then, label %exit

then:
  %x = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %b, i64 %x
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

; The block unknown: lane l has tid.x(lane 0) + l, so the lanes are no mask
; and the test is read as tid.x + l - 8 < 16 alone (a comparison the
; branches nested in it and && / || can still use): l < 24 - tid.x,
; max(0, min(32, 24 - tid.x)), 24 in the first warp where 16 run.
; CHECK-LABEL: kernel symbolic on a100-pcie-40gb
; CHECK-DAG: branch %entry -> %then: active lanes max(0, min(32, 24 - tid.x)) of 32
; CHECK-DAG: branch %entry -> %exit: active lanes min(0, max(-32, tid.x - 24)) + 32 of 32
define ptx_kernel void @symbolic(ptr addrspace(1) %b) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = add nsw i32 %tx, -8
  %c = icmp ult i32 %s, 16
  br i1 %c, label %then, label %exit

then:
  %x = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %b, i64 %x
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

; (l - 24) u< -16: l - 24 >= 0 (lanes 24..31) or l - 24 < -16 (lanes 0..7),
; 16 of 32 (0 if read as l - 24 < -16 and l - 24 >= 0, 8 as l - 24 < -16
; alone); bytes 0..31 and 96..127: 2 sectors.
; CHECK-LABEL: kernel negative on a100-pcie-40gb
; CHECK: line ? store to %p: global store 4 B, pattern unit, stride 4 B, lanes 16, sectors 2/2,
; CHECK-DAG: branch %entry -> %then: active lanes 16 of 32
; CHECK-DAG: branch %entry -> %exit: active lanes 16 of 32
define ptx_kernel void @negative(ptr addrspace(1) %b) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = and i32 %tx, 31
  %s = add nsw i32 %l, -24
  %c = icmp ult i32 %s, -16
  br i1 %c, label %then, label %exit

then:
  %x = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %b, i64 %x
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}
