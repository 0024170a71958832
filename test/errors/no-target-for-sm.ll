; An sm_XX with no target file is a warning remark, not an error: the trip
; counts are still there and the compile succeeds.
; RUN: %opt_ktime -passes=kernel-time -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s --check-prefix=PRINT
; CHECK: remark: <unknown>:0:0: warning: no GPU target for sm_53: no target file in {{.*}} is the default for sm_53; no prediction (name a GPU with -ktime-gpu=NAME)
; CHECK: remark: <unknown>:0:0: loop loop1: trip = 8
; PRINT: gpu: none
; PRINT: loop1: trip = 8

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @eight(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 8
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_53" }
