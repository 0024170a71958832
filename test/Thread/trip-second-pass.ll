; A second loop over a row, reached only through the first loop's exit: the
; guard that lets a thread into either loop is the test before the first.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
;
; norm2 is clang -O3's shape of a two-pass row kernel without a barrier:
;   for (i = tid.x; i < n; i += ntid.x) s += row[i];
;   for (i = tid.x; i < n; i += ntid.x) yrow[i] = row[i] * s;
; Both loops are rotated (tested at the bottom). clang keeps one guard,
; "tid.x < n" in entry, and enters the second loop from the first one's exit:
; a thread that reaches it has n - tid.x >= 1. Each loop runs
; ceildiv(n - tid.x, ntid.x) times per entry, which the guard makes >= 1 (a
; bottom-tested loop runs at least once: ScalarEvolution says max(1, ...)).
; Per entry of the guarded region (the thread either passes the guard or
; not) both loops run max(0, ceildiv(n - tid.x, ntid.x)) times, the count of
; the source loop. The first loop's guard is its predecessor's branch; the
; second's is found by walking up across the first loop, whose only exit
; leads to the second loop's preheader.
; CHECK-LABEL: kernel norm2
; CHECK: loop1: trip = max(0, ceildiv(n - tid.x, ntid.x)){{(, lat = .*)?$}}
; CHECK: loop2: trip = max(0, ceildiv(n - tid.x, ntid.x)){{(, lat = .*)?$}}
;
; norm2_return: the first loop also leaves to the return when it reads a
; NaN. Not every thread that passes the guard reaches the second loop, so
; the walk stops at the first loop and the second keeps its count per
; entry, max(1, ceildiv(n - tid.x, ntid.x)).
; CHECK-LABEL: kernel norm2_return
; CHECK: loop1: trip = max(0, ceildiv(n - tid.x, ntid.x)) [not exact]
; CHECK: loop2: trip = max(1, ceildiv(n - tid.x, ntid.x)){{(, lat = .*)?$}}
;
; norm2_break: the first loop breaks to the second on a NaN. Both of its
; exits lead to the second loop's preheader, so every thread that passed
; the guard reaches the second loop, and the walk goes on across the first:
; max(0, ...).
; CHECK-LABEL: kernel norm2_break
; CHECK: loop1: trip = max(0, ceildiv(n - tid.x, ntid.x)) [not exact]
; CHECK: loop2: trip = max(0, ceildiv(n - tid.x, ntid.x)){{(, lat = .*)?$}}

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @norm2(ptr noalias writeonly %y, ptr noalias readonly %a, i32 %n) {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ctaid.wide = zext nneg i32 %ctaid to i64
  %n.wide = sext i32 %n to i64
  %rowstart = mul nsw i64 %n.wide, %ctaid.wide
  %row = getelementptr inbounds float, ptr %a, i64 %rowstart
  %yrow = getelementptr inbounds float, ptr %y, i64 %rowstart
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %guard = icmp slt i32 %tid, %n
  br i1 %guard, label %sum.ph, label %exit

sum.ph:
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %sum

sum:
  %i = phi i32 [ %tid, %sum.ph ], [ %i.next, %sum ]
  %s = phi float [ 0.000000e+00, %sum.ph ], [ %s.next, %sum ]
  %i.wide = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %row, i64 %i.wide
  %v = load float, ptr %p, align 4
  %s.next = fadd contract float %s, %v
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %sum, label %scale.ph

scale.ph:
  %ntid2 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %scale

scale:
  %j = phi i32 [ %tid, %scale.ph ], [ %j.next, %scale ]
  %j.wide = sext i32 %j to i64
  %q = getelementptr inbounds float, ptr %row, i64 %j.wide
  %w = load float, ptr %q, align 4
  %prod = fmul contract float %s.next, %w
  %r = getelementptr inbounds float, ptr %yrow, i64 %j.wide
  store float %prod, ptr %r, align 4
  %j.next = add i32 %j, %ntid2
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %scale, label %exit

exit:
  ret void
}

define ptx_kernel void @norm2_return(ptr noalias writeonly %y, ptr noalias readonly %a, i32 %n) {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ctaid.wide = zext nneg i32 %ctaid to i64
  %n.wide = sext i32 %n to i64
  %rowstart = mul nsw i64 %n.wide, %ctaid.wide
  %row = getelementptr inbounds float, ptr %a, i64 %rowstart
  %yrow = getelementptr inbounds float, ptr %y, i64 %rowstart
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %guard = icmp slt i32 %tid, %n
  br i1 %guard, label %sum.ph, label %exit

sum.ph:
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %sum

sum:
  %i = phi i32 [ %tid, %sum.ph ], [ %i.next, %sum.latch ]
  %s = phi float [ 0.000000e+00, %sum.ph ], [ %s.next, %sum.latch ]
  %i.wide = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %row, i64 %i.wide
  %v = load float, ptr %p, align 4
  %s.next = fadd contract float %s, %v
  %nan = fcmp uno float %v, 0.000000e+00
  br i1 %nan, label %exit, label %sum.latch

sum.latch:
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %sum, label %scale.ph

scale.ph:
  %ntid2 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %scale

scale:
  %j = phi i32 [ %tid, %scale.ph ], [ %j.next, %scale ]
  %j.wide = sext i32 %j to i64
  %q = getelementptr inbounds float, ptr %row, i64 %j.wide
  %w = load float, ptr %q, align 4
  %prod = fmul contract float %s.next, %w
  %r = getelementptr inbounds float, ptr %yrow, i64 %j.wide
  store float %prod, ptr %r, align 4
  %j.next = add i32 %j, %ntid2
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %scale, label %exit

exit:
  ret void
}

define ptx_kernel void @norm2_break(ptr noalias writeonly %y, ptr noalias readonly %a, i32 %n) {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ctaid.wide = zext nneg i32 %ctaid to i64
  %n.wide = sext i32 %n to i64
  %rowstart = mul nsw i64 %n.wide, %ctaid.wide
  %row = getelementptr inbounds float, ptr %a, i64 %rowstart
  %yrow = getelementptr inbounds float, ptr %y, i64 %rowstart
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %guard = icmp slt i32 %tid, %n
  br i1 %guard, label %sum.ph, label %exit

sum.ph:
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %sum

sum:
  %i = phi i32 [ %tid, %sum.ph ], [ %i.next, %sum.latch ]
  %s = phi float [ 0.000000e+00, %sum.ph ], [ %s.next, %sum.latch ]
  %i.wide = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %row, i64 %i.wide
  %v = load float, ptr %p, align 4
  %s.next = fadd contract float %s, %v
  %nan = fcmp uno float %v, 0.000000e+00
  br i1 %nan, label %scale.ph, label %sum.latch

sum.latch:
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %sum, label %scale.ph

scale.ph:
  %ntid2 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %scale

scale:
  %j = phi i32 [ %tid, %scale.ph ], [ %j.next, %scale ]
  %j.wide = sext i32 %j to i64
  %q = getelementptr inbounds float, ptr %row, i64 %j.wide
  %w = load float, ptr %q, align 4
  %prod = fmul contract float %s.next, %w
  %r = getelementptr inbounds float, ptr %yrow, i64 %j.wide
  store float %prod, ptr %r, align 4
  %j.next = add i32 %j, %ntid2
  %again = icmp slt i32 %j.next, %n
  br i1 %again, label %scale, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
