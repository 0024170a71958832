; A request whose lanes are further apart than their bytes moves sectors
; that hold more than it asks for; where the lanes read the rest of those
; sectors in their later iterations (interleaved channels, a structure's
; fields) and the resident blocks' footprint fits the L1, the L1 keeps the
; sectors and those bytes come from L2 once: the L1 misses are the bytes
; asked, not the sectors moved (docs/memory.md, "Cache hit fractions").
; Bytes the lanes never read (@first_channel), or read in the same
; iteration, stay sectors.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs, L1
; 196608 B of which the launch's carve-out, 8 KB for 8 blocks' reserved
; 1 KB each, leaves 188416 B; L2 1 MiB, warm): 64 blocks of 256 threads,
; 16384 threads, c = 4 channels of 4 B (arg2).
;
; @channels: thread i sums in[i c + k], k in [0, c). A request's lanes are
; 4 c = 16 B apart: 32 lanes span 512 B, 16 sectors for 128 B asked, 4 B
; asked and 16 B moved per thread and iteration. No byte is read twice
; (reuse 0, L1 = 0), but the iterations k step 4 B over c = 4 values: a run
; of 16 B, the lanes' step, so every byte of the sectors is read by the
; same lanes later; 8 resident blocks x 256 x 16 B = 32768 B fit the
; 188416 B of L1. L2: loads 4 x 4 = 16 B per thread (they were 4 x 16 =
; 64), the store 4 B (coalesced): 16384 x 20 = 327680 B (1114112 before);
; global 16384 x (16 + 4) = 327680.
; CHECK-LABEL: kernel channels
; CHECK: launch 'channels:grid=64,block=256,regs=32,arg2=4'
; CHECK: bytes: global 327680.0, L2 327680.0, DRAM 0.0
;
; @channels with c = 16: the lanes are 64 B apart, each in a sector of its
; own: a row walk (docs/memory.md, "Row walks"), whose rule prices it: a
; new sector every 32 / 4 = 8 iterations, L1 = 7/8 when a line per lane,
; 8 x 256 x 128 B = 262144 B, fits the L1; it does not (188416 B): L1 =
; 7/8 x 188416 / 262144 = 0.62890625. L2: loads 16384 x 16 x 32 x
; 0.37109375 = 3112960, the store 65536: 3178496 (3178498 printed: the hit
; fraction is a rational rounded to 1e-6); global 16384 x (64 + 4) =
; 1114112. The footprint, 8 x 256 x 64 B = 131072 B, would fit, but the
; walk's rule is the one that counts its sectors. The grid's 1048576 B of
; input and 65536 B of output exceed the 1 MiB L2: DRAM moves them once,
; 1114112 B.
; CHECK: launch 'channels:grid=64,block=256,regs=32,arg2=16'
; CHECK: bytes: global 1114112.0, L2 317849{{[6-9]}}.{{[0-9]}}, DRAM 1114112.0
;
; @first_channel: thread i reads in[i c] once: the same 16 sectors a
; request, 16 B moved per thread, and nothing reads the other 12 B of each
; pixel: L2 16384 x (16 + 4) = 327680 B of global 16384 x 8 = 131072.
; CHECK-LABEL: kernel first_channel
; CHECK: launch 'first_channel:grid=64,block=256,regs=32,arg2=4'
; CHECK: bytes: global 131072.0, L2 327680.0, DRAM 0.0
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='channels:grid=64,block=256,regs=32,arg2=4' \
; RUN:   -ktime-launch='channels:grid=64,block=256,regs=32,arg2=16' \
; RUN:   -ktime-launch='first_channel:grid=64,block=256,regs=32,arg2=4' %s \
; RUN:   | FileCheck %s

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @channels(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %c) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %i = add i32 %b, %tx
  %row = mul i32 %i, %c
  %any = icmp sgt i32 %c, 0
  br i1 %any, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %j = add i32 %row, %k
  %j64 = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %j64
  %x = load float, ptr addrspace(1) %p, align 4
  %s.next = fadd float %s, %x
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %c
  br i1 %done, label %exit, label %loop

exit:
  %sum = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %i64 = zext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @first_channel(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in, i32 %c) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %i = add i32 %b, %tx
  %row = mul i32 %i, %c
  %j64 = zext i32 %row to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %j64
  %x = load float, ptr addrspace(1) %p, align 4
  %i64 = zext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %x, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
