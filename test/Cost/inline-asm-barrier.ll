; An inline asm that is only a block barrier (asm("bar.sync 0;"), as some
; CUDA code writes __syncthreads()) is priced and counted as the barrier
; intrinsic is; any other inline asm stays one int.add per instruction.
; a100-pcie-40gb: barrier lat 4, 16 per clock per SM = 4 lanes per clock on
; each of the 4 processing blocks, so a warp's 32 lanes issue in del = 32 / 4
; = 8 cycles.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s --check-prefix=MODEL

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p) #0 {
  ; CHECK: call void asm sideeffect "bar.sync 0;", ""() bar.sync (inline asm): barrier lat 4 del 8
  call void asm sideeffect "bar.sync 0;", ""()
  ; CHECK: call void asm sideeffect "barrier.sync.aligned 0;", ""() bar.sync (inline asm): barrier lat 4 del 8
  call void asm sideeffect "barrier.sync.aligned 0;", ""()
  ; bar.arrive does not wait: not a barrier of the model.
  ; CHECK: call void asm sideeffect "bar.arrive 1, 64;", ""() inline asm: int.add
  call void asm sideeffect "bar.arrive 1, 64;", ""()
  ret void
}
; MODEL-LABEL: kernel k
; MODEL: barriers = 2

attributes #0 = { "target-cpu"="sm_80" }
