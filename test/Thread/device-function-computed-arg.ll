; A device function whose loop is bounded by its parameter, called with a
; value the model cannot name (here loaded from memory): at that call the
; loop's count is unknown, the symbol trip.<function>.loopN, as a loop in
; the kernel bounded by a loaded value is (docs/usage.md, "Estimates").
; A launch binds it or assumes -ktime-unknown-trip's count. The parameter
; passed on to another device function is as unknown there (a chain of
; calls). The device function's own loop keeps its count in its parameter.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output \
; RUN:   -ktime-launch=k:grid=1,block=32 -ktime-launch=k:grid=1,block=32,trip.powi.loop1=3 \
; RUN:   -ktime-launch=chain:grid=1,block=32 -ktime-launch=walk:grid=1,block=32 \
; RUN:   -ktime-launch=remainder:grid=1,block=32,n=5 \
; RUN:   -ktime-launch=chosen:grid=1,block=32,n=40 %s \
; RUN:   | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; a100: fp32.mul, int.add lat 4, del 2; branch lat 4, del 1; a store lat
; 19 (nobody waits for it), del 4; a global load lat lat.global, del 4.
; powi (test/Thread/model-device-function.ll derives it): its loop
; powi.loop1 costs lat 8, del 7 per iteration. At k's call its count is
; T = trip.powi.loop1: the loop's time T x max(8, 7) = 8 T, del 7 T;
; powi's entry icmp -> @p bra lat 4, del 3; ret del 1:
;   powi lat = 8 T + 4, del = 7 T + 4.
; k: load n (lat.global, del 4) -> call powi (the callee plus the call
; instruction, lat 4, del 1) -> store (del 4); ret free:
;   lat = lat.global + 8 T + 8, del = 4 + 7 T + 4 + 1 + 4 = 7 T + 13.
; CHECK-LABEL: kernel k
; CHECK:       time = max(lat.global + 8 * trip.powi.loop1 + 8, 7 * trip.powi.loop1 + 13)
; CHECK-NEXT:  delay = 7 * trip.powi.loop1 + 13
; CHECK:       assumption: trip count of the loop unknown because a call passes n a value the model cannot name (one loaded from memory, merged from several paths or left by a loop of unknown count); it is the symbol trip.powi.loop1
; Unbound, the launch assumes 16 iterations and says so:
; CHECK:       launch 'k:grid=1,block=32' on a100-pcie-40gb:
; CHECK:       predicted
; CHECK-NEXT:  estimate: trip.powi.loop1 = 16 (assumed)
; Bound, it is a prediction, not an estimate:
; CHECK:       launch 'k:grid=1,block=32,trip.powi.loop1=3' on a100-pcie-40gb:
; CHECK:       predicted
; CHECK-NOT:   estimate:
; CHECK-LABEL: kernel chain
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %a, float %x) #0 {
entry:
  %n = load i32, ptr addrspace(1) %a, align 4
  %p = call float @powi(float %x, i32 %n)
  store float %p, ptr addrspace(1) %out, align 4
  ret void
}

; chain calls wrap(x, n), which passes its n on to powi: n is as unknown
; in powi as in wrap. wrap: the call (lat 4 + powi's, del 1 + powi's),
; ret (del 1): lat = 8 T + 8, del = 7 T + 6. chain as k with wrap for
; powi: lat = lat.global + 8 T + 12, del = 4 + 7 T + 6 + 1 + 4 = 7 T + 15.
; CHECK:       time = max(lat.global + 8 * trip.powi.loop1 + 12, 7 * trip.powi.loop1 + 15)
; CHECK:       launch 'chain:grid=1,block=32' on a100-pcie-40gb:
; CHECK:       predicted
; CHECK-NEXT:  estimate: trip.powi.loop1 = 16 (assumed)
define ptx_kernel void @chain(ptr addrspace(1) %out, ptr addrspace(1) %a, float %x) #0 {
entry:
  %n = load i32, ptr addrspace(1) %a, align 4
  %p = call float @wrap(float %x, i32 %n)
  store float %p, ptr addrspace(1) %out, align 4
  ret void
}

