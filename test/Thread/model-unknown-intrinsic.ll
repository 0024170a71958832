; An intrinsic the Cost stage does not know is priced as the documented
; default, one int.add (docs/costs.md, "Defaults"), and named in an
; Assumption remark; the model uses that price like any other.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

; a100: the default int.add lat 4, ops_per_clk_per_sm 64 -> del 2, for
; llvm.nvvm.nanosleep (void: nothing waits for it) and
; llvm.vector.reduce.add.v4i32; then add (int.add lat 4, del 2) and a store
; (ldst del 32/(32/4) = 4, not waited for).
;   lat = reduce -> add -> sink = 4 + 4 = 8
;   del = 2 + 2 + 2 + 4 = 10
;   time = max(8, 10) = 10
; CHECK-LABEL: kernel unknown
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 10
; CHECK-NEXT:    delay = 10
; REMARK-DAG: remark: <unknown>:0:0: {{.*}}unmodelled intrinsic llvm.nvvm.nanosleep priced as one int.add (the default)
; REMARK-DAG: remark: <unknown>:0:0: {{.*}}unmodelled intrinsic llvm.vector.reduce.add.v4i32 priced as one int.add (the default)
; REMARK-DAG: remark: <unknown>:0:0: kernel: one thread alone takes time = 10 cycles, delay = 10 issue cycles, barriers = 0 (costs of a100-pcie-40gb)
define ptx_kernel void @unknown(<4 x i32> %v, ptr %out) #0 {
entry:
  call void @llvm.nvvm.nanosleep(i32 100)
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %s = add i32 %r, 1
  store i32 %s, ptr %out, align 4
  ret void
}

declare void @llvm.nvvm.nanosleep(i32)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)

attributes #0 = { "target-cpu"="sm_80" }
