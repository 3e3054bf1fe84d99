// Compiled programs: Python batt and solver modules that battgpu-import wrote as C++ (see
// importer/README.md), registered by name and run by the same runner as interpreted ones
// (runner.hpp), with the same records.
//
// A compiled function runs one call at a time: it takes the call's arguments from `Call::args`
// and leaves its outcome where the Executor does (status, error, `o`, `s`, `returned`). The
// generated code keeps every statement of the Python source and Python's control flow; what it
// needs at run time is below, in `compiled`: the frame of a call (its variables, record lists
// and the exception in flight), the DSL functions and constants by name, and one helper per
// kind of statement. Nothing there throws: a statement whose result does not fit in memory
// fails with MemoryError, as in the Executor.
#pragma once

#include "battgpu/frontend/program.hpp"
#include "battgpu/interp/executor.hpp"
#include "battgpu/py/value.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace battgpu::interp {

/// Runs one call of a compiled program function.
using CompiledFunction = void (*)(Call& call);

/// One function of a compiled program: a batt function, or one solver of a solver module.
struct CompiledFunctionInfo {
  /// The Python function's name ("batt", "solve_007bbfb7").
  std::string_view name;
  /// A solver's id (the task it solves); empty for a batt function.
  std::string_view id;
  CompiledFunction run = nullptr;
  /// As frontend::Function counts them: assignments outside handlers, and append records.
  std::size_t assignments = 0;
  std::size_t records = 0;
};

/// A module battgpu-import compiled, as it registers itself.
struct CompiledProgram {
  /// The name `battgpu run --program NAME` takes (by default the module file's stem).
  std::string_view name;
  py::Dialect dialect = py::Dialect::Tokpidjin;
  frontend::ModuleForm form = frontend::ModuleForm::Batt;
  /// The Python file it was imported from, as given to battgpu-import.
  std::string_view source;
  std::span<const CompiledFunctionInfo> functions;
};

/// Registers a copy of `program` (what it points to must outlive every run: the generated
/// code's names and function table are static). Returns false, registering nothing, when a
/// program of that name is registered already.
bool register_compiled_program(const CompiledProgram& program);
/// Every compiled program linked into this executable, by name.
std::vector<const CompiledProgram*> compiled_programs();
/// The compiled program called `name`, or nullptr.
const CompiledProgram* find_compiled_program(std::string_view name);
/// Names registered more than once (each kept its first registration), for the driver to
/// report.
std::vector<std::string_view> duplicate_compiled_programs();

namespace compiled {

/// A DSL function or constant of one dialect, looked up by its Python name the first time it
/// is used (the DSL module is built on first use, so the lookup cannot happen during static
/// initialisation of another file). Calling it calls the function as `py::call` does, with
/// tokpidjin's safe_dsl wrapper and Python's frame count. A name the dialect lacks (a file
/// imported against another version of the DSL) raises NameError where it is used, as Python
/// would.
class Name {
public:
  constexpr Name(py::Dialect dialect, std::string_view name) noexcept
      : dialect_(dialect), name_(name) {}
  Name(const Name&) = delete;
  Name& operator=(const Name&) = delete;

  const py::Value& value() const noexcept {
    const py::Value* v = cache_.load(std::memory_order_acquire);
    return v != nullptr ? *v : resolve();
  }
  operator const py::Value&() const noexcept { return value(); }
  std::string_view name() const noexcept { return name_; }

  /// `name(args...)`: the arguments are values or other names.
  template <class... Args> py::Value operator()(const Args&... args) const noexcept;

private:
  const py::Value& resolve() const noexcept;

  py::Dialect dialect_;
  std::string_view name_;
  mutable std::atomic<const py::Value*> cache_{nullptr};
};

inline const py::Value& value_of(const py::Value& v) noexcept {
  return v;
}
inline const py::Value& value_of(const Name& n) noexcept {
  return n.value();
}

/// `f(*args)` for any value f: a DSL function, a closure, or something not callable
/// (TypeError). An argument that is a raised exception (a DSL name the dialect lacks) is
/// raised instead.
py::Value call(const py::Value& f, const py::Value* const* args, std::size_t nargs) noexcept;

template <class... Args> py::Value call_value(const py::Value& f, const Args&... args) noexcept {
  if constexpr (sizeof...(Args) == 0) {
    return compiled::call(f, nullptr, 0);
  } else {
    const py::Value* pointers[] = {&value_of(args)...};
    return compiled::call(f, pointers, sizeof...(Args));
  }
}

template <class... Args> py::Value Name::operator()(const Args&... args) const noexcept {
  return call_value(value(), args...);
}

/// `(items...)`, a tuple of values or names.
py::Value make_tuple(const py::Value* const* items, std::size_t n) noexcept;
template <class... Args> py::Value tuple(const Args&... items) noexcept {
  if constexpr (sizeof...(Args) == 0) {
    return make_tuple(nullptr, 0);
  } else {
    const py::Value* pointers[] = {&value_of(items)...};
    return make_tuple(pointers, sizeof...(Args));
  }
}

/// Literals.
inline py::Value integer(std::int64_t i) noexcept {
  return py::Value::integer(i);
}
inline py::Value boolean(bool b) noexcept {
  return py::Value::boolean(b);
}
inline py::Value none() noexcept {
  return py::Value::none();
}
inline py::Value floating(double d) noexcept {
  return py::Value::floating(d);
}

/// A program's string literals, made once (at static initialisation: a str needs nothing else
/// to exist), immortal, and shared, as the interpreter's constant pool shares them.
class Strings {
public:
  explicit Strings(std::initializer_list<std::string_view> texts);
  const py::Value& operator[](std::size_t i) const noexcept { return values_[i]; }

private:
  std::vector<py::Value> values_;
};

/// A record list (`o = []`) of a frame, by number.
struct List {
  std::uint32_t index = 0;
};

/// One value of a `return`: a record list or a value.
struct Returned {
  Returned(List l) noexcept : list(static_cast<std::int64_t>(l.index)) {}
  Returned(const py::Value& v) noexcept : value(&v) {}
  Returned(const Name& n) noexcept : value(&n.value()) {}
  std::int64_t list = -1;
  const py::Value* value = nullptr;
};

/// What is in flight when a block is left early: an exception, or a `return` on its way out.
struct Pending {
  py::Error error{py::Exc::None, ""};
  bool returning = false;
};

/// A call's frame: its variables by slot (parameters first, as frontend::Function numbers
/// them), its record lists, and what is in flight. Every statement helper returns false when
/// the statement failed: the exception is then pending, and the generated code leaves its
/// block (the rest of a try body is skipped; an `except` clause whose mask matches takes it
/// with catches(); outside every try, it ends the call as raised).
class Frame {
public:
  Frame(Call& call, py::Dialect dialect, std::size_t locals, std::size_t lists);
  Frame(const Frame&) = delete;
  Frame& operator=(const Frame&) = delete;

