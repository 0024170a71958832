#!/usr/bin/env bash
# What the N-body threads-per-block sweep of docs/driver.md costs: the whole
# sweep through utils/ktime (median wall time of RUNS runs, per configuration
# and per prediction), then each step of one define set's compile run alone
# (clang -> PTX, ptxas -v, clang -emit-llvm without the plugin, and with the
# plugin given 1 launch and all the sweep's launches: CPU time, and the
# pass's own time from -ftime-report, whose difference gives the cost of one
# more launch in a launch file). Medians of RUNS runs, all measured in one
# run of this script (the machine is shared).
#   bash bench/nbody-sweep.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-5}
export KTIME_PLUGIN=$build/lib/KernelTime.so
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median, time_ms (median wall-clock ms of $runs runs of a command)
. bench/timing.sh

gpus=a100-pcie-40gb,rtx-a6000,gtx-1050
sweep=(utils/ktime examples/nbody.cu --kernel nbody --gpu "$gpus"
       --vary tpb=32:1024:*2 --vary n=1024:16777216:*2
       --launch 'grid={ceil(n/tpb)},block={tpb},shmem={16*tpb},arg2={n}'
       --group-by n --top 0 --quiet)
configs=90
ngpus=3

for i in $(seq "$runs"); do
  "${sweep[@]}" --json "$work/s$i.json" >/dev/null
  python3 -c "import json,sys; print(int(1000 * json.load(open(sys.argv[1]))['timings']['wall_s']))" \
    "$work/s$i.json"
done | median > "$work/wall"
wall=$(cat "$work/wall")
echo "sweep: $configs configurations x $ngpus GPUs ($gpus), 3 compiles (one per sm_XX), --jobs 2"
awk -v w="$wall" -v c=$configs -v g=$ngpus 'BEGIN {
  printf "| sweep wall (ms) | per configuration (ms) | per prediction (ms) |\n| --- | --- | --- |\n"
  printf "| %d | %.1f | %.1f |\n", w, w / c, w / (c * g) }'

# One define set's steps, for the a100 group (sm_80), from the commands the
# driver ran.
"${sweep[@]}" --gpu a100-pcie-40gb --keep-temps "$work/keep" >/dev/null
g=$(ls -d "$work"/keep/ktime-*/g0)
mapfile -t cmds < "$g/commands.txt"
read -r -a ptx <<< "${cmds[0]}"
read -r -a ptxas <<< "${cmds[1]}"
read -r -a plug <<< "${cmds[2]}"
grep -v '^#' "$g/g.launches" | head -1 > "$work/one.launches"
one=("${plug[@]/$g\/g.launches/$work/one.launches}")
one=("${one[@]/$g\/g.json/$work/one.json}")
all=("${plug[@]/$g\/g.json/$work/all.json}")
# The same compile without the plugin: drop -fpass-plugin and each
# "-mllvm -ktime-...".
bare=()
for ((i = 0; i < ${#plug[@]}; i++)); do
  case ${plug[i]} in
    -fpass-plugin=*) continue ;;
    -mllvm) [[ ${plug[i+1]} == -ktime-* ]] && { i=$((i + 1)); continue; } ;;
  esac
  bare+=("${plug[i]}")
done
# cpu_ms CMD...: median CPU milliseconds (user + system) of RUNS runs.
cpu_ms() {
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1
    awk '{ printf "%d\n", 1000 * ($1 + $2) }' "$work/time"
  done | median
}
# pass_ms CMD...: median CPU milliseconds of the plugin's pass in the
# compile (-ftime-report), not subject to the noise of separate runs.
pass_ms() {
  for _ in $(seq "$runs"); do
    pass_cpu 1000 "$@" -ftime-report
  done | median
}
t_ptx=$(cpu_ms "${ptx[@]}")
t_ptxas=$(cpu_ms "${ptxas[@]}")
t_bare=$(cpu_ms "${bare[@]}")
t_one=$(cpu_ms "${one[@]}")
t_all=$(cpu_ms "${all[@]}")
p_one=$(pass_ms "${one[@]}")
p_all=$(pass_ms "${all[@]}")
echo
echo "one define set (sm_80, a100-pcie-40gb), each step alone, CPU time:"
awk -v a="$t_ptx" -v b="$t_ptxas" -v c="$t_bare" -v d="$t_one" -v e="$t_all" -v n=$configs \
  -v p1="$p_one" -v pn="$p_all" 'BEGIN {
  printf "| clang -> PTX | ptxas -v | clang -emit-llvm | + plugin, 1 launch | + plugin, %d launches | the pass, 1 launch | the pass, %d launches | per extra launch |\n", n, n
  printf "| --- | --- | --- | --- | --- | --- | --- | --- |\n"
  printf "| %d ms | %d ms | %d ms | %d ms | %d ms | %.1f ms | %.1f ms | %.2f ms |\n", a, b, c, d, e,
         p1, pn, (pn - p1) / (n - 1) }'
echo "(medians of $runs runs; commit $(git rev-parse --short HEAD))"
