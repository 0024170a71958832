; A broadcast sweep (docs/memory.md, "Reuse" and "Row walks"): every thread
; of the grid reads the same x[k] for k in [0, n) and sums it. The request
; is a broadcast, one sector of one line for 32 lanes (1 B a thread), and
; the whole grid reads one array of 4 n bytes. Two rules give L1 hits and
; the access takes the larger:
; - reuse: a block requests 256 x n x 4 B of 4 n unique bytes (reuse 1 -
;   1/256), and the blocks that all read one array hold it once in the L1:
;   (255/256) x min(1, L1 bytes / (4 n));
; - the walk: step s = 4 B, one member, trip n: misses max(4 / 32, 1 / n) =
;   1/8, L1 = 7/8 x min(1, L1 bytes / window), the window a broadcast's one
;   line a warp: the 2 blocks the launch puts on an SM x 8 warps x 128 B =
;   2048 B.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs at 1000
; MHz; L1 196608 B, of which the carve-out, the smallest that holds the
; blocks occupancy allows (the 1 KB each block reserves: 8 KB for the 8
; blocks of 256 threads an SM holds), leaves 188416 B; lat_L1 30,
; lat_L2 200; L2 1 MiB, warm). Grid 4 x block 256: 2 blocks on each SM.
;
; n = 2048 (an 8 KB array, it fits the L1): reuse 255/256 x min(1, 188416 /
; 8192) = 0.99609375 against the walk's 7/8: L1 = 255/256, 0.996094 as
; hit fractions are kept (rounded to 1e-6).
; - bytes: global counts the bytes the threads ask for, 1024 threads x
;   (2048 x 4 + 4) = 8392704; L2 the 32-byte sectors that miss L1: the
;   load's one sector a warp is 1 B a thread, 1024 threads x 2048 x 1 B x
;   (1 - 0.996094) = 8191.5, the store's (out[t], contiguous) 32 warps x 4
;   sectors x 32 B = 4096: 12287.5 (12288 at 255/256).
; - lat.global: a thread's 8196 B, 8192 x 255/256 = 8160 from L1 and 8192 /
;   256 + 4 = 36 from the warm L2: (8160 x 30 + 36 x 200) / 8196 = 252000 /
;   8196 = 30.747. Every hit at the L1's latency: the group has one member,
;   and the other warps reading x[k] while its sector is in flight are not
;   counted as waiting for it (docs/kernel-time.md, "Mean access latency").
;
; n = 51200 (200 KB, just more than the 188416 B the carve-out leaves, and
; than the whole 196608 B): reuse 255/256 x 188416 / 204800 = 0.91640625
; (0.916406) against the walk's 7/8: L1 = 0.916406.
; - bytes: global 1024 x (51200 x 4 + 4) = 209719296; L2 1024 x 51200 x 1 B
;   x 0.083594 + 4096 = 4386829.1 (with the whole L1, 255/256 x 196608 /
;   204800 = 0.95625: 2297856).
;
; n = 65536 (256 KB, more than the L1): reuse 255/256 x 188416 / 262144 =
; 0.7159 against the walk's 7/8 (its window, 2048 B, fits): L1 = 7/8.
; - bytes: global 1024 x (65536 x 4 + 4) = 268439552; L2 1024 x 65536 x 1 x
;   1/8 + 4096 = 8392704.
; - lat.global: a thread's 262148 B, 262144 x 7/8 = 229376 from L1, 262144
;   / 8 + 4 = 32772 from L2: (229376 x 30 + 32772 x 200) / 262148 =
;   13435680 / 262148 = 51.25.
;
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='broadcast_sweep:grid=4,block=256,regs=32,n=2048' \
; RUN:   -ktime-launch='broadcast_sweep:grid=4,block=256,regs=32,n=51200' \
; RUN:   -ktime-launch='broadcast_sweep:grid=4,block=256,regs=32,n=65536' %s \
; RUN:   | FileCheck %s
;
; CHECK-LABEL: kernel broadcast_sweep
; CHECK: launch 'broadcast_sweep:grid=4,block=256,regs=32,n=2048'
; CHECK: lat.global 30.7)
; CHECK: bytes: global 8392704.0, L2 12287.5, DRAM 0.0
; CHECK: launch 'broadcast_sweep:grid=4,block=256,regs=32,n=51200'
; CHECK: bytes: global 209719296.0, L2 4386829.1, DRAM 0.0
; CHECK: launch 'broadcast_sweep:grid=4,block=256,regs=32,n=65536'
; CHECK: lat.global 51.3)
; CHECK: bytes: global 268439552.0, L2 8392704.0, DRAM 0.0

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @broadcast_sweep(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %x, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %t = add i32 %b, %tx
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %k64 = zext i32 %k to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %x, i64 %k64
  %v = load float, ptr addrspace(1) %p, align 4
  %s.next = fadd float %s, %v
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %sum = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