  py::Value* locals() noexcept { return locals_.data(); }
  py::Dialect dialect() const noexcept { return dialect_; }

  /// `target = <result>`: assigns a call's result, or makes its exception pending.
  [[nodiscard]] bool set(py::Value& target, py::Value&& result) noexcept;
  /// Reading a local: UnboundLocalError while it has no value.
  [[nodiscard]] bool bound(const py::Value& local) noexcept;
  /// `target = _get_safe_default(fn)` (py::safe_default_of).
  [[nodiscard]] bool safe_default(py::Value& target, const py::Value& fn) noexcept;
  /// `a, b, ... = value`: all targets assigned, or none (ValueError, TypeError).
  [[nodiscard]] bool unpack(const py::Value& value,
                            std::initializer_list<py::Value*> targets) noexcept;
  /// `a, b, c, d = batch_process_samples_gpu(S)` (interp/sample_batch.hpp).
  [[nodiscard]] bool sample_batch(const py::Value& samples, py::Value& a, py::Value& b,
                                  py::Value& c, py::Value& d) noexcept;
  /// `list = []` and `list.append(value)`.
  void make_list(List list) noexcept;
  [[nodiscard]] bool append(List list, py::Value&& value) noexcept;
  [[nodiscard]] bool append(List list, const py::Value& value) noexcept {
    return append(list, py::Value(value));
  }
  /// Frees the locals of these slots, which no later statement uses.
  void release(std::initializer_list<std::uint32_t> slots) noexcept;
  /// A name Python cannot resolve when the statement runs: NameError (always false).
  bool name_error() noexcept;
  /// `return values...`: the call's outcome, as the Executor records it; the return is then
  /// pending on its way out (always false).
  bool return_(std::initializer_list<Returned> values) noexcept;

  /// Whether an exception or a return is in flight.
  bool pending() const noexcept {
    return pending_.error.type != py::Exc::None || pending_.returning;
  }
  /// An `except` clause catching `mask` (frontend::exception_mask): true, the exception
  /// cleared, when the pending exception is one of them.
  [[nodiscard]] bool catches(frontend::ExcMask mask) noexcept;
  /// `finally`: takes what is in flight before its body runs, and puts it back after (unless
  /// the body raised or returned itself, which then goes on instead). resume() returns false
  /// when something is in flight after it.
  Pending suspend() noexcept;
  [[nodiscard]] bool resume(const Pending& before) noexcept;

  /// Fills the call's outcome from what is left in flight (status, error; falling off the end
  /// returns None).
  void finish();

private:
  bool fail(py::Error error) noexcept;

  Call& call_;
  py::Dialect dialect_;
  std::vector<py::Value> locals_;
  std::vector<std::vector<py::Value>> lists_;
  Pending pending_;
};

/// A generated function body: runs the statements of one call on its frame.
using Body = bool (*)(Frame& f);

/// Runs `body` for `call` on a fresh frame and records the outcome: what a CompiledFunction
/// of the generated code does.
void run(Call& call, py::Dialect dialect, std::size_t locals, std::size_t lists,
         Body body) noexcept;

} // namespace compiled
} // namespace battgpu::interp

#define BATTGPU_INTERP_CAT2(a, b) a##b
#define BATTGPU_INTERP_CAT(a, b) BATTGPU_INTERP_CAT2(a, b)

/// Registers a compiled program at static-initialisation time: `name` (a string), its dialect
/// (py::Dialect), its form (frontend::ModuleForm), the Python source it came from, and its
/// functions (an array of CompiledFunctionInfo). Link the generated file as an OBJECT library
/// (or otherwise whole), so that the linker keeps the registration.
#define BATTGPU_REGISTER_PROGRAM(name, dialect, form, source, functions)                           \
  [[maybe_unused]] static const bool BATTGPU_INTERP_CAT(battgpu_program_registered_,               \
                                                        __COUNTER__) =                             \
      ::battgpu::interp::register_compiled_program(                                                \
          ::battgpu::interp::CompiledProgram{name, dialect, form, source, functions})
