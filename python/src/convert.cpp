#include "convert.hpp"

#include "battgpu/dialects/module.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace battgpu::python {
namespace {

// ---------------------------------------------------------------------------------------
// Python callables inside DSL values: a closure whose code calls back into Python.

/// The exception a Python callable raised, kept so that the same exception object reaches
/// the Python caller when it escapes the DSL (a DSL value can only hold its type).
struct CallbackError {
  nb::python_error* error = nullptr;
  py::Exc mapped = py::Exc::None;
};
thread_local CallbackError t_callback_error;
/// The callables of the DSL call from Python running on this thread, so that closures handed
/// to (or made by) a callback keep what they call alive.
thread_local KeepAliveSet* t_keep = nullptr;

void set_callback_error(nb::python_error&& e, py::Exc mapped) {
  delete t_callback_error.error;
  t_callback_error.error = new nb::python_error(std::move(e));
  t_callback_error.mapped = mapped;
}

/// The DSL's name for a Python exception type: the nearest of the types the DSL knows; an
/// exception outside them is a RuntimeError to the DSL (caught by `except Exception` as in
/// Python), and what is not an Exception at all (KeyboardInterrupt) is caught by nothing.
py::Exc exc_of_python(PyObject* type) {
  struct Known {
    PyObject* type;
    py::Exc exc;
  };
  // Subclasses before their bases.
  const Known known[] = {
      {PyExc_UnboundLocalError, py::Exc::UnboundLocalError},
      {PyExc_RecursionError, py::Exc::RecursionError},
      {PyExc_ZeroDivisionError, py::Exc::ZeroDivisionError},
      {PyExc_OverflowError, py::Exc::OverflowError},
      {PyExc_KeyError, py::Exc::KeyError},
      {PyExc_IndexError, py::Exc::IndexError},
      {PyExc_StopIteration, py::Exc::StopIteration},
      {PyExc_MemoryError, py::Exc::MemoryError},
      {PyExc_AttributeError, py::Exc::AttributeError},
      {PyExc_NameError, py::Exc::NameError},
      {PyExc_ValueError, py::Exc::ValueError},
      {PyExc_TypeError, py::Exc::TypeError},
      {PyExc_RuntimeError, py::Exc::RuntimeError},
  };
  for (const Known& k : known)
    if (PyErr_GivenExceptionMatches(type, k.type))
      return k.exc;
  if (PyErr_GivenExceptionMatches(type, PyExc_Exception))
    return py::Exc::RuntimeError;
  return py::Exc::Timeout;
}

/// Records the Python error now set as the callback's failure and returns it as a DSL error.
py::Value callback_failure() {
  nb::python_error e;
  const py::Exc mapped = exc_of_python(e.type().ptr());
  set_callback_error(std::move(e), mapped);
  return py::Error{mapped, "raised by a Python callable"};
}

/// A value a callback returned that the DSL cannot hold (a list): the TypeError goes to the
/// caller as it is, through every handler (it is not the program's failure).
py::Value callback_bad_result() {
  nb::python_error e;
  set_callback_error(std::move(e), py::Exc::Unimplemented);
  return py::Error{py::Exc::Unimplemented,
                   "a Python callable returned a value battgpu cannot hold"};
}

py::Value call_python(const py::ClosureObject& self, const py::Value* args, std::size_t nargs) {
  PyObject* fn =
      reinterpret_cast<PyObject*>(static_cast<std::intptr_t>(self.captured()[0].as_int()));
  nb::gil_scoped_acquire gil;
  try {
    ToPython to;
    if (t_keep != nullptr)
      to.keep(*t_keep);
    nb::object argv = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(nargs)));
    for (std::size_t i = 0; i < nargs; ++i)
      PyTuple_SET_ITEM(argv.ptr(), static_cast<Py_ssize_t>(i), to.convert(args[i]).release().ptr());
    PyObject* r = PyObject_Call(fn, argv.ptr(), nullptr);
    if (r == nullptr)
      return callback_failure();
    nb::object result = nb::steal(r);
    ToValue from;
    Path path{nullptr, "the value a Python callable returned", -1};
    py::Value v;
    try {
      v = from.convert(result.ptr(), path);
    } catch (nb::python_error& e) {
      e.restore();
      return callback_bad_result();
    }
    if (!from.keep().empty()) {
      // Callables the callback returned live as long as the call that made them, or, on a
      // thread no call from Python runs on, as long as the process.
      static auto* orphans = new KeepAliveSet();
      KeepAliveSet& into = t_keep != nullptr ? *t_keep : *orphans;
      into.insert(into.end(), from.keep().begin(), from.keep().end());
    }
    return v;
  } catch (nb::python_error& e) {
    e.restore();
    return callback_failure();
  } catch (const std::exception&) {
    PyErr_SetString(PyExc_RuntimeError, "battgpu: failure while calling a Python callable");
    return callback_failure();
  }
}

