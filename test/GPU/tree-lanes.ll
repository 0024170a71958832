; A tree reduction's `if (tid < s)`: s is halved each iteration of its loop
; (docs/kernel-time.md, "Branches on data": a halving value is no data),
; so the launch fixes its values and the lanes that take the side in each
; iteration; the side's reach and traffic are their mean over the
; iterations, exactly, and the prediction is no estimate. Expected values
; derived from Inputs/toy-gpu.yaml (every instruction lat 4, del 2; one
; dispatch per clock; pipes as docs/kernel-time.md, "Issue cycles": setp and
; shifts int.add on alu, address int.mad and fmul on fma, st lsu, bra cbu;
; ntid free); print<kernel-time-cost> lists each cost.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='tree:grid=1,block=256,regs=32' \
; RUN:   -ktime-launch='tree:grid=1,block=64,regs=32' %s | FileCheck %s
;
; Per warp: entry (S2R, shr, setp: alu 6; bra: cbu 2; 4 instructions);
; every iteration, the test and the latch (setp; shr, setp: alu 6; two bra:
; cbu 4; 5 instructions); an iteration where some lane has tid < s, the
; body (4 fmul and the address: fma 10; st: lsu 2; 6 instructions). With n
; such iterations of T: max(alu 6 + 6 T, fma 10 n, dispatch 4 + 5 T + 6 n).
;
; block 256: T = log2(128) + 1 = 8, s = 128, 64, ..., 1. Warp w's first lane
; is tid 32 w: warp 0 runs the body in all 8 iterations (dispatch 4 + 40 +
; 48 = 92), warp 4 (tid 128 and up) in none (alu 54). Processing block 0
; holds warps 0 and 4 (8 warps on 4 blocks): issue 92 + 54 = 146 (the body
; counted in every iteration of every warp, as before the halving values
; were followed, gives 2 x 92 = 184). Bytes: the threads below s store 4 B
; each iteration, 128 + 64 + ... + 1 = 255 stores: 1020 B (not 256 x 8 x 4
; = 8192).
; CHECK-LABEL: launch 'tree:grid=1,block=256,regs=32' on toy-gpu:
; CHECK: issue 146.0,
; CHECK: main thread: time {{.*}}, delay 92.0,
; CHECK: bytes: global 1020.0,
; CHECK-NOT: estimate
; block 64: T = 6, s = 32, ..., 1; one warp, the body in all 6 iterations:
; 4 + 30 + 36 = 70; bytes 63 x 4 = 252.
; CHECK-LABEL: launch 'tree:grid=1,block=64,regs=32' on toy-gpu:
; CHECK: issue 70.0,
; CHECK: bytes: global 252.0,
; CHECK-NOT: estimate
;
; The JSON report lists both sides and what gives their shares: the entry's
; branch into the loop (side 1) is the loop's guard, counted by the loop's
; trip; the body's side (side 2) has lanes the model counts (tid < s).
; RUN: rm -f %t.json
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-report=%t.json \
; RUN:   -ktime-launch='tree:grid=1,block=256,regs=32' %s
; RUN: %python -c "import json, sys; \
; RUN:   [print([(b['name'], b['source'], b['share']) for b in l['branches']]) \
; RUN:    for l in json.load(open(sys.argv[1]))['launches']]" %t.json \
; RUN:   | FileCheck --check-prefix=JSON %s
; JSON: [('taken.side1', 'loop', None), ('taken.side2', 'lanes', None)]

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @tree(ptr addrspace(1) %out, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %s0 = lshr i32 %nt, 1
  %none = icmp eq i32 %s0, 0
  br i1 %none, label %exit, label %loop

loop:
  %s = phi i32 [ %s0, %entry ], [ %s.next, %latch ]
  %c = icmp ult i32 %tx, %s
  br i1 %c, label %body, label %latch

body:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  %idx = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %v4, ptr addrspace(1) %q, align 4
  br label %latch

latch:
  %s.next = lshr i32 %s, 1
  %done = icmp eq i32 %s.next, 0
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
