; A kernel whose nvvm.reqntid does not parse (test/errors/launch-specs.test).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="sm_80" "nvvm.reqntid"="0,1,1" }
