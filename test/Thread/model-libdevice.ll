; Calls of declared libdevice functions (__nv_*), as clang emits them with
; -nocudalib: each is priced as the instructions of its ordinary path
; (docs/costs.md, "libdevice"; lib/Cost/LibdeviceCosts.inc), its lat the
; longest dependence chain and its del the sum of the issue cycles.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; __nv_sinf (a100): 8 fma, 3 add, 2 mul, 2 cvt, 9 int, 1 branch:
;   del = 8 x 2 + 3 x 2 + 2 x 2 + 2 x 8 (convert 16/clk/SM -> 32/(16/4) = 8)
;       + 9 x 2 + 1 x 1 = 61; lat 56 (docs/costs.md table).
; __nv_expf (a100): lat 55, del 26 (docs/costs.md table).
; expf uses sinf's result, the store uses expf's (ldst del 4, not waited):
;   lat = 56 + 55 = 111, del = 61 + 26 + 4 = 91, time = max(111, 91) = 111
; CHECK-LABEL: kernel sin_exp
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 111
; CHECK-NEXT:    delay = 91
; CHECK-NEXT:    barriers = 0
define ptx_kernel void @sin_exp(float %x, ptr %out) #0 {
entry:
  %s = call float @__nv_sinf(float %x)
  %e = call float @__nv_expf(float %s)
  store float %e, ptr %out, align 4
  ret void
}

; __nv_exp (double, a100): lat 100, del 104 (docs/costs.md table); + the
; store's del 4: lat = 100, del = 108, time = max(100, 108) = 108
; CHECK-LABEL: kernel exp_f64
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 108
; CHECK-NEXT:    delay = 108
define ptx_kernel void @exp_f64(double %x, ptr %out) #0 {
entry:
  %e = call double @__nv_exp(double %x)
  store double %e, ptr %out, align 8
  ret void
}

declare float @__nv_sinf(float)
declare float @__nv_expf(float)
declare double @__nv_exp(double)

attributes #0 = { "target-cpu"="sm_80" }
