; A warp runs a device function that survived inlining before it issues
; anything after the call: a call's time is on the path of every later
; instruction of its block, and the block waits for it even when it
; returns nothing. Two calls with no data between them run one after the
; other, not side by side (docs/model.md, "A basic block").
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s \
; RUN:   | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; a100: fmul, int.add, icmp lat 4, del 2; branch lat 4, del 1; a store
; lat 19 (nobody waits for it), del 4; the call instruction lat 4, del 1.
; powi (test/Thread/device-function-computed-arg.ll derives it):
;   P = time(powi) = max(4, 7 n + 4, 8 n + 4), delay 7 n + 4 (n >= 0).
; powv calls powi (lat P + 4, del 7 n + 5), stores its result (del 4) and
; returns (del 1): time max(P + 4, 7 n + 10) = max(10, 7 n + 10, 8 n + 8),
; delay 7 n + 10.
; CHECK-LABEL: kernel one
; one: the call to powv, lat time(powv) + 4 = max(14, 7 n + 14, 8 n + 12),
; del 7 n + 11. It returns nothing, and the kernel still waits for it: its
; time is the call's lat (8 n + 12 at large n, above the delay).
; CHECK-NEXT:  gpu: a100-pcie-40gb
; CHECK-NEXT:  time = max(14, 7 * n + 14, 8 * n + 12)
; CHECK-NEXT:  delay = max(0, 7 * n) + 11
define ptx_kernel void @one(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  call void @powv(ptr addrspace(1) %out, float %x, i32 %n)
  ret void
}

; two: the second call starts when the first has returned: time(powv) + 4
; twice, the sum of two maxima; delay 2 (7 n + 11).
; CHECK-LABEL: kernel two
; CHECK-NEXT:  gpu: a100-pcie-40gb
; CHECK-NEXT:  time = max(22, 14 * n + 22, max(10, 7 * n + 10, 8 * n + 8) + max(18, 7 * n + 18, 8 * n + 16))
; CHECK-NEXT:  delay = max(0, 14 * n) + 22
define ptx_kernel void @two(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  call void @powv(ptr addrspace(1) %out, float %x, i32 %n)
  call void @powv(ptr addrspace(1) %out, float %x, i32 %n)
  ret void
}

; tworet: a = powi(x, n) ends at P + 4, b = powi(x, n) starts then and
; ends at 2 P + 8, the fadd of both at 2 P + 12 (16 n + 20 at large n;
; side by side the two calls would give 8 n + 12). Delay 2 (7 n + 5) +
; fadd 2 + store 4 = 14 n + 16.
; CHECK-LABEL: kernel tworet
; CHECK-NEXT:  gpu: a100-pcie-40gb
; CHECK-NEXT:  time = max(20, 14 * n + 20, 16 * n + 20, max(4, 7 * n + 4, 8 * n + 4) + max(12, 7 * n + 12, 8 * n + 12))
; CHECK-NEXT:  delay = max(0, 14 * n) + 16
define ptx_kernel void @tworet(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %a = call float @powi(float %x, i32 %n)
  %b = call float @powi(float %x, i32 %n)
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: device function powv
; CHECK:       time = max(10, 7 * n + 10, 8 * n + 8)
; CHECK-NEXT:  delay = max(0, 7 * n) + 10
define void @powv(ptr addrspace(1) %out, float %x, i32 %n) #1 {
entry:
  %r = call float @powi(float %x, i32 %n)
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define float @powi(float %x, i32 %n) #1 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 1.0, %entry ], [ %acc.next, %loop ]
  %acc.next = fmul float %acc, %x
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 1.0, %entry ], [ %acc.next, %loop ]
  ret float %r
}

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { noinline "target-cpu"="sm_80" }
