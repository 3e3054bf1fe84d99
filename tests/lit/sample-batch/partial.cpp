// The partial forms: a group without the mapping of the outputs (d) passes no_mapping for it,
// and a group of the two applies alone passes no_mapping for both.
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void without_d(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
               battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = mapply(palette, t1);
  o.emplace_back(3, "without-d", canvas(size(t3), astuple(size(t2), width(I))));
}

void applies_only(const Samples& S, [[maybe_unused]] const Grid& I,
                  [[maybe_unused]] const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(second, S);
  auto t2 = apply(first, S);
  o.emplace_back(2, "applies-only", first(combine(t1, t2)));
}
} // namespace solvers

// CHECK-LABEL: {{^}}void without_d(
// CHECK:       {{^}}  // battgpu-rewrite: sample-batch begin (t1, t2, t3){{$}}
// CHECK-NEXT:  {{^}}  auto battgpu_sb_t1 = battgpu::runtime::batch_process_samples(S, palette, battgpu::runtime::no_mapping, [&] {{[{]$}}
// CHECK-NEXT:  {{^}}    auto t1 = apply(first, S);{{$}}
// CHECK-NEXT:  {{^}}    auto t2 = apply(second, S);{{$}}
// CHECK-NEXT:  {{^}}    auto t3 = mapply(palette, t1);{{$}}
// CHECK-NEXT:  {{^}}    return std::make_tuple(t1, t2, t3);{{$}}
// CHECK-NEXT:  {{^}}  });{{$}}
// CHECK-NEXT:  {{^}}  auto t1 = std::get<0>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT:  {{^}}  auto t2 = std::get<1>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT:  {{^}}  auto t3 = std::get<2>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT:  {{^}}  // battgpu-rewrite: sample-batch end{{$}}
// CHECK-LABEL: {{^}}void applies_only(
// CHECK:       {{^}}  // battgpu-rewrite: sample-batch begin (t2, t1){{$}}
// CHECK-NEXT:  {{^}}  auto battgpu_sb_t2 = battgpu::runtime::batch_process_samples(S, battgpu::runtime::no_mapping, battgpu::runtime::no_mapping, [&] {{[{]$}}
// CHECK-NEXT:  {{^}}    auto t1 = apply(second, S);{{$}}
// CHECK-NEXT:  {{^}}    auto t2 = apply(first, S);{{$}}
// CHECK-NEXT:  {{^}}    return std::make_tuple(t2, t1);{{$}}
