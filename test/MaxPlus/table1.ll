; The two graphs of the paper's Table 1 (Antonyuk & Mikheev) as kernels:
; nodes in series add their times, nodes in parallel take the larger one,
; and reduceSeriesParallel replaces a series node by one compound arc.
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus>' | FileCheck %s
;
; Times (gpu-targets/a100-pcie-40gb.yaml): a global load's t = lat.global
; (nominal dram.latency 572.2), a global store's T = ldst lat 19, an
; atomicrmw's atomic.global lat 245, fmul fp32.mul lat 4.

target triple = "nvptx64-nvidia-cuda"

; Series: c[i] = a[i] * a[i]. Input a[i] (node 0) -> product (1) -> c[i]
; (2): z_10 = t1 = t, z_21 = t2 = T. Naive: height k = 2 (strip 0, 1, 2),
; <1_o, Z^2 (x) 1_i> = t1 + t2 = lat.global + 19 = 591.2; Table 1 merges
; the product into the arc 0 -> 2 of t1 + t2: 2 nodes, 1 arc.
; CHECK-LABEL: kernel series on a100-pcie-40gb
; CHECK-NEXT:  variant naive: instance = lat.global + 19 = 591.2 cycles, height 2, 1 fragment
; CHECK:         fragment 1: 3 nodes, 2 arcs, height 2, time lat.global + 19 = 591.2, <1_o, Z^2 (x) 1_i> = lat.global + 19 = 591.2; Table 1 reduces it to 2 nodes, 1 arcs
; CHECK-NEXT:      0: load %v [input]
; CHECK-NEXT:      1: op fmul %m{{$}}
; CHECK-NEXT:      2: store %m [output]
; CHECK-NEXT:      0 -> 1: lat.global
; CHECK-NEXT:      1 -> 2: 19
; With the multiplication's self-loop (4): k = 3, t1 + tau + t2 = 595.2.
; CHECK:       variant ops: instance = lat.global + 23 = 595.2 cycles, height 3, 1 fragment
define ptx_kernel void @series(ptr %a, ptr %c) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4
  %m = fmul float %v, %v
  %pc = getelementptr inbounds float, ptr %c, i64 %idx
  store float %m, ptr %pc, align 4
  ret void
}

; Parallel: v = a[i] goes to b[i] (a store) and to *c (an atomic add).
; Input 0 feeds outputs 1 and 2: z_10 = t1 = t + T = lat.global + 19,
; z_20 = t2 = t + 245 = lat.global + 245. k = 1 (strip 0, then 1 and 2);
; <1_o, Z (x) 1_i> = max(t1, t2) = lat.global + 245 = 572.2 + 245 = 817.2.
; Nothing to merge: both arcs end in outputs.
; CHECK-LABEL: kernel parallel on a100-pcie-40gb
; CHECK-NEXT:  variant naive: instance = lat.global + 245 = 817.2 cycles, height 1, 1 fragment
; CHECK:         fragment 1: 3 nodes, 2 arcs, height 1, time lat.global + 245 = 817.2, <1_o, Z^1 (x) 1_i> = lat.global + 245 = 817.2; Table 1 reduces it to 3 nodes, 2 arcs
; CHECK-NEXT:      0: load %v [input]
; CHECK-NEXT:      1: store %v [output]
; CHECK-NEXT:      2: store atomicrmw %old [output]
; CHECK-NEXT:      0 -> 1: lat.global + 19
; CHECK-NEXT:      0 -> 2: lat.global + 245
define ptx_kernel void @parallel(ptr %a, ptr %b, ptr %c) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %idx
  %v = load i32, ptr %pa, align 4
  %pb = getelementptr inbounds i32, ptr %b, i64 %idx
  store i32 %v, ptr %pb, align 4
  %old = atomicrmw add ptr %c, i32 %v monotonic, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_80" }
