; Atomics by state space: atomic.global (a100-pcie-40gb: lat 245, ops 32 ->
; del = 32 / (32 / 4) = 4; h100-sxm: lat 325, del 4) and atomic.shared (lat
; 42 = shared load 23 + store 19, del 4). An atomic whose result is unused
; is a reduction (red). A generic address is traced; unknown is priced as
; global with an assumption.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s --check-prefix=A100
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=h100 -disable-output %s | FileCheck %s --check-prefix=H100

target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

; A100-LABEL: kernel atomics on a100-pcie-40gb
; H100-LABEL: kernel atomics on h100-sxm
define ptx_kernel void @atomics(ptr addrspace(1) %g, ptr %p, ptr %pp, i32 %v, float %f, i32 %i) {
  ; A100: %old = atomicrmw add ptr addrspace(1) %g, i32 %v monotonic, align 4 atom.global.add: atomic.global lat 245 del 4 (4 bytes)
  ; H100: %old = atomicrmw add ptr addrspace(1) %g, i32 %v monotonic, align 4 atom.global.add: atomic.global lat 325 del 4 (4 bytes)
  %old = atomicrmw add ptr addrspace(1) %g, i32 %v monotonic, align 4
  ; the result is unused: red.global
  ; A100: atomicrmw fadd ptr %p, float %f monotonic, align 4 red.global.fadd: atomic.global lat 245 del 4 (4 bytes)
  atomicrmw fadd ptr %p, float %f monotonic, align 4
  %s = getelementptr inbounds [32 x i32], ptr addrspace(3) @sh, i32 0, i32 %i
  ; A100: %m = atomicrmw max ptr addrspace(3) %s, i32 %old monotonic, align 4 atom.shared.max: atomic.shared lat 42 del 4 (4 bytes)
  ; H100: %m = atomicrmw max ptr addrspace(3) %s, i32 %old monotonic, align 4 atom.shared.max: atomic.shared lat 42 del 4 (4 bytes)
  %m = atomicrmw max ptr addrspace(3) %s, i32 %old monotonic, align 4
  ; 64-bit compare-and-swap on global memory
  ; A100: %cas = cmpxchg ptr addrspace(1) %g, i64 0, i64 1 monotonic monotonic, align 8 atom.global.cas: atomic.global lat 245 del 4 (8 bytes)
  %cas = cmpxchg ptr addrspace(1) %g, i64 0, i64 1 monotonic monotonic, align 8
  ; atomicInc's NVVM intrinsic form (upgraded by the IR reader to
  ; atomicrmw uinc_wrap) on a shared address
  ; A100: atom.shared.uinc_wrap: atomic.shared lat 42 del 4 (4 bytes)
  %inc = atomicrmw uinc_wrap ptr addrspace(3) %s, i32 %m monotonic, align 4
  ; a pointer loaded from memory: generic, priced as global
  %q = load ptr, ptr %pp, align 8
  ; A100: %x = atomicrmw xchg ptr %q, i32 %inc monotonic, align 4 atom.xchg: atomic.global lat 245 del 4 (4 bytes) ; assumed: generic address (its state space is not known here) priced as global
  %x = atomicrmw xchg ptr %q, i32 %inc monotonic, align 4
  store i32 %x, ptr addrspace(1) %g, align 4
  ret void
}
