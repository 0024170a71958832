; A kernel bound by shared memory: the bandwidth iteration raises the
; shared latency until a wave's shared bytes fit the target's
; memory.shared.bandwidth_bytes_per_clk (docs/kernel-time.md), which may be
; less than the banks deliver (docs/targets.md). Expected values derived
; from Inputs/toy-gpu.yaml (2 SMs, 1000 MHz, every instruction lat 4 del 2,
; shared latency 20, banks 32 x 4 B, shared rate 128 B/clk, launch 1000 +
; 0.5 x blocks), and from the same file with the shared rate halved to 64.
;
; RUN: rm -rf %t && mkdir %t
; RUN: sed 's/bandwidth_bytes_per_clk: 128  # toy: banks x bank_width_bytes/bandwidth_bytes_per_clk: 64  # toy: half the banks/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/toy-gpu.yaml
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='shared_sum:grid=512,block=256,regs=32' \
; RUN:   %S/Inputs/shared-sum.ll | FileCheck %s --check-prefixes=CHECK,BANKS
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/toy-gpu.yaml \
; RUN:   -ktime-launch='shared_sum:grid=512,block=256,regs=32' \
; RUN:   %S/Inputs/shared-sum.ll | FileCheck %s --check-prefixes=CHECK,HALF
;
; Per thread: tid.x (4) and the tile address (4), eight independent shared
; loads, a tree of three fadds (12) and the store: lat.shared + 20; the
; thread's own delay, 19 instructions of del 2, is 38.
; CHECK: time = max(38, lat.shared + 20)
; 8 warps per block, 64 per SM: 8 blocks per SM, 16 per wave on 2 SMs;
; 512 blocks = 32 full waves.
; CHECK: occupancy: 8 blocks/SM, 64 warps/SM (100.0%), limited by warps
; CHECK: waves: 32.000 (32 full)
; A wave's busiest SM holds 8 blocks x 256 threads x 8 loads x 4 B = 65536
; shared bytes (each warp load reads 32 consecutive words: one pass over the
; 32 banks). At 128 B/clk that is 512 cycles, at 64 B/clk 1024. The
; longest warp at lat.shared = 20 takes 40 cycles and the issue 16 warps per
; processing block x 19 dispatched instructions = 304, both shorter: the
; shared latency is raised to 512 - 20 = 492 (1004 at 64 B/clk).
; BANKS: wave of 16 blocks, 8 on the busiest SM: 512.0 cycles (longest warp 512.0, issue 304.0,
; BANKS-SAME: bound shared
; HALF: wave of 16 blocks, 8 on the busiest SM: 1024.0 cycles (longest warp 1024.0, issue 304.0,
; HALF-SAME: bound shared
; 512 x 8192 = 4194304 shared bytes in all.
; CHECK: bytes: global 524288.0, L2 524288.0, DRAM 0.0, shared 4194304.0
; exec 32 waves x 512 cycles = 16384 ns (32768 at 64 B/clk) at 1000 MHz;
; launch 1000 + 0.5 x 512 = 1256 ns.
; BANKS: predicted 17640.0 ns = launch 1256.0 ns + exec 16384.0 ns; bound shared
; HALF: predicted 34024.0 ns = launch 1256.0 ns + exec 32768.0 ns; bound shared
