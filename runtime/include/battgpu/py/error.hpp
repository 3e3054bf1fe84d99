// Python's exceptions, as values: a failing operation returns its exception instead of
// throwing (SPEC section 2, "Failures are Python's").
//
// Why not C++ exceptions: in real batt files a third to a half of all statements fail (a
// `None` passed where a grid was expected, a closure called with the wrong arity), and a C++
// throw costs over a microsecond, several times what the statement itself costs. So, as in
// CPython's own C API, every fallible operation returns its result or an exception, and the
// caller checks: `PY_TRY(auto x, op(...));` returns early with the exception.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

namespace battgpu::py {

/// The Python exception types the DSLs can raise. `Timeout` is not Python's: it stands for the
/// runner's time limit, a BaseException that no `except Exception` and no batt `except` clause
/// catches.
enum class Exc : std::uint8_t {
  None = 0,
  TypeError,
  ValueError,
  IndexError,
  KeyError,
  AttributeError,
  ZeroDivisionError,
  StopIteration,
  RecursionError,
  OverflowError,
  NameError,
  MemoryError,
  UnboundLocalError,
  RuntimeError, ///< also a StopIteration escaping a generator expression
  Timeout,
  Unimplemented, ///< a DSL function not written yet (caught by nothing, so it shows)
};

/// Python's name of the exception type (`"TypeError"`).
std::string_view exc_name(Exc e);
/// The type named `name`, or Exc::None when it is not one of ours.
Exc exc_from_name(std::string_view name);
/// True when `caught` is `raised` or one of its Python base classes (`except LookupError`
/// is not needed by the DSLs; subclassing is limited to what Python's hierarchy says for the
/// types above: UnboundLocalError is a NameError, RecursionError a RuntimeError).
bool exc_matches(Exc raised, Exc caught);
/// An `except Exception:` catches everything but the runner's time limit.
inline bool is_exception_subclass(Exc e) {
  return e != Exc::None && e != Exc::Timeout && e != Exc::Unimplemented;
}

/// A raised exception: its type and a short static message (enough to read a failure; the
/// message is not part of the contract, the type is).
struct Error {
  Exc type = Exc::TypeError;
  const char* message = "";
};

/// The result of an operation that yields a C++ value (a length, a truth value) or fails.
template <class T> class [[nodiscard]] Result {
public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error) : error_(error) {}

  bool ok() const { return error_.type == Exc::None; }
  Error error() const { return error_; }
  T& operator*() { return value_; }
  const T& operator*() const { return value_; }
  T take() { return std::move(value_); }

private:
  T value_{};
  Error error_{Exc::None, ""};
};

/// The result of an operation that yields nothing but may fail.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(Error error) : error_(error) {}
  bool ok() const { return error_.type == Exc::None; }
  Error error() const { return error_; }

private:
  Error error_{Exc::None, ""};
};

#define BATTGPU_PY_CAT2(a, b) a##b
#define BATTGPU_PY_CAT(a, b) BATTGPU_PY_CAT2(a, b)

/// `PY_TRY(decl, expr);` evaluates `expr` (a Value, Result<T> or Status-like), returns its
/// exception from the enclosing function when it failed, and otherwise binds its value to
/// `decl` (`PY_TRY(auto n, py::len(x));`).
#define PY_TRY(decl, expr) PY_TRY_IMPL(decl, expr, BATTGPU_PY_CAT(py_try_, __COUNTER__))
#define PY_TRY_IMPL(decl, expr, tmp)                                                               \
  auto tmp = (expr);                                                                               \
  if (!tmp.ok()) [[unlikely]]                                                                      \
    return tmp.error();                                                                            \
  decl = tmp.take()

/// `PY_CHECK(expr);` for operations that yield nothing (a Status).
#define PY_CHECK(expr) PY_CHECK_IMPL(expr, BATTGPU_PY_CAT(py_check_, __COUNTER__))
#define PY_CHECK_IMPL(expr, tmp)                                                                   \
  do {                                                                                             \
    auto tmp = (expr);                                                                             \
    if (!tmp.ok()) [[unlikely]]                                                                    \
      return tmp.error();                                                                          \
  } while (0)

} // namespace battgpu::py