/// Closure types for Python callables, by `__code__.co_argcount` (arc-dsl's rbind and lbind
/// read it). They take any number of arguments: the Python callable checks its own.
constexpr int kMaxArgcount = 16;
template <std::size_t... I> constexpr auto make_types(std::index_sequence<I...>) {
  return std::array<py::ClosureType, sizeof...(I)>{
      py::ClosureType{"<python callable>", static_cast<std::int8_t>(I), true, &call_python}...};
}
constexpr auto kPythonTypes = make_types(std::make_index_sequence<kMaxArgcount + 1>{});

bool is_python_callable(const py::Value& v) {
  if (v.kind() != py::Kind::Closure)
    return false;
  const py::ClosureType* t = py::as_closure(v).type;
  return t >= kPythonTypes.data() && t < kPythonTypes.data() + kPythonTypes.size();
}

PyObject* python_callable_of(const py::Value& v) {
  return reinterpret_cast<PyObject*>(
      static_cast<std::intptr_t>(py::as_closure(v).captured()[0].as_int()));
}

PyObject* math_nan_object() {
  static PyObject* nan = [] {
    nb::object math = nb::module_::import_("math");
    return nb::object(math.attr("nan")).release().ptr();
  }();
  return nan;
}

/// Python objects for the C++ tuples that live for the whole process (the shared pairs and
/// cells of grids): made once, reused by every conversion (tuples are immutable, so sharing
/// them cannot be seen). Used with the GIL held.
PointerMap& immortal_objects() {
  static auto* map = new PointerMap();
  return *map;
}

/// Whether v's C++ hash is CPython's in any interpreter: ints, bools and tuples of them hash
/// by fixed algorithms (which the C++ reproduces: checked once, in same_set_algorithm);
/// strings depend on PYTHONHASHSEED, None, NaNs and functions on addresses.
bool hash_is_portable(const py::Value& v) {
  switch (v.kind()) {
  case py::Kind::Int:
  case py::Kind::Bool:
    return true;
  case py::Kind::Tuple:
    for (const py::Value& item : py::as_tuple(v))
      if (!hash_is_portable(item))
        return false;
    return true;
  default:
    return false;
  }
}

#if PY_VERSION_HEX >= 0x03090000 && PY_VERSION_HEX < 0x030D0000
/// Whether this CPython places set elements as battgpu's SetTable does (CPython's own
/// algorithm, which the C++ mirrors): sets of colliding ints, inserted, grown and emptied in
/// the same order on both sides, must iterate alike. Checked once, with the GIL held.
bool same_set_algorithm() {
  static const bool same = [] {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&] {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      return state;
    };
    for (int round = 0; round < 64; ++round) {
      const int n = 1 + static_cast<int>(next() % 200);
      const std::int64_t stride = std::int64_t{1} << (next() % 12); // collisions in low bits
      py::SetTable table;
      nb::object set = nb::steal(PySet_New(nullptr));
      for (int i = 0; i < n; ++i) {
        const std::int64_t x =
            static_cast<std::int64_t>(next() % 64) * stride - static_cast<std::int64_t>(next() % 3);
        nb::object key = nb::steal(PyLong_FromLongLong(x));
        if (next() % 5 == 0) { // deletions leave dummies
          table.discard(py::Value::integer(x));
          if (PySet_Discard(set.ptr(), key.ptr()) < 0)
            return false;
        } else {
          table.add(py::Value::integer(x));
          if (PySet_Add(set.ptr(), key.ptr()) < 0)
            return false;
        }
      }
      std::vector<std::int64_t> cpp;
      table.for_each([&](const py::Value& k) { cpp.push_back(k.as_int()); });
      std::vector<std::int64_t> python;
      nb::object it = nb::steal(PyObject_GetIter(set.ptr()));
      while (PyObject* item = PyIter_Next(it.ptr())) {
        python.push_back(PyLong_AsLongLong(item));
        Py_DECREF(item);
      }
      if (PyErr_Occurred() || cpp != python ||
          reinterpret_cast<PySetObject*>(set.ptr())->mask != table.mask()) {
        PyErr_Clear();
        return false;
      }
    }
    // Tuples of ints and bools hash alike on both sides (hash_is_portable trusts them).
    for (int round = 0; round < 256; ++round) {
      const std::size_t n = next() % 4;
      std::vector<py::Value> items;
      nb::object t = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(n)));
      for (std::size_t i = 0; i < n; ++i) {
        const bool as_bool = next() % 7 == 0;
        const std::int64_t x = as_bool ? static_cast<std::int64_t>(next() % 2)
                                       : static_cast<std::int64_t>(next() % 2000) - 1000;
        items.push_back(as_bool ? py::Value::boolean(x != 0) : py::Value::integer(x));
        PyObject* o = as_bool ? PyBool_FromLong(static_cast<long>(x)) : PyLong_FromLongLong(x);
        PyTuple_SET_ITEM(t.ptr(), static_cast<Py_ssize_t>(i), o);
      }
      const std::int64_t last = static_cast<std::int64_t>(next() % 30);
      nb::object outer = nb::make_tuple(t, last);
      const py::Value w = py::tuple_of({py::tuple_of(items), py::Value::integer(last)});
      if (PyObject_Hash(outer.ptr()) != static_cast<Py_hash_t>(py::hash(w))) {
        PyErr_Clear();
        return false;
      }
    }
    return true;
  }();
  return same;
}
#endif

