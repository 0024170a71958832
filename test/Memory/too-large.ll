; The work one address may take (lib/Memory/ExprBuilder.cpp): a product is
; expanded into at most 1024 terms. The store's index is tid.x plus the
; product of three sums of loaded values (each loaded value is a symbol of
; its own): with 10 values per sum the product has 10 * 10 * 10 = 1000
; terms and the address is analysed (lanes 4 bytes apart: pattern unit);
; with 11, 11 * 11 = 121 terms times 11 more would be 1331 > 1024, so the
; address is not analysed and the access takes the documented fallback
; (assumed coalesced), where expanding such products without a bound made a
; big-integer kernel's compile run for more than half an hour. The loaded
; values of those two kernels are the same for every lane (constant
; indices), so the address is tid.x plus a uniform value and coalesced in
; fact. In perlane each lane loads its own 33 words (v[33 * tid.x + k]): an
; address past the bound that depends on data loaded per lane is scattered,
; as one within the bound is: 32 lanes of 4 bytes in 32 sectors of 32
; bytes where 4 would do (factor 8).
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

; CHECK-LABEL: kernel ten on a100-pcie-40gb
; CHECK: store to %o: global store 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4
; CHECK-LABEL: kernel eleven on a100-pcie-40gb
; CHECK: store to %o: global store 4 B, pattern unknown, lanes 32, sectors 4/4
; CHECK-SAME: assumed: address not analysed (an expression too large to analyse): assumed coalesced
; CHECK-LABEL: kernel perlane on a100-pcie-40gb
; CHECK: store to %o: global store 4 B, pattern irregular, lanes 32, sectors 32/4, lines 32/1, factor 8
; CHECK-SAME: the address depends on data loaded per lane (an expression too large to analyse)

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @ten(ptr addrspace(1) %v, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 0
  %p0 = load i32, ptr addrspace(1) %p0.a, align 4
  %p1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 1
  %p1 = load i32, ptr addrspace(1) %p1.a, align 4
  %p.s1 = add i32 %p0, %p1
  %p2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 2
  %p2 = load i32, ptr addrspace(1) %p2.a, align 4
  %p.s2 = add i32 %p.s1, %p2
  %p3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 3
  %p3 = load i32, ptr addrspace(1) %p3.a, align 4
  %p.s3 = add i32 %p.s2, %p3
  %p4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 4
  %p4 = load i32, ptr addrspace(1) %p4.a, align 4
  %p.s4 = add i32 %p.s3, %p4
  %p5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 5
  %p5 = load i32, ptr addrspace(1) %p5.a, align 4
  %p.s5 = add i32 %p.s4, %p5
  %p6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 6
  %p6 = load i32, ptr addrspace(1) %p6.a, align 4
  %p.s6 = add i32 %p.s5, %p6
  %p7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 7
  %p7 = load i32, ptr addrspace(1) %p7.a, align 4
  %p.s7 = add i32 %p.s6, %p7
  %p8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 8
  %p8 = load i32, ptr addrspace(1) %p8.a, align 4
  %p.s8 = add i32 %p.s7, %p8
  %p9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 9
  %p9 = load i32, ptr addrspace(1) %p9.a, align 4
  %p.s9 = add i32 %p.s8, %p9
  %q0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 10
  %q0 = load i32, ptr addrspace(1) %q0.a, align 4
  %q1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 11
  %q1 = load i32, ptr addrspace(1) %q1.a, align 4
  %q.s1 = add i32 %q0, %q1
  %q2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 12
  %q2 = load i32, ptr addrspace(1) %q2.a, align 4
  %q.s2 = add i32 %q.s1, %q2
  %q3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 13
  %q3 = load i32, ptr addrspace(1) %q3.a, align 4
  %q.s3 = add i32 %q.s2, %q3
  %q4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 14
  %q4 = load i32, ptr addrspace(1) %q4.a, align 4
  %q.s4 = add i32 %q.s3, %q4
  %q5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 15
  %q5 = load i32, ptr addrspace(1) %q5.a, align 4
  %q.s5 = add i32 %q.s4, %q5
  %q6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 16
  %q6 = load i32, ptr addrspace(1) %q6.a, align 4
  %q.s6 = add i32 %q.s5, %q6
  %q7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 17
  %q7 = load i32, ptr addrspace(1) %q7.a, align 4
  %q.s7 = add i32 %q.s6, %q7
  %q8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 18
  %q8 = load i32, ptr addrspace(1) %q8.a, align 4
  %q.s8 = add i32 %q.s7, %q8
  %q9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 19
  %q9 = load i32, ptr addrspace(1) %q9.a, align 4
  %q.s9 = add i32 %q.s8, %q9
  %r0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 20
  %r0 = load i32, ptr addrspace(1) %r0.a, align 4
  %r1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 21
  %r1 = load i32, ptr addrspace(1) %r1.a, align 4
  %r.s1 = add i32 %r0, %r1
  %r2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 22
  %r2 = load i32, ptr addrspace(1) %r2.a, align 4
  %r.s2 = add i32 %r.s1, %r2
  %r3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 23
  %r3 = load i32, ptr addrspace(1) %r3.a, align 4
  %r.s3 = add i32 %r.s2, %r3
  %r4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 24
  %r4 = load i32, ptr addrspace(1) %r4.a, align 4
  %r.s4 = add i32 %r.s3, %r4
  %r5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 25
  %r5 = load i32, ptr addrspace(1) %r5.a, align 4
  %r.s5 = add i32 %r.s4, %r5
  %r6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 26
  %r6 = load i32, ptr addrspace(1) %r6.a, align 4
  %r.s6 = add i32 %r.s5, %r6
  %r7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 27
  %r7 = load i32, ptr addrspace(1) %r7.a, align 4
  %r.s7 = add i32 %r.s6, %r7
  %r8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 28
  %r8 = load i32, ptr addrspace(1) %r8.a, align 4
  %r.s8 = add i32 %r.s7, %r8
  %r9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 29
  %r9 = load i32, ptr addrspace(1) %r9.a, align 4
  %r.s9 = add i32 %r.s8, %r9
  %m1 = mul i32 %p.s9, %q.s9
  %m2 = mul i32 %m1, %r.s9
  %i = add i32 %m2, %tid
  %ix = sext i32 %i to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  store float 1.0, ptr addrspace(1) %o, align 4
  ret void
}

