#!/bin/sh
# run_if_available.sh PYTHON SHARED_DIR COMMAND...: runs COMMAND when the reference material
# (SHARED_DIR/reference) and PYTHON with numpy are there; exits 77 (ctest's skip) otherwise.
python=$1
shared=$2
shift 2
if [ ! -d "$shared/reference" ]; then
  echo "skipped: $shared/reference is absent"
  exit 77
fi
if ! "$python" -c 'import numpy' 2>/dev/null; then
  echo "skipped: $python cannot import numpy"
  exit 77
fi
exec "$@"
