// Indentation with tabs: the block is indented like the statement it replaces, and its inner
// lines one tab further.
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
	auto t1 = o_g(I, R5);
	auto t2 = mapply(delta, t1);
	o.emplace_back(2, "tabs", fill(I, ONE, t2));
}
} // namespace solvers

// CHECK:      {{^}}	// battgpu-rewrite: mapply-batch begin (t2){{$}}
// CHECK-NEXT: {{^}}	auto battgpu_mb_t2 = co_await battgpu::runtime::gather_mapply(delta, t1, [&] {{[{]$}}
// CHECK-NEXT: {{^}}		auto t2 = mapply(delta, t1);{{$}}
// CHECK-NEXT: {{^}}		return t2;{{$}}
// CHECK-NEXT: {{^}}	});{{$}}
