#!/usr/bin/env bash
# Measures what KernelTime adds to a compile, each part with and without the
# plugin, all numbers of a part from one run of this script (the machine is
# shared: compare only numbers from the same run). Results are recorded in
# docs/performance.md.
#
#   small  clang -O3 device compilation of the bundled examples, and
#          opt -passes=kernel-time on generated kernels (many loops, long
#          straight-line code, an -O0 loop nest): median wall-clock ms.
#   large  a large CUDA file made of the project's kernels
#          (bench/gen-large-cu.py: 240 kernels, 3800 lines) compiled with
#          clang -O3 to PTX without the plugin, with it, with its remarks
#          (-Rpass-analysis=kernel-time) and with remarks and a launch per
#          kernel (-ktime-launch-file: the Memory and GPU stages run), each
#          also followed by ptxas; then the plugin's own time per kernel
#          (opt on the same IR, less opt -passes=verify) and for one kernel
#          (examples/nbody.cu, opt -time-passes). Medians of RUNS runs of
#          CPU time (user + system, the process and its children: what the
#          compile costs, less sensitive to the machine's load than wall
#          time) and of wall time, the variants interleaved run by run.
#          Needs the CUDA SDK (/usr/local/cuda or $CUDA_PATH: headers and
#          ptxas).
#
#   bash bench/compile-overhead.sh [build-dir] [runs] [small|large|all]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-7}
part=${3:-all}
plugin=$build/lib/KernelTime.so
bin=/usr/lib/llvm-22/bin
gen=test/robustness/Inputs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median, time_ms (median wall-clock ms of $runs runs of a command)
. bench/timing.sh
row() { # name, baseline ms, with-plugin ms
  awk -v n="$1" -v b="$2" -v k="$3" \
    'BEGIN { printf "| %s | %d | %d | %.2f |\n", n, b, k, (b > 0 ? k / b : 0) }'
}

small() {
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
}

# cpu_wall NAME CMD...: run CMD once, append "cpu_s wall_s" to $work/t.NAME.
cpu_wall() {
  local name=$1
  shift
  /usr/bin/time -f '%U %S %e' -o "$work/time" "$@" >/dev/null 2>&1 ||
    { echo "failed: $*" >&2; exit 1; }
  awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$work/time" >> "$work/t.$name"
}
# med NAME COLUMN: the median of column COLUMN (1 cpu, 2 wall) of NAME.
med() { awk -v c="$2" '{ print $c }' "$work/t.$1" | median; }

