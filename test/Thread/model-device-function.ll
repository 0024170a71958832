; Device functions a kernel calls and that are not inlined (noinline; at -O0
; every device function): each of their loops gets its trip, lat and del
; (ktime.* on its !llvm.loop, a Loop remark) like a kernel's loop, in the
; function's own parameters. Its name is qualified by the function's symbol
; (powi.loop1, chase.loop1) so that it clashes neither with the kernel's
; loop1 nor with another function's when the callee's cost joins the
; kernel's; at the call, the callee's parameter becomes the kernel's
; parameter that the call passes. The -O0 run (every function optnone,
; analysed through the canonicalised clone) gives the same figures but for
; the lat of the kernel's own loop (below).
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,OPT
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -S %s \
; RUN:   | FileCheck %s --check-prefixes=META,META-OPT
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s --check-prefix=REMARK
; The callee's unknown count is a symbol of the kernel's model, which a
; launch binds by its qualified name; unbound, the launch assumes
; -ktime-unknown-trip's count and says so (or, with 0, predicts nothing):
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-launch=k:grid=1,block=32,n=5 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ESTIMATE
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-launch=k:grid=1,block=32,n=5 \
; RUN:   -ktime-unknown-trip=0 %s 2>&1 | FileCheck %s --check-prefix=UNBOUND
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time \
; RUN:   -ktime-launch=k:grid=1,block=32,n=5,trip.chase.loop1=3 %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BOUND
; -O0:
; RUN: sed -e 's/{ \(noinline \)\{0,1\}"target-cpu"/{ noinline optnone "target-cpu"/' %s > %t.O0.ll
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %t.O0.ll \
; RUN:   | FileCheck %s --check-prefixes=CHECK,O0
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -S %t.O0.ll \
; RUN:   | FileCheck %s --check-prefixes=META,META-O0

target triple = "nvptx64-nvidia-cuda"

; a100: fp32.mul, int.add, int.mad lat 4, del 2; branch lat 4, del 1;
; a store lat 19 (nobody waits for it), del 4 (ldst); a global load lat
; lat.global, del 4; phis and the zext of a non-negative i32 free.
;
; The kernel is printed first, then the device functions it calls (their
; figures are derived further down, powi's time P and chase's time C).
; void k(float *out, int *a, float x, int n) {
;   p = powi(x, n); m = chase(a); for (j = 0; j < 8; ++j) out[j] = p; a[0] = m; }
; Its own loop keeps its name, loop1: trip 8 (BTC 7).
;   gep (int.mad, lat 4; the store waits for it, the warp does not wait for
;   the store), store (del 4), add j -> icmp (lat 8), @p bra (exit next):
;   lat = 8, del = 2 + 4 + 2 + 2 + 1 = 11, time = 8 x max(8, 11) = 88
;   (-O0: the clone's instcombine tests j < 7 instead of j + 1 < 8, so add
;   and icmp run side by side: lat = 4; time still 8 x 11 = 88.)
; Entry: two calls, each the callee's cost at the call plus the call
; instruction (branch: lat 4, del 1); powi's n is the kernel's n here, and
; T = trip.chase.loop1:
;   the warp runs powi before it calls chase (docs/model.md, "A basic
;   block"), so chase's call starts when powi's ends:
;   lat = (P + 4) + (C + 4), with P + 4 = max(8, 7 * n + 8, 8 * n + 8) and
;         C + 4 = max(11 * T + 5, T x max(11, lat.global + 8) + 4)
;   del = (max(0, 7 * n) + 4) + 1 + (11 * T + 1) + 1 = 11 * T + max(0, 7 * n) + 7
; Exit: a store (del 4); ret ends the kernel (free).
;   lat = entry + 88 = max(8, 7 * n + 8, 8 * n + 8)
;         + max(11 * T + 1, T x max(11, lat.global + 8)) + 92,
;   del = entry + 88 + 4 = 11 * T + max(0, 7 * n) + 99
;   time = max(lat, del); the region also keeps the path through powi's
;   call alone (7 * n + 96, 8 * n + 96), below lat.
; CHECK-LABEL: kernel k
; CHECK-NEXT:    gpu: a100-pcie-40gb
; O0-NEXT:       analysed: canonicalised clone (kernel is optnone)
; CHECK-NEXT:    time = max(7 * n + 96, 8 * n + 96, 11 * trip.chase.loop1 + max(0, 7 * n) + 99, max(8, 7 * n + 8, 8 * n + 8) + max(11 * trip.chase.loop1 + 1, trip.chase.loop1 * max(11, lat.global + 8)) + 92)
; CHECK-NEXT:    delay = 11 * trip.chase.loop1 + max(0, 7 * n) + 99
; CHECK-NEXT:    barriers = 0
; CHECK-NEXT:    loops: 1
; OPT-NEXT:        loop1: trip = 8, lat = 8, del = 11 per iteration, time = 88
; O0-NEXT:         loop1: trip = 8, lat = 4, del = 11 per iteration, time = 88
; META-LABEL: define ptx_kernel void @k(
; META: br i1 %c, label %loop, label %exit, !llvm.loop [[K:![0-9]+]]
define ptx_kernel void @k(ptr %out, ptr addrspace(1) %a, float %x, i32 %n) #0 {
entry:
  %p = call float @powi(float %x, i32 %n)
  %m = call i32 @chase(ptr addrspace(1) %a)
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %idx = zext nneg i32 %j to i64
  %q = getelementptr inbounds float, ptr %out, i64 %idx
  store float %p, ptr %q, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp ult i32 %j.next, 8
  br i1 %c, label %loop, label %exit
exit:
  store i32 %m, ptr addrspace(1) %a, align 4
  ret void
}

; A second kernel calls powi twice with different constants: each call
; costs powi at its own n.
;   powi(x, 3): P = max(4, 25, 28) = 28, delay 7 * 3 + 4 = 25; the call
;   lat 28 + 4 = 32, del 25 + 1 = 26. powi(x, 5): P = max(4, 39, 44) = 44,
;   delay 39; the call lat 48, del 40.
;   The second call starts when the first has returned, at 32; fadd
;   (lat 4, del 2) waits for both, the store (del 4) for it:
;   lat = 32 + 48 + 4 = 84, del = 26 + 40 + 2 + 4 = 72, time = 84.
; CHECK-LABEL: kernel twice
; CHECK-NEXT:    gpu: a100-pcie-40gb
; O0-NEXT:       analysed: canonicalised clone (kernel is optnone)
; CHECK-NEXT:    time = 84
; CHECK-NEXT:    delay = 72
define ptx_kernel void @twice(ptr %out, float %x) #0 {
  %p = call float @powi(float %x, i32 3)
  %q = call float @powi(float %x, i32 5)
  %s = fadd float %p, %q
  store float %s, ptr %out, align 4
  ret void
}

