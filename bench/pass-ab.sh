#!/usr/bin/env bash
# Compares the KernelTimePass's own CPU time of two or more plugin builds on
# the large CUDA file of compile-overhead.sh (bench/gen-large-cu.py, 240
# kernels), the builds interleaved run by run so that they share the
# machine's noise: inside clang -O3 device compilation (-ftime-report) and
# in opt on the file's IR (-time-passes). Prints the median milliseconds
# per build. Results are recorded in docs/performance.md.
#
# A plugin finds its target files through KTIME_TARGET_DIR, next to itself,
# or in the build tree it came from; set KTIME_TARGET_DIR when comparing
# builds whose target files differ.
#
#   bash bench/pass-ab.sh RUNS PLUGIN.so PLUGIN.so...
#
# Needs the CUDA SDK (/usr/local/cuda or $CUDA_PATH) for the headers.
set -euo pipefail
cd "$(dirname "$0")/.."
if (($# < 3)); then
  echo "usage: bash bench/pass-ab.sh RUNS PLUGIN.so PLUGIN.so..." >&2
  exit 2
fi
runs=$1
shift
bin=/usr/lib/llvm-22/bin
cuda=${CUDA_PATH:-/usr/local/cuda}
if [[ ! -d $cuda/include ]]; then
  echo "no CUDA SDK at $cuda (set CUDA_PATH)" >&2
  exit 2
fi
for p in "$@"; do
  [[ -f $p ]] || { echo "no plugin at $p" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. bench/timing.sh

python3 bench/gen-large-cu.py --copies 6 "$work/large.cu" "$work/large.launches" 2>/dev/null
dev=(-x cuda --cuda-gpu-arch=sm_80 --cuda-device-only --cuda-path="$cuda"
     -Wno-unknown-cuda-version -O3)
$bin/clang++ "${dev[@]}" -emit-llvm -S -o "$work/large.ll" "$work/large.cu"

for _ in $(seq "$runs"); do
  i=0
  for p in "$@"; do
    pass_cpu 1000 $bin/clang++ "${dev[@]}" -fpass-plugin="$p" -S -o /dev/null \
      "$work/large.cu" -ftime-report >> "$work/clang.$i"
    pass_cpu 1000 $bin/opt -load-pass-plugin="$p" -passes=kernel-time \
      -disable-output "$work/large.ll" -time-passes >> "$work/opt.$i"
    i=$((i + 1))
  done
done
echo "KernelTimePass CPU, medians of $runs interleaved runs (large file: $(grep -vc '^#' "$work/large.launches") kernels)"
echo
echo "| plugin | in clang -O3 (ms) | in opt on the IR (ms) |"
echo "| --- | --- | --- |"
i=0
for p in "$@"; do
  echo "| $p | $(median < "$work/clang.$i") | $(median < "$work/opt.$i") |"
  i=$((i + 1))
done