/// Whether the cyclic collector watches `o` (ints, strings and the like are never watched).
inline bool tracked(PyObject* o) {
  return PyType_HasFeature(Py_TYPE(o), Py_TPFLAGS_HAVE_GC) && PyObject_GC_IsTracked(o);
}

/// A frozenset of atomic values cannot be part of a cycle either (it never changes): out of
/// the collector's sight, like the tuples CPython untracks itself.
PyObject* untrack_if(PyObject* set, bool atomic) {
  if (set != nullptr && atomic && PyObject_GC_IsTracked(set))
    PyObject_GC_UnTrack(set);
  return set;
}

/// Python ints of the range results hold over and over (coordinates, colours, scores such as
/// 1000): made once (CPython's own small ints among them) and handed out without a call.
/// Ints are immutable, so sharing them cannot be seen but by `is`.
PyObject* int_object(std::int64_t i) {
  constexpr std::int64_t kLow = -5, kHigh = 4096;
  if (i < kLow || i >= kHigh)
    return PyLong_FromLongLong(i);
  static auto* cache = new std::array<PyObject*, kHigh - kLow>{};
  PyObject*& slot = (*cache)[static_cast<std::size_t>(i - kLow)];
  if (slot == nullptr) {
    slot = PyLong_FromLongLong(i);
    if (slot == nullptr)
      return nullptr;
  }
  Py_INCREF(slot);
  return slot;
}

/// Short strings by content, made once: a batt's records repeat the same few dozen literals
/// ('None', 'differ_...', solver ids) call after call, and CPython itself hands out one object
/// for each literal of a function. Bounded, so that arbitrary strings cannot grow it forever.
PyObject* str_object(std::string_view s) {
  constexpr std::size_t kMaxLength = 64, kMaxEntries = 1 << 16;
  if (s.size() > kMaxLength)
    return PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
  // Keyed by the cached objects' own UTF-8 text, so that a lookup allocates nothing.
  static auto* cache = new std::unordered_map<std::string_view, PyObject*>();
  auto it = cache->find(s);
  if (it != cache->end()) {
    Py_INCREF(it->second);
    return it->second;
  }
  PyObject* str = PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
  if (str != nullptr && cache->size() < kMaxEntries) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(str, &size);
    if (text == nullptr) {
      PyErr_Clear();
      return str;
    }
    Py_INCREF(str);
    cache->emplace(std::string_view(text, static_cast<std::size_t>(size)), str);
  }
  return str;
}

[[noreturn]] void raise_convert(PyObject* type, const Path& path, const std::string& what) {
  PyErr_Format(type, "battgpu: %s: %s", path.str().c_str(), what.c_str());
  throw nb::python_error();
}

} // namespace

PyObject* error_type(const char* name) {
  // battgpu/_types.py defines battgpu's own exception types (imported when first needed).
  nb::object errors = nb::module_::import_("battgpu._types");
  return errors.attr(name).ptr(); // the module keeps it
}

// ---------------------------------------------------------------------------------------

std::string Path::str() const {
  if (parent == nullptr)
    return name != nullptr ? name : "value";
  return parent->str() + "[" + std::to_string(index) + "]";
}

