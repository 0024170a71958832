#!/usr/bin/env bash
# Measures what KernelTime adds to a compile: clang -O3 device compilation of
# the bundled examples, and opt -passes=kernel-time on generated kernels
# (many loops, long straight-line code, an -O0 loop nest), each with and
# without the plugin. Prints the median of RUNS wall-clock runs and the
# ratio, measured in one run of this script (the machine is shared: compare
# only numbers from the same run). Results are recorded in
# docs/performance.md.
#   bash bench/compile-overhead.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-7}
plugin=$build/lib/KernelTime.so
bin=/usr/lib/llvm-22/bin
gen=test/robustness/Inputs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
# time_ms CMD...: median wall-clock milliseconds of RUNS runs.
time_ms() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    echo $(( ($(date +%s%N) - start) / 1000000 ))
  done | median
}
row() { # name, baseline ms, with-plugin ms
  awk -v n="$1" -v b="$2" -v k="$3" \
    'BEGIN { printf "| %s | %d | %d | %.2f |\n", n, b, k, (b > 0 ? k / b : 0) }'
}

awk -v N=2000 -f $gen/gen-many-loops.awk > "$work/many.ll"
awk -v N=50000 -f $gen/gen-straight.awk > "$work/straight.ll"
awk -v D=40 -f $gen/gen-O0-nest.awk > "$work/nest.ll"

cuda=(-x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -nocudainc -nocudalib
      -Wno-unknown-cuda-version -include test/Inputs/cuda.h -O3 -S -o /dev/null)

echo "| input | without plugin (ms) | with plugin (ms) | ratio |"
echo "| --- | --- | --- | --- |"
for ex in examples/kernels.cu examples/matmul.cu examples/conv2d.cu; do
  row "clang -O3 $ex" "$(time_ms $bin/clang++ "${cuda[@]}" "$ex")" \
    "$(time_ms $bin/clang++ "${cuda[@]}" -fpass-plugin="$plugin" "$ex")"
done
for f in many straight nest; do
  row "opt $f.ll (generated)" \
    "$(time_ms $bin/opt -passes=verify -disable-output "$work/$f.ll")" \
    "$(time_ms $bin/opt -load-pass-plugin="$plugin" -passes=kernel-time -disable-output "$work/$f.ll")"
done
