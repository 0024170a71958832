; Row walks (docs/memory.md, "Row walks"): a thread reads its own row,
; a[64 r + k] for k in [0, 64), r = ctaid.x ntid.x + tid.x. Each load puts
; its lanes 256 B apart, a sector each (32 sectors a request, 32 B a
; thread), and no byte is read twice (reuse 0); but a lane's next loads read
; the sector its first one fetched. @walk_step32 reads a[64 r + 8 k], k in
; [0, 8): every request needs a new sector.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs at
; 1000 MHz; L1 196608 B, of which the launch's carve-out, the smallest that
; holds its resident blocks' shared memory (here the 1 KB each block
; reserves: 8 KB for up to 8 blocks, 32 KB for 32), leaves 188416 B (163840
; B for 32 blocks); lat_L1 30, lat_L2 200, uncoalesced latency 528; L2 1
; MiB, warm).
;
; @walk, grid 2 x block 64: step s = 4 B, m = 1 member, so a new sector every
; 32 / 4 = 8 requests: L1 = 1 - 4 / 32 = 7/8. Window: min(32 resident blocks,
; 2 blocks / 2 SMs) = 1 block x 64 threads x 128 B = 8192 B <= 163840 B.
; - bytes per thread: 64 loads x 4 + a 4-byte store = 260; 128 threads:
;   global 33280.
; - L2 (sector bytes missing L1): loads 128 x 64 x 32 B x 1/8 = 32768, the
;   store's 4 sectors a warp (4 B a thread) 512: 33280 (without the walk
;   every load sector, 262144 + 512 = 262656).
; - lat.global: uncoalpct = 256/260, uncoalhitpct = 256 x 7/8 / 260 =
;   224/260, l1pct = 224/260, l2pct = (32 + 4)/260 (the loads' misses and the
;   store hit the warm L2):
;     (4/260) (224/260 x 30 + 36/260 x 200) + (32/260) 528 + (224/260) 30
;     = 0.82367 + 64.985 + 25.846 = 91.654
;   The thread's time is 64 lat.global + 784 = 6649.9 cycles (523.0 and
;   34253.0 without the walk).
;
; @walk, grid 2 x block 1024: the window is 1024 x 128 = 131072 B <= 188416
; B: L1 = 7/8. L2: loads 2048 x 64 x 32 x 1/8 = 524288, the store 2048 x 4 =
; 8192: 532480. Grid 4 x block 1024: 2 blocks resident on an SM, a window of
; 262144 B of which the L1 holds 188416: L1 = 7/8 x 188416 / 262144 =
; 0.62890625; L2: loads 4096 x 64 x 32 x 0.37109375 = 3112960, the store
; 4096 x 4 = 16384: 3129344 (3129346.1 printed: the hit fraction goes into a
; rational rounded to 1e-6); global 4096 x 260 = 1064960. The grid's rows,
; 4096 x 256 B, and its stores, 16384 B, exceed the 1 MiB L2: DRAM moves
; them once, 1064960 B.
;
; The L1 data stage: @walk's lanes are 256 B apart, a multiple of 128, so
; every lane reads bank 0 of the L1's data array: 32 cycles a request, at
; the L1's 64 B a clock the cost of 64 B a thread where its sectors are
; 32 B. Grid 2 x block 1024 is L1-bound: 1024 threads x (64 loads x 64 B +
; the store's 4 B) = 4198400 B / 64 = 65600 cycles. @walk_odd (rows of 65
; floats, lanes 260 B apart: other banks) pays its sectors only: 1024 x (64
; x 32 + 4) = 2101248 B / 64 = 32832 cycles.
;
; @walk_short: @walk over 2 iterations: a lane's first request fetches a
; sector whatever the step, so misses are at least 1 / (trip x m) = 1/2:
; L1 1/2, L2 = 128 x 2 x 32 x 1/2 + 512 = 4608 B of 128 x 12 = 1536
; requested. @walk_guarded: @walk's load behind a branch inside the loop:
; a walk needs the load's block to dominate the latch (a rule on the code's
; shape, lib/Memory/Reuse.cpp), so it is not a walk even launched with
; flag = 1, where every lane takes the branch in every iteration. The
; general rule gives the same bytes here: the grid puts one block on each SM
; (not the occupancy's 32), whose rows, 64 x 256 B, and store, 256 B, 16640 B,
; fit the 163840 B of L1, and the lanes read the rest of their sectors in
; later iterations (docs/memory.md, "Sectors the lanes read later"): L2 gets
; the bytes asked, 128 x 64 x 4 + 512 = 33280. (Taking the L1 as shared by 32
; resident blocks, 532480 B, it got every sector: 128 x 64 x 32 + 512 =
; 262656.)
;
; @walk, grid 2 x block 256: the window is 256 x 128 = 32768 B <= 188416 B:
; L1 = 7/8; L2 = 512 x 64 x 32 x 1/8 + the store's 512 x 4 = 133120.
; @walk_two walks a and c in the same loop: two walks keep a line per lane
; each, a window of 65536 B <= 188416 B: L1 = 7/8 for each; L2 = 2 x 512 x
; 64 x 32 x 1/8 + 2048 = 264192; global 512 x (2 x 64 x 4 + 4) = 264192.
;
; @walk_step32: s = 32 B, min(1, 32 / 32) = 1: no hits; L2 = 128 x 8 x 32 +
; 512 = 33280 B of 4608 requested, lat.global (4/36) 200 + (32/36) 528 =
; 491.6.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='walk:grid=2,block=64,regs=32' \
; RUN:   -ktime-launch='walk:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='walk:grid=4,block=1024,regs=32' \
; RUN:   -ktime-launch='walk_odd:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='walk_step32:grid=2,block=64,regs=32' \
; RUN:   -ktime-launch='walk_short:grid=2,block=64,regs=32' \
; RUN:   -ktime-launch='walk_guarded:grid=2,block=64,regs=32,flag=1' \
; RUN:   -ktime-launch='walk:grid=2,block=256,regs=32' \
; RUN:   -ktime-launch='walk_two:grid=2,block=256,regs=32' %s | FileCheck %s
;
; CHECK-LABEL: kernel walk
; CHECK: time = max(912, 64 * lat.global + 784)
; CHECK: launch 'walk:grid=2,block=64,regs=32'
; CHECK: longest warp 6649.9, {{.*}} lat.global 91.7)
; CHECK: bytes: global 33280.0, L2 33280.0, DRAM 0.0
; CHECK: launch 'walk:grid=2,block=1024,regs=32'
; CHECK: 1 on the busiest SM: 65600.0 cycles {{.*}} bound L1
; CHECK: bytes: global 532480.0, L2 532480.0, DRAM 0.0
; CHECK: launch 'walk:grid=4,block=1024,regs=32'
; CHECK: bytes: global 1064960.0, L2 31293{{4[5-9]|5[0-4]}}.{{[0-9]}}, DRAM 1064960.0
; CHECK: launch 'walk:grid=2,block=256,regs=32'
; CHECK: bytes: global 133120.0, L2 133120.0, DRAM 0.0
; CHECK-LABEL: kernel walk_step32
; CHECK: launch 'walk_step32:grid=2,block=64,regs=32'
; CHECK: lat.global 491.6)
; CHECK: bytes: global 4608.0, L2 33280.0, DRAM 0.0
; CHECK-LABEL: kernel walk_odd
; CHECK: launch 'walk_odd:grid=2,block=1024,regs=32'
; CHECK: 1 on the busiest SM: 32832.0 cycles {{.*}} bound L1
; CHECK-LABEL: kernel walk_short
; CHECK: bytes: global 1536.0, L2 4608.0, DRAM 0.0
; CHECK-LABEL: kernel walk_guarded
; CHECK: bytes: global 33280.0, L2 33280.0, DRAM 0.0
; CHECK-LABEL: kernel walk_two
; CHECK: launch 'walk_two:grid=2,block=256,regs=32'
; CHECK: bytes: global 264192.0, L2 264192.0, DRAM 0.0
;
; The walks as the Memory stage prints them: the load's address moves by 4 B
; an iteration (a float, k + 1; 32 B for @walk_step32's 8 k), over the
; loop's trip (k.next == 64, 8, 64, 2); @walk_guarded's load does not run
; every iteration: no walk.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml %s | FileCheck %s --check-prefix=MEM
; MEM-LABEL: kernel walk on
; MEM: row walk of 4 B a step over 64 iterations
; MEM-LABEL: kernel walk_step32
; MEM: row walk of 32 B a step over 8 iterations
; MEM-LABEL: kernel walk_odd
; MEM: row walk of 4 B a step over 64 iterations
; MEM-LABEL: kernel walk_short
; MEM: row walk of 4 B a step over 2 iterations
; MEM-LABEL: kernel walk_guarded
; MEM-NOT: row walk
; MEM: branch %latch -> %exit
; MEM-LABEL: kernel walk_two
; MEM-COUNT-2: row walk of 4 B a step over 64 iterations

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @walk(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %r = add i32 %b, %tx
  %row = mul i32 %r, 64
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
  %done = icmp eq i32 %k.next, 64
  br i1 %done, label %exit, label %loop

exit:
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %r64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @walk_step32(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %r = add i32 %b, %tx
  %row = mul i32 %r, 64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %k8 = shl nuw nsw i32 %k, 3
  %i = add i32 %row, %k8
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %s.next = fadd float %s, %x
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 8
  br i1 %done, label %exit, label %loop

exit:
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %r64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @walk_odd(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %r = add i32 %b, %tx
  %row = mul i32 %r, 65
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
  %done = icmp eq i32 %k.next, 64
  br i1 %done, label %exit, label %loop

exit:
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %r64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @walk_short(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %r = add i32 %b, %tx
  %row = mul i32 %r, 64
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
  %done = icmp eq i32 %k.next, 2
  br i1 %done, label %exit, label %loop

exit:
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %r64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @walk_guarded(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a, i1 %flag) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %r = add i32 %b, %tx
  %row = mul i32 %r, 64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %latch ]
  br i1 %flag, label %body, label %latch

body:
  %i = add i32 %row, %k
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %sx = fadd float %s, %x
  br label %latch

latch:
  %s.next = phi float [ %s, %loop ], [ %sx, %body ]
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 64
  br i1 %done, label %exit, label %loop

exit:
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %r64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @walk_two(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %c) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %bx, %nx
  %r = add i32 %b, %tx
  %row = mul i32 %r, 64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %i = add i32 %row, %k
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %pc = getelementptr inbounds float, ptr addrspace(1) %c, i64 %i64
  %y = load float, ptr addrspace(1) %pc, align 4
  %xy = fmul float %x, %y
  %s.next = fadd float %s, %xy
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, 64
  br i1 %done, label %exit, label %loop

exit:
  %r64 = zext i32 %r to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %r64
  store float %s.next, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