KeepAlive& ToValue::own_keep() {
  if (!own_) {
    own_ = std::make_shared<KeepAlive>();
    keep_.push_back(own_);
  }
  return *own_;
}

py::Value ToValue::callable(PyObject* o) {
  // The argument count rbind/lbind would read from `f.__code__.co_argcount`.
  int argcount = 0;
  PyObject* code = PyObject_GetAttrString(o, "__code__");
  if (code != nullptr) {
    PyObject* n = PyObject_GetAttrString(code, "co_argcount");
    if (n != nullptr && PyLong_Check(n))
      argcount = static_cast<int>(PyLong_AsLong(n));
    Py_XDECREF(n);
    Py_DECREF(code);
  }
  PyErr_Clear();
  argcount = std::clamp(argcount, 0, kMaxArgcount);
  own_keep().objects.push_back(nb::borrow(o));
  return py::make_closure(
      &kPythonTypes[static_cast<std::size_t>(argcount)],
      {py::Value::integer(static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(o)))});
}

py::Value ToValue::nan(PyObject* o) {
  // `math.nan` is the NaN the DSL returns by name; any other NaN object is one of its own.
  if (o == math_nan_object())
    return py::math_nan();
  auto it = nans_.find(o);
  if (it != nans_.end())
    return it->second;
  py::Value v = py::Value::fresh_nan();
  nans_.emplace(o, v);
  return v;
}

namespace {

/// Python's recursion check around converting the items of a tuple or set: a value nested
/// deeper than the interpreter's recursion limit raises RecursionError, as Python code
/// recursing through it would, instead of overflowing the C stack.
class RecursionScope {
public:
  explicit RecursionScope(const char* where) : entered_(Py_EnterRecursiveCall(where) == 0) {}
  ~RecursionScope() {
    if (entered_)
      Py_LeaveRecursiveCall();
  }
  RecursionScope(const RecursionScope&) = delete;
  RecursionScope& operator=(const RecursionScope&) = delete;
  bool entered() const { return entered_; }

private:
  bool entered_;
};

} // namespace

py::Value ToValue::convert(PyObject* o, const Path& path) {
  if (o == Py_None)
    return py::Value::none();
  PyTypeObject* type = Py_TYPE(o);
  if (type == &PyBool_Type)
    return py::Value::boolean(o == Py_True);
  if (PyLong_Check(o)) {
    int overflow = 0;
    const long long i = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow != 0)
      raise_convert(PyExc_OverflowError, path, "int does not fit in 64 bits");
    return py::Value::integer(static_cast<std::int64_t>(i));
  }
  if (PyTuple_Check(o)) {
    auto it = memo_.find(o);
    if (it != memo_.end())
      return it->second;
    const Py_ssize_t n = PyTuple_GET_SIZE(o);
    const RecursionScope scope(" while converting a tuple for battgpu");
    if (!scope.entered())
      throw nb::python_error();
    py::Value t = n == 0 ? py::empty_tuple() : py::new_tuple(static_cast<std::size_t>(n));
    bool ints = n > 0;
    for (Py_ssize_t i = 0; i < n; ++i) {
      Path item{&path, nullptr, i};
      py::tuple_items(t)[i] = convert(PyTuple_GET_ITEM(o, i), item);
      ints = ints && py::tuple_items(t)[i].is(py::Kind::Int);
    }
    if (ints)
      py::mark_ints_only(t); // a grid's row: read by the DSL without each cell's kind
    memo_.emplace(o, t);
    return t;
  }
  if (PyFloat_Check(o)) {
    const double d = PyFloat_AS_DOUBLE(o);
    return std::isnan(d) ? nan(o) : py::Value::floating(d);
  }
  if (PyUnicode_Check(o)) {
    Py_ssize_t size = 0;
    const char* s = PyUnicode_AsUTF8AndSize(o, &size);
    if (s == nullptr)
      throw nb::python_error();
    return py::make_str(std::string_view(s, static_cast<std::size_t>(size)));
  }
  if (PyAnySet_Check(o)) {
    if (!PyFrozenSet_Check(o))
      immutable_ = false;
    auto it = memo_.find(o);
    if (it != memo_.end())
      return it->second;
    const RecursionScope scope(" while converting a set for battgpu");
    if (!scope.entered())
      throw nb::python_error();
    if (PyFrozenSet_Check(o)) {
      py::Value exact = frozenset_slot_for_slot(o, path);
      if (exact.is_bound()) {
        memo_.emplace(o, exact);
        return exact;
      }
    }
    // Inserted in the set's iteration order.
    py::SetTable table;
    nb::object iter = nb::steal(PyObject_GetIter(o));
    if (!iter.is_valid())
      throw nb::python_error();
    Py_ssize_t i = 0;
    while (PyObject* item = PyIter_Next(iter.ptr())) {
      nb::object hold = nb::steal(item);
      Path element{&path, nullptr, i++};
      table.add(convert(item, element));
    }
    if (PyErr_Occurred())
      throw nb::python_error();
    py::Value fs = py::make_frozenset(std::move(table));
    memo_.emplace(o, fs);
    return fs;
  }
  if (nb::isinstance<DslFunction>(o)) {
    const DslFunction& f = nb::cast<const DslFunction&>(nb::handle(o));
    keep_.insert(keep_.end(), f.keep.begin(), f.keep.end());
    return f.value;
  }
  if (PyList_Check(o))
    raise_convert(PyExc_TypeError, path,
                  "a list is not a DSL value (the DSL's containers are tuples and frozensets: "
                  "tuple(...) it, rows included)");
  if (PyCallable_Check(o))
    return callable(o);
  if (PyIndex_Check(o)) { // numpy integers and other int-likes
    nb::object i = nb::steal(PyNumber_Index(o));
    if (!i.is_valid())
      throw nb::python_error();
    return convert(i.ptr(), path);
  }
  raise_convert(PyExc_TypeError, path,
                std::string("a '") + type->tp_name +
                    "' is not a DSL value (None, bool, int, float, str, tuple, frozenset or a "
                    "function)");
}

