#!/usr/bin/env bash
# Installs what KernelTime needs to build and test on Debian 12, through
# apt-get only, and only what is missing (so it needs no network when
# everything is there). Run as root or with sudo available.
#   bash utils/install-deps.sh
set -euo pipefail
# gnuplot-nox draws the images of utils/ktime --plot.
packages=(cmake ninja-build llvm-22-dev clang-22 llvm-22-tools libgtest-dev python3
  gnuplot-nox)
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
