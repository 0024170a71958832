#!/usr/bin/env bash
# bench/kit/run.sh: the measurement kit in one command (docs/measuring.md).
# Builds the microbenchmarks and the kernel suite with nvcc (CUDA 11 or
# later), runs them on the first GPU, and writes into DIR:
#   bin/            the programs
#   raw/*.txt       their raw outputs (bench/kit/common.cuh, "Raw output")
#   table.csv       the measurement table (every timed launch)
#   NAME.yaml       a target file for the card, measured, from the nearest
#                   shipped target of its architecture (or --base)
#   run.txt         what ran: nvcc, arch, flags, each program's duration
#
#   bench/kit/run.sh [--arch sm_XX] [--out DIR] [--quick] [--base FILE.yaml]
#                    [--name NAME] [--nvcc PATH] [--build-only]
#
# --arch: the card's architecture; by default what the card reports (a
#   small query program, else nvidia-smi). --quick: fewer sizes and
#   repetitions (about 2 minutes of runs on an H100, docs/measuring.md).
# --build-only: compile every program for --arch and stop (no GPU needed).
# NVCC in the environment names nvcc as --nvcc does; KIT_JOBS limits the
# compilers run at once (default: the CPUs).
set -euo pipefail

kit=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$kit/../.." && pwd)
arch="" out="" quick="" base="" name="" build_only="" nvcc="${NVCC:-}"
die() { echo "run.sh: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=${2:?--arch needs sm_XX}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --quick) quick=--quick; shift ;;
    --base) base=${2:?--base needs a file}; shift 2 ;;
    --name) name=${2:?--name needs a name}; shift 2 ;;
    --nvcc) nvcc=${2:?--nvcc needs a path}; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (--help lists them)" ;;
  esac
done
if [ -n "$arch" ] && ! [[ "$arch" =~ ^sm_[0-9]+[af]?$ ]]; then
  die "--arch takes sm_XX (sm_75, sm_89, ...), got '$arch'"
fi

# nvcc: --nvcc, $NVCC, PATH, /usr/local/cuda, the newest /usr/local/cuda-*.
if [ -z "$nvcc" ]; then
  nvcc=$(command -v nvcc || true)
  [ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
  if [ -z "$nvcc" ]; then
    nvcc=$(ls -d /usr/local/cuda-*/bin/nvcc 2>/dev/null | sort -V | tail -1 || true)
  fi
fi
[ -n "$nvcc" ] && [ -x "$nvcc" ] || die "nvcc not found: install the CUDA toolkit or pass --nvcc PATH"

out=${out:-kit-results-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out/bin" "$out/raw"
out=$(cd "$out" && pwd)
flags=(-std=c++14 -O3 -lineinfo)

# The query program launches no kernel: nvcc's default architecture serves.
if [ -z "$arch" ]; then
  [ -n "$build_only" ] && die "--build-only needs --arch sm_XX"
  "$nvcc" "${flags[@]}" -o "$out/bin/query" "$kit/micro/query.cu" ||
    die "building the query program failed"
  arch=$("$out/bin/query" --arch 2>/dev/null || true)
  if [ -z "$arch" ] && command -v nvidia-smi >/dev/null; then
    cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 || true)
    [ -n "$cc" ] && arch="sm_${cc/./}"
  fi
  [ -n "$arch" ] || die "no GPU answered the query; pass --arch sm_XX"
fi

echo "run.sh: building for $arch with $nvcc" >&2
{
  echo "nvcc: $nvcc"
  "$nvcc" --version | tail -2
  echo "arch: $arch"
  echo "flags: ${flags[*]} -arch=$arch"
} > "$out/run.txt"

programs=(clock memlat membw launch atomics instr)
build() { # NAME SOURCES...: bin/NAME, its log and its exit status
  local n=$1 rc=0; shift
  "$nvcc" "${flags[@]}" -arch="$arch" -o "$out/bin/$n" "$@" > "$out/bin/$n.log" 2>&1 || rc=$?
  echo "$rc" > "$out/bin/$n.status"
}
# At most --jobs (default: the CPUs) compilers at once.
jobs=${KIT_JOBS:-$(nproc 2>/dev/null || echo 2)}
for p in query "${programs[@]}" suite; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  if [ "$p" = suite ]; then
    build suite "$kit"/suite/*.cu &
  else
    build "$p" "$kit/micro/$p.cu" &
  fi
done
wait
failed=0
for p in query "${programs[@]}" suite; do
  if [ "$(cat "$out/bin/$p.status")" != 0 ]; then
    failed=1
    echo "run.sh: building $p failed, $out/bin/$p.log:" >&2
    tail -20 "$out/bin/$p.log" >&2
  fi
done
if [ "$failed" = 1 ]; then
  die "the build failed (CUDA 13 builds sm_75 and newer only; older cards need CUDA 11 or 12)"
fi
if [ -n "$build_only" ]; then
  echo "run.sh: built ${#programs[@]} microbenchmarks, the query and the suite in $out/bin" >&2
  exit 0
fi

"$out/bin/query" > "$out/raw/query.txt"
for p in "${programs[@]}" suite; do
  echo "run.sh: running $p ..." >&2
  start=$(date +%s)
  "$out/bin/$p" $quick > "$out/raw/$p.txt" || die "$p failed (its output so far: $out/raw/$p.txt)"
  echo "$p: $(( $(date +%s) - start )) s" | tee -a "$out/run.txt" >&2
done

raw=("$out"/raw/*.txt)
name=${name:-$(python3 "$kit/kit.py" name "${raw[@]}")}
base=${base:-$(python3 "$kit/kit.py" nearest --targets "$root/gpu-targets" "${raw[@]}")}
target=$name
if [ -z "$base" ]; then
  echo "run.sh: no shipped target of $arch to start from: no target file written (pass --base FILE.yaml of the same architecture)" >&2
  target=""
else
  python3 "$kit/kit.py" target --base "$base" --out "$out/$name.yaml" "${raw[@]}"
fi
python3 "$kit/kit.py" table --out "$out/table.csv" --target "$target" "${raw[@]}"
echo "run.sh: done; results in $out" >&2