py::Value ToValue::frozenset_slot_for_slot(PyObject* o, const Path& path) {
#if PY_VERSION_HEX >= 0x03090000 && PY_VERSION_HEX < 0x030D0000
  // CPython's table, slot for slot: the C++ frozenset iterates as the Python one does. It
  // takes a table without deleted slots, each element hashing in C++ as it does in Python
  // (strings depend on PYTHONHASHSEED), and a CPython that places elements as the C++ does;
  // otherwise the caller rebuilds the set by inserting its elements in iteration order.
  auto* so = reinterpret_cast<PySetObject*>(o);
  if (so->fill != so->used || so->used == 0 || !same_set_algorithm())
    return py::Value();
  const auto n = static_cast<std::size_t>(so->used);
  std::vector<std::int64_t> slots, hashes;
  std::vector<py::Value> keys;
  slots.reserve(n);
  hashes.reserve(n);
  keys.reserve(n);
  for (Py_ssize_t i = 0; i <= so->mask; ++i) {
    const setentry& e = so->table[i];
    if (e.key == nullptr)
      continue;
    Path element{&path, nullptr, static_cast<Py_ssize_t>(keys.size())};
    py::Value key = convert(e.key, element);
    const std::int64_t h = py::hash(key);
    if (h != static_cast<std::int64_t>(e.hash))
      return py::Value();
    slots.push_back(i);
    hashes.push_back(h);
    keys.push_back(std::move(key));
  }
  if (keys.size() != n)
    return py::Value();
  return py::make_frozenset(py::SetTable::from_layout(static_cast<std::int64_t>(so->mask), n,
                                                      slots.data(), hashes.data(), keys.data()));
#else
  (void)o;
  (void)path;
  return py::Value();
#endif
}

py::Value ToValue::runner_grid(PyObject* o, const Path& path) {
  if (!PyList_Check(o))
    return convert(o, path);
  // tuple(tuple(r) for r in g)
  const Py_ssize_t n = PyList_GET_SIZE(o);
  py::Value t = n == 0 ? py::empty_tuple() : py::new_tuple(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    Path row{&path, nullptr, i};
    PyObject* r = PyList_GET_ITEM(o, i);
    if (PyList_Check(r)) {
      nb::object as_tuple = nb::steal(PyList_AsTuple(r));
      py::tuple_items(t)[i] = convert(as_tuple.ptr(), row);
      memo_.erase(as_tuple.ptr()); // a temporary: its address may be reused
    } else {
      py::tuple_items(t)[i] = convert(r, row);
    }
  }
  return t;
}

