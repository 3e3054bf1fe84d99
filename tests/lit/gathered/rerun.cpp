// A file rewritten for some patterns can be run again for the others: the second run finds
// the function already a coroutine returning battgpu::Solve (the first made it one), so its
// new batch point co_awaits too and its signature stays. A third run changes nothing.
// RUN: %rewrite %s --patterns=object-batch -o %t.1.cpp -- %flags
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t.1.cpp
// RUN: %clang-compiles %t.1.cpp
// RUN: %rewrite %t.1.cpp -o %t.2.cpp --report=json --report-file=%t.json -- %flags
// RUN: FileCheck %s --check-prefix=SECOND --input-file=%t.2.cpp
// RUN: %python %S/Inputs/check_forms.py %t.json 1 0 0
// RUN: %python -c "import json,sys; f=json.load(open(sys.argv[1]))['files'][0]; assert f['parses'] == 1 and f['speculative'], f" %t.json
// RUN: %clang-compiles %t.2.cpp
// RUN: %cxx-compiles %t.2.cpp
// RUN: %expect-exit 1 -- %rewrite %t.2.cpp -o %t.3.cpp -- %flags
// RUN: cmp %t.2.cpp %t.3.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  auto t3 = size(t2);
  auto t4 = mapply(corners, t1);
  o.emplace_back(4, "rerun", fill(I, ONE, t4));
  if (t3 == 0)
    return;
  o.emplace_back(4, "rerun", paint(I, merge(t2)));
}
} // namespace solvers

// FIRST:      {{^}}battgpu::Solve solve({{.*}}const Samples& S, const Grid& I, {{.*}}const Grid& C,{{$}}
// FIRST:      {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// FIRST:      {{^}}  auto t4 = mapply(corners, t1);{{$}}
// FIRST:      {{^}}    co_return;{{$}}

// SECOND:      {{^}}battgpu::Solve solve({{.*}}const Samples& S, const Grid& I, {{.*}}const Grid& C,{{$}}
// SECOND:      {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// SECOND:      {{^}}  auto battgpu_mb_t4 = co_await battgpu::runtime::gather_mapply(corners, t1, [&] {{[{]$}}
// SECOND:      {{^}}    co_return;{{$}}