define ptx_kernel void @eleven(ptr addrspace(1) %v, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 0
  %p0 = load i32, ptr addrspace(1) %p0.a, align 4
  %p1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 1
  %p1 = load i32, ptr addrspace(1) %p1.a, align 4
  %p.s1 = add i32 %p0, %p1
  %p2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 2
  %p2 = load i32, ptr addrspace(1) %p2.a, align 4
  %p.s2 = add i32 %p.s1, %p2
  %p3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 3
  %p3 = load i32, ptr addrspace(1) %p3.a, align 4
  %p.s3 = add i32 %p.s2, %p3
  %p4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 4
  %p4 = load i32, ptr addrspace(1) %p4.a, align 4
  %p.s4 = add i32 %p.s3, %p4
  %p5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 5
  %p5 = load i32, ptr addrspace(1) %p5.a, align 4
  %p.s5 = add i32 %p.s4, %p5
  %p6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 6
  %p6 = load i32, ptr addrspace(1) %p6.a, align 4
  %p.s6 = add i32 %p.s5, %p6
  %p7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 7
  %p7 = load i32, ptr addrspace(1) %p7.a, align 4
  %p.s7 = add i32 %p.s6, %p7
  %p8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 8
  %p8 = load i32, ptr addrspace(1) %p8.a, align 4
  %p.s8 = add i32 %p.s7, %p8
  %p9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 9
  %p9 = load i32, ptr addrspace(1) %p9.a, align 4
  %p.s9 = add i32 %p.s8, %p9
  %p10.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 10
  %p10 = load i32, ptr addrspace(1) %p10.a, align 4
  %p.s10 = add i32 %p.s9, %p10
  %q0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 11
  %q0 = load i32, ptr addrspace(1) %q0.a, align 4
  %q1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 12
  %q1 = load i32, ptr addrspace(1) %q1.a, align 4
  %q.s1 = add i32 %q0, %q1
  %q2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 13
  %q2 = load i32, ptr addrspace(1) %q2.a, align 4
  %q.s2 = add i32 %q.s1, %q2
  %q3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 14
  %q3 = load i32, ptr addrspace(1) %q3.a, align 4
  %q.s3 = add i32 %q.s2, %q3
  %q4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 15
  %q4 = load i32, ptr addrspace(1) %q4.a, align 4
  %q.s4 = add i32 %q.s3, %q4
  %q5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 16
  %q5 = load i32, ptr addrspace(1) %q5.a, align 4
  %q.s5 = add i32 %q.s4, %q5
  %q6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 17
  %q6 = load i32, ptr addrspace(1) %q6.a, align 4
  %q.s6 = add i32 %q.s5, %q6
  %q7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 18
  %q7 = load i32, ptr addrspace(1) %q7.a, align 4
  %q.s7 = add i32 %q.s6, %q7
  %q8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 19
  %q8 = load i32, ptr addrspace(1) %q8.a, align 4
  %q.s8 = add i32 %q.s7, %q8
  %q9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 20
  %q9 = load i32, ptr addrspace(1) %q9.a, align 4
  %q.s9 = add i32 %q.s8, %q9
  %q10.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 21
  %q10 = load i32, ptr addrspace(1) %q10.a, align 4
  %q.s10 = add i32 %q.s9, %q10
  %r0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 22
  %r0 = load i32, ptr addrspace(1) %r0.a, align 4
  %r1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 23
  %r1 = load i32, ptr addrspace(1) %r1.a, align 4
  %r.s1 = add i32 %r0, %r1
  %r2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 24
  %r2 = load i32, ptr addrspace(1) %r2.a, align 4
  %r.s2 = add i32 %r.s1, %r2
  %r3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 25
  %r3 = load i32, ptr addrspace(1) %r3.a, align 4
  %r.s3 = add i32 %r.s2, %r3
  %r4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 26
  %r4 = load i32, ptr addrspace(1) %r4.a, align 4
  %r.s4 = add i32 %r.s3, %r4
  %r5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 27
  %r5 = load i32, ptr addrspace(1) %r5.a, align 4
  %r.s5 = add i32 %r.s4, %r5
  %r6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 28
  %r6 = load i32, ptr addrspace(1) %r6.a, align 4
  %r.s6 = add i32 %r.s5, %r6
  %r7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 29
  %r7 = load i32, ptr addrspace(1) %r7.a, align 4
  %r.s7 = add i32 %r.s6, %r7
  %r8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 30
  %r8 = load i32, ptr addrspace(1) %r8.a, align 4
  %r.s8 = add i32 %r.s7, %r8
  %r9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 31
  %r9 = load i32, ptr addrspace(1) %r9.a, align 4
  %r.s9 = add i32 %r.s8, %r9
  %r10.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 32
  %r10 = load i32, ptr addrspace(1) %r10.a, align 4
  %r.s10 = add i32 %r.s9, %r10
  %m1 = mul i32 %p.s10, %q.s10
  %m2 = mul i32 %m1, %r.s10
  %i = add i32 %m2, %tid
  %ix = sext i32 %i to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  store float 1.0, ptr addrspace(1) %o, align 4
  ret void
}

