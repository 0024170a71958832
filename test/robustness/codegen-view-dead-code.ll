; Robustness: the codegen view's copy runs EarlyCSE twice, around
; SeparateConstOffsetFromGEP, even where no offset is split off: the first
; EarlyCSE merges %b into %a and can leave an operand chain dead, which
; the second removes, so dead code is not priced.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
;
; Derived from gpu-targets/rtx-a6000.yaml (the default for sm_86):
; fp32.div lat 335 del 2, fp32.add lat 4 and 128 per clock per SM (del
; 32 / (128 / 4) = 1), ldst 32 per clock per SM (del 4). What is left is
; %a = x / y, %s = %a + %a and the store: time 335 + 4 = 339 (the store is
; not waited for), delay 2 + 1 + 4 = 7. Had the dead %d = %a / y stayed,
; the time would be 335 + 335 = 670 and the delay 9.
; CHECK-LABEL: kernel k
; CHECK-NEXT: gpu: rtx-a6000
; CHECK-NEXT: time = 339
; CHECK-NEXT: delay = 7

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %x, float %y) #0 {
entry:
  %a = fdiv float %x, %y
  %b = fdiv float %x, %y
  %d = fdiv float %a, %y
  %e = fdiv float %d, %x
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="sm_86" }
