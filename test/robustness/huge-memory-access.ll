; An access of 4 GiB or more per thread (a memcpy of a huge constant
; length, a load of a huge array) crashed the plugin or was priced with a
; count that wrapped around 2^32; it is priced as one access of its
; alignment, with an assumption that says so, and the code is unchanged.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s --check-prefix=SAME

target triple = "nvptx64-nvidia-cuda"

declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)

; CHECK-LABEL: kernel copy16g
; CHECK: assumption: an access of 17179869184 bytes (4 GiB or more per thread) priced as one access of its alignment
; SAME: call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %a, ptr addrspace(1) align 4 %b, i64 17179869184, i1 false)
define ptx_kernel void @copy16g(ptr addrspace(1) %a, ptr addrspace(1) %b) #0 {
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %a, ptr addrspace(1) align 4 %b, i64 17179869184, i1 false)
  ret void
}

; CHECK-LABEL: kernel setall
; CHECK: assumption: an access of 18446744073709551615 bytes
define ptx_kernel void @setall(ptr addrspace(1) %a) #0 {
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %a, i8 0, i64 -1, i1 false)
  ret void
}

; CHECK-LABEL: kernel bigload
; CHECK: assumption: an access of 17179869184 bytes
define ptx_kernel void @bigload(ptr addrspace(1) %a, ptr addrspace(1) %b) #0 {
  %v = load [4294967296 x i32], ptr addrspace(1) %a, align 4
  store [4294967296 x i32] %v, ptr addrspace(1) %b, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
