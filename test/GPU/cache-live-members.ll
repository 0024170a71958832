; The L2 hits of a group of stores to the same addresses count only the
; members a launch runs (docs/memory.md, "Cache hit fractions"): a store on
; a side no thread takes requests nothing and gives the group's other
; members no rewrites to merge. Expected values derived from
; Inputs/toy-gpu.yaml (L2 1048576 B). Every launch: grid 512 x block 1024 =
; 524288 threads writing out[ctaid.x * ntid.x + tid.x], a footprint of
; 524288 x 4 = 2097152 B (2 MiB), over L2: a store group's L2 hits are the
; rewrites, h2 = 1 - footprint / (requested bytes that run x 512 blocks).
;
; overwrite: if (on) out[i] = x; out[i] = 2; one group of two stores
; (requested per block 2 x 4 B x 1024 = 8192 B). The branch on the bool
; parameter is bound here through its side's share (docs/usage.md,
; "Estimates"; binding on = 0 says the same, docs/memory.md, "Active lanes").
; taken.side1 = 0 (on = false, no lane takes the side): the live share is
; (0 x 4 + 1 x 4) / (4 + 4) = 0.5 of the requests, 4096 B x 512 = 2 MiB =
; the footprint: h2 = 0, every byte goes to DRAM: global = L2 = DRAM =
; 2097152 (counting the dead store's requests would give h2 = 1 - 2/4 =
; 0.5 and DRAM 1048576, half of what the kernel writes).
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='overwrite:grid=512,block=1024,regs=32,taken.side1=0' \
; RUN:   -ktime-launch='overwrite:grid=512,block=1024,regs=32,taken.side1=1' \
; RUN:   -ktime-launch='either:grid=512,block=1024,regs=32,taken.side1=0.25' \
; RUN:   -ktime-launch='either:grid=512,block=1024,regs=32' %s | FileCheck %s
; CHECK-LABEL: launch 'overwrite:grid=512,block=1024,regs=32,taken.side1=0' on toy-gpu:
; CHECK: bytes: global 2097152.0, L2 2097152.0, DRAM 2097152.0,
; taken.side1 = 1 (on = true): both stores run, live share 1: global = L2
; = 2 x 2097152 = 4194304; h2 = 1 - 2 MiB / 4 MiB = 0.5: DRAM 2097152 (the
; second store rewrites lines L2 holds).
; CHECK-LABEL: launch 'overwrite:grid=512,block=1024,regs=32,taken.side1=1' on toy-gpu:
; CHECK: bytes: global 4194304.0, L2 4194304.0, DRAM 2097152.0,
;
; either: v = in[i]; if (v > 0) out[i] = v; else out[i] = x; a branch on
; data, its sides taken.side1 (true) and taken.side2. The load: 2097152 B,
; no reuse, all to DRAM. The stores, one group over both sides.
; taken.side1 = 0.25 (side 2 the rest, 0.75): store bytes 0.25 x 2 MiB +
; 0.75 x 2 MiB = 2097152; live share (0.25 x 4 + 0.75 x 4) / (4 + 4) = 0.5,
; h2 = 1 - 2 MiB / (8192 x 0.5 x 512 B) = 0: global = L2 = DRAM = 2097152 +
; 2097152 = 4194304 (before the live share, DRAM 3145728: each side was
; credited with hits from the other's writes).
; CHECK-LABEL: launch 'either:grid=512,block=1024,regs=32,taken.side1=0.25' on toy-gpu:
; CHECK: bytes: global 4194304.0, L2 4194304.0, DRAM 4194304.0,
; Unbound: every lane takes both sides (the upper bound, an estimate), the
; stores 2 x 2 MiB, live share 1, h2 = 0.5: global = L2 = 2 + 4 MiB =
; 6291456, DRAM 2097152 + 4194304 x 0.5 = 4194304.
; CHECK-LABEL: launch 'either:grid=512,block=1024,regs=32' on toy-gpu:
; CHECK: bytes: global 6291456.0, L2 6291456.0, DRAM 4194304.0,
; CHECK: estimate: taken.side1 = 1 (assumed)
;
; shifted: if (on) out[i + 1] = x; out[i] = 2; the two stores are one group
; but not of the same address: its footprint is their union, 524289 x 4 =
; 2097156 B, whichever runs, so their requests are not weighed (the limit
; docs/memory.md states): taken.side1 = 0 still counts both, h2 = 1 -
; 2097156 / 4194304, and DRAM = 2097152 x 2097156 / 4194304 = 1048578
; (printed 1048578.1: the hit fraction passes through a double), half of
; the bytes written.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='shifted:grid=512,block=1024,regs=32,taken.side1=0' %s \
; RUN:   | FileCheck --check-prefix=SHIFTED %s
; SHIFTED: bytes: global 2097152.0, L2 2097152.0, DRAM 1048578.

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @overwrite(ptr addrspace(1) %out, i1 %on, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bx, %nt
  %i = add i32 %base, %tx
  %idx = zext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %on, label %first, label %last

first:
  store float %x, ptr addrspace(1) %q, align 4
  br label %last

last:
  store float 2.0, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @either(ptr addrspace(1) %in, ptr addrspace(1) %out, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bx, %nt
  %i = add i32 %base, %tx
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %c = fcmp ogt float %v, 0.0
  br i1 %c, label %pos, label %neg

pos:
  store float %v, ptr addrspace(1) %q, align 4
  br label %exit

neg:
  store float %x, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @shifted(ptr addrspace(1) %out, i1 %on, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bx, %nt
  %i = add i32 %base, %tx
  %idx = zext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  br i1 %on, label %first, label %last

first:
  %q1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 1
  store float %x, ptr addrspace(1) %q1, align 4
  br label %last

last:
  store float 2.0, ptr addrspace(1) %q, align 4
  ret void
}
