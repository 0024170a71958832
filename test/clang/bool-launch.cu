// Bool parameters and bool fields of a struct passed by value, as a new
// user writes them (docs/usage.md, "Launch specs" and "Estimates").
// RUN: rm -rf %t && mkdir -p %t
//
// One compile names every mistake: the values that do not parse (TRUE is
// no number) and then, for every spec, the values its kernel's types cannot
// hold, also in a spec that has both. A bool parameter (an i1) and a field
// the IR reads as a bool take 0 or 1 only; a char field (c, the IR's i8 as
// well) keeps its range. A field's name by member needs source names.
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576,arg2=TRUE' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576,arg2=2' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=-1,arg1.field1=1048576,arg2=TRUE' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576,arg2=-1' \
// RUN:   -mllvm '-ktime-launch=chars:grid=1,block=32,arg1.field0=-1,arg1.field1=0' \
// RUN:   -mllvm '-ktime-launch=chars:grid=1,block=32,arg1.field0=200,arg1.field1=2' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,o.scale=1,arg2=1' \
// RUN:   2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: KernelTime: -ktime-launch: launch spec 'k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576,arg2=TRUE': value of 'arg2' ('TRUE') is not a number
// ERR-NEXT: error: KernelTime: -ktime-launch: launch spec 'k:grid=4096,block=256,arg1.field0=-1,arg1.field1=1048576,arg2=TRUE': value of 'arg2' ('TRUE') is not a number
// ERR-NEXT: error: KernelTime: -ktime-launch: launch spec 'k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576,arg2=2': 'arg2=2': a bool takes 0 or 1 (false or true)
// ERR-NEXT: error: KernelTime: -ktime-launch: launch spec 'k:grid=4096,block=256,arg1.field0=-1,arg1.field1=1048576,arg2=TRUE': 'arg1.field0=-1': a bool takes 0 or 1 (false or true)
// ERR-NEXT: error: KernelTime: -ktime-launch: launch spec 'k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576,arg2=-1': 'arg2=-1': a bool takes 0 or 1 (false or true)
// ERR-NEXT: error: KernelTime: -ktime-launch: launch spec 'chars:grid=1,block=32,arg1.field0=200,arg1.field1=2': 'arg1.field1=2': a bool takes 0 or 1 (false or true)
// ERR-NEXT: error: KernelTime: -ktime-launch: launch spec 'k:grid=4096,block=256,o.scale=1,arg2=1': 'o.scale' is not a parameter of k(float*, Opts, bool) (parameters: arg0, arg1, arg2; argN always works) nor a symbol of its model; a field of a struct parameter is named argN.fieldJ, J the field's index in the struct from 0 (this kernel's: arg1.field0, arg1.field1); this compile keeps no source names: -fno-discard-value-names keeps the parameters' (o.fieldJ), -O0 -g the members' too (o.scale)
// ERR-NEXT: 7 errors generated
//
// The same from a launch file, a line with both kinds of mistake; at -O0,
// where clang truncates the byte it loads to i1, the field is a bool too.
// RUN: printf 'k:grid=1,block=32,arg1.field0=2,arg1.field1=8,arg2=yes\nchars:grid=1,block=32,arg1.field0=255,arg1.field1=1\n' > %t/launches.txt
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-launch-file=%t/launches.txt 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FILE
// FILE: error: KernelTime: {{.*}}launches.txt:1: launch spec 'k:grid=1,block=32,arg1.field0=2,arg1.field1=8,arg2=yes': value of 'arg2' ('yes') is not a number
// FILE-NEXT: error: KernelTime: {{.*}}launches.txt:1: launch spec 'k:grid=1,block=32,arg1.field0=2,arg1.field1=8,arg2=yes': 'arg1.field0=2': a bool takes 0 or 1 (false or true)
// FILE-NEXT: 2 errors generated
//
// With the parameter's source name only, members' names still need -g:
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 -fno-discard-value-names \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,o.scale=1,clear=1' \
// RUN:   2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: 'o.scale' is not a field of parameter o of k(float*, Opts, bool) (its integer and floating-point fields: o.field0, o.field1; arg1.fieldJ always works); members' source names (o.scale) need debug info for the struct: -O0 -g
//
// A field index the struct does not have is named as such, with no advice
// about member names (debug info would not make it a field):
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field2=1,clear=1' \
// RUN:   2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: 'arg1.field2' is not a field of parameter arg1 of k(float*, Opts, bool) (its integer and floating-point fields: arg1.field0, arg1.field1; arg1.fieldJ always works){{$}}
// A parameter's source name where the compile kept none says how to keep
// them:
// INDEX: 'clear' is not a parameter of k(float*, Opts, bool) (parameters: arg0, arg1, arg2; argN always works) nor a symbol of its model; this compile keeps no source names: -fno-discard-value-names keeps the parameters' (clear){{$}}
//
// Unbound, the bool field makes its branch's side an estimate (every lane
// takes it): the remarks say to bind the field to 0 or 1, the short remark
// names it, and the report lists the fields the prediction depends on. An
// unbound bool parameter leaves no prediction and is to be bound to 0 or 1.
// The register estimate names the file of its line (the kernel's line, and
// the header the code was inlined from).
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-report=%t/o3.json \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field1=1048576,arg2=1' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=true,arg1.field1=1048576,arg2=true' \
// RUN:   -mllvm '-ktime-launch=chars:grid=4,block=256' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=REM,REMO3
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field1=1048576,arg2=1' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576' \
// RUN:   -mllvm '-ktime-launch=k:grid=4096,block=256,arg1.field0=true,arg1.field1=1048576,arg2=true' \
// RUN:   -mllvm '-ktime-launch=chars:grid=4,block=256' \
// RUN:   2>&1 | FileCheck %s --check-prefix=REM
// REM: remark: kernel k on a100-pcie-40gb, grid 4096x1x1, block 256x1x1: predicted {{[0-9.]+}} us; {{.*}}; estimate: taken.side1 = 1 (arg1.field0 not bound) [
// REM-NEXT: remark: assumption (a100-pcie-40gb, launch 'k:grid=4096,block=256,arg1.field1=1048576,arg2=1'): the launch binds no value for the struct field arg1.field0 (a bool) that the counts or the time use: its loads are taken as unknown values loaded from memory, and a branch it decides is estimated; bind arg1.field0=0 or 1 [
// REMO3-NEXT: remark: assumption (a100-pcie-40gb, launch 'k:grid=4096,block=256,arg1.field1=1048576,arg2=1'): registers per thread estimated from the IR: pressure {{[0-9]+}} at bool-launch.cu:[[@LINE+26]], inlined from __clang_cuda_builtin_vars.h:{{[0-9]+}} + 7 overhead
// REM: remark: assumption (a100-pcie-40gb, launch 'k:grid=4096,block=256,arg1.field1=1048576,arg2=1'): an estimate: taken.side1 (taken.L{{[0-9]+}}), a side of a branch on the struct field arg1.field0, which the launch does not bind, is assumed taken by every lane, an upper bound; bind arg1.field0=0 or 1 [
// REM-NOT: for the real count
// REM-NOT: taken.side1=P
// REM: remark: warning: no prediction for launch 'k:grid=4096,block=256,arg1.field0=1,arg1.field1=1048576' on a100-pcie-40gb: no value for 'arg2' in the time {{.*}} (bind it in the spec: arg2=0 or 1) [
// REM: remark: kernel k on a100-pcie-40gb, grid 4096x1x1, block 256x1x1: predicted {{[0-9.]+}} us; {{.*}}; occupancy 100% [
// An integer field deciding a branch is to be bound too, with no count:
// REM: remark: kernel chars on a100-pcie-40gb, grid 4x1x1, block 256x1x1: predicted {{[0-9.]+}} us; {{.*}}; estimate: 2 values assumed (arg1.field0, arg1.field1 not bound) [
// REM-NEXT: remark: assumption (a100-pcie-40gb, launch 'chars:grid=4,block=256'): the launch binds no value for the struct fields arg1.field0, arg1.field1 (a bool) that the counts or the time use: their loads are taken as unknown values loaded from memory, and the branches they decide are estimated; bind arg1.field0=N, arg1.field1=0 or 1 [
// REM: remark: assumption (a100-pcie-40gb, launch 'chars:grid=4,block=256'): an estimate: taken.side1 (taken.L{{[0-9]+}}), taken.side2 (taken.L{{[0-9]+}}), sides of branches on the struct fields arg1.field0, arg1.field1, which the launch does not bind, are assumed taken by every lane, an upper bound; bind arg1.field0=N, arg1.field1=0 or 1 [
//
// The report's fields, bound or not: both of k's (the bool decides a
// branch, n bounds the threads that scale) and both of chars'.
// RUN: %python -c "import json; \
// RUN:   [print(L['params'], [P for P in L['parameters'] if 'type' in P], L['estimated']) \
// RUN:    for L in json.load(open('%t/o3.json'))['launches']]" \
// RUN:   | FileCheck %s --check-prefix=JSON
// JSON: {'arg1.field1': 1048576, 'arg2': 1} [{'name': 'arg1.field0', 'printed': 'arg1.field0', 'type': 'i8'}, {'name': 'arg1.field1', 'printed': 'arg1.field1', 'type': 'i32'}] {'taken.side1': 1}
// JSON-NEXT: {'arg1.field0': 1, 'arg1.field1': 1048576, 'arg2': 1} [{'name': 'arg1.field0', 'printed': 'arg1.field0', 'type': 'i8'}, {'name': 'arg1.field1', 'printed': 'arg1.field1', 'type': 'i32'}] {}
// JSON-NEXT: {} [{'name': 'arg1.field0', 'printed': 'arg1.field0', 'type': 'i8'}, {'name': 'arg1.field1', 'printed': 'arg1.field1', 'type': 'i8'}] {'taken.side1': 1, 'taken.side2': 1}

struct Opts {
  bool scale;
  int n;
};
__global__ void k(float *x, Opts o, bool clear) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (o.scale && i < o.n)
    x[i] *= 2.0f;
  if (clear)
    x[i] = 0.0f;
}

// A char field whose low bit is tested becomes a truncation to i1 at -O3
// too, but not a bool: it takes -128 to 255.
struct Chars {
  char c;
  bool b;
};
__global__ void chars(float *x, Chars p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (p.c & 1)
    x[i] = 1.0f;
  if (p.b)
    x[i] += 2.0f;
}
