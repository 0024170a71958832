; A kernel cut by a barrier every thread passes runs its two fragments in
; sequence in each block (Antonyuk & Mikheev); the other blocks on the SM
; overlap them, so the sequence adds 1/B of its cost over the whole kernel's
; wave (docs/kernel-time.md, "Barrier fragments"). Expected values derived from
; Inputs/toy-gpu.yaml (every instruction lat 4, del 2; 1000 MHz, so 1
; cycle = 1 ns; launch 1000 + 0.5 x blocks cycles; delay_dep 1 cycle) with
; every load an L2 hit (lat.global = l2.latency = 200).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-hits=twophase:l1=0,l2=1 \
; RUN:   -ktime-launch='twophase:grid=4,block=128,regs=32' \
; RUN:   %S/Inputs/two-phase.ll | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-hits=twophase:l1=0,l2=1 \
; RUN:   -ktime-launch='twophase:grid=4,block=128,regs=32' \
; RUN:   -ktime-barrier-fragments=false %S/Inputs/two-phase.ll \
; RUN:   | FileCheck %s --check-prefix=WHOLE
;
; 4 blocks of 4 warps on 2 SMs: 2 blocks per SM, 2 warps per processing
; block. Sync term (KP model): 1 barrier x delay_dep 1 x (4 - 1) warps = 3.
;
; The whole kernel: a thread's time is lat.global (the load after the loop)
; + 10 x lat.global (the chase) + 22012 (the multiplications) = 24212, its
; warp 24215 with the sync term. Issue per warp: the fp32 pipe, 1000 x 8
; fmul x 2 + 7 fadd x 2 = 16014; two warps: 32028, which binds.
; WHOLE: wave of 4 blocks, 2 on the busiest SM: 32028.0 cycles (longest warp 24215.0, issue 32028.0, sync 3.0, lat.global 200.0), bound issue
; WHOLE: predicted 33030.0 ns = launch 1002.0 ns + exec 32028.0 ns; bound issue
;
; Fragment 0 (up to the barrier): the chase and the load after it, 10 x
; 200 + 200 = 2200, + sync 3 = 2203; its issue is far less (per warp 10 x
; 4 instructions + the load and bar.sync = 42 at one per clock; 84 for two
; warps): latency-bound. Fragment 1: the
; multiplications alone, issue 2 x 16014 = 32028 as above, more than their
; latency (22016): issue-bound. In sequence: 2203 + 32028 = 34231, which
; is 2203 more than the overlapped 32028; with 2 blocks on the SM the wave
; is 32028 + 2203 / 2 = 33129.5 cycles, and the launch 1002 + 33129.5 ns.
; CHECK: wave of 4 blocks, 2 on the busiest SM: 33129.5 cycles
; CHECK: predicted 34131.5 ns = launch 1002.0 ns + exec 33129.5 ns; bound issue
; CHECK: assumption: 2 barrier fragments in sequence: first wave (4 blocks) 2203.0 (latency) + 32028.0 (issue) cycles, 32028.0 overlapped; 2 blocks per SM add 1/2 of the excess

