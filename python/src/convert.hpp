// Python objects to battgpu::py values and back.
//
// Python to C++: None, bool, int (64-bit), float, str, tuple, frozenset (and set, read as a
// frozenset), the DSL functions of battgpu.dsl, and any other Python callable (wrapped in a
// closure that calls back into Python). A frozenset keeps CPython's table slot for slot where
// its elements hash alike in C++ (SetTable::from_layout), so that it iterates as in Python;
// otherwise (and for a mutable set) it is rebuilt by inserting its elements in its iteration
// order. Lists are not DSL values: only the grids of a batt call, where tokpidjin's runner
// would have turned JSON lists into tuples, are read that way (runner_grid).
//
// C++ to Python: the same kinds back; frozensets get CPython's table slot for slot where the
// hashes agree (so they iterate as the C++ value does, as they would in the reference), DSL
// functions and closures become DslFunction objects, a wrapped Python callable comes back as
// itself, and a value that came in from Python comes back as the same Python object.
#pragma once

#include "battgpu/py/py.hpp"

#include <nanobind/nanobind.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace battgpu::python {

namespace nb = nanobind;

/// Python callables that C++ closures call back: held while a value may still call them.
struct KeepAlive {
  std::vector<nb::object> objects;
};
using KeepAliveSet = std::vector<std::shared_ptr<KeepAlive>>;

/// A DSL function or closure seen from Python (battgpu.DslFunction).
struct DslFunction {
  py::Value value;
  /// The Python callables the closure may call (empty for DSL functions).
  KeepAliveSet keep;
};

/// Where a value sits inside an argument, for messages ("S[0][1][2]").
struct Path {
  const Path* parent = nullptr;
  const char* name = nullptr; ///< the root's name
  Py_ssize_t index = -1;      ///< the index inside the parent
  std::string str() const;
};

/// One conversion from Python: values met twice (the same tuple object) convert once.
class ToValue {
public:
  /// Converts `o`; raises (nb::python_error) a TypeError or OverflowError naming `path`.
  py::Value convert(PyObject* o, const Path& path);
  /// A grid argument of a batt or solver call: a tuple, or lists of rows read as tuples the
  /// way tokpidjin's runner reads JSON grids (`tuple(tuple(r) for r in g)`).
  py::Value runner_grid(PyObject* o, const Path& path);
  /// A batt call's samples S: pairs of grids (tuples, or lists read as the runner reads them).
  py::Value runner_samples(PyObject* o, const Path& path);

  /// The Python callables this conversion wrapped or met inside DslFunction arguments.
  KeepAliveSet& keep() { return keep_; }
  /// False when a mutable set was read (its value may change after the conversion).
  bool immutable() const { return immutable_; }
  /// Tuples and frozensets converted, by Python object.
  const std::unordered_map<PyObject*, py::Value>& memo() const { return memo_; }
  /// Starts from an earlier conversion's objects (immutable ones, still alive).
  void seed(const std::unordered_map<PyObject*, py::Value>& memo) { memo_ = memo; }

private:
  py::Value callable(PyObject* o);
  py::Value frozenset_slot_for_slot(PyObject* o, const Path& path);
  py::Value nan(PyObject* o);
  KeepAlive& own_keep();

  std::unordered_map<PyObject*, py::Value> memo_;
  std::unordered_map<PyObject*, py::Value> nans_;
  KeepAliveSet keep_;
  std::shared_ptr<KeepAlive> own_;
  bool immutable_ = true;
};

/// A map keyed by pointers, open addressing with linear probing: no allocation per entry
/// (a conversion inserts thousands), entries never removed.
class PointerMap {
public:
  /// The value of `key`, or nullptr.
  PyObject* find(const void* key) const {
    if (used_ == 0)
      return nullptr;
    for (std::size_t i = slot(key);; i = (i + 1) & mask_) {
      if (slots_[i].key == key)
        return slots_[i].value;
      if (slots_[i].key == nullptr)
        return nullptr;
    }
  }
  /// Adds `key` (not present yet).
  void insert(const void* key, PyObject* value) {
    if ((used_ + 1) * 2 > slots_.size())
      grow();
    std::size_t i = slot(key);
    while (slots_[i].key != nullptr)
      i = (i + 1) & mask_;
    slots_[i] = {key, value};
    ++used_;
  }
  template <class F> void for_each(F&& f) const {
    for (const Slot& s : slots_)
      if (s.key != nullptr)
        f(s.key, s.value);
  }

private:
  struct Slot {
    const void* key = nullptr;
    PyObject* value = nullptr;
  };
  std::size_t slot(const void* key) const {
    const auto h =
        static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key)) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> 32) & mask_;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    mask_ = slots_.size() - 1;
    used_ = 0;
    for (const Slot& s : old)
      if (s.key != nullptr)
        insert(s.key, s.value);
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t used_ = 0;
};

/// One conversion to Python: a C++ object met twice becomes one Python object.
class ToPython {
public:
  ToPython() = default;
  ToPython(const ToPython&) = delete;
  ToPython& operator=(const ToPython&) = delete;
  ~ToPython();

  nb::object convert(const py::Value& v);
  /// Values that came from Python objects go back as those objects.
  void remember(const std::unordered_map<PyObject*, py::Value>& from_python);
  /// Closures in the result keep these Python callables alive.
  void keep(const KeepAliveSet& keep) { keep_ = &keep; }
  /// What `math.nan` becomes (by default math.nan itself): a stand-in that pickles as
  /// math.nan keeps its identity across a pickle (Dask's transfers), which a float does not.
  void math_nan_as(PyObject* stand_in) { math_nan_ = stand_in; }

private:
  PyObject* to_object(const py::Value& v); // a new reference; nullptr with an error set
  PyObject* frozenset(const py::Value& v);

  PointerMap memo_; // C++ object -> Python object (strong references)
  std::unordered_map<std::uint32_t, PyObject*> nans_; // strong references
  const KeepAliveSet* keep_ = nullptr;
  PyObject* math_nan_ = nullptr;
};

/// Holds CPython's cyclic collector off while a result is converted: the new objects are
/// young and acyclic, so collecting every few hundred of them would only traverse them (and,
/// every so often, everything older) for nothing. The collector runs again afterwards.
class NoCollection {
public:
  NoCollection() : was_enabled_(PyGC_Disable()) {}
  ~NoCollection() {
    if (was_enabled_)
      PyGC_Enable();
  }
  NoCollection(const NoCollection&) = delete;
  NoCollection& operator=(const NoCollection&) = delete;

private:
  int was_enabled_;
};

/// Raises the Python exception standing for a DSL failure. When a Python callable called by
/// the DSL raised it, that exception itself is raised again.
[[noreturn]] void raise_error(const py::Error& error);
/// Forgets any exception a Python callable left (before a new DSL call from Python).
void clear_callback_error();

/// One of battgpu's own exception types, by name (battgpu/_types.py): a borrowed reference.
PyObject* error_type(const char* name);

/// The DslFunction object for a DSL function (one per function, as a Python module has).
nb::object function_object(const py::Builtin* fn);
/// The name of a DSL function in its dialect's module (an alias is listed under its own name).
std::string_view module_name_of(const py::Builtin* fn);

/// Sets the callables that closures made while this thread runs a DSL call from Python keep
/// alive; returns the previous set (calls nest when a callback calls the DSL).
KeepAliveSet* set_thread_keep(KeepAliveSet* keep);

/// Python's frame depth here, for the recursion limit a program inherits from its caller.
int python_frame_depth();

} // namespace battgpu::python
