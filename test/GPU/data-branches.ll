; Branches on data (docs/usage.md, "Estimates"; docs/kernel-time.md,
; "Branches on data"): each side of a two-way branch is a symbol a launch
; binds, taken.sideN (the true side first, branch by branch), the share of
; the threads reaching the branch that take it. Unbound, every lane takes
; each side (an upper bound) and the prediction is an estimate; bound, the
; traffic below the side is that share of the lanes', and the side's cost is
; weighed by the chance that some lane of a warp takes it: 1 - (1 - P)^32
; when the branch diverges (lanes independent), P when the warp branches as
; one. The other side of a bound branch takes the rest, 1 - P.
; Expected values derived from Inputs/toy-gpu.yaml: every instruction lat
; 4, del 2; one dispatch per clock; pipes as docs/kernel-time.md, "Issue
; cycles" (S2R alu; address int.mad, setp of a float fp32.add and fmul on
; fma; ld/st lsu; bra cbu); print<kernel-time-cost> lists each cost. One
; block of 1024 threads: 32 warps on one SM, 8 per processing block.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='filter:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='filter:grid=1,block=1024,regs=32,taken.side1=0' \
; RUN:   -ktime-launch='filter:grid=1,block=1024,regs=32,taken.side1=0.01' \
; RUN:   -ktime-launch='filter:grid=1,block=1024,regs=32,taken.side1=0.5' \
; RUN:   -ktime-launch='flagged:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='flagged:grid=1,block=1024,regs=32,taken.side1=0' \
; RUN:   -ktime-launch='flagged:grid=1,block=1024,regs=32,taken.side1=0.25' \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32,taken.side1=0' \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32,taken.side2=0.75' %s \
; RUN:   | FileCheck %s
;
; filter: if (in[tid] > 0) { 8 fmul; out[tid] = ... }, a divergent branch
; (each lane its own value). Per warp, entry: S2R (alu 2), address (fma 2),
; ld (lsu 2), setp (fma 2), bra (cbu 2): 5 instructions; work: 8 fmul
; (fma 16), address (fma 2), st (lsu 2): 10 instructions, weighed by the
; side's reach R. Issue per warp: max(fma 4 + 18 R, dispatch 5 + 10 R);
; 8 warps. Bytes: 1024 threads x (4 loaded + 4 P stored).
; Unbound: R = 1, fma 22: issue 176; bytes 8192; an estimate.
; CHECK-LABEL: launch 'filter:grid=1,block=1024,regs=32' on toy-gpu:
; CHECK: issue 176.0,
; CHECK: bytes: global 8192.0,
; CHECK: estimate: taken.side1 = 1 (assumed)
; CHECK: assumption: an estimate: taken.side1, a side of a branch on data, is assumed taken by every lane, an upper bound; give the share of threads that take it: taken.side1=P
; P = 0: R = 0, max(fma 4, dispatch 5) = 5: issue 40; bytes 4096.
; CHECK-LABEL: launch 'filter:grid=1,block=1024,regs=32,taken.side1=0' on toy-gpu:
; CHECK: issue 40.0,
; CHECK: bytes: global 4096.0,
; CHECK-NOT: estimate:
; P = 0.01: R = 1 - 0.99^32 = 0.275020 (to six places); fma 4 + 18 x
; 0.27502 = 8.95036 against dispatch 7.7502: issue 71.6; bytes 4096 +
; 0.01 x 4096 = 4136.96.
; CHECK-LABEL: launch 'filter:grid=1,block=1024,regs=32,taken.side1=0.01' on toy-gpu:
; CHECK: issue 71.6,
; CHECK: bytes: global 4137.0,
; P = 0.5: R = 1 - 2^-32, 1 to six places: every warp runs the side (issue
; 176, as unbound) while half the lanes store: bytes 4096 + 2048 = 6144.
; CHECK-LABEL: launch 'filter:grid=1,block=1024,regs=32,taken.side1=0.5' on toy-gpu:
; CHECK: issue 176.0,
; CHECK: bytes: global 6144.0,
;
; flagged: if (*flags) { 8 fmul; out[tid] = ... }, a uniform branch (one
; address for every lane). Per warp, entry: S2R (alu 2), ld (lsu 2), setp
; of an integer (alu 2), bra (cbu 2): 4 instructions; work as filter's (fma
; 18, 10 instructions) weighed by R = P. Issue per warp max(alu 4, fma 18 P,
; dispatch 4 + 10 P); bytes 1024 x (4 + 4 P).
; Unbound: the warp takes the longer side: fma 18, issue 144; bytes 8192.
; CHECK-LABEL: launch 'flagged:grid=1,block=1024,regs=32' on toy-gpu:
; CHECK: issue 144.0,
; CHECK: bytes: global 8192.0,
; CHECK: estimate: taken.side1 = 1 (assumed)
; P = 0: 4 per warp, issue 32; bytes 4096.
; CHECK-LABEL: launch 'flagged:grid=1,block=1024,regs=32,taken.side1=0' on toy-gpu:
; CHECK: issue 32.0,
; CHECK: bytes: global 4096.0,
; P = 0.25: max(4, 4.5, 6.5) = 6.5, issue 52; bytes 4096 + 1024 = 5120.
; CHECK-LABEL: launch 'flagged:grid=1,block=1024,regs=32,taken.side1=0.25' on toy-gpu:
; CHECK: issue 52.0,
; CHECK: bytes: global 5120.0,
;
; choose: if (in[tid] > 0) heavy (4 fmul, st) else light (st), both sides
; storing out[tid]. Per warp, entry: S2R (alu 2), 2 addresses (fma 4), ld
; (lsu 2), setp (fma 2), bra (cbu 2): 6 instructions; heavy: fma 8, lsu 2,
; 5 instructions, reach R1; light: lsu 2, 1 instruction, reach R2.
; Issue per warp max(fma 6 + 8 R1, dispatch 6 + 5 R1 + R2); bytes 1024 x
; (4 + 4 P1 + 4 P2).
; Unbound: both sides, every lane: fma 14, issue 112; bytes 12288; both
; sides estimated.
; CHECK-LABEL: launch 'choose:grid=1,block=1024,regs=32' on toy-gpu:
; CHECK: issue 112.0,
; CHECK: bytes: global 12288.0,
; CHECK: estimate: taken.side1 = 1 (assumed)
; CHECK: estimate: taken.side2 = 1 (assumed)
; CHECK: assumption: an estimate: taken.side1, taken.side2, sides of branches on data, are assumed taken by every lane, an upper bound; give the share of threads that take each: taken.side1=P
; taken.side1 = 0: the else side takes every thread (P2 = 1): R1 = 0, R2 =
; 1: max(6, 7) = 7, issue 56; bytes 4096 + 4096 = 8192.
; CHECK-LABEL: launch 'choose:grid=1,block=1024,regs=32,taken.side1=0' on toy-gpu:
; CHECK: issue 56.0,
; CHECK: bytes: global 8192.0,
; CHECK-NOT: estimate:
; taken.side2 = 0.75: P1 = 0.25, both reaches 1 - 0.75^32 and 1 - 0.25^32,
; 1 to four places: fma 6 + 8 x 0.9999 = 13.9992 per warp, issue 112.0 (to
; a tenth); bytes 4096 x (1 + 0.25 + 0.75) = 8192.
; CHECK-LABEL: launch 'choose:grid=1,block=1024,regs=32,taken.side2=0.75' on toy-gpu:
; CHECK: issue 112.0,
; CHECK: bytes: global 8192.0,
; CHECK-NOT: estimate:
;
; A share outside [0, 1], and the two sides of one branch bound to shares
; that do not add up to 1, are errors naming the spec.
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32,taken.side1=1.5' %s 2>&1 \
; RUN:   | FileCheck --check-prefix=RANGE %s
; RANGE: error: KernelTime: -ktime-launch: launch spec 'choose:grid=1,block=1024,regs=32,taken.side1=1.5': 'taken.side1=1.5': a share of threads is a number from 0 to 1
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32,taken.side1=0.5,taken.side2=0.6' %s 2>&1 \
; RUN:   | FileCheck --check-prefix=SUM %s
; SUM: error: KernelTime: -ktime-launch: launch spec 'choose:grid=1,block=1024,regs=32,taken.side1=0.5,taken.side2=0.6': taken.side1 and taken.side2 are the two sides of one branch: every thread takes one, so their shares add up to 1 (here 1.1)
;
; A side the kernel does not have: the error lists those it has.
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32,taken.side3=0.5' %s 2>&1 \
; RUN:   | FileCheck --check-prefix=UNKNOWN %s
; UNKNOWN: error: KernelTime: -ktime-launch: launch spec 'choose:grid=1,block=1024,regs=32,taken.side3=0.5': 'taken.side3' is not a parameter of choose (parameters: in, out, x; argN always works) nor a symbol of its model; its branch sides: taken.side1, taken.side2
;
; The JSON report and the YAML record: an estimate unbound, none bound.
; Each launch lists every side ("branches": name, source, share): filter's
; one side assumed (share 1) or bound; choose's side2 bound to 0.75 makes
; side1, the other side of the same branch, 1 - 0.75 = 0.25.
; RUN: rm -f %t.json %t.yaml
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-report=%t.json \
; RUN:   -pass-remarks-analysis=kernel-time -pass-remarks-output=%t.yaml \
; RUN:   -ktime-launch='filter:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='filter:grid=1,block=1024,regs=32,taken.side1=0.5' \
; RUN:   -ktime-launch='choose:grid=1,block=1024,regs=32,taken.side2=0.75' %s
; RUN: %python -c "import json, sys; \
; RUN:   [print(l['estimate'], l['estimated'], [(b['name'], b['source'], b['share']) for b in l['branches']]) \
; RUN:    for l in json.load(open(sys.argv[1]))['launches']]" %t.json \
; RUN:   | FileCheck --check-prefix=JSON %s
; JSON: True {'taken.side1': 1} [('taken.side1', 'assumed', 1)]
; JSON-NEXT: False {} [('taken.side1', 'bound', 0.5)]
; JSON-NEXT: False {} [('taken.side1', 'bound', 0.25), ('taken.side2', 'bound', 0.75)]
; RUN: FileCheck --check-prefix=YAML %s < %t.yaml
; YAML: Name: Kernel
; YAML: - Estimate: estimate
; YAML: - EstimatedCounts: 'taken.side1 = 1'

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define ptx_kernel void @filter(ptr addrspace(1) %in, ptr addrspace(1) %out, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %c = fcmp ogt float %v, 0.0
  br i1 %c, label %work, label %exit

work:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  %v5 = fmul float %v4, %v4
  %v6 = fmul float %v5, %v5
  %v7 = fmul float %v6, %v6
  %v8 = fmul float %v7, %v7
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %v8, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @flagged(ptr addrspace(1) %flags, ptr addrspace(1) %out, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = load i32, ptr addrspace(1) %flags, align 4
  %c = icmp ne i32 %f, 0
  br i1 %c, label %work, label %exit

work:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  %v5 = fmul float %v4, %v4
  %v6 = fmul float %v5, %v5
  %v7 = fmul float %v6, %v6
  %v8 = fmul float %v7, %v7
  %idx = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %v8, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @choose(ptr addrspace(1) %in, ptr addrspace(1) %out, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %c = fcmp ogt float %v, 0.0
  br i1 %c, label %heavy, label %light

heavy:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  store float %v4, ptr addrspace(1) %q, align 4
  br label %exit

light:
  store float %x, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