py::Value ToValue::runner_samples(PyObject* o, const Path& path) {
  if (!PyList_Check(o) && !PyTuple_Check(o))
    return convert(o, path);
  auto it = memo_.find(o);
  if (it != memo_.end())
    return it->second;
  // tuple((input, output) for each sample), each grid as the runner reads it.
  nb::object seq = nb::steal(PySequence_Fast(o, "samples"));
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  bool all_tuples = PyTuple_Check(o);
  py::Value t = n == 0 ? py::empty_tuple() : py::new_tuple(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    Path pair_path{&path, nullptr, i};
    PyObject* pair = PySequence_Fast_GET_ITEM(seq.ptr(), i);
    if ((PyList_Check(pair) || PyTuple_Check(pair)) && PySequence_Size(pair) == 2) {
      all_tuples = all_tuples && PyTuple_Check(pair);
      nb::object items = nb::steal(PySequence_Fast(pair, "pair"));
      Path in{&pair_path, nullptr, 0}, out{&pair_path, nullptr, 1};
      PyObject* a = PySequence_Fast_GET_ITEM(items.ptr(), 0);
      PyObject* b = PySequence_Fast_GET_ITEM(items.ptr(), 1);
      all_tuples = all_tuples && !PyList_Check(a) && !PyList_Check(b);
      if (PyTuple_Check(pair) && !PyList_Check(a) && !PyList_Check(b)) {
        py::tuple_items(t)[i] = convert(pair, pair_path);
      } else {
        py::Value ga = runner_grid(a, in);
        py::Value gb = runner_grid(b, out);
        py::tuple_items(t)[i] = py::tuple_of({ga, gb});
      }
    } else {
      all_tuples = all_tuples && !PyList_Check(pair);
      py::tuple_items(t)[i] = convert(pair, pair_path);
    }
  }
  if (all_tuples)
    memo_.emplace(o, t);
  return t;
}

// ---------------------------------------------------------------------------------------

ToPython::~ToPython() {
  memo_.for_each([](const void*, PyObject* v) { Py_DECREF(v); });
  for (auto& [k, v] : nans_)
    Py_DECREF(v);
}

void ToPython::remember(const std::unordered_map<PyObject*, py::Value>& from_python) {
  for (const auto& [obj, value] : from_python) {
    if (!value.has_object() || memo_.find(value.object()) != nullptr)
      continue;
    memo_.insert(value.object(), obj);
    Py_INCREF(obj);
  }
}

nb::object ToPython::convert(const py::Value& v) {
  PyObject* o = to_object(v);
  if (o == nullptr)
    throw nb::python_error();
  return nb::steal(o);
}

PyObject* ToPython::to_object(const py::Value& v) {
  switch (v.kind()) {
  case py::Kind::None:
    Py_RETURN_NONE;
  case py::Kind::Bool:
    if (v.as_bool())
      Py_RETURN_TRUE;
    Py_RETURN_FALSE;
  case py::Kind::Int:
    return int_object(v.as_int());
  case py::Kind::Float: {
    const double d = v.as_float();
    if (!std::isnan(d))
      return PyFloat_FromDouble(d);
    if (v.nan_identity() == 0) {
      PyObject* nan = math_nan_ != nullptr ? math_nan_ : math_nan_object();
      Py_INCREF(nan);
      return nan;
    }
    auto [it, inserted] = nans_.emplace(v.nan_identity(), nullptr);
    if (inserted) {
      it->second = PyFloat_FromDouble(d);
      if (it->second == nullptr) {
        nans_.erase(it);
        return nullptr;
      }
    }
    Py_INCREF(it->second);
    return it->second;
  }
  case py::Kind::Str:
    return str_object(py::as_str(v));
  case py::Kind::Tuple: {
    const py::Object* key = v.object();
    if (key->immortal) {
      if (PyObject* known = immortal_objects().find(key)) {
        Py_INCREF(known);
        return known;
      }
    }
    const bool shared = key->immortal || key->refs.load(std::memory_order_relaxed) > 1;
    if (shared) {
      if (PyObject* known = memo_.find(key)) {
        Py_INCREF(known);
        return known;
      }
    }
    const py::TupleObject& t = py::as_tuple(v);
    const RecursionScope scope(" while converting a battgpu tuple to Python");
    if (!scope.entered())
      return nullptr;
    PyObject* out = PyTuple_New(static_cast<Py_ssize_t>(t.size));
    if (out == nullptr)
      return nullptr;
    bool atomic = true;
    for (std::uint32_t i = 0; i < t.size; ++i) {
      PyObject* item = to_object(t[i]);
      if (item == nullptr) {
        Py_DECREF(out);
        return nullptr;
      }
      atomic = atomic && !tracked(item);
      PyTuple_SET_ITEM(out, i, item);
    }
    // A tuple of atomic values cannot be part of a cycle: CPython's collector untracks such
    // tuples when it first meets them; doing it now spares it traversing grids and cells.
    if (atomic && t.size > 0)
      PyObject_GC_UnTrack(out);
    if (key->immortal) {
      Py_INCREF(out);
      immortal_objects().insert(key, out);
    } else if (shared) {
      Py_INCREF(out);
      memo_.insert(key, out);
    }
    return out;
  }
  case py::Kind::FrozenSet: {
    const py::Object* key = v.object();
    if (PyObject* known = memo_.find(key)) {
      Py_INCREF(known);
      return known;
    }
    const RecursionScope scope(" while converting a battgpu frozenset to Python");
    if (!scope.entered())
      return nullptr;
    PyObject* out = frozenset(v);
    if (out != nullptr && (key->immortal || key->refs.load(std::memory_order_relaxed) > 1)) {
      Py_INCREF(out);
      memo_.insert(key, out);
    }
    return out;
  }
  case py::Kind::Function:
    return function_object(v.as_builtin()).release().ptr();
  case py::Kind::Closure: {
    if (is_python_callable(v)) {
      PyObject* fn = python_callable_of(v);
      Py_INCREF(fn);
      return fn;
    }
    DslFunction f{v, {}};
    if (keep_ != nullptr)
      f.keep = *keep_;
    return nb::cast(std::move(f), nb::rv_policy::move).release().ptr();
  }
  default:
    PyErr_SetString(PyExc_RuntimeError, "battgpu: a value of no Python kind");
    return nullptr;
  }
}

