; Walks whose lanes share rows (docs/memory.md, "Row walks"): threads of a
; 2-D block read the row of their tid.y, a[2048 r + k] for k in [0, 2048),
; r = ctaid.x ntid.y + tid.y (the first operand of a naive matrix product).
; In a 16 x 16 block a warp holds two rows: its request is two sectors in
; two lines for 32 lanes (not uncoalesced), and each row's sector holds the
; next seven elements. The warp keeps its two lines in L1 between its
; iterations: a line for each row it walks, where a thread that walks its
; own row keeps a line per lane.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs at 1000
; MHz; L1 196608 B, of which the carve-out, the smallest that holds the
; resident blocks' shared memory (the 1 KB each block reserves: 8 KB for
; up to 8 blocks), leaves 188416 B; lat_L1 30, lat_L2 200; L2 1 MiB,
; warm).
;
; @shared_walk, grid 4 x block 16x16: 2 blocks on each SM (ceil(4 / 2)).
; - The walk: step s = 4 B, one member, trip 2048: misses max(4 / 32,
;   1 / 2048) = 1/8, L1 = 7/8 x min(1, 188416 / window), window = 2 blocks
;   x 256 threads x (2 lines x 128 B / 32 lanes = 8 B) = 4096 B: L1 = 7/8.
; - Reuse within a block gives less: a block requests 256 x 2048 x 4 =
;   2097152 B of 16 rows x 8192 B = 131072 B unique (reuse 15/16), and two
;   blocks' 262144 B exceed the L1: 15/16 x 188416 / 262144 = 0.6738. The
;   access takes the larger, the walk's 7/8.
; - bytes: global 1024 threads x (2048 x 4 + 4) = 8392704; L2: the loads'
;   two sectors a warp are 2 B a thread: 1024 x 2048 x 2 x 1/8 = 524288,
;   the store's four sectors a warp (contiguous rows of out) 1024 x 4 =
;   4096: 528384 (1372160.5 with the 0.6738).
; - lat.global: a thread's 8196 B, 8192 x 7/8 = 7168 from L1, 8192 / 8 + 4
;   = 1028 from the warm L2: (7168 x 30 + 1028 x 200) / 8196 = 51.32; the
;   longest warp 2048 x 51.32 + 24596 = 129704.7 (199710.5 at the 0.6738's
;   85.5).
;
; @shared_walk, grid 4 x block 4x16: a warp reads 8 rows, 4 lanes each: 8
; sectors in 8 lines for 128 B, an uncoalesced request (factor 2) whose
; lanes share sectors; it keeps its 8 lines a warp. 64 threads, 2 warps a
; block; the occupancy's 32 blocks on an SM reserve 32 KB: L1 163840 B.
; Window 2 blocks x 128 x (2 warps x 8) = 4096 B: L1 = 7/8 (the footprint
; rule: 3/4 x 163840 / (2 x 131072) = 0.46875). L2: the loads' 8 sectors a
; warp are 8 B a thread: 256 x 2048 x 8 x 1/8 = 524288, the store's 4
; sectors a warp 1024: 525312 (2229248 with 0.46875). lat.global: the
; loads' misses wait the uncoalesced latency 528: (4 / 8196) (7168 / 8196
; x 30 + 1028 / 8196 x 200) + (1024 / 8196) 528 + (7168 / 8196) 30 =
; 92.23; the longest warp 2048 x 92.23 + 24596 = 213483.1.
;
; @shared_walk_two adds a walk of c[2048 t + k], t = r ntid.x + tid.x: a
; row per thread, each lane in a sector and line of its own (32 lines a
; warp, 128 B a thread). The loop's walks share the L1: window = blocks x
; threads x (128 + the lines of a's walk). Grid 4 x block 16x16: 2 x 256
; x (128 + 8) = 69632 <= 188416: L1 = 7/8 for both; L2 = 1024 x 2048 x
; (2 + 32) x 1/8 + 4096 = 8916992. Grid 4 x block 32x32 (2 blocks of 1024
; on each SM, the occupancy's 2): a warp is one row of a, one line (4 B a
; thread): window 2 x 1024 x 132 = 270336 > 188416: L1 = 7/8 x 188416 /
; 270336 = 0.609848 for both (a's own reuse, 31/32 of a block's bytes over
; the 2 x (262144 + 8388608) B the loop's groups hold, is less); L2 =
; 4096 x 2048 x (1 + 32) x 0.390152 + the store's 4096 x 4 = 108019846.
;
; @shared_walk_smem is @shared_walk_two with a shared-memory read,
; tile[k], in the same loop: a walk of its step, but shared memory keeps no
; lines in L1, so the window stays 132 B a thread. Its 8 KB of static
; shared memory (plus the 1 KB a block reserves) for the 2 resident blocks
; take the 32 KB carve-out: L1 163840 B. Grid 4 x block 32x32: window 2 x
; 1024 x 132 = 270336: L1 = 7/8 x 163840 / 270336 = 0.530303 (rounded to
; 1e-6) for both walks; L2 = 276824064 x 0.469697 + 16384 = 130039816.4
; (counting the shared read's line in the window, 136 B a thread, gave
; 134357441).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='shared_walk:grid=4,block=16x16,regs=32' \
; RUN:   -ktime-launch='shared_walk:grid=4,block=4x16,regs=32' \
; RUN:   -ktime-launch='shared_walk_two:grid=4,block=16x16,regs=32' \
; RUN:   -ktime-launch='shared_walk_two:grid=4,block=32x32,regs=32' \
; RUN:   -ktime-launch='shared_walk_smem:grid=4,block=32x32,regs=32' %s \
; RUN:   | FileCheck %s
;
; CHECK-LABEL: kernel shared_walk
; CHECK: time = max(28692, 2048 * lat.global + 24596)
; CHECK: launch 'shared_walk:grid=4,block=16x16,regs=32'
; CHECK: longest warp 129704.7, {{.*}} lat.global 51.3)
; CHECK: bytes: global 8392704.0, L2 528384.0, DRAM 0.0
; CHECK: launch 'shared_walk:grid=4,block=4x16,regs=32'
; CHECK: longest warp 213483.1, {{.*}} lat.global 92.2)
; CHECK: bytes: global 2098176.0, L2 525312.0, DRAM 0.0
; CHECK-LABEL: kernel shared_walk_two
; CHECK: launch 'shared_walk_two:grid=4,block=16x16,regs=32'
; CHECK: bytes: global 16781312.0, L2 8916992.0,
; CHECK: launch 'shared_walk_two:grid=4,block=32x32,regs=32'
; CHECK: bytes: global 67125248.0, L2 1080198{{4[0-9]|5[0-2]}}.{{[0-9]}},
; CHECK-LABEL: kernel shared_walk_smem
; CHECK: launch 'shared_walk_smem:grid=4,block=32x32,regs=32'
; CHECK: static shared 8192 B
; CHECK: bytes: global 67125248.0, L2 1300398{{0[5-9]|1[0-9]|2[0-5]}}.{{[0-9]}},

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @shared_walk(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %b = mul i32 %bx, %ny
  %r = add i32 %b, %ty
  %row = mul i32 %r, 2048
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %i = add i32 %row, %k
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %s.next = fadd float %s, %x
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 2048
  br i1 %done, label %exit, label %loop

exit:
  %rn = mul i32 %r, %nx
  %o = add i32 %rn, %tx
  %o64 = zext i32 %o to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %o64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @shared_walk_two(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %c) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %b = mul i32 %bx, %ny
  %r = add i32 %b, %ty
  %row = mul i32 %r, 2048
  %rn = mul i32 %r, %nx
  %t = add i32 %rn, %tx
  %crow = mul i32 %t, 2048
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %i = add i32 %row, %k
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %j = add i32 %crow, %k
  %j64 = zext i32 %j to i64
  %pc = getelementptr inbounds float, ptr addrspace(1) %c, i64 %j64
  %y = load float, ptr addrspace(1) %pc, align 4
  %xy = fmul float %x, %y
  %s.next = fadd float %s, %xy
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 2048
  br i1 %done, label %exit, label %loop

exit:
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @shared_walk_smem(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %c) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %b = mul i32 %bx, %ny
  %r = add i32 %b, %ty
  %row = mul i32 %r, 2048
  %rn = mul i32 %r, %nx
  %t = add i32 %rn, %tx
  %crow = mul i32 %t, 2048
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %i = add i32 %row, %k
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %j = add i32 %crow, %k
  %j64 = zext i32 %j to i64
  %pc = getelementptr inbounds float, ptr addrspace(1) %c, i64 %j64
  %y = load float, ptr addrspace(1) %pc, align 4
  %k64 = zext i32 %k to i64
  %ps = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %k64
  %z = load float, ptr addrspace(3) %ps, align 4
  %xz = fmul float %x, %z
  %xy = fmul float %xz, %y
  %s.next = fadd float %s, %xy
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 2048
  br i1 %done, label %exit, label %loop

exit:
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

@tile = internal addrspace(3) global [2048 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
