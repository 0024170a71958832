#!/usr/bin/env python3
"""Writes an NVPTX kernel for the -ktime-model tests: a loop of 1000
iterations whose body has LOADS unit-stride global loads and a chain of
FMULS dependent fp32 multiplications, then one store.

  gen-kernel.py LOADS FMULS > k.ll
"""
import sys

loads, fmuls = int(sys.argv[1]), int(sys.argv[2])
print('''target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
define ptx_kernel void @k(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %t = add nsw i32 %base, %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
''')
last = '%%v%d' % fmuls if fmuls else '%%s%d' % (loads - 1)
print('  %acc = phi float [ 0.0, %entry ], [ ' + last + ', %loop ]')
print('  %row = mul nsw i32 %i, 1048576')
print('  %idx = add nsw i32 %row, %t')
for l in range(loads):
    print('  %%o%d = add nsw i32 %%idx, %d' % (l, l * 65536))
    print('  %%e%d = sext i32 %%o%d to i64' % (l, l))
    print('  %%p%d = getelementptr inbounds float, ptr addrspace(1) %%in, i64 %%e%d' % (l, l))
    print('  %%x%d = load float, ptr addrspace(1) %%p%d, align 4' % (l, l))
prev = '%acc'
for l in range(loads):
    print('  %%s%d = fadd float %s, %%x%d' % (l, prev, l))
    prev = '%%s%d' % l
for f in range(fmuls):
    print('  %%v%d = fmul float %s, %s' % (f + 1, prev, prev))
    prev = '%%v%d' % (f + 1)
print('''  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 1000
  br i1 %c, label %loop, label %exit
exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float ''' + prev + ''', ptr addrspace(1) %po, align 4
  ret void
}
attributes #0 = { "target-cpu"="sm_80" }''')
