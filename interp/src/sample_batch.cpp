#include "battgpu/interp/sample_batch.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"

namespace battgpu::interp {

std::vector<SampleBatchResult> batch_process_samples(py::Dialect dialect,
                                                     const std::vector<const py::Value*>& samples) {
  const dialects::Module& dsl = dialects::module(dialect);
  const py::Value& apply = *dsl.find("apply");
  const py::Value& mapply = *dsl.find("mapply");
  const py::Value& first = *dsl.find("first");
  const py::Value& second = *dsl.find("second");
  const py::Value* p_g = dsl.find("p_g");
  std::vector<SampleBatchResult> out(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) {
    SampleBatchResult& r = out[i];
    auto step = [&](std::size_t k, const py::Value& f, std::initializer_list<py::Value> args) {
      if (r.error)
        return;
      py::Value v = py::call(f, args);
      if (!v.ok())
        r.error = v.error();
      else
        r.values[k] = std::move(v);
    };
    step(0, apply, {first, *samples[i]});
    step(1, apply, {second, *samples[i]});
    if (p_g == nullptr) {
      if (!r.error)
        r.error = py::Error{py::Exc::NameError, "p_g is not a name of this dialect"};
      continue;
    }
    if (!r.error)
      step(2, mapply, {*p_g, r.values[0]});
    if (!r.error)
      step(3, mapply, {*p_g, r.values[1]});
  }
  return out;
}

} // namespace battgpu::interp
