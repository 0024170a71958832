; Beyond L2, only compulsory misses go to DRAM, and they are counted in the
; unit they are charged in, sectors: a request that moves more sectors than
; its bytes need misses each distinct byte once (docs/memory.md, "Cache hit
; fractions"). Expected values derived from
; Inputs/toy-gpu.yaml: 2 SMs, 1000 MHz, 32 blocks per SM at most, L1 64 B
; per cycle, L2 1048576 B and 256 B per cycle, DRAM 64 B per cycle,
; memory.uncoalesced.latency 528, launch 1000 + 0.5 x blocks.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache \
; RUN:   -ktime-launch='copy2d:grid=512x64,block=2x16,regs=32' \
; RUN:   %S/Inputs/copy2d.ll | FileCheck %s
;
; Per thread: the load's address (lat 4 each) and the store after it:
; CHECK: time = max(24, lat.global + 20)
; CHECK: launch 'copy2d:grid=512x64,block=2x16,regs=32' on toy-gpu:
;
; A warp of a 2 x 16 block asks for 2 words in each of 16 rows 4096 B
; apart: 16 sectors where 4 would hold its 128 B (factor 4), 16 * 32 / 32 =
; 16 B moved per thread for 4 asked. 1024 x 1024 threads; each block asks
; for 128 distinct bytes of each array: no reuse, L1 = 0. Each array's 4 MB
; exceed the 1 MB L2 (cold caches): compulsory misses only. The sector
; bytes reaching L2 are 16 x 1048576 = 16 MB per array, so h2 = 1 - 4 / 16
; = 0.75 and DRAM moves 16 x 0.25 = 4 B per thread and array. (Counted in
; requested bytes, h2 was 1 - 4 / 4 = 0 and DRAM moved every sector.)
;
; A wave: 32 blocks of one warp on each SM, 64 blocks. Every request is
; uncoalesced, so lat.global = 528 and a warp takes 528 + 20 = 548 cycles.
; The levels need less: DRAM 64 x 32 x 2 x 4 / 64 = 256, L2 64 x 32 x 2 x
; 16 / 256 = 256, L1 32 x 32 x 2 x 16 / 64 = 512 cycles per SM.
; CHECK: wave of 64 blocks, 32 on the busiest SM: 548.0 cycles (longest warp 548.0, issue 96.0, sync 0.0, lat.global 528.0), bound latency
; DRAM: 2 x 4 x 1048576 = 8388608 B, the two arrays once (was 33554432);
; L2 sees every sector: 2 x 16 x 1048576 = 33554432 B.
; CHECK: bytes: global 8388608.0, L2 33554432.0, DRAM 8388608.0
;
; 32768 blocks = 512 waves x 548 = 280576 cycles = ns; launch 1000 + 0.5 x
; 32768 = 17384.
; CHECK: predicted 297960.0 ns = launch 17384.0 ns + exec 280576.0 ns; bound latency
