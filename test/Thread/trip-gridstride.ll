; Grid-stride loops: trip counts in n, tid.x, ctaid.x, ntid.x and nctaid.x.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; for (i = ctaid.x * ntid.x + tid.x; i < n; i += ntid.x * nctaid.x), as
; clang -O3 emits it (guard i0 < n, rotated loop). With i0 the first index
; and s the stride, the body runs for i0, i0 + s, ... while below n:
; ceildiv(n - i0, s) times when n > i0, else 0. The guard is exactly
; "n - i0 >= 1", so trip = max(0, ceildiv(n - i0, s)).
; CHECK-LABEL: kernel saxpy
; CHECK: loop1: trip = max(0, ceildiv(n - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)){{(, lat = .*)?$}}
define ptx_kernel void @saxpy(i32 %n, float %a, ptr %x, ptr %y) #0 {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nuw nsw i32 %ctaid, %ntid
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i0 = add nuw nsw i32 %base, %tid
  %guard = icmp slt i32 %i0, %n
  br i1 %guard, label %preheader, label %exit
preheader:
  %nctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul nuw nsw i32 %ntid, %nctaid
  br label %loop
loop:
  %i = phi i32 [ %i0, %preheader ], [ %i.next, %loop ]
  %idx = zext nneg i32 %i to i64
  %px = getelementptr inbounds float, ptr %x, i64 %idx
  %vx = load float, ptr %px, align 4
  %py = getelementptr inbounds float, ptr %y, i64 %idx
  %vy = load float, ptr %py, align 4
  %m = fmul contract float %a, %vx
  %s = fadd contract float %m, %vy
  store float %s, ptr %py, align 4
  %i.next = add nuw nsw i32 %i, %stride
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The same loop after an earlier loop that a branch may skip, as clang -O3
; leaves `for (r < reps) {...}` before it: GVN reads ntid.x and tid.x
; before the earlier loop and again on the edge that skips it, and the
; grid-stride loop reads their phis. Each phi merges one special register
; read twice, so it is that register, and the count is the saxpy's.
; CHECK-LABEL: kernel merged_reads
; CHECK: loop2: trip = max(0, ceildiv(n - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)){{(, lat = .*)?$}}
define ptx_kernel void @merged_reads(i32 %n, i32 %reps, ptr %x) #0 {
entry:
  %any = icmp sgt i32 %reps, 0
  br i1 %any, label %first.ph, label %skip
first.ph:
  %tid.l = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid.l = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %first
first:
  %r = phi i32 [ 0, %first.ph ], [ %r.next, %first ]
  %ridx = sext i32 %r to i64
  %pr = getelementptr inbounds i32, ptr %x, i64 %ridx
  store i32 %tid.l, ptr %pr, align 4
  %r.next = add nuw nsw i32 %r, 1
  %rdone = icmp eq i32 %r.next, %reps
  br i1 %rdone, label %join, label %first
skip:
  %ntid.r = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid.r = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %join
join:
  %ntid = phi i32 [ %ntid.l, %first ], [ %ntid.r, %skip ]
  %tid = phi i32 [ %tid.l, %first ], [ %tid.r, %skip ]
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i0 = add i32 %base, %tid
  %guard = icmp slt i32 %i0, %n
  br i1 %guard, label %preheader, label %exit
preheader:
  %nctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %nctaid, %ntid
  br label %loop
loop:
  %i = phi i32 [ %i0, %preheader ], [ %i.next, %loop ]
  %idx = sext i32 %i to i64
  %px = getelementptr inbounds float, ptr %x, i64 %idx
  store float 0.0, ptr %px, align 4
  %i.next = add i32 %i, %stride
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A phi of two clock reads is not one value (the clock runs between them):
; the count stays unknown.
; CHECK-LABEL: kernel clock_phi
; CHECK: loop1: trip = trip.loop1
define ptx_kernel void @clock_phi(i32 %n, i32 %flag, ptr %x) #0 {
entry:
  %f = icmp sgt i32 %flag, 0
  br i1 %f, label %left, label %right
left:
  %c.l = tail call i32 @llvm.nvvm.read.ptx.sreg.clock()
  br label %join
right:
  %c.r = tail call i32 @llvm.nvvm.read.ptx.sreg.clock()
  br label %join
join:
  %step = phi i32 [ %c.l, %left ], [ %c.r, %right ]
  %s1 = or i32 %step, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i.next, %loop ]
  %idx = sext i32 %i to i64
  %px = getelementptr inbounds float, ptr %x, i64 %idx
  store float 0.0, ptr %px, align 4
  %i.next = add nsw i32 %i, %s1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
