; print<kernel-time-maxplus<...>> parameters: threads=N, executors=n,
; unroll=LIMIT and SYMBOL=VALUE bindings; a bad parameter is an error that
; names it, and opt rejects the pipeline. Host modules print nothing.
; RUN: not %opt_ktime -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<threads=many>>' 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NAN
; NAN: error: KernelTime: print<kernel-time-maxplus<threads=many>>: parameter 'threads=many': expected NAME=NUMBER
; RUN: not %opt_ktime -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<executors=0>>' 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ZERO
; ZERO: parameter 'executors=0': expected a positive integer
; RUN: not %opt_ktime -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<=3>>' 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOKEY
; NOKEY: parameter '=3': expected NAME=NUMBER
; RUN: %opt_ktime -disable-output %S/../Plugin/host-silent.ll \
; RUN:   -passes='print<kernel-time-maxplus>' | count 0
;
; With N = 1000 threads and no executors given, n is the GPU's resident
; threads, sm.count x limits.threads_per_sm = 108 x 2048 = 221184, but at
; most N: n = 1000, ceil(N / n) = 1. unroll=2 leaves the 4-iteration loop
; to the cycle-mean form: t + 4 + 3 x 4 = lat.global + 16 = 588.2 (the
; unrolled value too: every sum adds 4 after the loads' t), with a note;
; lat.global=600 binds the symbol: 600 + 16 + 19 = 635.
; RUN: %opt_ktime -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<threads=1000;unroll=2;lat.global=600>>' \
; RUN:   | FileCheck %s
; CHECK:      variant ops: instance = lat.global + 35 = 635 cycles, height 2, 1 fragment
; CHECK-NEXT:   n = 1000 executors (N (the launch is smaller than the GPU))
; CHECK-NEXT:   total = ceil(1000 / 1000) x instance = 635 cycles
; CHECK:          loop = lat.global + 16 = 616 (cycle mean x trip)
; CHECK:        assumption: loop loop1: trip count 4 is above the unrolling limit 2: one iteration plus the cycle mean per further iteration
; RUN: %opt_ktime -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<executors=100000>>' \
; RUN:   | FileCheck %s --check-prefix=NOTHREADS
; NOTHREADS:      n = 100000 executors (option)
; NOTHREADS-NEXT: total = unknown (no thread count N)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sum4(ptr %x, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %idx = zext nneg i32 %i to i64
  %p = getelementptr inbounds float, ptr %x, i64 %idx
  %v = load float, ptr %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 4
  br i1 %c, label %loop, label %exit
exit:
  store float %acc.next, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
