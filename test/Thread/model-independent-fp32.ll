; A block of independent fp32 operations: nothing waits for anything, so the
; block's del (issue cycles) dominates its lat (critical path) and the kernel
; takes time = max(lat, del) = del. On H100 fp32 issues twice as fast.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s --check-prefix=A100
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=h100 -disable-output %s | FileCheck %s --check-prefix=H100

target triple = "nvptx64-nvidia-cuda"

; Eight independent fp32 ops (4 fmul, 4 fadd, no `contract`: no fusion), each
; stored at a constant offset of %out (offset folded into the store: free).
; a100: fp32.mul/fp32.add lat 4, ops_per_clk_per_sm 64 -> del 32/(64/4) = 2;
;       ldst ops_per_clk_per_sm 32 -> del 32/(32/4) = 4; a store is not waited
;       for, so it adds no latency. ret in a kernel: free.
;   lat = 4 (every chain is one fp op: op -> sink, weight 4)
;   del = 8 fp32 x 2 + 8 ldst x 4 = 16 + 32 = 48
;   time = max(4, 48) = 48
; h100: fp32.* ops_per_clk_per_sm 128 -> del 32/(128/4) = 1; ldst del 4.
;   lat = 4, del = 8 x 1 + 8 x 4 = 40, time = max(4, 40) = 40
; A100-LABEL: kernel independent
; A100-NEXT:    gpu: a100-pcie-40gb
; A100-NEXT:    time = 48
; A100-NEXT:    delay = 48
; A100-NEXT:    barriers = 0
; H100-LABEL: kernel independent
; H100-NEXT:    gpu: h100-sxm
; H100-NEXT:    time = 40
; H100-NEXT:    delay = 40
; H100-NEXT:    barriers = 0
define ptx_kernel void @independent(float %a, float %b, float %c, float %d, ptr %out) #0 {
entry:
  %m0 = fmul float %a, %b
  %m1 = fmul float %c, %d
  %m2 = fmul float %a, %c
  %m3 = fmul float %b, %d
  %s0 = fadd float %a, %b
  %s1 = fadd float %c, %d
  %s2 = fadd float %a, %d
  %s3 = fadd float %b, %c
  %p1 = getelementptr inbounds float, ptr %out, i64 1
  %p2 = getelementptr inbounds float, ptr %out, i64 2
  %p3 = getelementptr inbounds float, ptr %out, i64 3
  %p4 = getelementptr inbounds float, ptr %out, i64 4
  %p5 = getelementptr inbounds float, ptr %out, i64 5
  %p6 = getelementptr inbounds float, ptr %out, i64 6
  %p7 = getelementptr inbounds float, ptr %out, i64 7
  store float %m0, ptr %out, align 4
  store float %m1, ptr %p1, align 4
  store float %m2, ptr %p2, align 4
  store float %m3, ptr %p3, align 4
  store float %s0, ptr %p4, align 4
  store float %s1, ptr %p5, align 4
  store float %s2, ptr %p6, align 4
  store float %s3, ptr %p7, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
