; The worked example of Antonyuk & Mikheev (docs/models/maxplus.md):
; c[i] = a[i] + b[i] (the paper's Listing 1) as clang -O3 emits it for
; sm_80. The index computation (tid.x -> zext -> address) and the bounds
; check are left out of the graph, as in the paper, which leaves the
; paper's four data states: a[i] and b[i] (inputs), their sum, c[i]
; (output). The pointers say nocapture, which LLVM 19 reads and LLVM 22
; upgrades to captures(none).
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus<threads=1000;executors=4>>' | FileCheck %s
;
; Times from gpu-targets/a100-pcie-40gb.yaml through the Cost stage:
;   t   = a global load's latency, the symbol lat.global (nominal:
;         memory.dram.latency = 572.2 cycles)
;   T   = a global store's latency, instructions.ldst lat = 19
;   tau = fadd, instructions.fp32.add lat = 4
;   dt = dT = 4 bytes x sm_mhz / (1000 x dram.bandwidth_gbs)
;           = 4 x 1410 / (1000 x 1500) = 4 x 0.00094 = 0.00376 cycles
;   N = 1000 threads, n = 4 executors: ceil(N / n) = 250.
;
; Naive (the paper's Z1): arcs a -> sum and b -> sum carry t, sum -> c
; carries T; strip a, b (stage 1), sum (2), c (3): height 2;
; <1_o, Z1^2 (x) 1_i> = T + t = lat.global + 19 = 572.2 + 19 = 591.2;
; total = 250 x 591.2 = 147800.
; CHECK-LABEL: kernel vadd on a100-pcie-40gb
; CHECK-NEXT:  variant naive: instance = lat.global + 19 = 591.2 cycles, height 2, 1 fragment
; CHECK-NEXT:    n = 4 executors (option)
; CHECK-NEXT:    total = ceil(1000 / 4) x instance = 147800 cycles
; CHECK-NEXT:    fragment 1: 4 nodes, 3 arcs, height 2, time lat.global + 19 = 591.2, <1_o, Z^2 (x) 1_i> = lat.global + 19 = 591.2;
; CHECK-NEXT:      0: load %va [input]
; CHECK-NEXT:      1: load %vb [input]
; CHECK-NEXT:      2: op fadd %s{{$}}
; CHECK-NEXT:      3: store %s [output]
; CHECK-NEXT:      0 -> 2: lat.global
; CHECK-NEXT:      1 -> 2: lat.global
; CHECK-NEXT:      2 -> 3: 19
;
; With the operation (Z2): the self-loop tau on sum; strip a, b (1), the
; loop of sum (2), sum (3), c (4): height 3;
; <1_o, Z2^3 (x) 1_i> = T + tau + t = lat.global + 23 = 595.2;
; total = 250 x 595.2 = 148800.
; CHECK:       variant ops: instance = lat.global + 23 = 595.2 cycles, height 3, 1 fragment
; CHECK-NEXT:    n = 4 executors (option)
; CHECK-NEXT:    total = ceil(1000 / 4) x instance = 148800 cycles
; CHECK-NEXT:    fragment 1: 4 nodes, 4 arcs, height 3, time lat.global + 23 = 595.2, <1_o, Z^3 (x) 1_i> = lat.global + 23 = 595.2;
; CHECK:           2: op fadd %s loop 4
; CHECK:           Z =
; CHECK-NEXT:        [         .          . . .]
; CHECK-NEXT:        [         .          . . .]
; CHECK-NEXT:        [lat.global lat.global  4 .]
; CHECK-NEXT:        [         .          . 19 .]
;
; Serialised global memory (Z3), n = 4: the two reads are the slowest
; executor's 2(n - 1) + 0 = 6th and 2(n - 1) + 1 = 7th in the queue, its
; write the (n - 1) = 3rd:
;   z(a -> sum) = t + (2n - 2) dt = t + 6 x 0.00376 = lat.global + 0.02256
;   z(b -> sum) = t + (2n - 1) dt = t + 7 x 0.00376 = lat.global + 0.02632
;   z(sum -> c) = T + (n - 1) dT  = 19 + 3 x 0.00376 = 19.01128
; instance = T + (n - 1) dT + tau + t + (2n - 1) dt
;          = 19.01128 + 4 + lat.global + 0.02632 = lat.global + 23.0376
;          = 595.2376;  total = 250 x 595.2376 = 148809.4.
; CHECK:       variant serialised: instance = lat.global + 23.0376 = 595.2376 cycles, height 3, 1 fragment
; CHECK-NEXT:    n = 4 executors (option), dt = bytes x 0.00094 cycles
; CHECK-NEXT:    total = ceil(1000 / 4) x instance = 148809.4 cycles
; CHECK:           0 -> 2: lat.global + 0.02256
; CHECK-NEXT:      1 -> 2: lat.global + 0.02632
; CHECK-NEXT:      2 -> 3: 19.01128

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @vadd(ptr noundef readonly nocapture %a, ptr noundef readonly nocapture %b, ptr noundef writeonly nocapture %c, i32 noundef %N) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cmp = icmp slt i32 %tid, %N
  br i1 %cmp, label %if.then, label %if.end

if.then:
  %idx = zext nneg i32 %tid to i64
  %pa = getelementptr inbounds nuw float, ptr %a, i64 %idx
  %va = load float, ptr %pa, align 4
  %pb = getelementptr inbounds nuw float, ptr %b, i64 %idx
  %vb = load float, ptr %pb, align 4
  %s = fadd contract float %va, %vb
  %pc = getelementptr inbounds nuw float, ptr %c, i64 %idx
  store float %s, ptr %pc, align 4
  br label %if.end

if.end:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_80" }
