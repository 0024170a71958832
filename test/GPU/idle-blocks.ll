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
; RUN:   -ktime-launch='guarded:grid=8,block=1024,regs=32,n=2048' %s \
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
; a full wave's warps take the mean over its three sampled blocks (first,
; middle, last), not their envelope.
; guarded, n = 2048, grid 16 (4 full waves): blocks 0 and 1 run the loop,
; 2-15 do not. Wave 1 (blocks 0-3) samples blocks 0, 1 (busy: delay 8002,
; time 16012) and 3 (idle: delay 6, time 12 = the entry's critical path,
; S2R 4 -> mad 4 -> setp 4): mean delay (8002 + 8002 + 6) / 3 = 5336.67,
; mean time (16012 + 16012 + 12) / 3 = 10678.67; 16 warps per processing
; block: issue 16 x 5336.67 = 85386.7 cycles.
; CHECK-LABEL: launch 'guarded:grid=16,block=1024,regs=32,n=2048'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 85386.7 cycles (longest warp 10678.7, issue 85386.7
; Waves 2-4 idle: 96 cycles each as above; exec 85386.7 + 3 x 96 = 85674.7;
; launch 1000 + 0.5 x 16 = 1008.
; CHECK: predicted 86682.7 ns = launch 1008.0 ns + exec 85674.7 ns; bound issue
; grid 8: two waves, too few for the refilling to even the blocks out: the
; envelope, 128032 cycles, then 96; launch 1000 + 0.5 x 8 = 1004.
; CHECK-LABEL: launch 'guarded:grid=8,block=1024,regs=32,n=2048'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 128032.0 cycles
; CHECK: predicted 129132.0 ns = launch 1004.0 ns + exec 128128.0 ns; bound issue
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

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

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
attributes #0 = { "target-cpu"="sm_80" }