; float powi(float x, int n) { acc = 1; for (i = 0; i < n; ++i) acc *= x;
;                              return acc; }
; Loop powi.loop1: guarded by n > 0, rotated, BTC n - 1: trip = max(0, n),
; in powi's own parameter n.
;   fmul acc (lat 4); add i -> icmp (lat 4 + 4 = 8); @p bra (exit is next):
;   lat = max(4, 8) = 8, del = 2 + 2 + 2 + 1 = 7
;   time = max(0, n) x max(8, 7) = max(0, 8 * n), del = max(0, 7 * n)
; powi: entry icmp -> @p bra (lat 4, del 2 + 1 = 3), the loop, exit ret
; (branch, nobody waits: lat 0, del 1):
;   lat = 4 + max(0, 8 * n) = max(4, 8 * n + 4)
;   del = 3 + max(0, 7 * n) + 1 = max(0, 7 * n) + 4
;   P = max(lat, del) = max(4, 7 * n + 4, 8 * n + 4)
; CHECK-LABEL: device function powi
; CHECK-NEXT:    called by: k, twice
; CHECK-NEXT:    gpu: a100-pcie-40gb
; O0-NEXT:       analysed: canonicalised clone (device function is optnone)
; CHECK-NEXT:    time = max(4, 7 * n + 4, 8 * n + 4)
; CHECK-NEXT:    delay = max(0, 7 * n) + 4
; CHECK-NEXT:    barriers = 0
; CHECK-NEXT:    loops: 1
; CHECK-NEXT:      powi.loop1: trip = max(0, n), lat = 8, del = 7 per iteration, time = max(0, 8 * n)
; META-LABEL: define float @powi(
; META: br i1 %c, label %loop, label %exit, !llvm.loop [[POWI:![0-9]+]]
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

; int chase(const int *a) { i = 0; do v = a[i++]; while (v != 0); return i; }
; Loop chase.loop1: the exit depends on a loaded value, so the count is the
; symbol trip.chase.loop1 (T).
;   gep a + zext(i) (int.mad, lat 4) -> load (lat.global) -> icmp (lat 4):
;   lat = lat.global + 8 (> add's 4); del = 2 + 4 + 2 + 2 + 1 = 11
;   time = T x max(11, lat.global + 8), del = 11 * T
; chase: entry falls through (free), the loop, exit ret (lat 0, del 1):
;   C = max(T x max(11, lat.global + 8), 11 * T + 1), delay = 11 * T + 1
; CHECK-LABEL: device function chase
; CHECK-NEXT:    called by: k
; CHECK-NEXT:    gpu: a100-pcie-40gb
; O0-NEXT:       analysed: canonicalised clone (device function is optnone)
; CHECK-NEXT:    time = max(11 * trip.chase.loop1 + 1, trip.chase.loop1 * max(11, lat.global + 8))
; CHECK-NEXT:    delay = 11 * trip.chase.loop1 + 1
; CHECK-NEXT:    barriers = 0
; CHECK-NEXT:    loops: 1
; CHECK-NEXT:      chase.loop1: trip = trip.chase.loop1 [not exact], lat = lat.global + 8, del = 11 per iteration, time = trip.chase.loop1 * max(11, lat.global + 8)
; CHECK-NEXT:        assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop; it is the symbol trip.chase.loop1
; META-LABEL: define i32 @chase(
; META: br i1 %c, label %loop, label %exit, !llvm.loop [[CHASE:![0-9]+]]
define i32 @chase(ptr addrspace(1) %a) #1 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = zext nneg i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ne i32 %v, 0
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %i.next
}

; Property nodes are uniqued: the kernel's loop shares powi's lat 8 (not
; at -O0) and chase's del 11.
; META-DAG: [[POWI]] = distinct !{[[POWI]], [[PT:![0-9]+]], [[L8:![0-9]+]], [[D7:![0-9]+]]}
; META-DAG: [[CHASE]] = distinct !{[[CHASE]], [[CT:![0-9]+]], [[CL:![0-9]+]], [[D11:![0-9]+]]}
; META-OPT-DAG: [[K]] = distinct !{[[K]], [[KT:![0-9]+]], [[L8]], [[D11]]}
; META-O0-DAG: [[K]] = distinct !{[[K]], [[KT:![0-9]+]], [[L4:![0-9]+]], [[D11]]}
; META-O0-DAG: [[L4]] = !{!"ktime.lat", !"4"}
; META-DAG: [[KT]] = !{!"ktime.trip", !"8"}
; META-DAG: [[PT]] = !{!"ktime.trip", !"max(0, n)"}
; META-DAG: [[L8]] = !{!"ktime.lat", !"8"}
; META-DAG: [[D7]] = !{!"ktime.del", !"7"}
; META-DAG: [[CT]] = !{!"ktime.trip", !"trip.chase.loop1"}
; META-DAG: [[CL]] = !{!"ktime.lat", !"lat.global + 8"}
; META-DAG: [[D11]] = !{!"ktime.del", !"11"}
;
; REMARK: remark: <unknown>:0:0: loop loop1: trip = 8, lat = 8 cycles, del = 11 cycles per iteration
; REMARK: remark: <unknown>:0:0: device function powi is called by k, twice; its loops run in every call
; REMARK-NEXT: remark: <unknown>:0:0: loop powi.loop1: trip = max(0, n), lat = 8 cycles, del = 7 cycles per iteration
; REMARK: remark: <unknown>:0:0: device function chase is called by k; its loops run in every call
; REMARK-NEXT: remark: <unknown>:0:0: loop chase.loop1: trip = trip.chase.loop1, lat = lat.global + 8 cycles, del = 11 cycles per iteration
; REMARK-NEXT: remark: <unknown>:0:0: assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop; it is the symbol trip.chase.loop1
;
; ESTIMATE: kernel k on a100-pcie-40gb, grid 1x1x1, block 32x1x1: predicted {{.*}}; estimate: trip.chase.loop1 = 16
; ESTIMATE: assumption ({{.*}}): an estimate: the code does not give the count of trip.chase.loop1, and the launch does not say it; assumed 16 iterations per entry
; UNBOUND: warning: no prediction for launch 'k:grid=1,block=32,n=5' on a100-pcie-40gb: no value for 'trip.chase.loop1' in the time
; BOUND-NOT: no prediction
; BOUND: kernel k on a100-pcie-40gb, grid 1x1x1, block 32x1x1: predicted
; BOUND-NOT: estimate:
; BOUND-NOT: no prediction

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { noinline "target-cpu"="sm_80" }
