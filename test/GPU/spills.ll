; Register spills given in the launch spec (spill_stores=, spill_loads= as
; ptxas -v reports them) add local-memory bytes to the caches' and DRAM's
; levels (docs/memory.md, "Register spills"). Expected values derived from
; Inputs/toy-gpu.yaml: 2 SMs, 1000 MHz, L1 196608 B of which the largest
; carve-out (164 KB = 167936 B, docs/gpu.md) leaves 28672 B, L1 64 B per
; cycle, L2 1048576 B, DRAM 64 B per cycle, launch 1000 + 0.5 x blocks.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072,spill_stores=1024,spill_loads=1024' \
; RUN:   %S/Inputs/stream.ll | FileCheck %s --check-prefix=STREAM
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=2,block=32,regs=32,spill_stores=4,spill_loads=4' \
; RUN:   -ktime-launch='chain:grid=2,block=32,regs=32' \
; RUN:   %S/Inputs/chain.ll | FileCheck %s --check-prefix=CHAIN
;
; The streaming kernel of bandwidth-bound.ll (12 B per thread from DRAM,
; 768 cycles per wave without spills) with 1024 B of spill stores and as
; many of loads per thread, in straight-line code: once per thread.
; 8 blocks of 256 threads per SM: frames 2048 x 1024 = 2097152 B per SM;
; L1 keeps 28672 / 2097152 = 0.013671875 of them. On the GPU 2 x 2097152 =
; 4194304 B; L2 keeps 1048576 / 4194304 = 0.25 of the rest: 0.986328125 x
; 0.25 = 0.24658203125. DRAM: 1 - 0.013671875 - 0.24658203125 =
; 0.73974609375 of 2048 B = 1515 B per thread.
; STREAM: launch 'saxpy:grid=512,block=256,regs=32,n=131072,spill_stores=1024,spill_loads=1024' on toy-gpu:
; A wave of 16 blocks: 4096 threads x (12 + 1515) = 6254592 B from DRAM /
; 64 = 97728 cycles (the L1 level: 4096 x (12 + 2048) / 2 SMs / 64 = 65920;
; L2: 4096 x (12 + 2020) / 256 = 32512). Without spills: 768.
; STREAM: wave of 16 blocks, 8 on the busiest SM: 97728.0 cycles
; STREAM-SAME: bound DRAM
; The kernel's own global bytes stay 131072 x 12 = 1572864 (spills are
; local memory); DRAM 131072 x 1527 = 200146944 (to the precision of the
; fractions' rationals).
; STREAM: bytes: global 1572864.0, L2 2663382{{[0-9]+}}.{{[0-9]}}, DRAM 2001469{{[0-9]+}}.{{[0-9]}}
; 32 waves x 97728 = 3127296 cycles = ns, + launch 1256.
; STREAM: predicted 31285{{5[12]}}.{{[0-9]}} ns = launch 1256.0 ns + exec 31272{{9[56]}}.{{[0-9]}} ns; bound DRAM
; STREAM: assumption: register spills (1024 B of stores, 1024 B of loads per thread, from the spec) run as often as the place where the register estimate peaks: 1 per thread; local memory: spill frames 2097152 B per SM against 28672 B of L1: 1.4 %; 4194304 B on the GPU against 1048576 B of L2: 24.7 % more
;
; A loop of 1000 iterations holds the register estimate's peak, so the
; spill code runs 1000 times: 8 x 1000 = 8000 B per thread. One block of
; 32 threads per SM (2 blocks on 2 SMs): frames 32 x 4 = 128 B fit L1, so
; no spilled byte reaches L2; L2 sees only the kernel's store, as without
; spills (every thread writes one word: one 32-byte sector per warp, 2 x 32
; = 64 B). The L1 level: 32 x 8000 / 64 = 4000 cycles and a little more,
; under the 16000 of the dependent chain: the time does not move.
; CHAIN: launch 'chain:grid=2,block=32,regs=32,spill_stores=4,spill_loads=4' on toy-gpu:
; CHAIN: wave of 2 blocks, 1 on the busiest SM: 16000.0 cycles (longest warp 16000.0, issue 8000.0, sync 0.0, lat.global 200.0), bound latency
; CHAIN: bytes: global 256.0, L2 64.0, DRAM 0.0
; CHAIN: assumption: register spills (4 B of stores, 4 B of loads per thread, from the spec) run as often as the place where the register estimate peaks: 1000 per thread; local memory: spill frames 128 B per SM against 28672 B of L1: 100.0 %
; Without spills: the same time, and no assumption about them.
; CHAIN: launch 'chain:grid=2,block=32,regs=32' on toy-gpu:
; CHAIN: predicted 17001.0 ns
; CHAIN-NOT: register spills
