; Register spills given in the launch spec (spill_stores=, spill_loads= as
; ptxas -v reports them) add local-memory bytes to the caches' and DRAM's
; levels (docs/memory.md, "Register spills"). Expected values derived from
; Inputs/toy-gpu.yaml: 2 SMs, 1000 MHz, L1 196608 B, L1 64 B per cycle, L2
; 1048576 B, DRAM 64 B per cycle, launch 1000 + 0.5 x blocks. The L1 is
; what the launch's carve-out leaves (docs/gpu.md): the smallest carve-out
; holding its resident blocks' shared memory, here the 1 KB each reserves.
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
; 8 blocks of 256 threads per SM: 8 x 1 KB reserved, the 8 KB carve-out,
; 196608 - 8192 = 188416 B of L1; frames 2048 x 1024 = 2097152 B per SM;
; L1 keeps 188416 / 2097152 = 0.08984375 of them. On the GPU 2 x 2097152 =
; 4194304 B; L2 keeps 1048576 / 4194304 = 0.25 of the rest: 0.91015625 x
; 0.25 = 0.2275390625. DRAM: 1 - 0.08984375 - 0.2275390625 = 0.6826171875
; of 2048 B = 1398 B per thread.
; STREAM: launch 'saxpy:grid=512,block=256,regs=32,n=131072,spill_stores=1024,spill_loads=1024' on toy-gpu:
; A wave of 16 blocks: 4096 threads x (12 + 1398) = 5775360 B from DRAM /
; 64 = 90240 cycles (the L1 level: 4096 x (12 + 2048) / 2 SMs / 64 = 65920;
; L2: 4096 x (12 + 1864) / 256 = 30016). Without spills: 768.
; STREAM: wave of 16 blocks, 8 on the busiest SM: 90240.0 cycles
; STREAM-SAME: bound DRAM
; The kernel's own global bytes stay 131072 x 12 = 1572864 (spills are
; local memory); L2 131072 x (12 + 1864) = 245891072, DRAM 131072 x 1410 =
; 184811520 (to the precision of the fractions' rationals).
; STREAM: bytes: global 1572864.0, L2 2458910{{[0-9]+}}.{{[0-9]}}, DRAM 1848114{{[0-9]+}}.{{[0-9]}}
; 32 waves x 90240 = 2887680 cycles = ns, + launch 1256.
; STREAM: predicted 28889{{3[0-9]}}.{{[0-9]}} ns = launch 1256.0 ns + exec 28876{{[78][0-9]}}.{{[0-9]}} ns; bound DRAM
; STREAM: assumption: register spills (1024 B of stores, 1024 B of loads per thread, from the spec) run as often as the place where the register estimate peaks: 1 per thread; local memory: spill frames 2097152 B per SM against 188416 B of L1: 9.0 %; 4194304 B on the GPU against 1048576 B of L2: 22.8 % more
;
; A loop of 1000 iterations holds the register estimate's peak, so the
; spill code runs 1000 times: 8 x 1000 = 8000 B per thread. The occupancy
; allows 32 blocks of 32 threads an SM: 32 x 1 KB reserved, the 32 KB
; carve-out, 196608 - 32768 = 163840 B of L1. One block of 32 threads per
; SM runs (2 blocks on 2 SMs): frames 32 x 4 = 128 B fit L1, so
; no spilled byte reaches L2; L2 sees only the kernel's store, as without
; spills (every thread writes one word: one 32-byte sector per warp, 2 x 32
; = 64 B). The L1 level: 32 x 8000 / 64 = 4000 cycles and a little more,
; under the 16000 of the dependent chain: the time does not move.
; CHAIN: launch 'chain:grid=2,block=32,regs=32,spill_stores=4,spill_loads=4' on toy-gpu:
; CHAIN: wave of 2 blocks, 1 on the busiest SM: 16000.0 cycles (longest warp 16000.0, issue 8000.0, sync 0.0, lat.global 200.0), bound latency
; CHAIN: bytes: global 256.0, L2 64.0, DRAM 0.0
; CHAIN: assumption: register spills (4 B of stores, 4 B of loads per thread, from the spec) run as often as the place where the register estimate peaks: 1000 per thread; local memory: spill frames 128 B per SM against 163840 B of L1: 100.0 %
; Without spills: the same time, and no assumption about them.
; CHAIN: launch 'chain:grid=2,block=32,regs=32' on toy-gpu:
; CHAIN: predicted 17001.0 ns
; CHAIN-NOT: register spills
