; A streaming kernel is bound by DRAM: the bandwidth iteration raises the
; DRAM latency until the wave's bytes fit (docs/kernel-time.md). Expected
; values derived from Inputs/toy-gpu.yaml (2 SMs, 1000 MHz, every
; instruction lat 4 del 2, DRAM 500 cycles and 64 GB/s = 64 bytes per
; cycle, launch 1000 + 0.5 x blocks) with cold caches (every byte from
; DRAM).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   -ktime-launch='saxpy:grid=8,block=256,regs=32,n=2000' \
; RUN:   -ktime-launch='saxpy:grid=12,block=256,regs=32,n=2000' \
; RUN:   -ktime-launch='saxpy:grid=16,block=256,regs=32,n=1000' \
; RUN:   -ktime-launch='saxpy:grid=1000000,block=256,regs=32,n=2000' \
; RUN:   %S/Inputs/stream.ll | FileCheck %s
; The short Kernel remark of the first launch: the figures behind the bound
; (below: 1572864 bytes from DRAM in 24576 ns of execution = 64.0 GB/s, all
; of the toy GPU's 64 GB/s); 25832 ns = 25.83 us; 64 of 64 warps.
; RUN: %opt_ktime -passes=kernel-time -disable-output -pass-remarks-analysis=kernel-time \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   %S/Inputs/stream.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: kernel saxpy on toy-gpu, grid 512x1x1, block 256x1x1: predicted 25.83 us; bound: DRAM (1.6 MB at 64.0 GB/s, 100% of its 64.0 GB/s); occupancy 100%{{$}}
;
; The second launch's 8 blocks fill half of a wave (2 SMs x 8 blocks/SM
; = 16 slots): the occupancy is a full wave's, and the remark says how much
; of one the grid fills.
; RUN: %opt_ktime -passes=kernel-time -disable-output -pass-remarks-analysis=kernel-time \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache \
; RUN:   -ktime-launch='saxpy:grid=8,block=256,regs=32,n=2000' \
; RUN:   -ktime-launch='saxpy:grid=1,block=32,regs=32,n=32' \
; RUN:   %S/Inputs/stream.ll 2>&1 | FileCheck %s --check-prefix=PARTIAL
; PARTIAL: kernel saxpy on toy-gpu, grid 8x1x1, block 256x1x1: predicted {{[0-9.]+}} us; bound: {{.*}}; occupancy 100%; the grid fills 50% of a wave{{$}}
; One block of one warp: 64 blocks/SM would fit by warps, but 32 blocks per
; SM is the toy's limit (max_blocks_per_sm): 1 of 2 x 32 slots, 1.6 %.
; PARTIAL: kernel saxpy on toy-gpu, grid 1x1x1, block 32x1x1: predicted {{[0-9.]+}} us; bound: {{.*}}; occupancy {{[0-9]+}}%; the grid fills 1.6% of a wave{{$}}
;
; A share that would round to 100 keeps a decimal: on the A100 (108 SMs x 8
; blocks of 256 threads = 864 slots) 863 blocks fill 99.88 %, printed 99.9;
; 864 fill the wave and the clause is left out.
; RUN: %opt_ktime -passes=kernel-time -disable-output -pass-remarks-analysis=kernel-time \
; RUN:   -ktime-gpu=a100 \
; RUN:   -ktime-launch='saxpy:grid=863,block=256,regs=32,n=220928' \
; RUN:   -ktime-launch='saxpy:grid=864,block=256,regs=32,n=221184' \
; RUN:   %S/Inputs/stream.ll 2>&1 | FileCheck %s --check-prefix=NEARLY
; NEARLY: kernel saxpy on a100-pcie-40gb, grid 863x1x1, block 256x1x1: predicted {{[0-9.]+}} us; bound: {{.*}}; occupancy 100%; the grid fills 99.9% of a wave{{$}}
; NEARLY: kernel saxpy on a100-pcie-40gb, grid 864x1x1, block 256x1x1: predicted {{[0-9.]+}} us; bound: {{.*}}; occupancy 100%{{$}}
;
; Per thread: two loads (lat.global) feed fmul and fadd before the store:
; time = lat.global + 24, delay 24 (print<kernel-time-cost> lists the 12
; instructions of del 2).
; CHECK: time = max(24, lat.global + 24)
; CHECK: launch 'saxpy:grid=512,block=256,regs=32,n=131072' on toy-gpu:
; 8 warps per block, 64 warps per SM -> 8 blocks per SM, 16 per wave:
; 512 blocks = 32 full waves.
; CHECK: occupancy: 8 blocks/SM, 64 warps/SM (100.0%), limited by warps
; CHECK: waves: 32.000 (32 full)
; A wave moves 16 x 256 threads x 12 bytes = 49152 bytes (unit stride:
; 4 bytes of 32-byte sectors per thread and access): 49152 / 64 = 768
; cycles at least. At lat.global = 500 the longest warp takes 524 < 768,
; so the DRAM latency is raised to 744 = 768 - 24.
; Issue: per thread the pipes are alu 2 S2R + setp = 6, fma 3 int.mad +
; fmul + fadd = 10, lsu 2 loads + store = 6, cbu 2, and the dispatch of
; its 12 instructions 12: 12 cycles; 16 warps per processing block: 192.
; CHECK: wave of 16 blocks, 8 on the busiest SM: 768.0 cycles (longest warp 768.0, issue 192.0, sync 0.0, lat.global 744.0), bound DRAM
; 131072 x 12 = 1572864 bytes; exec 32 x 768 = 24576 cycles = 1572864 / 64:
; the kernel takes exactly its bytes over the DRAM bandwidth.
; CHECK: bytes: global 1572864.0, L2 1572864.0, DRAM 1572864.0
; Launch 1000 + 0.5 x 512 = 1256.
; CHECK: predicted 25832.0 ns = launch 1256.0 ns + exec 24576.0 ns; bound DRAM
;
; Bounds guard: n = 2000 of 8 x 256 = 2048 threads. The last block has
; 2000 - 1792 = 208 active threads (6 full warps and 16 lanes of the
; seventh): 7 x 3072 + 208 x 12 = 24000 bytes = 2000 x 12.
; CHECK: launch 'saxpy:grid=8,block=256,regs=32,n=2000' on toy-gpu:
; 8 blocks on 2 SMs, 4 on the busiest: 32 warps; 24000 / 64 = 375 cycles
; is less than the warp's 524: latency, and the launch (1004) is longer.
; CHECK: wave of 8 blocks, 4 on the busiest SM: 524.0 cycles (longest warp 524.0
; CHECK-SAME: bound latency
; CHECK: bytes: global 24000.0, L2 24000.0, DRAM 24000.0
; CHECK: predicted 1528.0 ns = launch 1004.0 ns + exec 524.0 ns; bound launch
;
; More blocks than the data need: the guard cuts every block from the
; eighth on. A wave's traffic is the sum of its blocks' (docs/kernel-time.md),
; so the surplus blocks add nothing: 12 blocks over n = 2000 move the 24000
; bytes of 8 (not 11 x 3072 + 0 = 33792, the middle block's for all but the
; last). 12 blocks on 2 SMs, 6 on the busiest: 24000 / 64 = 375 cycles,
; less than the warp's 524: latency.
; CHECK: launch 'saxpy:grid=12,block=256,regs=32,n=2000' on toy-gpu:
; CHECK: wave of 12 blocks, 6 on the busiest SM: 524.0 cycles (longest warp 524.0
; CHECK-SAME: bound latency
; CHECK: bytes: global 24000.0, L2 24000.0, DRAM 24000.0
; 16 blocks over n = 1000: blocks 0 to 2 full (768 threads), block 3 with
; 232, blocks 4 to 15 none: 1000 x 12 = 12000 bytes, though the middle
; block (7) lies past the data.
; CHECK: launch 'saxpy:grid=16,block=256,regs=32,n=1000' on toy-gpu:
; CHECK: bytes: global 12000.0, L2 12000.0, DRAM 12000.0
; A million blocks over the same 2000 elements (62500 full waves): the
; blocks past the data are found among the million by halving, and the
; traffic is again 2000 x 12 = 24000 bytes.
; CHECK: launch 'saxpy:grid=1000000,block=256,regs=32,n=2000' on toy-gpu:
; CHECK: waves: 62500.000 (62500 full)
; CHECK: bytes: global 24000.0, L2 24000.0, DRAM 24000.0