define ptx_kernel void @perlane(ptr addrspace(1) %v, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %row = mul i64 %t64, 33
  %p0.i = add i64 %row, 0
  %p0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p0.i
  %p0 = load i32, ptr addrspace(1) %p0.a, align 4
  %p1.i = add i64 %row, 1
  %p1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p1.i
  %p1 = load i32, ptr addrspace(1) %p1.a, align 4
  %p.s1 = add i32 %p0, %p1
  %p2.i = add i64 %row, 2
  %p2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p2.i
  %p2 = load i32, ptr addrspace(1) %p2.a, align 4
  %p.s2 = add i32 %p.s1, %p2
  %p3.i = add i64 %row, 3
  %p3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p3.i
  %p3 = load i32, ptr addrspace(1) %p3.a, align 4
  %p.s3 = add i32 %p.s2, %p3
  %p4.i = add i64 %row, 4
  %p4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p4.i
  %p4 = load i32, ptr addrspace(1) %p4.a, align 4
  %p.s4 = add i32 %p.s3, %p4
  %p5.i = add i64 %row, 5
  %p5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p5.i
  %p5 = load i32, ptr addrspace(1) %p5.a, align 4
  %p.s5 = add i32 %p.s4, %p5
  %p6.i = add i64 %row, 6
  %p6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p6.i
  %p6 = load i32, ptr addrspace(1) %p6.a, align 4
  %p.s6 = add i32 %p.s5, %p6
  %p7.i = add i64 %row, 7
  %p7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p7.i
  %p7 = load i32, ptr addrspace(1) %p7.a, align 4
  %p.s7 = add i32 %p.s6, %p7
  %p8.i = add i64 %row, 8
  %p8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p8.i
  %p8 = load i32, ptr addrspace(1) %p8.a, align 4
  %p.s8 = add i32 %p.s7, %p8
  %p9.i = add i64 %row, 9
  %p9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p9.i
  %p9 = load i32, ptr addrspace(1) %p9.a, align 4
  %p.s9 = add i32 %p.s8, %p9
  %p10.i = add i64 %row, 10
  %p10.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %p10.i
  %p10 = load i32, ptr addrspace(1) %p10.a, align 4
  %p.s10 = add i32 %p.s9, %p10
  %q0.i = add i64 %row, 11
  %q0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q0.i
  %q0 = load i32, ptr addrspace(1) %q0.a, align 4
  %q1.i = add i64 %row, 12
  %q1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q1.i
  %q1 = load i32, ptr addrspace(1) %q1.a, align 4
  %q.s1 = add i32 %q0, %q1
  %q2.i = add i64 %row, 13
  %q2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q2.i
  %q2 = load i32, ptr addrspace(1) %q2.a, align 4
  %q.s2 = add i32 %q.s1, %q2
  %q3.i = add i64 %row, 14
  %q3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q3.i
  %q3 = load i32, ptr addrspace(1) %q3.a, align 4
  %q.s3 = add i32 %q.s2, %q3
  %q4.i = add i64 %row, 15
  %q4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q4.i
  %q4 = load i32, ptr addrspace(1) %q4.a, align 4
  %q.s4 = add i32 %q.s3, %q4
  %q5.i = add i64 %row, 16
  %q5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q5.i
  %q5 = load i32, ptr addrspace(1) %q5.a, align 4
  %q.s5 = add i32 %q.s4, %q5
  %q6.i = add i64 %row, 17
  %q6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q6.i
  %q6 = load i32, ptr addrspace(1) %q6.a, align 4
  %q.s6 = add i32 %q.s5, %q6
  %q7.i = add i64 %row, 18
  %q7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q7.i
  %q7 = load i32, ptr addrspace(1) %q7.a, align 4
  %q.s7 = add i32 %q.s6, %q7
  %q8.i = add i64 %row, 19
  %q8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q8.i
  %q8 = load i32, ptr addrspace(1) %q8.a, align 4
  %q.s8 = add i32 %q.s7, %q8
  %q9.i = add i64 %row, 20
  %q9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q9.i
  %q9 = load i32, ptr addrspace(1) %q9.a, align 4
  %q.s9 = add i32 %q.s8, %q9
  %q10.i = add i64 %row, 21
  %q10.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %q10.i
  %q10 = load i32, ptr addrspace(1) %q10.a, align 4
  %q.s10 = add i32 %q.s9, %q10
  %r0.i = add i64 %row, 22
  %r0.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r0.i
  %r0 = load i32, ptr addrspace(1) %r0.a, align 4
  %r1.i = add i64 %row, 23
  %r1.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r1.i
  %r1 = load i32, ptr addrspace(1) %r1.a, align 4
  %r.s1 = add i32 %r0, %r1
  %r2.i = add i64 %row, 24
  %r2.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r2.i
  %r2 = load i32, ptr addrspace(1) %r2.a, align 4
  %r.s2 = add i32 %r.s1, %r2
  %r3.i = add i64 %row, 25
  %r3.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r3.i
  %r3 = load i32, ptr addrspace(1) %r3.a, align 4
  %r.s3 = add i32 %r.s2, %r3
  %r4.i = add i64 %row, 26
  %r4.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r4.i
  %r4 = load i32, ptr addrspace(1) %r4.a, align 4
  %r.s4 = add i32 %r.s3, %r4
  %r5.i = add i64 %row, 27
  %r5.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r5.i
  %r5 = load i32, ptr addrspace(1) %r5.a, align 4
  %r.s5 = add i32 %r.s4, %r5
  %r6.i = add i64 %row, 28
  %r6.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r6.i
  %r6 = load i32, ptr addrspace(1) %r6.a, align 4
  %r.s6 = add i32 %r.s5, %r6
  %r7.i = add i64 %row, 29
  %r7.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r7.i
  %r7 = load i32, ptr addrspace(1) %r7.a, align 4
  %r.s7 = add i32 %r.s6, %r7
  %r8.i = add i64 %row, 30
  %r8.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r8.i
  %r8 = load i32, ptr addrspace(1) %r8.a, align 4
  %r.s8 = add i32 %r.s7, %r8
  %r9.i = add i64 %row, 31
  %r9.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r9.i
  %r9 = load i32, ptr addrspace(1) %r9.a, align 4
  %r.s9 = add i32 %r.s8, %r9
  %r10.i = add i64 %row, 32
  %r10.a = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %r10.i
  %r10 = load i32, ptr addrspace(1) %r10.a, align 4
  %r.s10 = add i32 %r.s9, %r10
  %m1 = mul i32 %p.s10, %q.s10
  %m2 = mul i32 %m1, %r.s10
  %i = add i32 %m2, %tid
  %ix = sext i32 %i to i64
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  store float 1.0, ptr addrspace(1) %o, align 4
  ret void
}
