#!/usr/bin/env bash
# Compares KernelTime's register estimate (estimateRegisters, lib/GPU) with
# the registers ptxas allocates, kernel by kernel, for examples/*.cu and
# utils/calibrate-registers.cu (the fit set the constants were chosen on)
# and utils/validate-registers.cu (held out). Prints a Markdown table (the
# one in docs/gpu.md, "Register estimate") and the error of each set.
#
#   bash utils/calibrate-registers.sh BUILD-DIR [ARCH]
#
# BUILD-DIR is a KernelTime build with lib/libKTimeGPU.a built (ninja
# KTimeGPU); ARCH defaults to sm_80. Needs the CUDA toolkit (CUDA_HOME,
# default /usr/local/cuda: its headers and ptxas) and LLVM 22's clang++.
# Each file goes through clang -O3 twice: to LLVM IR (what the plugin sees
# at the end of the optimisation pipeline) and to PTX (for ptxas -v).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: $0 BUILD-DIR [ARCH]}
arch=${2:-sm_80}
cuda=${CUDA_HOME:-/usr/local/cuda}
llvm=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$llvm/clang++" -O1 -std=c++17 -Iinclude $("$llvm/llvm-config" --cxxflags) \
  utils/estimate-registers.cpp -o "$work/estimate" \
  "$build/lib/libKTimeGPU.a" "$build/lib/libKTimeTarget.a" \
  $("$llvm/llvm-config" --ldflags --libs)

flags=(-x cuda --cuda-gpu-arch="$arch" --cuda-path="$cuda" --cuda-device-only
  -O3 -Wno-unknown-cuda-version)
for src in examples/*.cu utils/calibrate-registers.cu utils/validate-registers.cu; do
  base=$work/$(basename "$src" .cu)
  "$llvm/clang++" "${flags[@]}" -S -emit-llvm "$src" -o "$base.ll"
  "$llvm/clang++" "${flags[@]}" -S "$src" -o "$base.ptx"
  "$work/estimate" "$base.ll" | sort > "$base.est"
  "$cuda/bin/ptxas" -v -arch="$arch" "$base.ptx" -o /dev/null 2>&1 |
    awk -v src="$src" '
      /Compiling entry function/ { gsub(/[\047]/, "", $7); name = $7 }
      /Used [0-9]+ registers/ {
        for (i = 1; i <= NF; ++i) if ($i == "Used") print name "\t" $(i + 1) "\t" src
      }' | sort > "$base.ptxas"
  join -t $'\t' "$base.ptxas" "$base.est" >> "$work/all"
done

echo
echo "| kernel | file | ptxas | estimate | error | IR pressure |"
echo "|---|---|---:|---:|---:|---:|"
sort -t $'\t' -k3,3 -k1,1 "$work/all" | while IFS=$'\t' read -r name regs src est how; do
  printf '| %s | %s | %d | %d | %+d | %s |\n' \
    "$("$llvm/llvm-cxxfilt" "$name" | sed 's/(.*//')" "$src" "$regs" "$est" \
    $((est - regs)) "$(echo "$how" | sed -n 's/^pressure \([0-9]*\) .*/\1/p')"
done
# Fit set: what the constants were chosen on; held out: utils/validate-*.cu.
awk -F'\t' '
  { set = $3 ~ /validate/ ? "held-out" : "fit"
    n[set]++; e = $4 - $2; a = e < 0 ? -e : e; sum[set] += a
    rel[set] += a / $2; bias[set] += e; if (a > max[set]) max[set] = a
    if (a <= 4) within4[set]++; if (a / $2 <= 0.25) within25[set]++ }
  END {
    split("fit held-out", sets, " ")
    for (k = 1; k <= 2; ++k) { s = sets[k]; if (!n[s]) continue
      printf "%s set, %d kernels (%s): mean error %+.1f, mean |error| %.1f registers, mean relative |error| %.0f%%, max |error| %d; within 4 registers: %d, within 25%%: %d\n",
        s, n[s], "'"$arch"'", bias[s] / n[s], sum[s] / n[s], 100 * rel[s] / n[s], max[s], within4[s] + 0, within25[s] + 0 }
  }' "$work/all"
