; Atomics on one global address run one after another in the L2 slice that
; holds it: the launch takes at least (executions on the most-updated
; address) x memory.l2.same_address_atomic_cycles. Expected values derived
; from Inputs/toy-gpu.yaml (same_address_atomic_cycles 2; launch 1000 + 0.5
; x blocks cycles at 1000 MHz). Kernels in Inputs/atomics.ll.
;
; A counter every thread increments: the address is a parameter, the same
; for the whole grid (footprint 4 bytes over 4 bytes per update: one
; address). grid 64 x block 256 = 16384 threads, one atomic each: 16384
; atomics in sequence, 16384 x 2 = 32768 cycles. The waves alone: 4 waves
; of 16 blocks, 8 of them (64 warps) on the busiest SM, 16 warps per
; processing block issuing one atomic each (del 2): 32 cycles a wave, 128
; in all (the run without the figure, NOFIGURE below, prints them), so the
; floor binds. Launch 1000 + 0.5 x 64 = 1032 cycles. 1032 + 32768 = 33800 ns
; at 1 GHz.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='counter:grid=64,block=256,regs=16' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=COUNTER
; COUNTER: atomics on one address: 16384.0, 32768.0 cycles in sequence
; COUNTER: predicted 33800.0 ns = launch 1032.0 ns + exec 32768.0 ns; bound atomic
;
; A histogram whose bin is loaded data: the addresses are not known. Not
; bound, they are assumed all different (no atomic floor) and the
; assumption names the symbol.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='histogram:grid=64,block=256,regs=16' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=HIST-FREE
; HIST-FREE-NOT: atomics on one address
; HIST-FREE-NOT: bound atomic
; HIST-FREE: assumption: global atomic addresses.atomic1: its addresses are not counted (data-dependent, or ids not followed); taken as all different, none serialised (bind addresses.atomic1=N for N addresses)
;
; A histogram into one bin (every input 0): addresses.atomic1=1, the same
; 16384 atomics in sequence as the counter: 33800 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='histogram:grid=64,block=256,regs=16,addresses.atomic1=1' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=HIST-ONE
; HIST-ONE: atomics on one address: 16384.0, 32768.0 cycles in sequence
; HIST-ONE: predicted 33800.0 ns = launch 1032.0 ns + exec 32768.0 ns; bound atomic
;
; Spread over 4 bins: 16384 / 4 = 4096 on each, 8192 cycles, above the
; waves' own 4608 (L1-bound; NOFIGURE-HIST below prints them); 9224 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='histogram:grid=64,block=256,regs=16,addresses.atomic1=4' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=HIST-FOUR
; HIST-FOUR: atomics on one address: 4096.0, 8192.0 cycles in sequence
; HIST-FOUR: predicted 9224.0 ns = launch 1032.0 ns + exec 8192.0 ns; bound atomic
;
; One address per thread (out[gid]): 16384 addresses for 16384 updates, one
; on each: 2 cycles, below the waves' time; the bound stays the launch's
; (launch 1032 cycles against 512 of waves).
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='scatter:grid=64,block=256,regs=16' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=SCATTER
; SCATTER: atomics on one address: 1.0, 2.0 cycles in sequence
; SCATTER: bound launch
;
; A sum and a count side by side (acc[0], acc[1]): one group of two
; atomics off one base, its 8-byte footprint shared between them, one
; address each. Their 2 x 16384 updates are summed as if on one address
; (an upper bound): 32768 x 2 = 65536 cycles; 1032 + 65536 = 66568 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='sumcount:grid=64,block=256,regs=16' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=SUMCOUNT
; SUMCOUNT: atomics on one address: 32768.0, 65536.0 cycles in sequence
; SUMCOUNT: predicted 66568.0 ns = launch 1032.0 ns + exec 65536.0 ns; bound atomic
;
; The short remark names the floor.
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='counter:grid=64,block=256,regs=16' \
; RUN:   %S/Inputs/atomics.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: predicted 33.80 us; bound: atomic (16384 atomics in sequence on one address: 32768 cycles)
;
; A number of addresses is a positive integer.
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='histogram:grid=64,block=256,addresses.atomic1=0' \
; RUN:   %S/Inputs/atomics.ll 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: 'addresses.atomic1=0': a number of addresses is a positive integer
;
; A target without the figure does not serialise, and says so.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sed "/same_address_atomic_cycles/d" %S/Inputs/toy-gpu.yaml > %t/toy-gpu.yaml
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/toy-gpu.yaml -ktime-launch='counter:grid=64,block=256,regs=16' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=NOFIGURE
; NOFIGURE: atomics on one address: 16384.0, 0.0 cycles in sequence
; NOFIGURE: predicted 1160.0 ns = launch 1032.0 ns + exec 128.0 ns; bound launch
; NOFIGURE: assumption: the target gives no memory.l2.same_address_atomic_cycles: atomics on one address are not serialised
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/toy-gpu.yaml \
; RUN:   -ktime-launch='histogram:grid=64,block=256,regs=16,addresses.atomic1=4' \
; RUN:   %S/Inputs/atomics.ll | FileCheck %s --check-prefix=NOFIGURE-HIST
; NOFIGURE-HIST: predicted 5640.0 ns = launch 1032.0 ns + exec 4608.0 ns; bound L1
