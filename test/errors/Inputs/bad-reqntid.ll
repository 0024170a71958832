; Kernels whose nvvm.reqntid does not parse, or names a block far beyond
; any GPU's (test/errors/launch-specs.test).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="sm_80" "nvvm.reqntid"="0,1,1" }

; A reqntid that does not parse beside a valid __launch_bounds__: named,
; not passed over for the maxntid.
define ptx_kernel void @k2(ptr addrspace(1) %p) #1 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; A reqntid far beyond any block (its product overflowed the warp layout):
; not a block shape.
define ptx_kernel void @huge(ptr addrspace(1) %p) #2 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #1 = { "target-cpu"="sm_80" "nvvm.reqntid"="48,x" "nvvm.maxntid"="256" }
attributes #2 = { "target-cpu"="sm_80" "nvvm.reqntid"="4000000000,3000000000,1" }

; A reqntid over the A100's block limit (1024 threads): modelled, and the
; memory printout says no launch can have it.
define ptx_kernel void @over(ptr addrspace(1) %p) #3 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #3 = { "target-cpu"="sm_80" "nvvm.reqntid"="2048,1,1" }
