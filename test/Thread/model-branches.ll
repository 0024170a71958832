; A uniform and a divergent branch. A branch on a kernel parameter is
; uniform: the warp takes one side, costed as the longer side for lat, del
; and barriers each. A branch on tid.x is divergent: the warp runs both
; sides one after the other, so both are summed.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; The two sides, the same in both kernels (a100: fp32.* lat 4, del 2;
; ldst del 4, stores not waited for; offsets folded: free):
;   then: 4 dependent fp32 ops (lat 4 x 4 = 16, del 8) and `br label %join`
;         where join is not the next block: bra, branch lat 4 (void, not
;         waited for), del 1 -> lat 16, del 9
;   else: 3 independent fp32 ops, 2 stores; falls through to join (free)
;         -> lat 4, del 3 x 2 + 2 x 4 = 14
;   join: phi (free), one store (del 4): lat 0, del 4
;
; uniform: entry = setp (int.add lat 4, del 2), @p bra (then is next: one
; branch, del 1): lat 4, del 3.
;   lat = 4 + max(16, 4) + 0 = 20
;   del = 3 + max(9, 14) + 4 = 21 (the longest lat and del are on different
;         sides: an upper bound, docs/model.md)
;   time = max(20, 21) = 21
; CHECK-LABEL: kernel uniform
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 21
; CHECK-NEXT:    delay = 21
define ptx_kernel void @uniform(i32 %n, float %a, ptr %out) #0 {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %else
then:
  %t1 = fmul float %a, %a
  %t2 = fadd float %t1, %a
  %t3 = fmul float %t2, %a
  %t4 = fadd float %t3, %a
  br label %join
else:
  %e0 = fmul float %a, 3.0
  %e1 = fadd float %a, 1.0
  %e2 = fmul float %a, 5.0
  %q1 = getelementptr inbounds float, ptr %out, i64 1
  %q2 = getelementptr inbounds float, ptr %out, i64 2
  store float %e1, ptr %q1, align 4
  store float %e2, ptr %q2, align 4
  br label %join
join:
  %r = phi float [ %t4, %then ], [ %e0, %else ]
  store float %r, ptr %out, align 4
  ret void
}

; divergent: entry = tid.x (S2R, special_reg lat 4, del 2) -> setp (lat 4,
; del 2), @p bra (del 1): lat 8, del 5.
;   lat = 8 + (16 + 4) + 0 = 28
;   del = 5 + (9 + 14) + 4 = 32
;   time = max(28, 32) = 32
; CHECK-LABEL: kernel divergent
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 32
; CHECK-NEXT:    delay = 32
define ptx_kernel void @divergent(i32 %n, float %a, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %t1 = fmul float %a, %a
  %t2 = fadd float %t1, %a
  %t3 = fmul float %t2, %a
  %t4 = fadd float %t3, %a
  br label %join
else:
  %e0 = fmul float %a, 3.0
  %e1 = fadd float %a, 1.0
  %e2 = fmul float %a, 5.0
  %q1 = getelementptr inbounds float, ptr %out, i64 1
  %q2 = getelementptr inbounds float, ptr %out, i64 2
  store float %e1, ptr %q1, align 4
  store float %e2, ptr %q2, align 4
  br label %join
join:
  %r = phi float [ %t4, %then ], [ %e0, %else ]
  store float %r, ptr %out, align 4
  ret void
}

; The same shapes inside a loop, where print<kernel-time> shows lat and del
; per iteration separately. for (i = 0; i < 32; ++i), rotated: trip 32.
; header: setp (lat 4, del 2), @p bra (then is next: del 1): lat 4, del 3
; then: 4 dependent fp32 ops on acc (lat 16, del 8), bra to latch (del 1):
;   lat 16, del 9
; else: one fmul (lat 4, del 2), falls through: lat 4, del 2
; latch: phi free, add -> setp (lat 8, del 4), @p bra (exit next, del 1):
;   lat 8, del 5
; uniform (i < n, n a parameter):
;   lat = 4 + max(16, 4) + 8 = 28, del = 3 + max(9, 2) + 5 = 17
;   time = 32 x max(28, 17) = 896
;   kernel: entry free, exit store (del 4): delay = 32 x 17 + 4 = 548,
;   time = max(896, 548) = 896
; CHECK-LABEL: kernel uniform_in_loop
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 896
; CHECK-NEXT:    delay = 548
; CHECK:         loop1: trip = 32, lat = 28, del = 17 per iteration, time = 896
define ptx_kernel void @uniform_in_loop(i32 %n, float %a, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ %a, %entry ], [ %r, %latch ]
  %c = icmp ult i32 %i, %n
  br i1 %c, label %then, label %else
then:
  %t1 = fmul float %acc, %a
  %t2 = fadd float %t1, %a
  %t3 = fmul float %t2, %a
  %t4 = fadd float %t3, %a
  br label %latch
else:
  %e0 = fmul float %acc, 3.0
  br label %latch
latch:
  %r = phi float [ %t4, %then ], [ %e0, %else ]
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp ult i32 %i.next, 32
  br i1 %ci, label %loop, label %exit
exit:
  store float %r, ptr %out, align 4
  ret void
}

; divergent (i < tid.x): both sides, then the latch (the post-dominator):
;   lat = 4 + (16 + 4) + 8 = 32, del = 3 + (9 + 2) + 5 = 19
;   time = 32 x max(32, 19) = 1024
;   kernel: entry tid.x (special_reg lat 4, del 2), exit store (del 4):
;   lat = 4 + 1024 = 1028, delay = 2 + 32 x 19 + 4 = 614, time = 1028
; CHECK-LABEL: kernel divergent_in_loop
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 1028
; CHECK-NEXT:    delay = 614
; CHECK:         loop1: trip = 32, lat = 32, del = 19 per iteration, time = 1024
define ptx_kernel void @divergent_in_loop(i32 %n, float %a, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ %a, %entry ], [ %r, %latch ]
  %c = icmp ult i32 %i, %tid
  br i1 %c, label %then, label %else
then:
  %t1 = fmul float %acc, %a
  %t2 = fadd float %t1, %a
  %t3 = fmul float %t2, %a
  %t4 = fadd float %t3, %a
  br label %latch
else:
  %e0 = fmul float %acc, 3.0
  br label %latch
latch:
  %r = phi float [ %t4, %then ], [ %e0, %else ]
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp ult i32 %i.next, 32
  br i1 %ci, label %loop, label %exit
exit:
  store float %r, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_80" }
