; -ktime-time: the time each way of timing reports, from the device duration
; and what that way reports for an empty launch (-ktime-empty-launch-us).
; Expected values derived from Inputs/toy-gpu.yaml (every instruction lat 4,
; del 2; launch 1000 + 0.5 x blocks cycles at 1000 MHz, fit over grids of
; 1..1000000 blocks of 1..32 warps).
;
; Device duration, as launch-bound.ll derives it: one st.global, 2 cycles
; on the busiest processing block; launch 1000 + 0.5 x 4 = 1002 cycles;
; 1004 ns at 1000 MHz. An empty launch's device duration by the same
; regression (one block of one warp): 1000 + 0.5 x 1 = 1000.5 ns.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=DEVICE
; DEVICE: predicted 1004.0 ns = launch 1002.0 ns + exec 2.0 ns; bound launch
; DEVICE-NOT: timing
;
; events: one launch between two events. An empty launch timed so takes
; 3 us here; what the events add is 3000 - 1000.5 = 1999.5 ns, and the
; launch takes 1004 + 1999.5 = 3003.5 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=events \
; RUN:   -ktime-empty-launch-us=3 \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=EVENTS
; EVENTS: predicted 3003.5 ns = launch 1002.0 ns + exec 2.0 ns + timing 1999.5 ns; bound launch
; EVENTS: assumption: -ktime-time=events: 2.000 us added, what this way of timing reports for an empty launch (3.000 us, -ktime-empty-launch-us) beyond its device duration (1.000 us, the launch regression for one block of one warp)
;
; host: the same form with the host's figure: 10 us -> 10000 - 1000.5 =
; 8999.5 ns added, 1004 + 8999.5 = 10003.5 ns.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=host \
; RUN:   -ktime-empty-launch-us=10 \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=HOST
; HOST: predicted 10003.5 ns = launch 1002.0 ns + exec 2.0 ns + timing 8999.5 ns; bound launch
;
; batch: launches back to back overlap; a launch takes max(1004, E) ns.
; E = 3 us: 3000 ns (1996 ns added). E = 0.5 us: 1004 ns, nothing added.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=batch \
; RUN:   -ktime-empty-launch-us=3 \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=BATCH
; BATCH: predicted 3000.0 ns = launch 1002.0 ns + exec 2.0 ns + timing 1996.0 ns; bound launch
; BATCH: assumption: -ktime-time=batch: 1.996 us added: a launch among back-to-back launches takes at least what an empty one does (3.000 us, -ktime-empty-launch-us)
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=batch \
; RUN:   -ktime-empty-launch-us=0.5 \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=BATCH-FAST
; BATCH-FAST: predicted 1004.0 ns = launch 1002.0 ns + exec 2.0 ns; bound launch
; BATCH-FAST: assumption: -ktime-time=batch: nothing added: the launch takes longer than an empty one among back-to-back launches (0.500 us, -ktime-empty-launch-us)
;
; An empty launch measured no longer than its device duration (1 us against
; 1000.5 ns): nothing added, and said.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=events \
; RUN:   -ktime-empty-launch-us=1 \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=EVENTS-FAST
; EVENTS-FAST: predicted 1004.0 ns = launch 1002.0 ns + exec 2.0 ns; bound launch
; EVENTS-FAST: assumption: -ktime-time=events: nothing added: the empty launch (1.000 us, -ktime-empty-launch-us) is no longer than its device duration by the launch regression (1.000 us for one block of one warp)
;
; The short remark names the added part inside the launch bound:
; 1002 + 1999.5 = 3001.5 ns of the 3003.5 ns.
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=events \
; RUN:   -ktime-empty-launch-us=3 \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; REMARK: predicted 3.00 us; bound: launch (3.00 us of it, timing 2.00 us)
;
; Without the empty launch's figure: the device duration, and said.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=events \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s --check-prefix=NOFIGURE
; NOFIGURE: predicted 1004.0 ns = launch 1002.0 ns + exec 2.0 ns; bound launch
; NOFIGURE: assumption: -ktime-time=events without -ktime-empty-launch-us: what this way of timing adds on this system is not known, so the device duration is predicted
;
; Every model of -ktime-model=all gets the same term (the JSON report).
; RUN: rm -f %t.json
; RUN: %opt_ktime -passes=kernel-time -disable-output -ktime-model=all \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=events \
; RUN:   -ktime-empty-launch-us=3 -ktime-report=%t.json \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll
; RUN: FileCheck %s --check-prefix=JSON < %t.json
; JSON: "kp": 3003.5
; JSON: "predicted_ns": 3003.5
; JSON: "timing_ns": 1999.5
;
; Mistakes in the options are errors that name the option.
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=wallclock \
; RUN:   -ktime-launch='tiny:grid=4,block=64' %S/Inputs/empty.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ERR-KIND
; ERR-KIND: error: KernelTime: -ktime-time='wallclock': unknown way of timing (device, events, batch, host)
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-time=events \
; RUN:   -ktime-empty-launch-us=-2 \
; RUN:   -ktime-launch='tiny:grid=4,block=64' %S/Inputs/empty.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ERR-RANGE
; ERR-RANGE: error: KernelTime: -ktime-empty-launch-us=-2: not the time of an empty launch in microseconds (between 0.01 and 100000; 0 or absent: none given)
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-empty-launch-us=3 \
; RUN:   -ktime-launch='tiny:grid=4,block=64' %S/Inputs/empty.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ERR-DEVICE
; ERR-DEVICE: error: KernelTime: -ktime-empty-launch-us needs -ktime-time=events, batch or host: the device duration (-ktime-time=device) has no timing overhead to add
