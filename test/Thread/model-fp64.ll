; fp64 against fp32 on A100 and H100. The targets give different issue rates
; (A100 fp64 32 ops/clk/SM, fp32 64; H100 fp64 64, fp32 128) and different
; fp64 latencies (A100 6, H100 8), so the delays and chain latencies differ.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s --check-prefix=A100
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=h100 -disable-output %s | FileCheck %s --check-prefix=H100

target triple = "nvptx64-nvidia-cuda"

; Four independent fp64 ops (2 fmul, 2 fadd), each stored (one 8-byte store
; each, constant offsets folded: free); ldst del 32/(32/4) = 4 on both.
; a100: fp64.* lat 6, ops_per_clk_per_sm 32 -> del 32/(32/4) = 4
;   lat = 6, del = 4 x 4 + 4 x 4 = 32, time = max(6, 32) = 32
; h100: fp64.* lat 8, ops_per_clk_per_sm 64 -> del 32/(64/4) = 2
;   lat = 8, del = 4 x 2 + 4 x 4 = 24, time = max(8, 24) = 24
; A100-LABEL: kernel indep_f64
; A100:         time = 32
; A100-NEXT:    delay = 32
; H100-LABEL: kernel indep_f64
; H100:         time = 24
; H100-NEXT:    delay = 24
define ptx_kernel void @indep_f64(double %a, double %b, ptr %out) #0 {
entry:
  %m0 = fmul double %a, %b
  %m1 = fmul double %a, %a
  %s0 = fadd double %a, %b
  %s1 = fadd double %b, %b
  %p1 = getelementptr inbounds double, ptr %out, i64 1
  %p2 = getelementptr inbounds double, ptr %out, i64 2
  %p3 = getelementptr inbounds double, ptr %out, i64 3
  store double %m0, ptr %out, align 8
  store double %m1, ptr %p1, align 8
  store double %s0, ptr %p2, align 8
  store double %s1, ptr %p3, align 8
  ret void
}

; The same in fp32.
; a100: fp32.* lat 4, ops_per_clk_per_sm 64 -> del 2:
;   del = 4 x 2 + 4 x 4 = 24, time = max(4, 24) = 24
; h100: fp32.* lat 4, ops_per_clk_per_sm 128 -> del 1:
;   del = 4 x 1 + 4 x 4 = 20, time = max(4, 20) = 20
; A100-LABEL: kernel indep_f32
; A100:         time = 24
; A100-NEXT:    delay = 24
; H100-LABEL: kernel indep_f32
; H100:         time = 20
; H100-NEXT:    delay = 20
define ptx_kernel void @indep_f32(float %a, float %b, ptr %out) #0 {
entry:
  %m0 = fmul float %a, %b
  %m1 = fmul float %a, %a
  %s0 = fadd float %a, %b
  %s1 = fadd float %b, %b
  %p1 = getelementptr inbounds float, ptr %out, i64 1
  %p2 = getelementptr inbounds float, ptr %out, i64 2
  %p3 = getelementptr inbounds float, ptr %out, i64 3
  store float %m0, ptr %out, align 4
  store float %m1, ptr %p1, align 4
  store float %s0, ptr %p2, align 4
  store float %s1, ptr %p3, align 4
  ret void
}

; A chain of four dependent fp64 ops, then one store.
; a100: lat = 4 x 6 = 24, del = 4 x 4 + 4 = 20, time = max(24, 20) = 24
; h100: lat = 4 x 8 = 32, del = 4 x 2 + 4 = 12, time = max(32, 12) = 32
; A100-LABEL: kernel chain_f64
; A100:         time = 24
; A100-NEXT:    delay = 20
; H100-LABEL: kernel chain_f64
; H100:         time = 32
; H100-NEXT:    delay = 12
define ptx_kernel void @chain_f64(double %a, double %b, ptr %out) #0 {
entry:
  %x1 = fmul double %a, %b
  %x2 = fadd double %x1, %a
  %x3 = fmul double %x2, %b
  %x4 = fadd double %x3, %a
  store double %x4, ptr %out, align 8
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
