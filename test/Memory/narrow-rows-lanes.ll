; Lane counts in a warp of many narrow rows (lib/Memory/LaneConditions.cpp):
; with a 2 x 32 block ("nvvm.reqntid"="2,32,1") lane l has tid.x = l % 2
; and tid.y = tid.y(lane 0) + l / 2, so along the lanes a comparison's
; deltas alternate (0, -1, 0, -1, ... for x; 0, 0, -3, -3, ... for 3 * y):
; 32 or 16 runs of even steps, more than the 8 runs the counter sums. Each
; distinct delta is shared by the same number of lanes, so the distinct
; deltas in increasing order are counted as runs and times that number.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
;
; x = 2 * ctaid.x + tid.x < n: X = n - x, X0 = n - 2 * ctaid.x (a warp
; starts at tid.x 0); deltas {-1, 0}, 16 lanes each; the run of 2 values
; from X0 - 1, step 1: max(0, min(2, X0)) values pass, 16 lanes each:
; 16 * max(0, min(2, n - 2 * ctaid.x)) = max(0, min(32, 16 n - 32 ctaid.x)).
; CHECK: branch %entry -> %exit: active lanes min(0, max(-32, 32 * ctaid.x - 16 * n)) + 32 of 32
; CHECK: branch %entry -> %rows: active lanes max(0, min(32, 16 * n - 32 * ctaid.x)) of 32
;
; 3 * y < m, y = 32 * ctaid.y + tid.y: rows r = 0..15 pass while
; r < m / 3 - y(lane 0), i.e. ceil(m / 3) - y(lane 0) of the 16 rows
; (clamped to [0, 16]), 2 lanes each; ceil(m / 3) = -floor(-m / 3):
; 2 * max(0, min(16, -32 ctaid.y - tid.y - floor(-m / 3))).
; CHECK: branch %rows -> %exit: active lanes min(0, max(-32, 64 * ctaid.y + 2 * tid.y + 2 * (-m / 3))) + 32 of 32
; CHECK: branch %rows -> %then: active lanes max(0, min(32, -64 * ctaid.y - 2 * tid.y - 2 * (-m / 3))) of 32

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

define ptx_kernel void @narrow(ptr addrspace(1) %out, i32 %n, i32 %m) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %bx = shl nsw i32 %cx, 1
  %x = add nsw i32 %bx, %tx
  %inx = icmp slt i32 %x, %n
  br i1 %inx, label %rows, label %exit

rows:
  %by = shl nsw i32 %cy, 5
  %y = add nsw i32 %by, %ty
  %y3 = mul nsw i32 %y, 3
  %iny = icmp slt i32 %y3, %m
  br i1 %iny, label %then, label %exit

then:
  %o = mul nsw i32 %y, 1024
  %i = add nsw i32 %o, %x
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

attributes #0 = { "nvvm.reqntid"="2,32,1" }
