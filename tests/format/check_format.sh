#!/bin/sh
# The sources as .clang-format formats them: clang-format --dry-run over every C++ and CUDA
# file git tracks (the lit inputs and the importer's golden outputs excepted: they are the
# tools' own text). Exit 77 (skipped) outside a git checkout.
# usage: check_format.sh CLANG_FORMAT SOURCE_DIR
set -eu
clang_format=$1
cd "$2"
if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  echo "skipped: not a git checkout"
  exit 77
fi
files=$(git ls-files '*.cpp' '*.hpp' '*.h' '*.cu' '*.cuh' | grep -v -e '^tests/lit/' -e '^tests/importer/golden/')
count=$(echo "$files" | wc -l)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if echo "$files" | xargs "$clang_format" --dry-run --Werror 2> "$log"; then
  echo "$count files, every one formatted"
else
  grep -c 'error:' "$log" | xargs echo "lines to format:"
  grep 'error:' "$log" | cut -d: -f1 | sort -u
  exit 1
fi
