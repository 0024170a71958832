; Occupancy limited by each resource in turn, as NVIDIA's occupancy
; calculator (cuda_occupancy.h) gives it for compute capability 8.0; the
; limits are those of Inputs/toy-gpu.yaml (the A100's: 2048 threads, 64
; warps, 32 blocks, 65536 registers in 4 sub-partitions, 256-register
; allocation unit, 164 KB shared carve-out, 1 KB reserved per block, 128-byte
; shared allocation unit). unittests/GPU compares 842 launches per target
; with the calculator itself.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='chain:grid=1,block=32,regs=32' \
; RUN:   -ktime-launch='chain:grid=1,block=256,regs=128' \
; RUN:   -ktime-launch='chain:grid=1,block=256,regs=32,shmem=50000' \
; RUN:   %S/Inputs/chain.ll | FileCheck %s
;
; Warps: 32 warps per block, 64 per SM -> 2 blocks (64 warps, 100%).
; CHECK: launch 'chain:grid=1,block=1024,regs=32'
; CHECK: occupancy: 2 blocks/SM, 64 warps/SM (100.0%), limited by warps
; Blocks: 1 warp per block would allow 64, the SM holds at most 32 blocks.
; CHECK: launch 'chain:grid=1,block=32,regs=32'
; CHECK: occupancy: 32 blocks/SM, 32 warps/SM (50.0%), limited by blocks
; Registers: 128 x 32 = 4096 per warp; 65536 / 4 = 16384 per sub-partition
; hold 4 warps, 16 per SM; 8 warps per block -> 2 blocks (16 warps, 25%).
; CHECK: launch 'chain:grid=1,block=256,regs=128'
; CHECK: occupancy: 2 blocks/SM, 16 warps/SM (25.0%), limited by registers
; Shared memory: 50000 + 1024 reserved = 51024, rounded up to 128 -> 51072;
; 167936 / 51072 = 3.29 -> 3 blocks of 8 warps (24 warps, 37.5%).
; CHECK: launch 'chain:grid=1,block=256,regs=32,shmem=50000'
; CHECK: occupancy: 3 blocks/SM, 24 warps/SM (37.5%), limited by shared memory
