; A launch that binds every argument but divides by one bound to 0 has no
; prediction. The warning says the time cannot be evaluated and gives no hint
; to bind anything: nothing is missing from the spec (docs/usage.md).
; RUN: %opt_ktime -passes=kernel-time -disable-output -ktime-gpu=a100 \
; RUN:   '-ktime-launch=divk:grid=1,block=32,arg1=64,arg2=0' \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s
; CHECK: warning: no prediction for launch 'divk:grid=1,block=32,arg1=64,arg2=0' on a100-pcie-40gb: cannot evaluate {{.*}}(64 / 0){{.*}} (a division by zero?){{$}}
; CHECK-NOT: bind it
;
; Leaving the divisor out asks for it.
; RUN: %opt_ktime -passes=kernel-time -disable-output -ktime-gpu=a100 \
; RUN:   '-ktime-launch=divk:grid=1,block=32,arg1=64' \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s --check-prefix=MISSING
; MISSING: warning: no prediction for launch 'divk:grid=1,block=32,arg1=64' on a100-pcie-40gb: {{.*}}(bind it in the spec: d=N)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @divk(ptr addrspace(1) %out, i32 %n, i32 %d) {
entry:
  %c = sdiv i32 %n, %d
  %any = icmp sgt i32 %c, 0
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i32 %i
  store float 0.0, ptr addrspace(1) %p, align 4
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %c
  br i1 %more, label %loop, label %exit

exit:
  ret void
}
