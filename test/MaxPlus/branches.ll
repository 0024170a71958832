; Branches (Antonyuk & Mikheev): "replaced by the longest fragment, or by
; the sum of fragments, depending on how the hardware executes divergent
; branches". A branch UniformityInfo calls uniform keeps both sides in one
; data-flow graph, so the later of the two reaches the join (the max); a
; divergent one runs its sides one after the other, through a sync node
; between them (the sum). A condition computed from data is an arc into
; the code it controls.
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus>' | FileCheck %s
;
; Times (gpu-targets/a100-pcie-40gb.yaml): t = lat.global (nominal 572.2),
; T = 19, fmul / fadd / a float compare (setp, fp32.add) 4.

target triple = "nvptx64-nvidia-cuda"

; if (tid & 1) r = 2 * a[i]; else r = b[i] + 1; c[i] = r;  (divergent)
; then-side: a[i] -t-> product (4); else-side: b[i] -t-> sum (4). The sync
; node waits for the then-side, the else-side's load waits for the sync:
; t + 4 + t + 4 + T = 2 * lat.global + 27 = 1171.4.
; CHECK-LABEL: kernel divergent on a100-pcie-40gb
; CHECK:       variant ops: instance = 2 * lat.global + 27 = 1171.4 cycles
; CHECK:           0: load %vb{{$}}
; CHECK-NEXT:      1: op fadd %s loop 4
; CHECK-NEXT:      2: load %va [input]
; CHECK-NEXT:      3: op fmul %m loop 4
; CHECK-NEXT:      4: store %r [output]
; CHECK-NEXT:      5: sync %entry
; CHECK-NEXT:      5 -> 0: 0
; CHECK:           3 -> 5: 0
define ptx_kernel void @divergent(ptr %a, ptr %b, ptr %c, i32 %flag) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %sel = and i32 %tid, 1
  %cond = icmp ne i32 %sel, 0
  br i1 %cond, label %then, label %else
then:
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %va = load float, ptr %pa, align 4
  %m = fmul float %va, 2.0
  br label %join
else:
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  %vb = load float, ptr %pb, align 4
  %s = fadd float %vb, 1.0
  br label %join
join:
  %r = phi float [ %m, %then ], [ %s, %else ]
  %pc = getelementptr inbounds float, ptr %c, i64 %idx
  store float %r, ptr %pc, align 4
  ret void
}

; The same on a kernel parameter (uniform): max(t + 4, t + 4) + T
; = lat.global + 23 = 595.2.
; CHECK-LABEL: kernel uniform on a100-pcie-40gb
; CHECK:       variant ops: instance = lat.global + 23 = 595.2 cycles
; CHECK-NOT:       sync
; CHECK:       variant serialised
define ptx_kernel void @uniform(ptr %a, ptr %b, ptr %c, i32 %flag) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %sel = and i32 %flag, 1
  %cond = icmp ne i32 %sel, 0
  br i1 %cond, label %then, label %else
then:
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %va = load float, ptr %pa, align 4
  %m = fmul float %va, 2.0
  br label %join
else:
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  %vb = load float, ptr %pb, align 4
  %s = fadd float %vb, 1.0
  br label %join
join:
  %r = phi float [ %m, %then ], [ %s, %else ]
  %pc = getelementptr inbounds float, ptr %c, i64 %idx
  store float %r, ptr %pc, align 4
  ret void
}

; if (a[i] > 0) c[i] = 1: the stored constant depends on no data, but the
; store waits for the compare: a[i] -t-> compare (4) -> c[i] (T):
; t + 4 + 19 = lat.global + 23.
; CHECK-LABEL: kernel guarded on a100-pcie-40gb
; CHECK:       variant ops: instance = lat.global + 23 = 595.2 cycles, height 3, 1 fragment
; CHECK:           0: load %va [input]
; CHECK-NEXT:      1: op fcmp %pos loop 4
; CHECK-NEXT:      2: store 1.000000e+00 [output]
; CHECK-NEXT:      0 -> 1: lat.global
; CHECK-NEXT:      1 -> 2: 19
define ptx_kernel void @guarded(ptr %a, ptr %c) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %va = load float, ptr %pa, align 4
  %pos = fcmp ogt float %va, 0.0
  br i1 %pos, label %then, label %exit
then:
  %pc = getelementptr inbounds float, ptr %c, i64 %idx
  store float 1.0, ptr %pc, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_80" }
