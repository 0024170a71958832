; Blocks past the end of the data (docs/model.md, "Sides no lane takes"):
; in a launch, the side of a branch that no lane of a warp takes costs that
; warp nothing, so a bounds guard's body costs nothing in blocks whose
; threads are all out of bounds (Kernel Tuner's grids without the tile
; divisors leave such blocks). Expected values derived from
; Inputs/toy-gpu.yaml: 2 SMs of 4 processing blocks, every instruction
; lat 4, del 2, 1000 MHz (1 cycle = 1 ns), launch 1000 + 0.5 x blocks.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='guarded:grid=8,block=1024,regs=32,n=4096' \
; RUN:   -ktime-launch='uniform_guard:grid=8,block=1024,regs=32,m=4' \
; RUN:   -ktime-launch='uniform_guard:grid=8,block=1024,regs=32,m=8' \
; RUN:   -ktime-launch='guarded:grid=16,block=1024,regs=32,n=2048' \
; RUN:   -ktime-launch='guarded:grid=8,block=1024,regs=32,n=2048' \
; RUN:   -ktime-launch='guarded:grid=64,block=1024,regs=32,n=1024' \
; RUN:   -ktime-launch='uniform_guard:grid=19,block=1024,regs=32,m=16' \
; RUN:   -ktime-launch='rect_guard:grid=32x32,block=1024,regs=32,mx=8,my=16' \
; RUN:   -ktime-launch='rect_guard:grid=32x32x64,block=1024,regs=32,mx=8,my=16' \
; RUN:   -ktime-launch='rect_guard:grid=6x7,block=1024,regs=32,mx=6,my=2' \
; RUN:   -ktime-launch='rect_guard:grid=9x7,block=64,regs=32,mx=4,my=5' %s \
; RUN:   | FileCheck %s
;
; Both kernels: 1024 threads = 32 warps per block, 2 blocks per SM, a wave
; is 2 x 2 = 4 blocks: grid 8 = 2 full waves, 16 warps per processing
; block. The loop (as Inputs/chain.ll, latency-bound.ll derives it): 1000
; iterations of 4 fmul (fma pipe, del 2 each) + add + setp (alu, 2 each)
; + bra (cbu, 2): per thread fma 8000, alu 4000, cbu 2000, dispatch 7000;
; the store after it: lsu 2, dispatch 1.
;
; guarded: i = ctaid.x * ntid.x + tid.x; if (i < n) { loop; store }.
; Entry: 2 S2R (alu, 2 each), mad (fma, 2; ntid.x is a constant-bank
; operand, the add folds into the mad), setp (alu, 2), bra (cbu, 2):
; alu 6, fma 2, cbu 2, dispatch 5.
; n = 4096: blocks 0-3 (i < 4096, the first wave) run the loop; blocks 4-7
; (the second wave) have no lane with i < n.
; First wave, per thread: fma 2 + 8000 = 8002 (alu 4006, dispatch 7006,
; cbu 2002, lsu 2): 16 warps x 8002 = 128032 cycles.
; CHECK-LABEL: launch 'guarded:grid=8,block=1024,regs=32,n=4096'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 128032.0 cycles
; Second wave, per thread: the entry only, alu 6 (fma 2, cbu 2, dispatch
; 5): 16 x 6 = 96 cycles (was 128032 when every side counted).
; Stores: 4096 threads x 4 B.
; CHECK: bytes: global 16384.0
; exec 128032 + 96 = 128128; launch 1000 + 0.5 x 8 = 1004.
; CHECK: predicted 129132.0 ns = launch 1004.0 ns + exec 128128.0 ns; bound issue
;
; Refilled waves (docs/kernel-time.md, "Waves"): in a launch of at least
; four full waves, blocks of later waves take the slots of retired ones, so
; the full waves are as many waves of their mean block. The mean is taken
; over rows and columns of blocks: the first, the last and the middles of
; 8 strata of each axis, and where two neighbours differ the value halfway
; between them, until they are adjacent; each weighs the values nearest to
; it. A grid of one row of 16 blocks: columns 0, 1, 3, ..., 15; 1 (running)
; and 3 (not) differ, so 2 is added; 1 and 2 differ and are adjacent.
; Columns 0, 1 and 2 weigh one block each, 3 weighs 3-4, and so on;
; columns that do not differ form one kind, weighing their sum: 0 (blocks
; 0-1) and 2 (the other 14).
; guarded, n = 2048, grid 16 (4 full waves): blocks 0 and 1 run the loop
; (delay 8002, time 16012), blocks 2-15 do not (delay 6, time 12 = the
; entry's critical path, S2R 4 -> mad 4 -> setp 4): mean delay
; (2 x 8002 + 14 x 6) / 16 = 1005.5, mean time (2 x 16012 + 14 x 12) / 16
; = 2012; 16 warps per processing block: issue 16 x 1005.5 = 16088 cycles.
; (The envelope of each wave's first, middle and last block gave 85386.7
; for the first wave; the two busy blocks on their two SMs take 64016.)
; CHECK-LABEL: launch 'guarded:grid=16,block=1024,regs=32,n=2048'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 16088.0 cycles (longest warp 2012.0, issue 16088.0
; Stores: the 2048 threads with i < n, 4 B each.
; CHECK: bytes: global 8192.0
; exec 4 x 16088 = 64352; launch 1000 + 0.5 x 16 = 1008.
; CHECK: predicted 65360.0 ns = launch 1008.0 ns + exec 64352.0 ns; bound issue
; CHECK: assumption: 4 full waves, their slots refilled as blocks retire: modelled as waves of their mean block, over 2 x 1 x 1 kinds of ctaid.x, .y and .z values
; grid 8: two waves, too few for the refilling to even the blocks out: the
; envelope, 128032 cycles, then 96; launch 1000 + 0.5 x 8 = 1004.
; CHECK-LABEL: launch 'guarded:grid=8,block=1024,regs=32,n=2048'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 128032.0 cycles
; CHECK: predicted 129132.0 ns = launch 1004.0 ns + exec 128128.0 ns; bound issue
; grid 64, n = 1024: block 0 alone runs the loop, 16 full waves. Columns
; 0, 4, 12, ..., 63; 0 and 4 differ: 2, then 1 are added; column 0 weighs
; block 0 alone. Mean delay (8002 + 63 x 6) / 64 = 130.94; issue
; 16 x 130.94 = 2095.0 cycles a wave, 33520 for the 16. But the launch
; cannot end before block 0 does, alone on its SM: 32 warps over 4
; processing blocks, 8 x 8002 = 64016 cycles, which is the time (the mean
; spreads one block's work over every slot).
; CHECK-LABEL: launch 'guarded:grid=64,block=1024,regs=32,n=1024'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 2095.0 cycles
; CHECK: bytes: global 4096.0
; launch 1000 + 0.5 x 64 = 1032.
; CHECK: predicted 65048.0 ns = launch 1032.0 ns + exec 64016.0 ns; bound issue
; CHECK: assumption: the full waves take their longest block's time, 64016.0 cycles alone on an SM, more than their mean blocks' 33520.0
; CHECK: assumption: 16 full waves, their slots refilled as blocks retire: modelled as waves of their mean block, over 2 x 1 x 1 kinds of ctaid.x, .y and .z values
;
; uniform_guard: if (ctaid.x < m) { loop; store }, a uniform branch.
; Entry: S2R (alu, 2), setp (alu, 2), bra (cbu, 2): alu 4, cbu 2,
; dispatch 3. A running block, per thread: fma 8000 (alu 4004, dispatch
; 7004): 16 x 8000 = 128000 cycles per wave.
; m = 4: the second wave takes the entry only, 16 x 4 = 64 cycles;
; exec 128000 + 64 = 128064.
; CHECK-LABEL: launch 'uniform_guard:grid=8,block=1024,regs=32,m=4'
; CHECK: bytes: global 16384.0
; CHECK: predicted 129068.0 ns = launch 1004.0 ns + exec 128064.0 ns; bound issue
; m = 8: every block runs the loop, 2 x 128000 = 256000.
; CHECK-LABEL: launch 'uniform_guard:grid=8,block=1024,regs=32,m=8'
; CHECK: bytes: global 32768.0
; CHECK: predicted 257004.0 ns = launch 1004.0 ns + exec 256000.0 ns; bound issue

; rect_guard: if (ctaid.x < mx) if (ctaid.y < my) { loop; store }: the
; running blocks are a rectangle of the grid, as in Kernel Tuner's grids
; that ignore the tile sizes. Entry: S2R, setp (alu 2 each), bra (cbu 2);
; the inner test the same. Per thread: running, fma 8000 (alu 4008, cbu
; 2004, dispatch 7007); a block with ctaid.x < mx only, the two tests,
; alu 8 (cbu 4, dispatch 6); the others the entry, alu 4 (dispatch 3).
; grid 32 x 32 = 1024 blocks = 256 full waves. Rows and columns start at
; 0, 2, 6, ..., 30, 31. Rows 14 and 18 differ (in column 0): 16, then 15
; are added; columns 6 and 10 differ (in row 0): 8, then 7. Rows 0, 2, 6,
; 10, 14, 15 weigh 2 + 3 + 4 + 4 + 2 + 1 = 16 rows (ctaid.y < 16); columns
; 0, 2, 6, 7 weigh 2 + 3 + 2 + 1 = 8 (ctaid.x < 8): the running share is
; 8 x 16 / 1024 = 1/8 exactly, those with ctaid.x < 8 only 8 x 16 / 1024,
; the others 6/8. Mean delay (8000 + 8 + 6 x 4) / 8 = 1004; issue
; 16 x 1004 = 16064 cycles.
; CHECK-LABEL: launch 'rect_guard:grid=32x32,block=1024,regs=32,mx=8,my=16'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 16064.0 cycles
; Stores: 128 running blocks x 1024 threads x 4 B = 524288.
; CHECK: bytes: global 524288.0
; exec 256 x 16064 = 4112384, which is also the work of the 128 running
; blocks and the others over the 8 processing blocks: (128 x 8000 + 128 x
; 8 + 768 x 4) x 32 warps / 8; launch 1000 + 0.5 x 1024 = 1512.
; CHECK: predicted 4113896.0 ns = launch 1512.0 ns + exec 4112384.0 ns; bound issue
; Two kinds of ctaid.y values (running, not) and of ctaid.x values.
; CHECK: assumption: 256 full waves, their slots refilled as blocks retire: modelled as waves of their mean block, over 2 x 2 x 1 kinds of ctaid.x, .y and .z values
; The same in 64 planes of ctaid.z: each plane is the grid above, so
; 16384 waves of 16064 cycles, 64 x 524288 B; launch 1000 + 0.5 x 65536.
; (With ctaid.y and .z as one axis, the guard's 64 steps were one comb and
; the weights came out 1.89 times too high.)
; CHECK-LABEL: launch 'rect_guard:grid=32x32x64,block=1024,regs=32,mx=8,my=16'
; CHECK: bytes: global 33554432.0
; CHECK: predicted 263226344.0 ns = launch 33768.0 ns + exec 263192576.0 ns; bound issue
; grid 6 x 7 = 42 blocks: 10 full waves (blocks 0-39: rows 0-5 and 4 of
; the 6 blocks of row 6) and a partial wave of 2 (row 6, idle). Rows 0-6
; are all sampled; row 6 weighs its full waves' share, 4/6. Rows 0-1 run
; (my = 2; every ctaid.x < mx = 6): running share 2 / (6 + 4/6) = 0.3;
; the others take both tests, delay 8. Mean delay (2 x 8000 + 4.667 x 8)
; / 6.667 = 2405.6; issue 16 x 2405.6 = 38489.6 cycles a wave, 384896 for
; the 10; the partial wave's SM holds one idle block, 8 warps x 8 = 64;
; launch 1000 + 0.5 x 42 = 1021. Stores: 12 running blocks x 4096 B.
; CHECK-LABEL: launch 'rect_guard:grid=6x7,block=1024,regs=32,mx=6,my=2'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 38489.6 cycles
; CHECK: bytes: global 49152.0
; CHECK: predicted 385981.0 ns = launch 1021.0 ns + exec 384960.0 ns; bound issue
; grid 9 x 7 = 63 blocks of 64 threads (2 warps; 32 blocks per SM, the
; toy's limit): one partial wave of 64 slots. Its traffic is the sum of its
; blocks': the 4 x 5 running blocks store 64 x 4 B each, 20 x 256 = 5120
; bytes; the middle block (31: ctaid 4, 3) does not run, and counted for
; all blocks it gave 0.
; CHECK-LABEL: launch 'rect_guard:grid=9x7,block=64,regs=32,mx=4,my=5'
; CHECK: waves: 0.984 (0 full)
; CHECK: bytes: global 5120.0

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

define ptx_kernel void @guarded(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cx, %nx
  %i = add i32 %base, %tx
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  br label %loop

loop:
  %k = phi i32 [ 0, %body ], [ %k.next, %loop ]
  %v = phi float [ %x, %body ], [ %v.next, %loop ]
  %v1 = fmul float %v, %v
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v.next = fmul float %v3, %v3
  %k.next = add nuw nsw i32 %k, 1
  %cl = icmp ult i32 %k.next, 1000
  br i1 %cl, label %loop, label %done

done:
  store float %v.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}



define ptx_kernel void @uniform_guard(ptr addrspace(1) %out, float %x, i32 %m) #0 {
entry:
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c = icmp ult i32 %cx, %m
  br i1 %c, label %body, label %exit

body:
  br label %loop

loop:
  %k = phi i32 [ 0, %body ], [ %k.next, %loop ]
  %v = phi float [ %x, %body ], [ %v.next, %loop ]
  %v1 = fmul float %v, %v
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v.next = fmul float %v3, %v3
  %k.next = add nuw nsw i32 %k, 1
  %cl = icmp ult i32 %k.next, 1000
  br i1 %cl, label %loop, label %done

done:
  store float %v.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}
define ptx_kernel void @rect_guard(ptr addrspace(1) %out, float %x, i32 %mx, i32 %my) #0 {
entry:
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c = icmp ult i32 %cx, %mx
  br i1 %c, label %row, label %exit

row:
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %d = icmp ult i32 %cy, %my
  br i1 %d, label %body, label %exit

body:
  br label %loop

loop:
  %k = phi i32 [ 0, %body ], [ %k.next, %loop ]
  %v = phi float [ %x, %body ], [ %v.next, %loop ]
  %v1 = fmul float %v, %v
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v.next = fmul float %v3, %v3
  %k.next = add nuw nsw i32 %k, 1
  %cl = icmp ult i32 %k.next, 1000
  br i1 %cl, label %loop, label %done

done:
  store float %v.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
