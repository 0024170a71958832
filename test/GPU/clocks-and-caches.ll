; Clock overrides, warm against cold caches, and the user's hit fractions.
; Expected values derived from Inputs/toy-gpu.yaml (1000 MHz, 2 SMs; L1 64
; bytes per SM cycle; L2 1 MiB, 200 cycles, 256 GB/s; DRAM 500 cycles,
; 64 GB/s at memory_mhz 1000; launch 1000 + 0.5 x blocks cycles) and the
; kernels' per-thread figures derived in latency-bound.ll and
; bandwidth-bound.ll.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-sm-clock=500 \
; RUN:   -ktime-launch='chain:grid=1,block=32,regs=32' %S/Inputs/chain.ll \
; RUN:   | FileCheck %s --check-prefix=SMCLOCK
; An SM clock of 500 MHz: the warp's 16000 cycles take 32000 ns; the launch
; regression stays in the target's cycles and clock: 1000.5 ns.
; SMCLOCK: predicted 33000.5 ns = launch 1000.5 ns + exec 32000.0 ns; bound latency
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache -ktime-mem-clock=500 \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   %S/Inputs/stream.ll | FileCheck %s --check-prefix=MEMCLOCK
; Memory at 500 of 1000 MHz halves DRAM to 32 bytes per cycle: a wave's
; 49152 bytes need 1536 cycles (lat.global raised to 1536 - 24); 32 waves =
; 49152 cycles; launch 1256.
; MEMCLOCK: wave of 16 blocks, 8 on the busiest SM: 1536.0 cycles (longest warp 1536.0, issue 192.0, sync 0.0, lat.global 1512.0), bound DRAM
; MEMCLOCK: predicted 50408.0 ns = launch 1256.0 ns + exec 49152.0 ns; bound DRAM
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   %S/Inputs/stream.ll | FileCheck %s --check-prefix=WARM
; Warm (the default): x and y are 2 x 131072 x 4 = 1 MiB, which fits the
; 1 MiB L2: back-to-back launches find them there, nothing comes from DRAM.
; No reuse within a block: no L1 hits, so every sector crosses L1: a wave's
; busiest SM moves 8 x 256 x 12 = 24576 bytes / 64 = 384 cycles, more than
; the warp's lat.global (L2, 200) + 24 = 224 and than L2's 49152 / 256 =
; 192: the L1 bandwidth bounds it. 32 x 384 = 12288; launch 1256.
; WARM: wave of 16 blocks, 8 on the busiest SM: 384.0 cycles (longest warp 224.0, issue 192.0, sync 0.0, lat.global 200.0), bound L1
; WARM: bytes: global 1572864.0, L2 1572864.0, DRAM 0.0
; WARM: predicted 13544.0 ns = launch 1256.0 ns + exec 12288.0 ns; bound L1
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache -ktime-hits=saxpy:l1=0,l2=1 \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   %S/Inputs/stream.ll | FileCheck %s --check-prefix=HITS
; -ktime-hits overrides the loads' estimate (cold would send them to DRAM):
; both loads hit L2; the store's 4 bytes per thread still go to DRAM:
; 131072 x 4 = 524288 bytes.
; HITS: bytes: global 1572864.0, L2 1572864.0, DRAM 524288.0
; HITS: assumption: cache hit fractions of the loads from -ktime-hits: L1 0.000000, L2 1.000000
;
; The Kernel remark's per-thread memory quantities (the KP model's mem,
; uncoalMem) and the launch's hit fractions, warm and cold (in the verbose
; remark).
; RUN: %opt_ktime -passes=kernel-time -disable-output -pass-remarks-analysis=kernel-time -ktime-remarks=verbose \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   %S/Inputs/stream.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt_ktime -passes=kernel-time -disable-output -pass-remarks-analysis=kernel-time -ktime-remarks=verbose \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-cold-cache \
; RUN:   -ktime-launch='saxpy:grid=512,block=256,regs=32,n=131072' \
; RUN:   %S/Inputs/stream.ll 2>&1 | FileCheck %s --check-prefix=REMARK-COLD
; mem: 12 bytes per thread behind the guard i < n, i = 256 ctaid.x + tid.x;
; the warp's active lanes max(0, min(32, n - i)) over 32, times 12, with
; n = 131072: max(0, min(12, 0.375 x (131072 - 256 ctaid.x - tid.x))) =
; max(0, min(12, 49152 - 96 ctaid.x - 0.375 tid.x)). Unit stride: nothing
; uncoalesced. Warm, every byte hits L2 (the data fits, see WARM); cold,
; none does.
; REMARK: bound: L1; per thread mem = max(0, min(12, 49152 - 96 * ctaid.x - 0.375 * tid.x)) B, uncoalMem = 0 B, shared = 0 B; l1pct = 0%, l2pct = 100%
; REMARK-COLD: bound: DRAM; per thread mem = max(0, min(12, 49152 - 96 * ctaid.x - 0.375 * tid.x)) B, uncoalMem = 0 B, shared = 0 B; l1pct = 0%, l2pct = 0%
