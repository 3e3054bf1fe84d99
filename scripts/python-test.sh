#!/usr/bin/env bash
# The Python package (python/): a virtual environment made with Debian's python3 (its numpy
# visible, for the reference DSLs), the package built from the repository as a wheel with pip
# (only the extension and the libraries it links, CMAKE_BUILD_PARALLEL_LEVEL jobs, 2 by
# default) and installed from it, pytest
# and Dask's distributed, then the tests under python/tests. Run by scripts/test.sh; arguments
# go to pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/packages.sh

battgpu_ensure_packages "${BATTGPU_BUILD_PACKAGES[@]}" "${BATTGPU_PYTHON_PACKAGES[@]}"

venv=build/python-venv
if [ ! -x "$venv/bin/python" ]; then
  /usr/bin/python3 -m venv --system-site-packages "$venv"
fi
# The build backend in the environment itself, so that a rebuild reuses build/pip.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "scikit-build-core>=0.10" "nanobind>=2.0" pytest distributed
# Built as a wheel and installed from it: the way a wheel is shipped is the way it is tested.
dist=build/python-dist
rm -rf "$dist"
CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" \
  "$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-build-isolation \
  --no-deps -w "$dist" .
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall \
  --no-deps "$dist"/battgpu-*.whl

# The reference DSLs as their runner runs them (SPEC section 2): fixed string hashing, no GPU.
PYTHONHASHSEED=0 EXPECT_GPU=0 "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs \
  python/tests "$@"
