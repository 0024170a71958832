"""Writes NVPTX IR for too-many-visits.test: per N on the command line, a
kernel sumN whose store index is tid.x plus N values loaded from v[0..N-1]
(the same for every lane), summed one after the other."""
import sys

print('target triple = "nvptx64-nvidia-cuda"')
print("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()")
for n in map(int, sys.argv[1:]):
    print(f"define ptx_kernel void @sum{n}(ptr addrspace(1) %v, ptr addrspace(1) %out) {{")
    print("  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()")
    prev = "%tid"
    for k in range(n):
        print(f"  %a{k} = getelementptr inbounds i32, ptr addrspace(1) %v, i64 {k}")
        print(f"  %l{k} = load i32, ptr addrspace(1) %a{k}, align 4")
        print(f"  %s{k} = add i32 {prev}, %l{k}")
        prev = f"%s{k}"
    print(f"  %x = sext i32 {prev} to i64")
    print("  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x")
    print("  store i32 1, ptr addrspace(1) %o, align 4")
    print("  ret void")
    print("}")
