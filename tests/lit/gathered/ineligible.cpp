// Functions that cannot become coroutines keep blocking batch points, each with a warning
// at its name: a function declared twice, a member function, a template specialization, a
// return type other than `void` as written (int, a trailing return type, an alias), a
// variadic function, a `return` from a macro, and main. A function already returning
// battgpu::Solve from a coroutine body gets gathered batch points and keeps its signature.
// The report counts them; --quiet prints no warning.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
// RUN: %python %S/Inputs/check_forms.py %t.json 1 0 9
// RUN: %rewrite %s -o %t.quiet.cpp --quiet -- %flags 2>%t.quiet.err
// RUN: count 0 < %t.quiet.err
// RUN: cmp %t.cpp %t.quiet.cpp
// RUN: %rewrite %s -o %t.checked.cpp --quiet --speculate=false -- %flags
// RUN: cmp %t.cpp %t.checked.cpp
// RUN: %expect-exit 1 -- %rewrite %t.cpp -o %t.again.cpp --quiet -- %flags
// RUN: cmp %t.cpp %t.again.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

#define BAIL_IF(cond)                                                                              \
  if (cond)                                                                                        \
  return

namespace solvers {
using namespace battgpu::dsl;
using battgpu::Outputs;

void solve_declared(const Samples& S, const Grid& I, const Grid& C, Outputs& o);

struct Members {
  static void solve_member(const Grid& I, Outputs& o) {
    auto t1 = o_g(I, R5);
    auto t2 = o_g(I, R1);
    o.emplace_back(1, "member", paint(I, merge(combine(t1, t2))));
  }
};

template <int K> void solve_template(const Grid& I, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(K, "template", paint(I, merge(combine(t1, t2))));
}
template <> void solve_template<1>(const Grid& I, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(1, "template", paint(I, merge(combine(t1, t2))));
}

Integer count_objects(const Grid& I) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  return size(t1) + size(t2);
}

auto solve_trailing(const Grid& I, Outputs& o) -> void {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(1, "trailing", paint(I, merge(combine(t1, t2))));
}

using Nothing = void;
Nothing solve_alias(const Grid& I, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(1, "alias", paint(I, merge(combine(t1, t2))));
}

void solve_variadic(const Grid& I, Outputs& o, ...) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(1, "variadic", paint(I, merge(combine(t1, t2))));
}

void solve_macro(const Grid& I, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  BAIL_IF(size(t1) == 0);
  o.emplace_back(1, "macro", paint(I, merge(combine(t1, t2))));
}

void solve_declared([[maybe_unused]] const Samples& S, const Grid& I,
                    [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(1, "declared", paint(I, merge(combine(t1, t2))));
}

battgpu::Solve solve_already(const Grid& I, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  o.emplace_back(1, "already", paint(I, merge(combine(t1, t2))));
  co_return;
}
} // namespace solvers

int main() {
  battgpu::dsl::Grid I;
  auto t1 = battgpu::dsl::o_g(I, battgpu::dsl::R5);
  auto t2 = battgpu::dsl::o_g(I, battgpu::dsl::R1);
  return static_cast<int>(battgpu::dsl::size(t1) + battgpu::dsl::size(t2));
}

// CHECK:      {{^}}  static void solve_member(const Grid& I, Outputs& o) {{[{]$}}
// CHECK:      {{^}}    auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}template <int K> void solve_template(const Grid& I, Outputs& o) {{[{]$}}
// CHECK-NEXT: {{^}}  auto t1 = o_g(I, R5);{{$}}
// CHECK:      {{^}}template <> void solve_template<1>(const Grid& I, Outputs& o) {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}Integer count_objects(const Grid& I) {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}auto solve_trailing(const Grid& I, Outputs& o) -> void {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}Nothing solve_alias(const Grid& I, Outputs& o) {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}void solve_variadic(const Grid& I, Outputs& o, ...) {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}void solve_macro(const Grid& I, Outputs& o) {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}  BAIL_IF(size(t1) == 0);{{$}}
// CHECK:      {{^}}void solve_declared({{.*}}const Samples& S, const Grid& I,{{$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}battgpu::Solve solve_already(const Grid& I, Outputs& o) {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}  co_return;{{$}}
// CHECK:      {{^}}int main() {{[{]$}}
// CHECK:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}

// DIAG: ineligible.cpp:42:13: warning: object-batch: 't1' not rewritten: template-dependent
// DIAG: ineligible.cpp:34:15: warning: batch points of 'solve_member' stay blocking: it is a member function [battgpu-gathered-form]
// DIAG-NEXT: {{^}}    static void solve_member(const Grid& I, Outputs& o) {{[{]$}}
// DIAG-NEXT: {{^}}                ^{{$}}
// DIAG: ineligible.cpp:46:18: warning: batch points of 'solve_template' stay blocking: it is a template or a template specialization [battgpu-gathered-form]
// DIAG: ineligible.cpp:52:9: warning: batch points of 'count_objects' stay blocking: its return type is not void [battgpu-gathered-form]
// DIAG: ineligible.cpp:58:6: warning: batch points of 'solve_trailing' stay blocking: its return type is a trailing return type [battgpu-gathered-form]
// DIAG: ineligible.cpp:65:9: warning: batch points of 'solve_alias' stay blocking: its return type is not spelled 'void' [battgpu-gathered-form]
// DIAG: ineligible.cpp:71:6: warning: batch points of 'solve_variadic' stay blocking: it is variadic [battgpu-gathered-form]
// DIAG: ineligible.cpp:77:6: warning: batch points of 'solve_macro' stay blocking: a 'return' in it comes from a macro expansion [battgpu-gathered-form]
// DIAG: ineligible.cpp:84:6: warning: batch points of 'solve_declared' stay blocking: it has another declaration at ineligible.cpp:31 [battgpu-gathered-form]
// DIAG: ineligible.cpp:99:5: warning: batch points of 'main' stay blocking: it is 'main' [battgpu-gathered-form]
// DIAG-NOT: solve_already