; One warp a block (grid 4, block 32: 2 blocks of 1 warp on each SM, a
; warp per processing block): nothing binds but the chains. A thread's time
; is at least its delay, so fragment 0 takes 10 x 200 + 200 = 2200 and
; fragment 1 its delay, 1000 x 22 (loop2) + 7 fadd x 2 + the store's 2 =
; 22016, above its path 22000 + 3 x 4 = 22012. The whole kernel: 200 +
; 2000 + 22012 = 24212 (issue 16014, one warp). The blend, 24212 + (2200 +
; 22016 - 24212) / 2 = 24214, would be shorter than one block's own chain
; 2200 + 22016 = 24216, which the other block on the SM cannot shorten: the
; wave takes 24216; launch 1000 + 0.5 x 4 = 1002.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-hits=twophase:l1=0,l2=1 \
; RUN:   -ktime-launch='twophase:grid=4,block=32,regs=32' \
; RUN:   %S/Inputs/two-phase.ll | FileCheck %s --check-prefix=CHAIN
; CHAIN: wave of 4 blocks, 2 on the busiest SM: 24216.0 cycles (longest warp 24212.0, issue 16014.0, sync 0.0, lat.global 200.0), bound latency
; CHAIN: predicted 25218.0 ns = launch 1002.0 ns + exec 24216.0 ns; bound latency
; CHAIN: first wave (4 blocks) 2200.0 (latency) + 22016.0 (latency) cycles, 24212.0 overlapped
; CHAIN: assumption: a block's fragments take 24216.0 cycles in sequence (their longest warps), more than the blend's 24214.0 with 2 blocks on the SM: the wave takes the chain

