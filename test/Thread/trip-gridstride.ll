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

declare range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