define float @wrap(float %x, i32 %n) #1 {
  %p = call float @powi(float %x, i32 %n)
  ret float %p
}

; A value ScalarEvolution gives in the caller's parameters is passed as it
; is: plus1 calls powi(x, n + 1). powi at n + 1 (its derivation, P the
; call's latency): P = max(4, 7 (n + 1) + 4, 8 (n + 1) + 4), delay
; max(0, 7 (n + 1)) + 4.
; plus1: add (lat 4, del 2) -> call (lat 4 + P, del 1 + powi's) -> store
; (del 4):
;   lat = 4 + P + 4 = max(12, 7 n + 19, 8 n + 20)
;   del = 2 + max(0, 7 n + 7) + 4 + 1 + 4 = max(0, 7 n + 7) + 11
;   time = max(lat, del) = max(12, 7 n + 19, 8 n + 20)
; CHECK-LABEL: kernel plus1
; CHECK-NEXT:  gpu: a100-pcie-40gb
; CHECK-NEXT:  time = max(12, 7 * n + 19, 8 * n + 20)
; CHECK-NEXT:  delay = max(0, 7 * n + 7) + 11
define ptx_kernel void @plus1(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %m = add nsw i32 %n, 1
  %p = call float @powi(float %x, i32 %m)
  store float %p, ptr addrspace(1) %out, align 4
  ret void
}

; An argument that moves with the caller's loop is the caller's iteration
; number, averaged with the loop's cost: ramp calls powi(x, i) for i in
; [0, n). Per iteration: the call (del 1 + powi's max(0, 7 i) + 4), the
; store (del 4), add and icmp (del 2 each), @p bra (del 1): 7 i + 14;
; at the mean iteration i = (n - 1) / 2, times n: 3.5 n (n - 1) + 14 n,
; exactly the sum over i. Entry: icmp and @p bra, del 3.
; CHECK-LABEL: kernel ramp
; CHECK:       delay = 3.5 * max(0, n) * max(0, n - 1) + max(0, 14 * n) + 3
define ptx_kernel void @ramp(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = call float @powi(float %x, i32 %i)
  store float %p, ptr addrspace(1) %out, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A count a loop of unknown count leaves (the length of a list walk) is
; no value the model can name: ScalarEvolution gives the walk's counter at
; its exit as its iteration number, which nothing binds after the walk. At
; the call, powi's loop is of unknown count, and the launch an estimate.
; CHECK-LABEL: kernel walk
; CHECK:       launch 'walk:grid=1,block=32' on a100-pcie-40gb:
; CHECK:       predicted
; CHECK:       estimate: trip.powi.loop1 = 16 (assumed)
define ptx_kernel void @walk(ptr addrspace(1) %out, ptr addrspace(1) %next, float %x) #0 {
entry:
  br label %loop
loop:
  %p = phi i32 [ 0, %entry ], [ %p.next, %loop ]
  %c = phi i32 [ 0, %entry ], [ %c.next, %loop ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %next, i32 %p
  %p.next = load i32, ptr addrspace(1) %q, align 4
  %c.next = add nuw nsw i32 %c, 1
  %more = icmp sge i32 %p.next, 0
  br i1 %more, label %loop, label %done
done:
  %r = call float @powi(float %x, i32 %c.next)
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

; The remainder loop of a loop unrolled twice (clang's epilogue: the
; unrolled loop runs floor(n / 2) times, i = 0, 2, ..., then the
; remainder runs n mod 2 times from j0) calls powi(x, j). j0 is a phi of
; the paths into the remainder: 0 where the unrolled loop did not run
; (n < 2), where it stopped, 2 floor(n / 2), otherwise. The unrolled loop
; is skipped only where it would run no iteration, and there
; 2 floor(n / 2) = 0: the value it leaves is j0 on both paths, exact
; (no Assumption). At the remainder's iteration k, j = k + 2 (n / 2), and
; powi's loop runs j times, not an unknown count.
; The remainder's del per iteration: the call (powi's 7 j + 4, the call
; instruction's 1), the store (4), two adds and the icmp (2 each), @p bra
; (1): 7 j + 16, at its mean iteration k = (n - 2 (n / 2) - 1) / 2:
; 7 (k + 2 (n / 2)) = 3.5 n + 7 (n / 2) - 3.5.
; CHECK-LABEL: kernel remainder
; CHECK-NOT:   joined
; CHECK:       loop2: trip = n - 2 * (n / 2), lat = {{.*}}, del = max(0, 3.5 * n + 7 * (n / 2) - 3.5) + 16 per iteration,
; CHECK:       launch 'remainder:grid=1,block=32,n=5' on a100-pcie-40gb:
; CHECK:       predicted
; CHECK-NOT:   estimate:
define ptx_kernel void @remainder(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %pre, label %exit
pre:
  %odd = and i32 %n, 1
  %small = icmp ult i32 %n, 2
  br i1 %small, label %rem.pre, label %main.pre
main.pre:
  %even = and i32 %n, 2147483646
  br label %main
main:
  %i = phi i32 [ 0, %main.pre ], [ %i.next, %main ]
  %p0 = call float @powi(float %x, i32 %i)
  store float %p0, ptr addrspace(1) %out, align 4
  %i1 = or disjoint i32 %i, 1
  %p1 = call float @powi(float %x, i32 %i1)
  store float %p1, ptr addrspace(1) %out, align 4
  %i.next = add nuw nsw i32 %i, 2
  %more = icmp ne i32 %i.next, %even
  br i1 %more, label %main, label %main.exit
main.exit:
  %none = icmp eq i32 %odd, 0
  br i1 %none, label %exit, label %rem.pre
rem.pre:
  %j0 = phi i32 [ 0, %pre ], [ %i.next, %main.exit ]
  br label %rem
rem:
  %j = phi i32 [ %j0, %rem.pre ], [ %j.next, %rem ]
  %r = phi i32 [ 0, %rem.pre ], [ %r.next, %rem ]
  %p2 = call float @powi(float %x, i32 %j)
  store float %p2, ptr addrspace(1) %out, align 4
  %j.next = add nuw nsw i32 %j, 1
  %r.next = add i32 %r, 1
  %rem.more = icmp ne i32 %r.next, %odd
  br i1 %rem.more, label %rem, label %exit
exit:
  ret void
}

; An argument a comparison chooses (tid.x ? tid.x : n, a select that is
; no min or max) is exact per thread, as a loop's bound chosen so is
; (lib/Expr/ChosenValues.cpp): m = n + (tid.x - n) [tid.x != 0], and
; [tid.x != 0] = min(1, tid.x) for tid.x >= 0. powi's del 7 m, and the
; rest 15: the tid.x read, icmp and select (2 each), the call (1), powi's
; 4, the store (4).
; CHECK-LABEL: kernel chosen
; CHECK:       delay = max(0, 7 * tid.x * min(1, tid.x) - 7 * n * min(1, tid.x) + 7 * n) + 15
; CHECK-NOT:   trip.powi
; CHECK:       launch 'chosen:grid=1,block=32,n=40' on a100-pcie-40gb:
; CHECK:       predicted
; CHECK-NOT:   estimate:
define ptx_kernel void @chosen(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %t, 0
  %m = select i1 %c, i32 %n, i32 %t
  %p = call float @powi(float %x, i32 %m)
  store float %p, ptr addrspace(1) %out, align 4
  ret void
}

; powi keeps its count in its own parameter n.
; CHECK-LABEL: device function powi
; CHECK:       powi.loop1: trip = max(0, n), lat = 8, del = 7 per iteration
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

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { noinline "target-cpu"="sm_80" }