; A barrier in a loop cuts the loop's iterations (Inputs/barrier-no-cut.ll,
; @in_loop: 100 iterations of fmul, bar.sync, add, setp, branch; then a
; store): its block is the loop's only latch, so every iteration passes it.
; Fragment 0 is each iteration's fmul and bar.sync, fragment 1 its add,
; setp and branch and the store after the loop. Every instruction lat 4,
; del 2; the same 2 blocks of 4 warps on each SM, 2 warps per processing
; block; sync term 100 barriers x 1 x 3 = 300. Pipes (docs/kernel-time.md,
; "Issue cycles: pipes side by side"): bar.sync, add and setp on the alu,
; fmul on the fma, the branch on the cbu, the store on the lsu.
; Fragment 0: per iteration the fmul's 4 (its result is the next
; iteration's) against del 2 + 2: max 4, x 100 = 400, + sync 300 = 700;
; issue per warp 200 on each of the fma and alu pipes, 400 for two warps:
; latency-bound at 700. Fragment 1: per iteration add -> setp, 8, against
; del 6: 800; the store adds its del 2 to a delay of 602, below; issue per
; warp: alu 2 x 2 x 100 = 400 (the branch is the cbu's 200), 800 for two
; warps: 800 (issue: a wave equal in issue and latency is named by its
; issue). A kernel's time is max(its lat, its del) (docs/model.md, "The
; kernel"), a store adding del but no latency: fragment 1 stays at 800.
; The whole kernel: lat 100 x max(8, 10) = 1000 against del 1000 + the
; store's 2 = 1002, + sync 300 = 1302,
; issue 2 x (alu 3 x 2 x 100) = 1200: overlapped 1302. In sequence 700 +
; 800 = 1500; blend 1302 + (1500 - 1302) / 2 = 1401, below the chain 1500:
; the wave takes 1500; launch 1002 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='in_loop:grid=4,block=128,regs=32' \
; RUN:   %S/Inputs/barrier-no-cut.ll | FileCheck %s --check-prefix=LOOP
; LOOP-LABEL: kernel in_loop
; LOOP: wave of 4 blocks, 2 on the busiest SM: 1500.0 cycles (longest warp 1302.0, issue 1200.0, sync 300.0, lat.global 200.0), bound latency
; LOOP: predicted 2502.0 ns = launch 1002.0 ns + exec 1500.0 ns; bound latency
; LOOP: assumption: 2 barrier fragments in sequence: first wave (4 blocks) 700.0 (latency) + 800.0 (issue) cycles, 1302.0 overlapped; 2 blocks per SM add 1/2 of the excess
; LOOP: assumption: a block's fragments take 1500.0 cycles in sequence (their longest warps), more than the blend's 1401.0 with 2 blocks on the SM: the wave takes the chain
; The same kernel without the rule: the overlapped wave, 1302.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='in_loop:grid=4,block=128,regs=32' \
; RUN:   -ktime-barrier-fragments=false %S/Inputs/barrier-no-cut.ll \
; RUN:   | FileCheck %s --check-prefix=LOOPWHOLE
; LOOPWHOLE: wave of 4 blocks, 2 on the busiest SM: 1302.0 cycles (longest warp 1302.0, issue 1200.0, sync 300.0, lat.global 200.0), bound latency
; LOOPWHOLE-NOT: barrier fragments

; A loop a guard may skip, a barrier in each iteration, then a barrier
; after the loop and a store (Inputs/loop-then-barrier.ll, n = 100): the
; guard, not the loop, dominates what follows the loop, yet it comes after
; the loop's cut: a block's fragment counts the cuts on the longest path to
; it that goes round no loop. Three fragments, the same 2 warps per
; processing block. Fragment 0: the guard's setp (lat 4, awaited by the
; branch) and branch (del 2 each), then per iteration fmul and bar.sync:
; max(lat 4 + 100 x 4, del 4 + 100 x 4) = 404, + sync 100 x 3 = 704; issue
; per warp alu 2 + 200, 404 for two warps: latency-bound. Fragment 1: per
; iteration add -> setp (8) against del 6: 800, then the second bar.sync
; (del 2, nothing waits for it): max(800, 602) = 800, + sync 3 = 803;
; issue per warp alu 100 x 4 + 2 = 402, 804 for two: 804 (issue). Fragment
; 2: the store, del 2 and nothing waiting, 2; lsu issue 2 x 2 = 4 (issue).
; The whole kernel: del 4 + 100 x 10 + 2 + 2 = 1008, above its latency
; (4 + 100 x max(8, 10) = 1004), + sync 101 x 3 = 1311; issue alu 2 + 100 x
; 6 + 2 = 604 per warp, 1208. Sequence 704 + 804 + 4 = 1512, blend 1311 +
; (1512 - 1311) / 2 = 1411.5, below the chains' 704 + 803 + 2 = 1509: the
; wave takes 1509, the launch 1002 + 1509 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='loop_then_barrier:grid=4,block=128,regs=32,n=100' \
; RUN:   %S/Inputs/loop-then-barrier.ll | FileCheck %s --check-prefix=AFTER
; AFTER: wave of 4 blocks, 2 on the busiest SM: 1509.0 cycles (longest warp 1311.0, issue 1208.0, sync 303.0, lat.global 200.0), bound latency
; AFTER: predicted 2511.0 ns = launch 1002.0 ns + exec 1509.0 ns; bound latency
; AFTER: assumption: 3 barrier fragments in sequence: first wave (4 blocks) 704.0 (latency) + 804.0 (issue) + 4.0 (issue) cycles, 1311.0 overlapped; 2 blocks per SM add 1/2 of the excess

; A barrier in an irreducible cycle, in a loop on a path an iteration may
; skip, outside loops on one side of a branch, or in a kernel that calls a
; device function does not cut
; (lib/Thread/BarrierFragments.cpp): the kernel with a call gets the whole
; wave and no fragments.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-hits=twophase:l1=0,l2=1 \
; RUN:   -ktime-launch='twophase:grid=4,block=128,regs=32' \
; RUN:   %S/Inputs/two-phase-call.ll | FileCheck %s --check-prefix=CALL
; CALL: predicted
; CALL-NOT: barrier fragments
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='in_cycle:grid=4,block=128,regs=32,n=8' \
; RUN:   -ktime-launch='in_branch:grid=4,block=128,regs=32,n=8' \
; RUN:   -ktime-launch='skipped_in_loop:grid=4,block=128,regs=32,n=8' \
; RUN:   %S/Inputs/barrier-no-cut.ll | FileCheck %s --check-prefix=NOCUT
; NOCUT: launch 'in_cycle:
; NOCUT-NOT: barrier fragments
; NOCUT: launch 'in_branch:
; NOCUT-NOT: barrier fragments
; NOCUT: launch 'skipped_in_loop:
; NOCUT-NOT: barrier fragments
