// Under clang, what the user asked for and got wrong fails the compile with
// a clear error; an sm_XX without a target is a remark and the compile
// succeeds.
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -mllvm -ktime-gpu=rtx9090 %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: KernelTime: unknown GPU 'rtx9090'
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -mllvm -ktime-gpu=%S/../errors/Inputs/negative-bandwidth.yaml %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADFILE
// BADFILE: error: KernelTime: {{.*}}negative-bandwidth.yaml:7:20: field 'memory.dram.bandwidth_gbs': must be a positive number, got '-5'
// Every launch spec that is wrong is named in one compile (the sweep
// driver drops those and compiles the rest again); the good one between
// them does not hide the second.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'fill:grid=1,block=2048,arg0=1,id=c1\nfill:grid=1,block=32,arg0=1,id=c2\nfill:grid=1,block=4096,arg0=1,id=c3\n' > %t/l.txt
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -mllvm -ktime-gpu=a100 -mllvm -ktime-launch-file=%t/l.txt %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EVERYSPEC
// EVERYSPEC: error: KernelTime: {{.*}}l.txt:1: launch spec 'fill:grid=1,block=2048,arg0=1,id=c1': block 2048x1x1 has 2048 threads
// EVERYSPEC-NOT: id=c2
// EVERYSPEC: error: KernelTime: {{.*}}l.txt:3: launch spec 'fill:grid=1,block=4096,arg0=1,id=c3': block 4096x1x1 has 4096 threads
// Specs that do not parse are all named too.
// RUN: printf 'fill grid=1\nfill:grid=1,block=32,arg0=1\nfill:grid=1,grid=2,block=32\n' > %t/parse.txt
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -mllvm -ktime-gpu=a100 -mllvm -ktime-launch-file=%t/parse.txt %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EVERYPARSE
// EVERYPARSE: error: KernelTime: {{.*}}parse.txt:1: launch spec 'fill grid=1': expected KERNEL:grid=X,block=Y
// EVERYPARSE: error: KernelTime: {{.*}}parse.txt:3: launch spec 'fill:grid=1,grid=2,block=32': 'grid' given twice
// RUN: %clang_ktime --cuda-gpu-arch=sm_53 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: remark: warning: no GPU target for sm_53
// NOTARGET: remark: loop loop1: trip = max(0, arg0)

__global__ void fill(int n, float *out) {
#pragma unroll 1
  for (int k = 0; k < n; ++k)
    out[k] = k;
}
