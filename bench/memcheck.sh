#!/usr/bin/env bash
# Runs the plugin under valgrind's memcheck on the bundled example kernels
# with launches, so that every stage runs (trip counts, the per-thread
# model, the Memory and GPU stages, the launch predictions, the remarks):
# examples/kernels.cu with examples/kernels.launches at -O3 and at -O0
# (the optnone kernels go through the canonicalised copy),
# examples/nbody.cu with one launch, and a generated -O0 kernel of 40 loops
# (test/robustness/Inputs/gen-O0-loops.awk: the copy rotates its loops a
# stretch at a time, lib/CodegenView/RotateLoops.cpp). Each run is opt -passes=kernel-time
# with -pass-remarks-analysis=kernel-time on clang's IR (-gline-tables-only:
# the launch file names a loop by its line). Fails on the first run that
# reports an error (invalid reads or writes, uses of uninitialised values,
# bad frees); leaks are not checked (opt frees little at exit). No
# suppression file: a clean run is clean. Results are in
# docs/performance.md.
#
#   bash bench/memcheck.sh [build-dir]
#
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
plugin=$build/lib/KernelTime.so
[[ -f $plugin ]] || { echo "no plugin at $plugin" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
bin=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ir() { # source, -O level, output
  $bin/clang++ -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -nocudainc \
    -nocudalib -Wno-unknown-cuda-version -include test/Inputs/cuda.h "-$2" \
    -gline-tables-only -emit-llvm -S -o "$3" "$1"
}
check() { # name, IR, opt options...
  local name=$1 ll=$2
  shift 2
  valgrind --error-exitcode=99 --leak-check=no --log-file="$work/$name.log" \
    $bin/opt -load-pass-plugin="$plugin" -passes=kernel-time \
    -pass-remarks-analysis=kernel-time -disable-output "$@" "$ll" \
    2> "$work/$name.remarks" && rc=0 || rc=$?
  local summary
  summary=$(sed -n 's/.*ERROR SUMMARY: //p' "$work/$name.log")
  echo "| $name | $(grep -c '^remark' "$work/$name.remarks") | $summary |"
  if ((rc != 0)); then
    cat "$work/$name.log" >&2
    echo "memcheck: $name failed (exit $rc)" >&2
    exit 1
  fi
}

ir examples/kernels.cu O3 "$work/kernels-O3.ll"
ir examples/kernels.cu O0 "$work/kernels-O0.ll"
ir examples/nbody.cu O3 "$work/nbody-O3.ll"
awk -v N=40 -f test/robustness/Inputs/gen-O0-loops.awk > "$work/loops-O0.ll"
echo "valgrind --tool=memcheck --error-exitcode=99, opt -passes=kernel-time with remarks"
echo
echo "| input | remarks | memcheck |"
echo "| --- | --- | --- |"
check "kernels.cu -O3, kernels.launches" "$work/kernels-O3.ll" \
  -ktime-launch-file=examples/kernels.launches
check "kernels.cu -O0, kernels.launches" "$work/kernels-O0.ll" \
  -ktime-launch-file=examples/kernels.launches
check "nbody.cu -O3, one launch" "$work/nbody-O3.ll" \
  -ktime-launch=nbody:grid=1024,block=256,shmem=4096,arg2=262144
check "40 loops -O0 (generated), one launch" "$work/loops-O0.ll" \
  -ktime-launch=slow:grid=1,block=32
echo
echo "($(valgrind --version); commit $(git rev-parse --short HEAD))"
