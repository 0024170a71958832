#!/usr/bin/env bash
# Installs what KernelTime needs to build and test on Debian 12 against LLVM
# 22 (the default) and/or 19, through apt-get only, and only what is missing
# (so it needs no network when everything is there). Run as root or with
# sudo available.
#   bash utils/install-deps.sh [22] [19]
set -euo pipefail
versions=("$@")
if [ ${#versions[@]} -eq 0 ]; then versions=(22); fi
# llvm-N-tools holds FileCheck; LLVM 22's packages also install lit, LLVM 19's
# ship it inside llvm-N-tools as build/utils/lit/lit.py, which needs python3.
# gnuplot-nox draws the images of utils/ktime --plot; python3-yaml and
# python3-pygments run LLVM's opt-viewer for utils/ktime-html, and chromium
# renders its pages in the test of it; neovim is the editor the language
# server utils/ktime-lsp is tested with.
packages=(cmake ninja-build libgtest-dev python3 gnuplot-nox python3-yaml
  python3-pygments chromium neovim)
for v in "${versions[@]}"; do
  case "$v" in
    22 | 19) packages+=("llvm-$v-dev" "clang-$v" "llvm-$v-tools") ;;
    *) echo "install-deps: LLVM $v is not supported (22 or 19)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
