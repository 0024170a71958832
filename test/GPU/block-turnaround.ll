; Block turnaround (docs/kernel-time.md, "Block turnaround"): a block slot
; of an SM, once its block retires, stays empty for the target's
; launch.block_turnaround_cycles before the next block starts there. Every
; wave after the launch's first starts in refilled slots, so each of its
; warps' time_WP is that much longer; the wait holds the slot, not the
; processing block's issue. Expected values derived from
; Inputs/toy-gpu.yaml (2 SMs of 4 processing blocks, 1000 MHz so 1 cycle =
; 1 ns, launch 1000 + 0.5 x blocks cycles), here with
; block_turnaround_cycles: 1000, and Inputs/chain.ll: per thread time 16000
; and issue cycles 8000 (latency-bound.ll derives both).
;
; RUN: rm -rf %t && mkdir %t
; RUN: sed 's/^launch:/launch:\n  block_turnaround_cycles: 1000/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/toy-gpu.yaml
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=2,block=32,shmem=100000,regs=32' \
; RUN:   -ktime-launch='chain:grid=6,block=32,shmem=100000,regs=32' \
; RUN:   -ktime-launch='chain:grid=5,block=32,shmem=100000,regs=32' \
; RUN:   -ktime-launch='chain:grid=10,block=32,shmem=100000,regs=32' \
; RUN:   -ktime-launch='chain:grid=8,block=1024,regs=32' \
; RUN:   %S/Inputs/chain.ll | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=6,block=32,shmem=100000,regs=32' \
; RUN:   %S/Inputs/chain.ll | FileCheck %s --check-prefix=NONE
; RUN: mkdir %t/zero
; RUN: sed 's/^launch:/launch:\n  block_turnaround_cycles: 0/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/zero/toy-gpu.yaml
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/zero/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=6,block=32,shmem=100000,regs=32' \
; RUN:   %S/Inputs/chain.ll | FileCheck %s --check-prefix=NONE
;
; 100000 B of dynamic shared memory + the 1024 B reserved per block: one
; block of one warp per SM (167936 B per SM), a wave of 2 blocks. The
; store's traffic is an L2 hit (lat.global 200).
;
; grid 2: one wave, no slot refilled: max(16000, 8000) = 16000.
; CHECK-LABEL: launch 'chain:grid=2,block=32,shmem=100000,regs=32'
; CHECK: occupancy: 1 blocks/SM, 1 warps/SM
; CHECK: wave of 2 blocks, 1 on the busiest SM: 16000.0 cycles (longest warp 16000.0, issue 8000.0, sync 0.0, lat.global 200.0), bound latency
; launch 1000 + 0.5 x 2 = 1001.
; CHECK: predicted 17001.0 ns = launch 1001.0 ns + exec 16000.0 ns; bound latency
;
; grid 6: three full waves, solved one by one (fewer than four). The first
; 16000; the second and third start in refilled slots: max(16000 + 1000,
; 8000) = 17000 each. exec 16000 + 2 x 17000 = 50000; launch 1000 + 3.
; CHECK-LABEL: launch 'chain:grid=6,block=32,shmem=100000,regs=32'
; CHECK: wave of 2 blocks, 1 on the busiest SM: 16000.0 cycles (longest warp 16000.0, issue 8000.0, sync 0.0, lat.global 200.0), bound latency
; CHECK: predicted 51003.0 ns = launch 1003.0 ns + exec 50000.0 ns; bound latency
; CHECK: assumption: block turnaround: each wave after the first waits 1000.0 cycles
;
; grid 5: two full waves (16000, 17000) and a partial wave of 1 block,
; whose slot is refilled too: 17000. exec 50000; launch 1000 + 2.5.
; CHECK-LABEL: launch 'chain:grid=5,block=32,shmem=100000,regs=32'
; CHECK: wave of 1 blocks, 1 on the busiest SM: 17000.0 cycles (longest warp 17000.0, issue 8000.0, sync 0.0, lat.global 200.0, turnaround 1000.0), bound latency
; CHECK: predicted 51002.5 ns = launch 1002.5 ns + exec 50000.0 ns; bound latency
;
; grid 10: five full waves, refilled (four or more: waves of their mean
; block, docs/kernel-time.md "Waves"): 17000 each, but the first 16000:
; 4 x 17000 + 16000 = 84000; launch 1000 + 5.
; CHECK-LABEL: launch 'chain:grid=10,block=32,shmem=100000,regs=32'
; CHECK: wave of 2 blocks, 1 on the busiest SM: 17000.0 cycles (longest warp 17000.0, issue 8000.0, sync 0.0, lat.global 200.0, turnaround 1000.0), bound latency
; CHECK: predicted 85005.0 ns = launch 1005.0 ns + exec 84000.0 ns; bound latency
;
; block 1024: 32 warps a block, 2 blocks per SM, a wave of 4 blocks; grid
; 8 = two full waves. 16 warps per processing block issue 16 x 8000 =
; 128000 cycles, more than a warp's 16000 + 1000: the wait for the slot
; hides behind the other warps' issue, and both waves take 128000 (the
; printout lists the first). exec 256000; launch 1000 + 4.
; CHECK-LABEL: launch 'chain:grid=8,block=1024,regs=32'
; CHECK: wave of 4 blocks, 2 on the busiest SM: 128000.0 cycles (longest warp 16000.0, issue 128000.0, sync 0.0, lat.global 200.0), bound issue
; CHECK: predicted 257004.0 ns = launch 1004.0 ns + exec 256000.0 ns; bound issue
;
; Without the field (the toy target as it is), or with 0, a slot is
; refilled at once: grid 6 takes 3 x 16000 = 48000.
; NONE-NOT: block turnaround
; NONE: predicted 49003.0 ns = launch 1003.0 ns + exec 48000.0 ns; bound latency