PyObject* ToPython::frozenset(const py::Value& v) {
  const py::SetTable& table = py::as_set_table(v);
  const std::int64_t slots = table.mask() + 1;
  // The elements in slot order, each with its slot and Python's hash of it (on the stack for
  // small sets); deleted slots are marked by a null key.
  struct Entry {
    std::int64_t slot;
    PyObject* key;
    Py_hash_t hash;
  };
  const std::size_t n = static_cast<std::size_t>(table.fill());
  Entry local[64];
  std::unique_ptr<Entry[]> heap;
  Entry* entries = local;
  if (n > 64) {
    heap = std::make_unique<Entry[]>(n);
    entries = heap.get();
  }
  std::size_t count = 0;
  struct Release {
    Entry* e;
    std::size_t& n;
    ~Release() {
      for (std::size_t i = 0; i < n; ++i)
        Py_XDECREF(e[i].key);
    }
  } release{entries, count};
  bool same_hashes = true;
  bool atomic = true;
  for (std::int64_t i = 0; i < slots && count < n; ++i) {
    const py::SetEntry& e = table.slot(i);
    if (e.key.kind() == py::Kind::Unbound)
      continue;
    if (e.key.kind() == py::Kind::Dummy) {
      entries[count++] = {i, nullptr, -1};
      continue;
    }
    PyObject* key = to_object(e.key);
    if (key == nullptr)
      return nullptr;
    Py_hash_t h = static_cast<Py_hash_t>(e.hash);
    if (!hash_is_portable(e.key)) {
      h = PyObject_Hash(key);
      if (h == -1) {
        Py_DECREF(key);
        return nullptr;
      }
    }
    entries[count++] = {i, key, h};
    atomic = atomic && !tracked(key);
    same_hashes = same_hashes && h == static_cast<Py_hash_t>(e.hash);
  }
#if PY_VERSION_HEX >= 0x03090000 && PY_VERSION_HEX < 0x030D0000
  // Python hashes the elements as the C++ table did and places them as the C++ table does
  // (same_set_algorithm), so the C++ layout is the one CPython would have built: give the
  // frozenset that very table, and it iterates in the C++ order (the reference's order), not
  // in the order a re-insertion would give.
  if (same_hashes && table.size() > 0 && same_set_algorithm()) {
    PyObject* fs = PyFrozenSet_New(nullptr);
    if (fs == nullptr)
      return nullptr;
    if (Py_REFCNT(fs) == 1) { // not a shared empty frozenset
      auto* so = reinterpret_cast<PySetObject*>(fs);
      setentry* t = so->smalltable;
      if (slots > PySet_MINSIZE) {
        t = static_cast<setentry*>(PyMem_Calloc(static_cast<std::size_t>(slots), sizeof(setentry)));
        if (t == nullptr) {
          Py_DECREF(fs);
          return PyErr_NoMemory();
        }
      }
      for (std::size_t k = 0; k < count; ++k) {
        Entry& e = entries[k];
        if (e.key == nullptr) {
          t[e.slot].key = _PySet_Dummy; // CPython keeps no reference for its dummy
          t[e.slot].hash = -1;
        } else {
          t[e.slot].key = e.key; // the table takes the reference
          t[e.slot].hash = e.hash;
          e.key = nullptr;
        }
      }
      so->table = t;
      so->mask = static_cast<Py_ssize_t>(table.mask());
      so->fill = static_cast<Py_ssize_t>(table.fill());
      so->used = static_cast<Py_ssize_t>(table.size());
      so->hash = -1;
      return untrack_if(fs, atomic);
    }
    Py_DECREF(fs);
  }
#else
  (void)same_hashes;
#endif
  nb::object keys = nb::steal(PyList_New(0));
  for (std::size_t k = 0; k < count; ++k)
    if (entries[k].key != nullptr && PyList_Append(keys.ptr(), entries[k].key) != 0)
      return nullptr;
  return untrack_if(PyFrozenSet_New(keys.ptr()), atomic);
}

