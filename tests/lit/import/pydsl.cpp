// battgpu-rewrite in C++ of the shape battgpu-import writes (importer/README.md): the DSL names
// of the dynamic dialects (battgpu::pydsl::tokpidjin and ::arc_dsl, each name in an anonymous
// namespace of its file) are DSL names to it, so their calls are candidates of the three
// patterns; their values are Python values, not the typed DSL's, so each candidate is reported
// as skipped with its reason and the file is left as it is. The types are stand-ins: the
// rewrite looks at names and types only.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
namespace battgpu::py {
struct Value {};
} // namespace battgpu::py

namespace battgpu::interp::compiled {
struct Name {
  template <class... Args> py::Value operator()(const Args&...) const { return {}; }
};
} // namespace battgpu::interp::compiled

namespace battgpu::pydsl::tokpidjin {
namespace {
constinit const interp::compiled::Name o_g{}, apply{}, mapply{}, first{}, second{}, p_g{},
    corners{}, R5{}, R1{};
} // namespace
} // namespace battgpu::pydsl::tokpidjin

namespace battgpu::imported::example {
namespace tok = battgpu::pydsl::tokpidjin;

void batt(py::Value* v) {
  auto& S = v[1];
  auto& I = v[2];
  auto t1_ = tok::apply(tok::first, S);
  auto t2_ = tok::apply(tok::second, S);
  auto t3_ = tok::mapply(tok::p_g, t1_);
  auto t4_ = tok::o_g(I, tok::R5);
  auto t5_ = tok::o_g(I, tok::R1);
  auto t6_ = tok::mapply(tok::corners, t4_);
  v[3] = t2_;
  v[4] = t3_;
  v[5] = t5_;
  v[6] = t6_;
}
} // namespace battgpu::imported::example

// CHECK-DAG: pydsl.cpp:33:14: warning: sample-batch: 't1_' not rewritten: 'S' is not the Samples [battgpu-sample-batch]
// CHECK-DAG: pydsl.cpp:34:14: warning: sample-batch: 't2_' not rewritten: 'S' is not the Samples [battgpu-sample-batch]
// CHECK-DAG: pydsl.cpp:36:14: warning: object-batch: 't4_' not rewritten: the first argument is not a Grid [battgpu-object-batch]
// CHECK-DAG: pydsl.cpp:37:14: warning: object-batch: 't5_' not rewritten: the first argument is not a Grid [battgpu-object-batch]
// CHECK-DAG: pydsl.cpp:38:14: warning: mapply-batch: 't6_' not rewritten: the container is not a Tuple or FrozenSet of objects or patches [battgpu-mapply-batch]
