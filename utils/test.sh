#!/usr/bin/env bash
# The README's second command (and what CI runs): installs what is missing,
# then builds KernelTime and runs every lit and gtest test three times:
#   llvm-22       against LLVM 22, in ./build
#   llvm-19       against LLVM 19, in ./build-19
#   llvm-22-copy  against LLVM 22 again, from a copy of the working tree (its
#                 tracked and untracked-but-not-ignored files) at a fresh path
#                 containing "ktime", built there: checks must not depend on
#                 where the tree lies
# It prints each run's summary, labelled ("llvm-19: N passed, M failed"),
# then the totals alone on the last line ("N passed, M failed"), and exits
# non-zero if any run failed; a run whose build fails counts as one failure.
#   bash utils/test.sh [llvm-22] [llvm-19] [llvm-22-copy]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=("$@")
if [ ${#runs[@]} -eq 0 ]; then runs=(llvm-22 llvm-19 llvm-22-copy); fi
versions=()
for r in "${runs[@]}"; do
  case "$r" in
    llvm-22 | llvm-22-copy) versions+=(22) ;;
    llvm-19) versions+=(19) ;;
    *) echo "test.sh: unknown run '$r' (llvm-22, llvm-19, llvm-22-copy)" >&2; exit 2 ;;
  esac
done
bash utils/install-deps.sh $(printf '%s\n' "${versions[@]}" | sort -u)

summaries=()
total_passed=0
total_failed=0
status=0

# run_suite LABEL SOURCE_DIR VERSION: builds SOURCE_DIR against LLVM VERSION
# with its utils/build.sh and runs its check target.
run_suite() {
  local label=$1 src=$2 version=$3 dir passed failed rc=0
  dir="$src/build"
  if [ "$version" != 22 ]; then dir="$src/build-$version"; fi
  echo "== $label: building in $dir =="
  if ! bash "$src/utils/build.sh" "$version"; then
    summaries+=("$label: build failed")
    total_failed=$((total_failed + 1))
    status=1
    return
  fi
  echo "== $label: testing =="
  cmake --build "$dir" --target check 2>&1 | tee "$dir/check.log" || rc=$?
  # lit aligns the colons when it prints other counts ("Passed     : 457").
  passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$dir/check.log" | tail -n 1)
  failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$dir/check.log" | tail -n 1)
  passed=${passed:-0}
  failed=${failed:-0}
  if [ "$rc" -ne 0 ]; then
    status=1
    if [ "$failed" -eq 0 ]; then failed=1; fi
  fi
  summaries+=("$label: $passed passed, $failed failed")
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
}

# copy_tree DEST: the working tree's files, without build directories; with
# git, exactly its tracked and untracked-but-not-ignored files (uncommitted
# work included, deleted files left out).
copy_tree() {
  local dest=$1
  mkdir -p "$dest"
  if [ -e .git ] && command -v git >/dev/null 2>&1; then
    git ls-files -co --exclude-standard -z |
      while IFS= read -r -d '' f; do
        if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\0' "$f"; fi
      done | tar --null -T - -cf - | tar -xf - -C "$dest"
  else
    tar --exclude=./build --exclude='./build-*' --exclude=./.git \
      --exclude='__pycache__' -cf - . | tar -xf - -C "$dest"
  fi
}

copy_root=""
cleanup() { if [ -n "$copy_root" ]; then rm -rf "$copy_root"; fi; }
trap cleanup EXIT

for r in "${runs[@]}"; do
  case "$r" in
    llvm-22) run_suite llvm-22 "$PWD" 22 ;;
    llvm-19) run_suite llvm-19 "$PWD" 19 ;;
    llvm-22-copy)
      copy_root=$(mktemp -d)
      copy_tree "$copy_root/ktime-checkout"
      run_suite llvm-22-copy "$copy_root/ktime-checkout" 22
      ;;
  esac
done

printf '%s\n' "${summaries[@]}"
echo "$total_passed passed, $total_failed failed"
exit "$status"
