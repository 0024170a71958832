; Robustness: a kernel whose "target-cpu" is not an sm_XX KernelTime can
; parse ("gfx90a" from a wrong -mcpu, "sm_" with no number, an sm number
; that overflows). The user did not ask KernelTime for anything here: like
; an sm_XX without a target file (test/errors/no-target-for-sm.ll) it must
; be a NoTarget warning remark and no prediction, the build goes on, and
; the other kernels of the module are still analysed.
;
; An architecture that parseSmArch rejects means no target, with the reason
; in the NoTarget remark.
;
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s
; CHECK-NOT: error:
; CHECK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 10{{(, lat = .*)?$}}
; CHECK: remark: <unknown>:0:0: warning: no GPU target for gfx90a
; CHECK: remark: <unknown>:0:0: warning: no GPU target for sm_
; CHECK: remark: <unknown>:0:0: warning: no GPU target for sm_9000000000000000000000
; CHECK-NOT: error:

target triple = "nvptx64-nvidia-cuda"

; i = 0 .. 9 (the latch tests i + 1 < 10): 10 iterations.
define ptx_kernel void @good(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %a, i32 %i
  store i32 0, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, 10
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define ptx_kernel void @amd(ptr %a) #1 {
  ret void
}

define ptx_kernel void @nonumber(ptr %a) #2 {
  ret void
}

define ptx_kernel void @overflow(ptr %a) #3 {
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { "target-cpu"="gfx90a" }
attributes #2 = { "target-cpu"="sm_" }
attributes #3 = { "target-cpu"="sm_9000000000000000000000" }