// ---------------------------------------------------------------------------------------

void clear_callback_error() {
  delete t_callback_error.error;
  t_callback_error = {};
}

void raise_error(const py::Error& error) {
  if (t_callback_error.error != nullptr && t_callback_error.mapped == error.type) {
    // The Python callable's own exception, as Python would have propagated it.
    t_callback_error.error->restore();
    clear_callback_error();
    throw nb::python_error();
  }
  clear_callback_error();
  PyObject* type = PyExc_RuntimeError;
  switch (error.type) {
  case py::Exc::TypeError:
    type = PyExc_TypeError;
    break;
  case py::Exc::ValueError:
    type = PyExc_ValueError;
    break;
  case py::Exc::IndexError:
    type = PyExc_IndexError;
    break;
  case py::Exc::KeyError:
    type = PyExc_KeyError;
    break;
  case py::Exc::AttributeError:
    type = PyExc_AttributeError;
    break;
  case py::Exc::ZeroDivisionError:
    type = PyExc_ZeroDivisionError;
    break;
  case py::Exc::StopIteration:
    type = PyExc_StopIteration;
    break;
  case py::Exc::RecursionError:
    type = PyExc_RecursionError;
    break;
  case py::Exc::OverflowError:
    type = PyExc_OverflowError;
    break;
  case py::Exc::NameError:
    type = PyExc_NameError;
    break;
  case py::Exc::MemoryError:
    type = PyExc_MemoryError;
    break;
  case py::Exc::UnboundLocalError:
    type = PyExc_UnboundLocalError;
    break;
  case py::Exc::RuntimeError:
    type = PyExc_RuntimeError;
    break;
  case py::Exc::Timeout:
    type = error_type("CallTimeout");
    break;
  case py::Exc::Unimplemented:
    type = PyExc_NotImplementedError;
    break;
  case py::Exc::None:
    break;
  }
  PyErr_SetString(type, error.message != nullptr ? error.message : "");
  throw nb::python_error();
}

// ---------------------------------------------------------------------------------------

std::string_view module_name_of(const py::Builtin* fn) {
  static const auto* names = [] {
    auto* m = new std::unordered_map<const py::Builtin*, std::string_view>();
    for (py::Dialect d : {py::Dialect::ArcDsl, py::Dialect::Tokpidjin})
      for (const auto& e : dialects::module(d).entries())
        if (e.value.kind() == py::Kind::Function)
          m->emplace(e.value.as_builtin(), e.name);
    return m;
  }();
  auto it = names->find(fn);
  return it != names->end() ? it->second : fn->name;
}

nb::object function_object(const py::Builtin* fn) {
  // One Python object per DSL function, made on first use and kept (as `dsl.p_g` is one
  // object in Python). Used with the GIL held.
  static auto* objects = new std::unordered_map<const py::Builtin*, PyObject*>();
  auto it = objects->find(fn);
  if (it == objects->end()) {
    nb::object o = nb::cast(DslFunction{py::Value::function(fn), {}}, nb::rv_policy::move);
    it = objects->emplace(fn, o.release().ptr()).first;
  }
  return nb::borrow(it->second);
}

int python_frame_depth() {
  int depth = 0;
  PyFrameObject* f = PyEval_GetFrame(); // borrowed
  Py_XINCREF(f);
  while (f != nullptr) {
    ++depth;
    PyFrameObject* back = PyFrame_GetBack(f); // new reference
    Py_DECREF(f);
    f = back;
  }
  return depth;
}

KeepAliveSet* set_thread_keep(KeepAliveSet* keep) {
  KeepAliveSet* previous = t_keep;
  t_keep = keep;
  return previous;
}

} // namespace battgpu::python
