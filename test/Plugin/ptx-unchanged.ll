; The plugin never changes the code: the PTX llc makes from the annotated IR
; is byte for byte the PTX of the original.
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.orig.ptx
; RUN: %opt_ktime -passes=kernel-time %s -o %t.bc
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.bc -o %t.ktime.ptx
; RUN: diff %t.orig.ptx %t.ktime.ptx
; And the annotation did happen:
; RUN: llvm-dis %t.bc -o - | FileCheck %s
; CHECK: !{!"ktime.trip", !"max(0, n)"}

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sum(i32 %n, ptr %x, ptr %out) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %idx = zext nneg i32 %k to i64
  %p = getelementptr inbounds float, ptr %x, i64 %idx
  %v = load float, ptr %p, align 4
  %s.next = fadd float %s, %v
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp eq i32 %k.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  store float %r, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.mustprogress"}
!2 = !{!"llvm.loop.unroll.disable"}
