// --batch-form=gathered (the default): a free `void` function with object-batch or
// mapply-batch points becomes a coroutine returning battgpu::Solve. Its batch points
// co_await gather_objects / gather_mapply (the original statements stay in the lambda), and
// each `return` of its body becomes `co_return`, but not those of lambdas or local classes.
// A function with only sample-batch points stays void. One parse; the two-parse path gives
// the same file; a second run changes nothing.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: count 0 < %t.err
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
// RUN: %python -c "import json,sys; f=json.load(open(sys.argv[1]))['files'][0]; assert f['parses'] == 1 and f['speculative'], f; b=f['batch_form']; assert (b['form'], b['coroutines'], b['made_coroutines'], b['blocking']) == ('gathered', 2, 2, 0), b" %t.json
// RUN: %rewrite %s -o %t.checked.cpp --speculate=false -- %flags
// RUN: cmp %t.cpp %t.checked.cpp
// RUN: %expect-exit 1 -- %rewrite %t.cpp -o %t.again.cpp -- %flags
// RUN: cmp %t.cpp %t.again.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;
using battgpu::Outputs;

void solve_early(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  if (size(t1) == 0)
    return; // nothing to do
  auto t3 = [&]() -> Integer {
    if (size(t2) == 0)
      return 0;
    return size(t2);
  };
  struct Local {
    static void check() { return; }
  };
  Local::check();
  o.emplace_back(3, "early", paint(I, merge(combine(t1, t2))));
  if (t3() > 5) {
    return;
  }
  auto t4 = mapply(corners, t1);
  o.emplace_back(4, "early", fill(I, ONE, t4));
  if (size(S) == 0) return;
}
BATTGPU_REGISTER_SOLVER("early", solve_early);

static void solve_static([[maybe_unused]] const Samples& S, const Grid& I,
                         [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R3);
  auto t3 = apply(toindices, t2);
  o.emplace_back(3, "static", fill(I, TWO, combine(toindices(merge(t1)), merge(t3))));
}
BATTGPU_REGISTER_SOLVER("static", solve_static);

void solve_samples(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  if (size(t1) != size(t2))
    return;
  o.emplace_back(2, "samples", I);
}
BATTGPU_REGISTER_SOLVER("samples", solve_samples);
} // namespace solvers

// CHECK:      {{^}}#include "battgpu/runtime.hpp"{{$}}
// CHECK:      {{^}}battgpu::Solve solve_early(const Samples& S, const Grid& I, {{.*}}const Grid& C, Outputs& o) {{[{]$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t1, t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = o_g(I, R5);{{$}}
// CHECK-NEXT: {{^}}    auto t2 = o_g(I, R1);{{$}}
// CHECK-NEXT: {{^}}    return std::array<battgpu::dsl::Objects, 2>{t1, t2};{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t1 = std::move(battgpu_ob_t1[0]);{{$}}
// CHECK-NEXT: {{^}}  auto t2 = std::move(battgpu_ob_t1[1]);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK:      {{^}}  if (size(t1) == 0){{$}}
// CHECK-NEXT: {{^}}    co_return; // nothing to do{{$}}
// CHECK-NEXT: {{^}}  auto t3 = [&]() -> Integer {{[{]$}}
// CHECK-NEXT: {{^}}    if (size(t2) == 0){{$}}
// CHECK-NEXT: {{^}}      return 0;{{$}}
// CHECK-NEXT: {{^}}    return size(t2);{{$}}
// CHECK:      {{^}}    static void check() { return; }{{$}}
// CHECK:      {{^}}  if (t3() > 5) {{[{]$}}
// CHECK-NEXT: {{^}}    co_return;{{$}}
// CHECK:      {{^}}  auto battgpu_mb_t4 = co_await battgpu::runtime::gather_mapply(corners, t1, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t4 = mapply(corners, t1);{{$}}
// CHECK:      {{^}}  if (size(S) == 0) co_return;{{$}}
// CHECK:      {{^}}static battgpu::Solve solve_static({{.*}}const Samples& S, const Grid& I,{{$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 3}, [&] {{[{]$}}
// CHECK:      {{^}}  auto battgpu_mb_t3 = co_await battgpu::runtime::gather_mapply(toindices, t2, [&] {{[{]$}}
// CHECK:      {{^}}void solve_samples(const Samples& S, const Grid& I, {{.*}}const Grid& C, Outputs& o) {{[{]$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch begin (t1, t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_sb_t1 = battgpu::runtime::batch_process_samples(S, {{.*}}
// CHECK:      {{^}}  if (size(t1) != size(t2)){{$}}
// CHECK-NEXT: {{^}}    return;{{$}}
