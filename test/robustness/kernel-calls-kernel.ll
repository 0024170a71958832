; Robustness: IR (not CUDA source) may call a kernel as a function. Without
; launches and access remarks the plugin frees each kernel's copy after its
; report; a kernel that another function of the copy calls keeps its body,
; so the caller's model is the same whether or not remarks are asked for.
; (Both kernels go through the codegen view's copy: @helper computes one
; address twice, @launcher one sum twice.)
;
; RUN: %opt_ktime -passes=kernel-time -S %s -o %t.plain.ll
; RUN: %opt_ktime -passes=kernel-time -pass-remarks-analysis=kernel-time \
; RUN:   -S %s -o %t.remarks.ll 2>/dev/null
; RUN: diff %t.plain.ll %t.remarks.ll
; RUN: FileCheck %s < %t.plain.ll
;
; @launcher's figures are built from @helper's body at the n the call
; passes, 2 n + 2 in @launcher's n (a declaration would give constants:
; time 8, delay 5); the launcher waits for the call, so its time holds
; @helper's load latency. Generated CHECK line (a regression check, not a
; derivation):
; CHECK: !{!"time", !"max(28, 32 * n + 44, max(1, 2 * n + 2) * max(16, lat.global + 8) + 12)", !"delay", !"max(16, 32 * n + 32) + 5", !"barriers", !"0"}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @helper(ptr addrspace(1) %p, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr float, ptr addrspace(1) %p, i32 %i
  %v = load float, ptr addrspace(1) %q
  %q2 = getelementptr float, ptr addrspace(1) %p, i32 %i
  %w = fmul float %v, %v
  store float %w, ptr addrspace(1) %q2
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define ptx_kernel void @launcher(ptr addrspace(1) %p, i32 %n) #0 {
entry:
  %a = add i32 %n, 1
  %b = add i32 %n, 1
  %s = add i32 %a, %b
  call ptx_kernel void @helper(ptr addrspace(1) %p, i32 %s)
  ret void
}

attributes #0 = { "target-cpu"="sm_86" }
