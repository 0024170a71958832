; A dependent chain: each fp32 op uses the previous one's result, so the
; block's lat (critical path) dominates its del and time = max(lat, del) = lat.
; The chain's latency is the same on A100 and H100, the issue cycles are not.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s --check-prefix=A100
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=h100 -disable-output %s | FileCheck %s --check-prefix=H100

target triple = "nvptx64-nvidia-cuda"

; x1..x8: fmul, fadd alternately, each on the previous (no `contract`: no
; fma fusion), then one store of x8 to %out.
; a100: fp32.mul/fp32.add lat 4, del 32/(64/4) = 2; ldst del 32/(32/4) = 4;
;       the store is not waited for (no arc to the sink).
;   lat = 8 x 4 = 32 (x1 -> x2 -> ... -> x8 -> sink)
;   del = 8 fp32 x 2 + 1 ldst x 4 = 20
;   time = max(32, 20) = 32
; h100: fp32 lat 4, del 32/(128/4) = 1: lat = 32, del = 8 x 1 + 4 = 12,
;   time = max(32, 12) = 32
; A100-LABEL: kernel chain
; A100-NEXT:    gpu: a100-pcie-40gb
; A100-NEXT:    time = 32
; A100-NEXT:    delay = 20
; A100-NEXT:    barriers = 0
; H100-LABEL: kernel chain
; H100-NEXT:    gpu: h100-sxm
; H100-NEXT:    time = 32
; H100-NEXT:    delay = 12
; H100-NEXT:    barriers = 0
define ptx_kernel void @chain(float %a, float %b, ptr %out) #0 {
entry:
  %x1 = fmul float %a, %b
  %x2 = fadd float %x1, %a
  %x3 = fmul float %x2, %b
  %x4 = fadd float %x3, %a
  %x5 = fmul float %x4, %b
  %x6 = fadd float %x5, %a
  %x7 = fmul float %x6, %b
  %x8 = fadd float %x7, %a
  store float %x8, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