large() {
  local cuda=${CUDA_PATH:-/usr/local/cuda}
  if [[ ! -x $cuda/bin/ptxas || ! -d $cuda/include ]]; then
    echo "large: skipped, no CUDA SDK at $cuda (set CUDA_PATH)"
    return
  fi
  python3 bench/gen-large-cu.py --copies 6 "$work/large.cu" "$work/large.launches" 2>/dev/null
  local lines kernels
  lines=$(wc -l < "$work/large.cu")
  kernels=$(grep -vc '^#' "$work/large.launches")
  local dev=(-x cuda --cuda-gpu-arch=sm_80 --cuda-device-only --cuda-path="$cuda"
             -Wno-unknown-cuda-version -O3)
  local plug=(-fpass-plugin="$plugin")
  local rem=(-Rpass-analysis=kernel-time)
  local lau=(-mllvm "-ktime-launch-file=$work/large.launches")
  # base-R: no plugin, but -Rpass-analysis, which makes clang track source
  # locations (line tables in the PTX): the baseline of the remark variants.
  local -A flags=([base]="" [base-R]="${rem[*]}" [plugin]="${plug[*]}"
                  [remarks]="${plug[*]} ${rem[*]}" [launches]="${plug[*]} ${rem[*]} ${lau[*]}")
  local -A baseline=([plugin]=base [remarks]=base-R [launches]=base-R)
  local variants=(base base-R plugin remarks launches)
  local plugged=(plugin remarks launches)
  # The pass's own time inside the compile (-ftime-report, User+System of
  # ktime::KernelTimePass): not subject to the noise of two separate runs.
  pass_s() { pass_cpu 1 "$@" -ftime-report; }
  for _ in $(seq "$runs"); do
    for v in "${variants[@]}"; do
      # shellcheck disable=SC2086
      cpu_wall "$v" $bin/clang++ "${dev[@]}" ${flags[$v]} -S -o "$work/v.ptx" "$work/large.cu"
    done
    # The PTX is the same with and without the plugin (test/clang/ptx-unchanged.cu).
    cpu_wall ptxas "$cuda/bin/ptxas" -arch=sm_80 "$work/v.ptx" -o /dev/null
    for v in "${plugged[@]}"; do
      # shellcheck disable=SC2086
      pass_s $bin/clang++ "${dev[@]}" ${flags[$v]} -S -o /dev/null "$work/large.cu" \
        >> "$work/t.pass-$v"
    done
  done
  local px
  px=$(med ptxas 1)
  echo "large file: $lines lines, $kernels kernels (bench/gen-large-cu.py), sm_80, CUDA headers of $cuda"
  echo
  echo "Whole compiles, medians of CPU (user + system) and wall time; ratios against the"
  echo "baseline compile (base-R for the variants with -Rpass-analysis):"
  echo
  echo "| clang -O3 -> PTX | CPU (s) | wall (s) | CPU ratio | wall ratio | CPU ratio with ptxas ($px s) |"
  echo "| --- | --- | --- | --- | --- | --- |"
  for v in "${variants[@]}"; do
    local bv=${baseline[$v]:-$v}
    awk -v n="$v" -v b="$(med "$bv" 1)" -v w="$(med "$bv" 2)" -v c="$(med "$v" 1)" \
      -v x="$(med "$v" 2)" -v p="$px" \
      'BEGIN { printf "| %s | %.2f | %.2f | %.3f | %.3f | %.3f |\n", n, c, x, c / b, x / w,
               (c + p) / (b + p) }'
  done
  echo
  echo "The pass's own CPU time in the compile (-ftime-report), over the baseline compile:"
  echo
  echo "| variant | KernelTimePass (s) | / baseline compile | / baseline compile + ptxas |"
  echo "| --- | --- | --- | --- |"
  for v in "${plugged[@]}"; do
    awk -v n="$v" -v k="$(median < "$work/t.pass-$v")" -v b="$(med "${baseline[$v]}" 1)" \
      -v p="$px" 'BEGIN { printf "| %s | %.3f | %.1f %% | %.1f %% |\n", n, k, 100 * k / b,
                          100 * k / (b + p) }'
  done

  # The plugin's own time per kernel: opt on the IR the plugin sees (clang
  # -O3 -emit-llvm), less parsing and verifying it.
  $bin/clang++ "${dev[@]}" -emit-llvm -S -o "$work/large.ll" "$work/large.cu"
  local load=(-load-pass-plugin="$plugin")
  for _ in $(seq "$runs"); do
    cpu_wall opt-verify $bin/opt -passes=verify -disable-output "$work/large.ll"
    cpu_wall opt-plugin $bin/opt "${load[@]}" -passes=kernel-time -disable-output "$work/large.ll"
    cpu_wall opt-remarks $bin/opt "${load[@]}" -passes=kernel-time \
      -pass-remarks-analysis=kernel-time -disable-output "$work/large.ll"
    cpu_wall opt-launches $bin/opt "${load[@]}" -passes=kernel-time \
      -pass-remarks-analysis=kernel-time -ktime-launch-file="$work/large.launches" \
      -disable-output "$work/large.ll"
  done
  echo
  echo "| opt on the large file's IR | CPU (s) | plugin per kernel (ms CPU) |"
  echo "| --- | --- | --- |"
  b0=$(med opt-verify 1)
  for v in verify plugin remarks launches; do
    awk -v n="$v" -v b="$b0" -v c="$(med "opt-$v" 1)" -v k="$kernels" \
      'BEGIN { printf "| %s | %.2f | %.2f |\n", n, c, 1000 * (c - b) / k }'
  done

  # One kernel: the pass's own time from -time-passes (User+System), for
  # the N-body kernel and for a kernel of one store (what every compile pays
  # whatever its kernels: loading the target files, setting up).
  $bin/clang++ "${dev[@]}" -emit-llvm -S -o "$work/nbody.ll" examples/nbody.cu
  printf '__global__ void one(float *x) { x[threadIdx.x] = 1.0f; }\n' > "$work/one.cu"
  $bin/clang++ "${dev[@]}" -emit-llvm -S -o "$work/one.ll" "$work/one.cu"
  local -A launch=([nbody]=nbody:grid=1024,block=256,shmem=4096,arg2=262144
                   [one]=one:grid=1024,block=256)
  pass_ms() { pass_cpu 1000 "$@" -time-passes -disable-output; }
  for _ in $(seq "$runs"); do
    for k in nbody one; do
      pass_ms $bin/opt "${load[@]}" -passes=kernel-time "$work/$k.ll" >> "$work/t.$k-plugin"
      pass_ms $bin/opt "${load[@]}" -passes=kernel-time -pass-remarks-analysis=kernel-time \
        "$work/$k.ll" >> "$work/t.$k-remarks"
      pass_ms $bin/opt "${load[@]}" -passes=kernel-time -pass-remarks-analysis=kernel-time \
        "-ktime-launch=${launch[$k]}" "$work/$k.ll" >> "$work/t.$k-launch"
    done
  done
  echo
  echo "| one kernel, KernelTimePass (opt -time-passes) | plugin (ms CPU) | + remarks | + remarks and a launch |"
  echo "| --- | --- | --- | --- |"
  echo "| examples/nbody.cu | $(median < "$work/t.nbody-plugin") |" \
    "$(median < "$work/t.nbody-remarks") | $(median < "$work/t.nbody-launch") |"
  echo "| one store (x[threadIdx.x] = 1) | $(median < "$work/t.one-plugin") |" \
    "$(median < "$work/t.one-remarks") | $(median < "$work/t.one-launch") |"
}

case $part in
  small) small ;;
  large) large ;;
  all) small; echo; large ;;
  *) echo "part must be small, large or all" >&2; exit 2 ;;
esac
echo
echo "(medians of $runs runs; commit $(git rev-parse --short HEAD))"
