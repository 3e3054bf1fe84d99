// batch_py_mapply: the mapply and apply statements over object sets of many calls of a Python
// program at once, each computed by the dialect's own call, on the calling thread or spread
// over the CPU threads by the cells of their objects.
#include "battgpu/runtime/py_mapply.hpp"

#include "battgpu/py/call.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <thread>

namespace battgpu::runtime {

namespace {

constexpr std::array<std::string_view, 4> kMappers = {"mapply", "mapply_f", "apply", "apply_f"};
constexpr std::array<std::string_view, 7> kPerObject = {"toindices", "corners", "backdrop", "delta",
                                                        "box",       "inbox",   "outbox"};

bool named_one_of(const py::Value& v, std::span<const std::string_view> names) {
  if (v.kind() != py::Kind::Function || v.as_builtin() == nullptr)
    return false;
  return std::find(names.begin(), names.end(), v.as_builtin()->name) != names.end();
}

/// The frame depth a thread running requests of another thread must have: the other thread's
/// frames then count against its recursion limit as they would there.
class CarriedFrames {
public:
  explicit CarriedFrames(int base) : saved_(py::FrameGuard::base_depth()) {
    py::FrameGuard::set_base_depth(base);
  }
  ~CarriedFrames() { py::FrameGuard::set_base_depth(saved_); }
  CarriedFrames(const CarriedFrames&) = delete;
  CarriedFrames& operator=(const CarriedFrames&) = delete;

private:
  int saved_;
};

py::Value run_request(const PyMapplyRequest& r) {
  const py::Value args[2] = {py::Value::borrow(*r.function), py::Value::borrow(*r.container)};
  return py::call(*r.callee, args, 2);
}

} // namespace

bool is_py_mapply_callee(const py::Value& callee) {
  return named_one_of(callee, kMappers);
}

bool is_py_mapply_batchable(const py::Value& callee, const py::Value& function,
                            const py::Value& container) {
  return container.kind() == py::Kind::FrozenSet && named_one_of(callee, kMappers) &&
         named_one_of(function, kPerObject) &&
         callee.as_builtin()->dialect == function.as_builtin()->dialect;
}

std::int64_t py_mapply_cells(const PyMapplyRequest& request) {
  std::int64_t cells = 0;
  const py::SetTable& objects = py::as_set_table(*request.container);
  for (std::int64_t i = 0; i <= objects.mask(); ++i) {
    const py::Value& object = objects.slot(i).key;
    if (object.kind() == py::Kind::FrozenSet)
      cells += py::set_size(object);
    else if (object.kind() == py::Kind::Tuple)
      cells += py::as_tuple(object).size;
    else if (object.is_bound() && object.kind() != py::Kind::Dummy)
      cells += 1;
  }
  return cells;
}

std::vector<py::Value> batch_py_mapply(std::span<const PyMapplyRequest> requests) {
  detail::Stopwatch clock;
  std::vector<py::Value> out(requests.size());
  std::int64_t cells = 0;
  for (const PyMapplyRequest& r : requests)
    cells += py_mapply_cells(r);
  detail::ThreadPool& pool = detail::cpu_pool();
  if (requests.size() < 2 || cells < kMapplySpreadCells || pool.concurrency() < 2) {
    for (std::size_t k = 0; k < requests.size(); ++k)
      out[k] = run_request(requests[k]);
  } else {
    const int frames = py::FrameGuard::base_depth() + py::FrameGuard::depth();
    const std::thread::id caller = std::this_thread::get_id();
    pool.parallel_for(requests.size(), [&](std::size_t k) {
      if (std::this_thread::get_id() == caller) {
        out[k] = run_request(requests[k]);
        return;
      }
      {
        CarriedFrames carried(frames - py::FrameGuard::depth());
        out[k] = run_request(requests[k]);
      }
      py::forget_remembered_calls();
    });
  }
  detail::record_stage(detail::Stage::Cpu, clock.seconds());
  detail::record_call(requests.size(), 0, false);
  detail::record_items(0, requests.size());
  detail::record_stage(detail::Stage::Total, clock.seconds());
  return out;
}

} // namespace battgpu::runtime
