; print<kernel-time-cost>: kernels only, one section per kernel and GPU, the
; sm_XX default when no GPU is named, a note when there is no target, the
; canonicalised clone for -O0 (optnone) kernels, and a total per kernel.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -disable-output %s | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100,h100 -disable-output %s | FileCheck %s --check-prefix=TWO
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -disable-output %S/../Plugin/host-silent.ll | count 0

target triple = "nvptx64-nvidia-cuda"

; DEFAULT: KernelTime instruction costs of module '{{.*}}printer.ll': 3 kernels
; sm_80 defaults to a100-pcie-40gb (docs/targets.md)
; DEFAULT-LABEL: kernel sm80 on a100-pcie-40gb
; TWO-LABEL: kernel sm80 on a100-pcie-40gb
; TWO: %s = fadd float %a, %a fp32.add lat 4 del 2
; TWO-LABEL: kernel sm80 on h100-sxm
; TWO: %s = fadd float %a, %a fp32.add lat 4 del 1
define ptx_kernel void @sm80(ptr addrspace(1) %out, float %a) #0 {
  %s = fadd float %a, %a
  store float %s, ptr addrspace(1) %out
  ret void
}
; fp32.add del 2 + st.global del 4 = 6; the ret is free
; DEFAULT: total: 2 instructions (1 IR instructions free), del 6 (each once), 0 loads, 1 stores, 0 atomics, 0 barriers, 0 calls, 0 assumptions

; No target file claims sm_53.
; DEFAULT: kernel sm53: no GPU target (no target file in {{.*}} is the default for sm_53)
; TWO-LABEL: kernel sm53 on a100-pcie-40gb
define ptx_kernel void @sm53(ptr addrspace(1) %out) #1 {
  store float 0.0, ptr addrspace(1) %out
  ret void
}

; A device function is not a kernel: not printed.
; DEFAULT-NOT: device
define void @device(ptr addrspace(1) %out) {
  store float 1.0, ptr addrspace(1) %out
  ret void
}

; -O0: the alloca and its loads and stores disappear in the canonical clone.
; DEFAULT-LABEL: kernel at_O0 on a100-pcie-40gb
; DEFAULT-NEXT: analysed: canonicalised clone (kernel is optnone)
; DEFAULT-NOT: alloca
; DEFAULT: fadd float
; DEFAULT: total:
define ptx_kernel void @at_O0(ptr addrspace(1) %out, float %a) #2 {
  %slot = alloca float, align 4
  store float %a, ptr %slot, align 4
  %v = load float, ptr %slot, align 4
  %s = fadd float %v, %v
  store float %s, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { "target-cpu"="sm_53" }
attributes #2 = { noinline optnone "target-cpu"="sm_80" }
