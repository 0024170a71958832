; Loops. A constant trip count is unrolled, as Antonyuk & Mikheev do:
; iteration k's loop-carried values seed iteration k + 1. Any
; other trip count (ours, docs/models/maxplus.md) gives one iteration plus
; (trip - 1) x the maximum cycle mean of the recurrence matrix A(p, q) =
; longest path from carried value q to the next value of p: A's max-plus
; eigenvalue, the growth per iteration.
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus>' | FileCheck %s
; Binding the symbolic counts (n = 64 like gsum's, n = 10, steps = 10)
; unrolls them instead:
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<n=64>>' | FileCheck %s --check-prefix=N64
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<n=10;steps=10>>' | FileCheck %s --check-prefix=N10
;
; Times (gpu-targets/a100-pcie-40gb.yaml): t = lat.global (nominal 572.2),
; T = 19 (ldst), fadd / fmul 4, a data-dependent address (getelementptr on a
; loaded index) int.mad 4.

target triple = "nvptx64-nvidia-cuda"

; for (i = 0; i < 64; ++i) acc += x[i]; *out = acc;
; One iteration: x[i] (input) -t-> acc + x[i] (loop tau = 4); the carried
; acc (State) -0-> the sum -0-> the next acc (Carry). A = [tau]: cycle mean
; 4. Unrolled (ops): the sum of iteration k is ready at t + (k + 1) tau
; (every x[i] arrives at t, the chain of sums adds tau each), so 64
; iterations take t + 64 x 4 = lat.global + 256 = 828.2; the store adds
; T: lat.global + 275 = 847.2.
; Naive (no operation times): the cycle weighs 0, all 64 loads overlap:
; the loop takes t, the kernel t + T.
; CHECK-LABEL: kernel gsum on a100-pcie-40gb
; CHECK-NEXT:  variant naive: instance = lat.global + 19 = 591.2 cycles
; CHECK:       variant ops: instance = lat.global + 275 = 847.2 cycles, height 2, 1 fragment
; CHECK:         loop loop1 body: 5 nodes, 5 arcs, height 3, one iteration lat.global + 4 = 576.2;
; CHECK-NEXT:      0: state %acc [input]
; CHECK-NEXT:      1: load %v [input]
; CHECK-NEXT:      2: op fadd %acc.next loop 4
; CHECK-NEXT:      3: live-out %acc.next [output]
; CHECK-NEXT:      4: carry %acc
; CHECK:           trip = 64
; CHECK-NEXT:      recurrence over %acc:
; CHECK-NEXT:        [4]
; CHECK-NEXT:      cycle mean = 4 (cycle: %acc)
; CHECK-NEXT:      first iteration = lat.global + 4 = 576.2
; CHECK-NEXT:      loop = lat.global + 256 = 828.2 (unrolled)
define ptx_kernel void @gsum(ptr %x, ptr %out) #0 {
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
  %c = icmp ult i32 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  store float %acc.next, ptr %out, align 4
  ret void
}

; The same loop up to a parameter n (trip max(0, n)): one iteration
; t + 4, plus (trip - 1) x 4: lat.global + 4 + 4 (max(0, n) - 1)
; = lat.global + max(0, 4 * n), which is the unrolled 828.2 at n = 64.
; CHECK-LABEL: kernel nsum on a100-pcie-40gb
; CHECK:       variant ops: instance = lat.global + max(0, 4 * n) + 19 cycles
; CHECK:           trip = max(0, n)
; CHECK:           cycle mean = 4 (cycle: %acc)
; CHECK-NEXT:      first iteration = lat.global + 4 = 576.2
; CHECK-NEXT:      loop = lat.global + max(0, 4 * n) (cycle mean x trip)
; N64-LABEL: kernel nsum on a100-pcie-40gb
; N64:       variant ops: instance = lat.global + 275 = 847.2 cycles
; N64:           trip = 64
; N64:           loop = lat.global + 256 = 828.2 (unrolled)
define ptx_kernel void @nsum(ptr %x, ptr %out, i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %idx = zext nneg i32 %i to i64
  %p = getelementptr inbounds float, ptr %x, i64 %idx
  %v = load float, ptr %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  store float %r, ptr %out, align 4
  ret void
}

; x' = 2y, y' = x: a recurrence over two values whose cycle spans two
; iterations. A = [. 4; 0 .] (x' from y through the fmul, y' from x
; directly): the cycle x -> y -> x weighs 4 + 0 over 2 arcs, mean 2.
; Do-while, trip max(1, n). Symbolic: 4 + 2 (max(1, n) - 1)
; = max(2, 2 * n) + 2. Unrolled at n = 10 the fmul of iteration k is ready
; at 4 + 4 floor(k / 2) (it waits for y, which lags one iteration): 20 at
; k = 9, where the symbolic form says 22: for a cycle spanning p
; iterations it can be off by less than one cycle's weight.
; CHECK-LABEL: kernel swap on a100-pcie-40gb
; CHECK:       variant ops: instance = max(2, 2 * n) + 21 cycles
; CHECK:           recurrence over %x %y:
; CHECK-NEXT:        [. 4]
; CHECK-NEXT:        [0 .]
; CHECK-NEXT:      cycle mean = 2 (cycle: %x %y)
; CHECK-NEXT:      first iteration = 4
; CHECK-NEXT:      loop = max(2, 2 * n) + 2 (cycle mean x trip)
; N10-LABEL: kernel swap on a100-pcie-40gb
; N10:       variant ops: instance = 39 cycles
; N10:           loop = 20 (unrolled)
define ptx_kernel void @swap(ptr %out, float %x0, float %y0, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi float [ %x0, %entry ], [ %x.next, %loop ]
  %y = phi float [ %y0, %entry ], [ %x, %loop ]
  %x.next = fmul float %y, 2.0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  store float %x.next, ptr %out, align 4
  ret void
}

; Pointer chasing: p = next[p]. The load's address depends on the carried
; p, so it is no input: p -0-> address (int.mad, loop 4) -0-> next[p]
; -t-> the next p. A = [t + 4]: every iteration waits for the previous
; load, t + 4 = 576.2 per iteration; the loop takes
; steps x (t + 4) = lat.global * max(0, steps) + max(0, 4 * steps), and
; 10 (t + 4) = 10 * lat.global + 40 = 5762 at steps = 10.
; CHECK-LABEL: kernel chase on a100-pcie-40gb
; CHECK:       variant ops: instance = lat.global * max(0, steps) + max(0, 4 * steps) + 19 cycles
; CHECK:           2: load %p.next{{$}}
; CHECK:           cycle mean = lat.global + 4 = 576.2 (cycle: %p)
; N10-LABEL: kernel chase on a100-pcie-40gb
; N10:       variant ops: instance = 10 * lat.global + 59 = 5781 cycles
; N10:           loop = 10 * lat.global + 40 = 5762 (unrolled)
define ptx_kernel void @chase(ptr %next, ptr %out, i32 %steps) #0 {
entry:
  %g = icmp sgt i32 %steps, 0
  br i1 %g, label %loop, label %exit
loop:
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = phi i32 [ 0, %entry ], [ %p.next, %loop ]
  %idx = sext i32 %p to i64
  %pp = getelementptr inbounds i32, ptr %next, i64 %idx
  %p.next = load i32, ptr %pp, align 4
  %s.next = add nuw nsw i32 %s, 1
  %c = icmp slt i32 %s.next, %steps
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %p.next, %loop ]
  store i32 %r, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
