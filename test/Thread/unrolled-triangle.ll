; A triangular nest whose inner loop clang -O3 unrolled four times at run
; time, with a prologue that runs the remainder first (the IR below is
; clang -O3's for `for (i = 0; i < n; ++i) { #pragma unroll 4
; for (j = i; j < n; ++j) s += b[j * 32 + tid.x]; } a[tid.x] = s;`, names
; shortened). The prologue's count is xtraiter = (n - i) & 3, in
; ScalarEvolution zext(trunc {n,+,-1}<outer> to i2): the remainder of
; the outer loop's recurrence n - i, not of its start n. The main loop is
; entered at j = i (no remainder) or at j = i + (n - i) mod 4; both leave
; floor((n - i) / 4) iterations, so its count is that, exact on either
; path.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/../GPU/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='tri:grid=1,block=32,regs=16,n=10' \
; RUN:   -ktime-launch='tri:grid=1,block=32,regs=16,n=13' %s | FileCheck %s
;
; CHECK: loop1: trip = max(0, n),
; The prologue: n - i - 4 floor((n - i) / 4) = (n - i) mod 4.
; CHECK: loop2: trip = max(0, n - iter.loop1 - 4 * ((n - iter.loop1) / 4)),
; The unrolled loop: floor((n - i) / 4), with no "first values" assumption.
; CHECK: loop3: trip = (n - iter.loop1) / 4,
; CHECK-NOT: first values
;
; Bytes of one warp (32 lanes, 4 B each, one 128-byte line a load). For
; each i the prologue and the unrolled loop load b n - i times in all,
; (n - i) mod 4 + 4 floor((n - i) / 4) = n - i, at any i, so at the outer
; loop's mean iteration too: n x (n + 1) / 2 loads.
; n = 10: 55 loads x 128 B = 7040, plus the store of a: 128 -> 7168.
; CHECK: launch 'tri:grid=1,block=32,regs=16,n=10' on toy-gpu:
; CHECK: bytes: global 7168.0,
; n = 13: 91 loads x 128 B = 11648, plus 128 -> 11776.
; CHECK: launch 'tri:grid=1,block=32,regs=16,n=13' on toy-gpu:
; CHECK: bytes: global 11776.0,

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @tri(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %outer.ph, label %exit

outer.ph:
  %t1 = add i32 32, %t
  %t2 = add i32 64, %t
  %t3 = add i32 96, %t
  br label %outer

outer:
  %i = phi i32 [ %i.next, %outer.latch ], [ 0, %outer.ph ]
  %s = phi float [ %s.inner, %outer.latch ], [ 0.0, %outer.ph ]
  %left = sub nsw i32 %n, %i
  %xtraiter = and i32 %left, 3
  %no.prol = icmp eq i32 %xtraiter, 0
  br i1 %no.prol, label %prol.exit, label %prol

prol:
  %j.prol = phi i32 [ %j.prol.next, %prol ], [ %i, %outer ]
  %s.prol = phi float [ %s.prol.next, %prol ], [ %s, %outer ]
  %prol.iter = phi i32 [ %prol.iter.next, %prol ], [ 0, %outer ]
  %o.prol = shl nsw i32 %j.prol, 5
  %x.prol = add nuw nsw i32 %o.prol, %t
  %w.prol = zext nneg i32 %x.prol to i64
  %p.prol = getelementptr inbounds float, ptr addrspace(1) %b, i64 %w.prol
  %v.prol = load float, ptr addrspace(1) %p.prol, align 4
  %s.prol.next = fadd float %s.prol, %v.prol
  %j.prol.next = add nuw nsw i32 %j.prol, 1
  %prol.iter.next = add i32 %prol.iter, 1
  %prol.done = icmp eq i32 %prol.iter.next, %xtraiter
  br i1 %prol.done, label %prol.exit, label %prol

prol.exit:
  %s.unr.lcssa = phi float [ poison, %outer ], [ %s.prol.next, %prol ]
  %j.unr = phi i32 [ %i, %outer ], [ %j.prol.next, %prol ]
  %s.unr = phi float [ %s, %outer ], [ %s.prol.next, %prol ]
  %neg.left = sub nsw i32 %i, %n
  %short = icmp ugt i32 %neg.left, -4
  br i1 %short, label %outer.latch, label %unrolled

unrolled:
  %j = phi i32 [ %j.next, %unrolled ], [ %j.unr, %prol.exit ]
  %s.u = phi float [ %s.3, %unrolled ], [ %s.unr, %prol.exit ]
  %o = shl nsw i32 %j, 5
  %x0 = add nuw nsw i32 %o, %t
  %w0 = zext nneg i32 %x0 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %w0
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %s.0 = fadd float %s.u, %v0
  %x1 = add i32 %o, %t1
  %w1 = zext nneg i32 %x1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %w1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s.1 = fadd float %s.0, %v1
  %x2 = add i32 %o, %t2
  %w2 = zext nneg i32 %x2 to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %w2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %s.2 = fadd float %s.1, %v2
  %x3 = add i32 %o, %t3
  %w3 = zext nneg i32 %x3 to i64
  %p3 = getelementptr inbounds float, ptr addrspace(1) %b, i64 %w3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %s.3 = fadd float %s.2, %v3
  %j.next = add nuw nsw i32 %j, 4
  %unrolled.done = icmp eq i32 %j.next, %n
  br i1 %unrolled.done, label %outer.latch, label %unrolled

outer.latch:
  %s.inner = phi float [ %s.unr.lcssa, %prol.exit ], [ %s.3, %unrolled ]
  %i.next = add nuw nsw i32 %i, 1
  %outer.done = icmp eq i32 %i.next, %n
  br i1 %outer.done, label %exit, label %outer

exit:
  %s.all = phi float [ 0.0, %entry ], [ %s.inner, %outer.latch ]
  %x = zext nneg i32 %t to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x
  store float %s.all, ptr addrspace(1) %pa, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
