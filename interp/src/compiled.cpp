#include "battgpu/interp/compiled.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/interp/sample_batch.hpp"
#include "battgpu/py/py.hpp"

#include <algorithm>
#include <deque>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

namespace battgpu::interp {
namespace {

struct Registry {
  std::mutex mutex;
  std::deque<CompiledProgram> programs; // copies: the registration passes a temporary
  std::vector<std::string_view> duplicates;
};

Registry& registry() {
  // Built on first use: registrations run from the static initialisers of other files.
  static Registry r;
  return r;
}

} // namespace

bool register_compiled_program(const CompiledProgram& program) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const CompiledProgram& p : r.programs)
    if (p.name == program.name) {
      r.duplicates.push_back(program.name);
      return false;
    }
  r.programs.push_back(program);
  return true;
}

std::vector<const CompiledProgram*> compiled_programs() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<const CompiledProgram*> out;
  for (const CompiledProgram& p : r.programs)
    out.push_back(&p);
  std::sort(out.begin(), out.end(),
            [](const CompiledProgram* a, const CompiledProgram* b) { return a->name < b->name; });
  return out;
}

const CompiledProgram* find_compiled_program(std::string_view name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const CompiledProgram& p : r.programs)
    if (p.name == name)
      return &p;
  return nullptr;
}

std::vector<std::string_view> duplicate_compiled_programs() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.duplicates;
}

