; An access through a pointer each lane chooses (docs/memory.md, "Pointers
; the lanes choose"): -O3 makes `v = (0 <= t && t < ntid) ? tile[t] :
; in[b + t]` (t = tid.x + shift, a tile and its halo) one load through
; `select c, tile', in'` and `select c, t, b + t`. It is two parts, one per
; side, each with its own state space, offsets and lanes.
;
; @halo: lane l of a warp starting at tid.x has t = tid.x + shift + l. The
; condition is two comparisons stepping in opposite directions, a range of
; lanes (docs/memory.md, "Active lanes"): 0 <= t is X_a = tid.x + shift + 1
; + l > 0, t < ntid.x is X_s = ntid.x - tid.x - shift - l > 0, step k = 1;
; the lanes with l >= floor(-X_a(0)) + 1 = -tid.x - shift and l <=
; ceil(X_s(0)) - 1 = ntid.x - tid.x - shift - 1 number
;   max(0, min(32, ntid.x - tid.x - shift) - max(0, -tid.x - shift)),
; printed with -max(0, -x) = min(0, x). The shared part takes them: offset
; 4 t, 4 B apart from lane to lane, one wavefront; the global part the
; other 32 - count lanes: in[ctaid.x * ntid.x + t], unit stride, 4 sectors.
; Before, the load was one generic access through an address that is not
; affine in the ids (a select): irregular, 32 sectors, priced as global.
; CHECK-LABEL: kernel halo on a100-pcie-40gb
; CHECK: line ? %v: shared load 4 B, pattern unit, stride 4 B, lanes 32 (max(0, min(0, shift + tid.x) + min(32, ntid.x - shift - tid.x)) of them choose this pointer), bank conflicts 1-way (1 wavefront);
; CHECK: line ? %v: global load 4 B, pattern unit, stride 4 B, lanes 32 (min(0, max(0, -shift - tid.x) + max(-32, shift - ntid.x + tid.x)) + 32 of them choose this pointer), sectors 4/4, lines 1/1, factor 1,
;
; @remainder: a loop over j unrolled twice at run time and its remainder
; (what -O3 makes of `for (j = 0; j < n; ++j)`): the remainder starts at
; j.rem = phi [0 from the guard that skips the unrolled loop, j.next after
; it]. j.next is {2,+,2} over the unrolled loop, whose count is T = n / 2
; (the loop exits at its latch, its count exact): after it, 2 + 2 * (T -
; 1); from the guard, one step before the first value, 2 - 2 = 0, the
; phi's other input. Both are 2 + 2 * (max(0, T) - 1) = 2 * max(0, n / 2),
; since the guard skips the loop where n < 2, where max(0, n / 2) is 0.
; So the remainder's guard tid.x + j.rem < n holds for the lanes
; l < n - tid.x - 2 * max(0, n / 2):
;   max(0, min(32, n - tid.x - 2 * max(0, n / 2))),
; printed with -2 * max(0, x) = min(0, -2 * x).
; Before, j.rem was the symbol val.j.rem and the lanes unknown.
; CHECK-LABEL: kernel remainder on a100-pcie-40gb
; CHECK: branch %rem -> %rem.body: active lanes max(0, min(32, n - tid.x + min(0, -2 * (n / 2)))) of 32
; CHECK-NOT: val.j.rem
;
; @nested_remainder: the same loop inside a loop over rows r: the
; induction variable is read as the unrolled loop's iterations see it
; (from the row loop, ScalarEvolution would give its value after the
; loop, with no iteration to step back from), so the remainder starts at
; 2 * max(0, n / 2) in every row, and its guard's lanes are those of
; @remainder.
; CHECK-LABEL: kernel nested_remainder on a100-pcie-40gb
; CHECK: branch %rem -> %rem.body: active lanes max(0, min(32, n - tid.x + min(0, -2 * (n / 2)))) of 32
; CHECK-NOT: val.j.rem
;
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1024 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @halo(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %shift) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %start = mul i32 %ctaid, %ntid
  %t = add nsw i32 %tid, %shift
  %g = add nsw i32 %start, %t
  %lo = icmp sgt i32 %t, -1
  %hi = icmp slt i32 %t, %ntid
  %intile = and i1 %lo, %hi
  %idx = select i1 %intile, i32 %t, i32 %g
  %idx64 = zext i32 %idx to i64
  %inflat = addrspacecast ptr addrspace(1) %in to ptr
  %p = select i1 %intile, ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %inflat
  %addr = getelementptr inbounds float, ptr %p, i64 %idx64
  %v = load float, ptr %addr, align 4
  %i = add nsw i32 %start, %tid
  %i64 = sext i32 %i to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

define ptx_kernel void @remainder(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pairs = and i32 %n, -2
  %skip = icmp slt i32 %n, 2
  br i1 %skip, label %rem, label %body

body:
  %j = phi i32 [ 0, %entry ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %body ]
  %k = add nsw i32 %tid, %j
  %k64 = sext i32 %k to i64
  %a = getelementptr inbounds float, ptr addrspace(1) %in, i64 %k64
  %x = load float, ptr addrspace(1) %a, align 4
  %s = fadd float %acc, %x
  %a1 = getelementptr inbounds float, ptr addrspace(1) %a, i64 1
  %x1 = load float, ptr addrspace(1) %a1, align 4
  %acc.next = fadd float %s, %x1
  %j.next = add nuw nsw i32 %j, 2
  %done = icmp eq i32 %j.next, %pairs
  br i1 %done, label %unrolled.exit, label %body

unrolled.exit:
  br label %rem

rem:
  %j.rem = phi i32 [ 0, %entry ], [ %j.next, %unrolled.exit ]
  %sum = phi float [ 0.0, %entry ], [ %acc.next, %unrolled.exit ]
  %krem = add nsw i32 %tid, %j.rem
  %inside = icmp slt i32 %krem, %n
  br i1 %inside, label %rem.body, label %end

rem.body:
  %krem64 = sext i32 %krem to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %in, i64 %krem64
  %y = load float, ptr addrspace(1) %b, align 4
  %last = fadd float %sum, %y
  br label %end

end:
  %r = phi float [ %sum, %rem ], [ %last, %rem.body ]
  %tid64 = zext i32 %tid to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tid64
  store float %r, ptr addrspace(1) %o, align 4
  ret void
}

define ptx_kernel void @nested_remainder(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %n, i32 %rows) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pairs = and i32 %n, -2
  %skip = icmp slt i32 %n, 2
  %any = icmp sgt i32 %rows, 0
  br i1 %any, label %row, label %done

row:
  %r = phi i32 [ 0, %entry ], [ %r.next, %end ]
  %sum0 = phi float [ 0.0, %entry ], [ %r.sum, %end ]
  br i1 %skip, label %rem, label %body

body:
  %j = phi i32 [ 0, %row ], [ %j.next, %body ]
  %acc = phi float [ %sum0, %row ], [ %acc.next, %body ]
  %k = add nsw i32 %tid, %j
  %k64 = sext i32 %k to i64
  %a = getelementptr inbounds float, ptr addrspace(1) %in, i64 %k64
  %x = load float, ptr addrspace(1) %a, align 4
  %s = fadd float %acc, %x
  %a1 = getelementptr inbounds float, ptr addrspace(1) %a, i64 1
  %x1 = load float, ptr addrspace(1) %a1, align 4
  %acc.next = fadd float %s, %x1
  %j.next = add nuw nsw i32 %j, 2
  %last.pair = icmp eq i32 %j.next, %pairs
  br i1 %last.pair, label %unrolled.exit, label %body

unrolled.exit:
  br label %rem

rem:
  %j.rem = phi i32 [ 0, %row ], [ %j.next, %unrolled.exit ]
  %sum = phi float [ %sum0, %row ], [ %acc.next, %unrolled.exit ]
  %krem = add nsw i32 %tid, %j.rem
  %inside = icmp slt i32 %krem, %n
  br i1 %inside, label %rem.body, label %end

rem.body:
  %krem64 = sext i32 %krem to i64
  %b = getelementptr inbounds float, ptr addrspace(1) %in, i64 %krem64
  %y = load float, ptr addrspace(1) %b, align 4
  %last = fadd float %sum, %y
  br label %end

end:
  %r.sum = phi float [ %sum, %rem ], [ %last, %rem.body ]
  %r.next = add nuw nsw i32 %r, 1
  %more = icmp slt i32 %r.next, %rows
  br i1 %more, label %row, label %done

done:
  %total = phi float [ 0.0, %entry ], [ %r.sum, %end ]
  %tid64 = zext i32 %tid to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tid64
  store float %total, ptr addrspace(1) %o, align 4
  ret void
}
