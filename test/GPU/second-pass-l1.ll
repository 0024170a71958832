; Two passes over a row without a barrier between them (sum the row, then
; scale it): clang -O3 enters the second loop from the first one's exit, and
; its count per entry, max(1, ...), is brought to the first's by the guard
; before both (test/Thread/trip-second-pass.ll). Both loads then read the
; same bytes and share the row's compulsory misses (docs/memory.md, "Cache
; hit fractions"). Source:
;   row = a + ctaid.x * n; yrow = y + ctaid.x * n;
;   for (i = tid.x; i < n; i += ntid.x) s += row[i];
;   for (i = tid.x; i < n; i += ntid.x) yrow[i] = row[i] * s;
; Launch: grid 2, block 256, 32 registers, n = 16384 floats (64 KiB a row).
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs, L1
; 196608 B, carve-outs 0, 8, 16, ... KB, 1024 B of shared memory reserved per
; block, 2048 threads and 65536 registers per SM; L2 1 MiB):
; - Occupancy: 256 threads x 32 registers, 8 blocks per SM; their reserved
;   8 x 1 KB take the 8 KB carve-out: L1 bytes 196608 - 8192 = 188416. The
;   grid puts min(8, ceil(2 / 2)) = 1 block on each SM.
; - Each loop runs ceildiv(16384 - tid.x, 256) = 64 times for every tid.x
;   < 256. Each load requests 4 x 256 x 64 = 65536 B per block over the
;   row's 65536 B; both read the same bytes: requested together 131072 B,
;   unique 65536 B, reuse r = 1 - 65536 / 131072 = 0.5 for each.
; - The bytes of their loop nests: the row once (65536 B) and the yrow
;   stores (65536 B), 131072 <= 188416: L1 = r = 0.5.
; - L2 bytes: the loads' 2 loads x 2 blocks x 65536 x (1 - 0.5) = 131072
;   plus the stores' 2 x 65536 = 131072: 262144. Global bytes: 4 x 65536
;   loaded + 2 x 65536 stored = 393216. The grid's 256 KiB fit the warm
;   L2: DRAM 0.
; Counted as two arrays (the second loop's count max(1, ...) not matching
; the first's max(0, ...)), each load had reuse 0: L2 = 262144 + 131072 =
; 393216.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='norm2:grid=2,block=256,regs=32,n=16384' %s \
; RUN:   | FileCheck %s
; CHECK: launch 'norm2:grid=2,
; CHECK: bytes: global 393216.0, L2 262144.0, DRAM 0.0
;
; The memory printer says which loads share their bytes: 2 x 4 bytes per
; thread and iteration.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml %s | FileCheck %s --check-prefix=MEM
; MEM-LABEL: kernel norm2
; MEM: %v: {{.*}}, the same bytes as other loops' copies (requested together 8 * ntid.x * ntid.y * ntid.z * max(0, ceildiv(n - tid.x, ntid.x)) B/block)
; MEM: %w: {{.*}}, the same bytes as other loops' copies (requested together 8 * ntid.x * ntid.y * ntid.z * max(0, ceildiv(n - tid.x, ntid.x)) B/block)

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

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
