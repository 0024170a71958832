; Robustness: a loop bound that is a product of sums. The do-while loop below
; runs max(1, P) times, P =
; (p0 + p1) * (p2 + p3) * ... * (p30 + p31) (16 factors, 32 kernel
; parameters; hand-derived from the IR: %m15 is the product of %s0 .. %s15,
; %sF = p(2F) + p(2F+1)). Fully expanded that is 2^16 = 65536 monomials of 16
; symbols each.
;
; The contract: no input hangs the compiler. Plain opt takes 0.1 s on this
; file; KernelTime must stay within seconds, whatever it prints (the
; expanded count, a factored one, or trip.loop1 with an Assumption).
;
; A product whose expansion would exceed 256 terms is not converted
; (ScevToExpr::MaxExpandedTerms): the count becomes trip.loop1 with an
; Assumption saying why.
;
; RUN: timeout 2 %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s
; CHECK: remark: {{.*}}loop loop{{[0-9]+}}: trip = trip.loop1{{(, lat = .*)?$}}
; CHECK: remark: {{.*}}assumption: trip count of the loop unknown because its count depends on a product of sums too large to expand (over 256 terms)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @product(ptr %a, i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7, i64 %p8, i64 %p9, i64 %p10, i64 %p11, i64 %p12, i64 %p13, i64 %p14, i64 %p15, i64 %p16, i64 %p17, i64 %p18, i64 %p19, i64 %p20, i64 %p21, i64 %p22, i64 %p23, i64 %p24, i64 %p25, i64 %p26, i64 %p27, i64 %p28, i64 %p29, i64 %p30, i64 %p31) #0 {
entry:
  %s0 = add i64 %p0, %p1
  %s1 = add i64 %p2, %p3
  %m1 = mul i64 %s0, %s1
  %s2 = add i64 %p4, %p5
  %m2 = mul i64 %m1, %s2
  %s3 = add i64 %p6, %p7
  %m3 = mul i64 %m2, %s3
  %s4 = add i64 %p8, %p9
  %m4 = mul i64 %m3, %s4
  %s5 = add i64 %p10, %p11
  %m5 = mul i64 %m4, %s5
  %s6 = add i64 %p12, %p13
  %m6 = mul i64 %m5, %s6
  %s7 = add i64 %p14, %p15
  %m7 = mul i64 %m6, %s7
  %s8 = add i64 %p16, %p17
  %m8 = mul i64 %m7, %s8
  %s9 = add i64 %p18, %p19
  %m9 = mul i64 %m8, %s9
  %s10 = add i64 %p20, %p21
  %m10 = mul i64 %m9, %s10
  %s11 = add i64 %p22, %p23
  %m11 = mul i64 %m10, %s11
  %s12 = add i64 %p24, %p25
  %m12 = mul i64 %m11, %s12
  %s13 = add i64 %p26, %p27
  %m13 = mul i64 %m12, %s13
  %s14 = add i64 %p28, %p29
  %m14 = mul i64 %m13, %s14
  %s15 = add i64 %p30, %p31
  %m15 = mul i64 %m14, %s15
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %g = getelementptr float, ptr %a, i64 %i
  store float 0.0, ptr %g, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp slt i64 %i.next, %m15
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