namespace compiled {
namespace {

const py::Error kMemoryError{py::Exc::MemoryError, "out of memory"};

} // namespace

const py::Value& Name::resolve() const noexcept {
  static const py::Value missing(py::Error{py::Exc::NameError, "name is not defined"});
  const py::Value* v = dialects::module(dialect_).find(name_);
  if (v == nullptr)
    v = &missing;
  cache_.store(v, std::memory_order_release);
  return *v;
}

py::Value call(const py::Value& f, const py::Value* const* args, std::size_t nargs) noexcept {
  if (!f.ok())
    return f.error();
  try {
    py::Value small[6];
    std::vector<py::Value> large;
    py::Value* a = small;
    if (nargs > 6) {
      large.resize(nargs);
      a = large.data();
    }
    // The arguments are the frame's locals and the program's constants, which outlive the
    // call: borrowed, as the Executor passes them, without reference counting.
    for (std::size_t i = 0; i < nargs; ++i) {
      if (!args[i]->ok())
        return args[i]->error();
      a[i] = py::Value::borrow(*args[i]);
    }
    return py::call(f, a, nargs);
  } catch (const std::bad_alloc&) {
    return kMemoryError;
  } catch (const std::length_error&) {
    return kMemoryError;
  }
}

py::Value make_tuple(const py::Value* const* items, std::size_t n) noexcept {
  try {
    if (n == 0)
      return py::empty_tuple();
    py::Value t = py::new_tuple(n);
    py::Value* out = py::tuple_items(t);
    for (std::size_t i = 0; i < n; ++i)
      out[i] = *items[i];
    return t;
  } catch (const std::bad_alloc&) {
    return kMemoryError;
  } catch (const std::length_error&) {
    return kMemoryError;
  }
}

Strings::Strings(std::initializer_list<std::string_view> texts) {
  values_.reserve(texts.size());
  for (std::string_view t : texts) {
    // Kept for the program's life and shared by every call on every thread: immortal, so that
    // copying one into a record touches no reference count.
    py::Value v = py::make_str(t);
    v.make_immortal();
    values_.push_back(std::move(v));
  }
}

Frame::Frame(Call& call, py::Dialect dialect, std::size_t locals, std::size_t lists)
    : call_(call), dialect_(dialect), locals_(locals), lists_(lists) {
  for (std::size_t p = 0; p < call.args.size() && p < locals_.size(); ++p)
    locals_[p] = call.args[p];
}

bool Frame::fail(py::Error error) noexcept {
  pending_.error = error;
  return false;
}

bool Frame::set(py::Value& target, py::Value&& result) noexcept {
  if (!result.ok())
    return fail(result.error());
  target = std::move(result);
  return true;
}

bool Frame::bound(const py::Value& local) noexcept {
  if (local.is_bound())
    return true;
  return fail({py::Exc::UnboundLocalError, "local variable referenced before assignment"});
}

bool Frame::safe_default(py::Value& target, const py::Value& fn) noexcept {
  try {
    return set(target, py::safe_default_of(fn));
  } catch (const std::bad_alloc&) {
    return fail(kMemoryError);
  }
}

bool Frame::unpack(const py::Value& value, std::initializer_list<py::Value*> targets) noexcept {
  if (!value.ok())
    return fail(value.error());
  try {
    std::vector<py::Value> out(targets.size());
    py::Status s = py::unpack(value, out.data(), out.size());
    if (!s.ok())
      return fail(s.error());
    std::size_t i = 0;
    for (py::Value* t : targets)
      *t = std::move(out[i++]);
    return true;
  } catch (const std::bad_alloc&) {
    return fail(kMemoryError);
  } catch (const std::length_error&) {
    return fail(kMemoryError);
  }
}

bool Frame::sample_batch(const py::Value& samples, py::Value& a, py::Value& b, py::Value& c,
                         py::Value& d) noexcept {
  try {
    std::vector<SampleBatchResult> r = batch_process_samples(dialect_, {&samples});
    if (r.front().error.has_value())
      return fail(*r.front().error);
    a = std::move(r.front().values[0]);
    b = std::move(r.front().values[1]);
    c = std::move(r.front().values[2]);
    d = std::move(r.front().values[3]);
    return true;
  } catch (const std::bad_alloc&) {
    return fail(kMemoryError);
  } catch (const std::length_error&) {
    return fail(kMemoryError);
  }
}

void Frame::make_list(List list) noexcept {
  lists_[list.index].clear();
}

bool Frame::append(List list, py::Value&& value) noexcept {
  if (!value.ok())
    return fail(value.error()); // a tuple that did not fit in memory
  try {
    lists_[list.index].push_back(std::move(value));
    return true;
  } catch (const std::bad_alloc&) {
    return fail(kMemoryError);
  } catch (const std::length_error&) {
    return fail(kMemoryError);
  }
}

void Frame::release(std::initializer_list<std::uint32_t> slots) noexcept {
  for (std::uint32_t slot : slots)
    locals_[slot] = py::Value();
}

bool Frame::name_error() noexcept {
  return fail({py::Exc::NameError, "name is not defined"});
}

bool Frame::return_(std::initializer_list<Returned> values) noexcept {
  try {
    call_.returned.clear();
    std::size_t i = 0;
    for (const Returned& r : values) {
      if (r.list >= 0)
        (i == 0 ? call_.o : call_.s) = lists_[static_cast<std::size_t>(r.list)];
      else
        call_.returned.push_back(*r.value);
      ++i;
    }
  } catch (const std::bad_alloc&) {
    return fail(kMemoryError);
  } catch (const std::length_error&) {
    return fail(kMemoryError);
  }
  pending_.returning = true;
  return false;
}

bool Frame::catches(frontend::ExcMask mask) noexcept {
  if (pending_.returning || pending_.error.type == py::Exc::None)
    return false;
  const auto bit = frontend::ExcMask{1} << static_cast<unsigned>(pending_.error.type);
  if ((mask & bit) == 0)
    return false;
  pending_.error = {py::Exc::None, ""};
  return true;
}

Pending Frame::suspend() noexcept {
  Pending before = pending_;
  // The time limit is never suspended: the finally body runs, but the call still stops.
  if (pending_.error.type != py::Exc::Timeout)
    pending_.error = {py::Exc::None, ""};
  pending_.returning = false;
  return before;
}

bool Frame::resume(const Pending& before) noexcept {
  if (!pending())
    pending_ = before;
  return !pending();
}

void Frame::finish() {
  if (pending_.error.type == py::Exc::Timeout) {
    call_.status = Call::Status::Timeout;
  } else if (pending_.error.type != py::Exc::None) {
    call_.status = Call::Status::Raised;
    call_.error = pending_.error.type;
    call_.error_message = pending_.error.message;
  } else if (!pending_.returning) {
    // Falling off the end returns None: a batt's caller cannot unpack that.
    call_.returned = {py::Value::none()};
  }
}

void run(Call& call, py::Dialect dialect, std::size_t locals, std::size_t lists,
         Body body) noexcept {
  call.status = Call::Status::Ok;
  try {
    Frame f(call, dialect, locals, lists);
    body(f);
    f.finish();
  } catch (const std::bad_alloc&) {
    // Only the frame itself can get here (its variables did not fit).
    call.status = Call::Status::Raised;
    call.error = py::Exc::MemoryError;
    call.error_message = "out of memory";
  }
}

} // namespace compiled
} // namespace battgpu::interp
