# Sourced by the scripts in this folder: the Debian packages battgpu needs, and a function
# that installs the missing ones (apt-get update runs only when something is missing).

# Build and test: compiler, CMake, Ninja, GoogleTest, zlib (the object oracle is gzipped),
# nlohmann/json (the JSON reader and writer).
# Debian's python3 with numpy runs the Python references (tokpidjin's dsl.py imports numpy).
BATTGPU_BUILD_PACKAGES=(cmake ninja-build g++ libgtest-dev zlib1g-dev nlohmann-json3-dev
  libmimalloc-dev python3 python3-numpy)
# The Python package and its tests: a virtual environment with pip, and Python's headers.
BATTGPU_PYTHON_PACKAGES=(python3-venv python3-pip python3-dev)
# battgpu-rewrite and its lit/FileCheck suite: LLVM/Clang 19.
BATTGPU_GENERATOR_PACKAGES=(llvm-19-dev libclang-19-dev clang-19 llvm-19-tools clang-format-19)

battgpu_ensure_packages() {
  local missing=() p
  for p in "$@"; do
    if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then
      missing+=("$p")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    return 0
  fi
  echo "Installing ${missing[*]}" >&2
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "${missing[@]}"
}
