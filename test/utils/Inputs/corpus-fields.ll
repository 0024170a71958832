; Struct parameters for test/utils/corpus.test's direct check of
; bench/corpus_launch.py: a quoted, packed struct name, an array of
; structs, a 2-D array, a vector and a pointer (no value), a literal struct
; type in the byval attribute, and an array too long to bind whole. The
; second kernel is marked in !nvvm.annotations, as clang 19 writes them.
%"struct.ns::Pt" = type <{ i16, float }>
%struct.Big = type { i32, [300 x i32] }
%struct.Mix = type { [2 x %"struct.ns::Pt"], [2 x [2 x i8]], <2 x float>, ptr, double }

define dso_local ptx_kernel void @mix(ptr noundef %0, ptr noundef readonly byval(%struct.Mix) align 8 %1, i32 %2) {
  ret void
}

define dso_local void @old(ptr nocapture noundef readonly byval({ i32, half }) align 4 %0, ptr byval(%struct.Big) align 4 %1) {
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @old, !"kernel", i32 1}
