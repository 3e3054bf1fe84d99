// battgpu._core: the nanobind module behind the Python package (python/battgpu).
//
//   Program       a checked batt or solver module; `_call` runs one of its functions on
//                 Python arguments and gives back what the Python function returns
//   DslFunction   a DSL function or closure as a Python callable
//   _ValuesRun    a program over many tasks, each call's o and s as Python values
//   _RecordsRun   the same through interp::run_program, as SPEC section 7 record lines
#include "bulk.hpp"
#include "convert.hpp"
#include "program.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/interp/watchdog.hpp"
#include "battgpu/tasks/task.hpp"

#ifdef BATTGPU_PYTHON_WITH_RUNTIME
#include "battgpu/runtime/device.hpp"
#endif

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace nb = nanobind;
using namespace nb::literals;

namespace battgpu::python {
namespace {

// ---------------------------------------------------------------------------------------
// Recursion limit: a call from Python starts as deep as its Python caller is.

/// The frames below the program on this thread (FrameGuard keeps no getter, so it is
/// mirrored here to restore it after nested calls).
thread_local int t_base_depth = 3;

/// The base depth of a call from Python made now: `frames` Python frames under it, counted
/// against CPython's default limit (a caller's own limit shifts them). Needs the GIL.
int base_depth_here(int frames) {
  return python_frame_depth() + frames + py::kRecursionLimit - Py_GetRecursionLimit();
}

class BaseDepth {
public:
  explicit BaseDepth(int depth) : saved_(t_base_depth) { set(depth); }
  ~BaseDepth() { set(saved_); }
  BaseDepth(const BaseDepth&) = delete;
  BaseDepth& operator=(const BaseDepth&) = delete;

private:
  static void set(int depth) {
    t_base_depth = depth;
    py::FrameGuard::set_base_depth(depth);
  }
  int saved_;
};

/// Sets the thread's keep-alive set for the duration of a call from Python.
class ThreadKeep {
public:
  explicit ThreadKeep(KeepAliveSet* keep) : saved_(set_thread_keep(keep)) {}
  ~ThreadKeep() { set_thread_keep(saved_); }
  ThreadKeep(const ThreadKeep&) = delete;
  ThreadKeep& operator=(const ThreadKeep&) = delete;

private:
  KeepAliveSet* saved_;
};

[[noreturn]] void raise_timeout(const std::string& what) {
  static PyObject* type = error_type("CallTimeout");
  PyErr_SetString(type, what.c_str());
  throw nb::python_error();
}

// ---------------------------------------------------------------------------------------
// DslFunction

const char* const kArgNames[] = {"argument 1", "argument 2", "argument 3", "argument 4",
                                 "argument 5", "argument 6", "argument 7", "argument 8"};

nb::object call_dsl(const DslFunction& f, nb::args args, nb::kwargs kwargs) {
  if (kwargs.size() != 0)
    throw nb::type_error((std::string(py::function_name(f.value)) +
                          "(): battgpu's DSL functions take positional "
                          "arguments only")
                             .c_str());
  ToValue from;
  const std::size_t n = args.size();
  std::vector<py::Value> argv(n);
  for (std::size_t i = 0; i < n; ++i) {
    Path path{nullptr, i < 8 ? kArgNames[i] : "argument", -1};
    argv[i] = from.convert(args[i].ptr(), path);
  }
  KeepAliveSet keep = f.keep;
  keep.insert(keep.end(), from.keep().begin(), from.keep().end());
  ThreadKeep thread_keep(&keep);
  clear_callback_error();
  py::Value result;
  {
    BaseDepth depth(base_depth_here(0));
    result = py::call(f.value, argv.data(), n);
  }
  if (!result.ok())
    raise_error(result.error());
  ToPython to;
  to.remember(from.memo());
  to.keep(keep);
  return to.convert(result);
}

bool is_function_like(nb::handle other, std::string& name) {
  if (!PyCallable_Check(other.ptr()))
    return false;
  PyObject* n = PyObject_GetAttrString(other.ptr(), "__name__");
  if (n == nullptr) {
    PyErr_Clear();
    return false;
  }
  nb::object held = nb::steal(n);
  if (!PyUnicode_Check(n))
    return false;
  Py_ssize_t size = 0;
  const char* s = PyUnicode_AsUTF8AndSize(n, &size);
  if (s == nullptr) {
    PyErr_Clear();
    return false;
  }
  name.assign(s, static_cast<std::size_t>(size));
  return true;
}

// ---------------------------------------------------------------------------------------
// Program

interp::Watchdog& dropin_watchdog() {
  static auto* w = new interp::Watchdog(); // lives as long as the process
  return *w;
}
thread_local bool t_watched = false;

struct PyProgram {
  std::shared_ptr<ProgramCore> core;
  // tokpidjin's runner passes the same S to every call of a task: the last one is kept
  // converted, with its inner tuples (alive as long as it is; all immutable).
  nb::object samples;
  std::unordered_map<PyObject*, py::Value> samples_memo;
};

const char* form_name(const frontend::Program& p) {
  return p.form == frontend::ModuleForm::Batt ? "batt" : "solvers";
}

nb::object build_result(const ProgramCore& core, std::size_t fn, interp::Call& call, ToPython& to) {
  const std::vector<bool>& shape = core.return_lists[fn];
  const std::size_t plain = static_cast<std::size_t>(std::count(shape.begin(), shape.end(), false));
  // Falling off the end returns None.
  if (shape.empty() || call.returned.size() != plain)
    return call.returned.empty() ? nb::none() : to.convert(call.returned.front());
  auto list = [&](const std::vector<py::Value>& items) {
    nb::object l = nb::steal(PyList_New(static_cast<Py_ssize_t>(items.size())));
    for (std::size_t i = 0; i < items.size(); ++i)
      PyList_SET_ITEM(l.ptr(), static_cast<Py_ssize_t>(i), to.convert(items[i]).release().ptr());
    return l;
  };
  std::vector<nb::object> items;
  std::size_t next_plain = 0;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i])
      items.push_back(list(i == 0 ? call.o : call.s));
    else
      items.push_back(to.convert(call.returned[next_plain++]));
  }
  if (items.size() == 1)
    return items.front();
  nb::object t = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(items.size())));
  for (std::size_t i = 0; i < items.size(); ++i)
    PyTuple_SET_ITEM(t.ptr(), static_cast<Py_ssize_t>(i), items[i].release().ptr());
  return t;
}

nb::object call_program(PyProgram& self, std::size_t fn, nb::args args, nb::kwargs kwargs) {
  ProgramCore& core = *self.core;
  const frontend::Function& f = core.program.functions.at(fn);
  const std::size_t n = core.nparams[fn];
  // Python's binding of arguments to parameters, and its messages.
  std::vector<PyObject*> bound(n, nullptr);
  if (args.size() > n)
    throw nb::type_error((f.name + "() takes " + std::to_string(n) + " positional argument" +
                          (n == 1 ? "" : "s") + " but " + std::to_string(args.size()) +
                          (args.size() == 1 ? " was" : " were") + " given")
                             .c_str());
  for (std::size_t i = 0; i < args.size(); ++i)
    bound[i] = args[i].ptr();
  for (auto [key, value] : kwargs) {
    const std::string name = nb::cast<std::string>(key);
    std::size_t i = 0;
    while (i < n && f.locals[i] != name)
      ++i;
    if (i == n)
      throw nb::type_error(
          (f.name + "() got an unexpected keyword argument '" + name + "'").c_str());
    if (bound[i] != nullptr)
      throw nb::type_error((f.name + "() got multiple values for argument '" + name + "'").c_str());
    bound[i] = value.ptr();
  }
  for (std::size_t i = 0; i < n; ++i)
    if (bound[i] == nullptr)
      throw nb::type_error(
          (f.name + "() missing 1 required positional argument: '" + f.locals[i] + "'").c_str());

  // Arguments as values: the grids of S, I and C as tokpidjin's runner reads them.
  const bool batt = core.program.form == frontend::ModuleForm::Batt;
  interp::Call call;
  call.args.resize(n);
  ToValue from;
  for (std::size_t i = 0; i < n; ++i) {
    if (!core.reads_param[fn][i]) {
      call.args[i] = py::Value::none(); // never read: any Python object will do
      continue;
    }
    Path path{nullptr, f.locals[i].c_str(), -1};
    if (batt && i == 1) {
      const bool same = self.samples.is_valid() && self.samples.ptr() == bound[i];
      if (same)
        from.seed(self.samples_memo);
      call.args[i] = from.runner_samples(bound[i], path);
      if (!same && from.immutable()) {
        self.samples = nb::borrow(bound[i]);
        self.samples_memo = from.memo();
      }
    } else if (!batt || i == 2 || i == 3) {
      call.args[i] = from.runner_grid(bound[i], path);
    } else {
      call.args[i] = from.convert(bound[i], path);
    }
  }

  ExecutorPool::Lease executors = core.calls->lease();
  interp::Executor& executor = (*executors).get(fn);
  KeepAliveSet keep = from.keep();
  ThreadKeep thread_keep(&keep);
  clear_callback_error();
  const int depth = base_depth_here(1); // the Python function's own frame too
  const bool timed = core.calls->time_limit() > 0;
  {
    nb::gil_scoped_release release;
    if (timed && !t_watched) {
      dropin_watchdog().attach(); // stops runaway statements at the limit
      t_watched = true;
    }
    BaseDepth base(depth);
    interp::Call* calls[] = {&call};
    executor.run(calls);
  }
  if (call.status == interp::Call::Status::Timeout) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", core.calls->time_limit());
    raise_timeout("battgpu: " + f.name + "() ran past its time limit of " + limit + " s");
  }
  if (call.status == interp::Call::Status::Raised)
    raise_error(py::Error{call.error, call.error_message.c_str()});
  NoCollection no_collection;
  ToPython to;
  to.remember(from.memo());
  to.keep(keep);
  return build_result(core, fn, call, to);
}

// ---------------------------------------------------------------------------------------
// Bulk runs

struct LoadedTasks {
  std::vector<tasks::Task> tasks;
  std::vector<std::pair<std::string, std::string>> errors; // (path, message)
};

/// Task sources in order: a path (file or directory) or an (id, JSON text, label) triple; the
/// files of a path are read on up to `jobs` threads (0: one a core).
LoadedTasks load_tasks(nb::list sources, unsigned jobs) {
  struct Source {
    std::string path, id, text, label;
    bool is_text = false;
  };
  std::vector<Source> list;
  for (nb::handle s : sources) {
    Source src;
    if (nb::isinstance<nb::tuple>(s)) {
      nb::tuple t = nb::borrow<nb::tuple>(s);
      src.is_text = true;
      src.id = nb::cast<std::string>(t[0]);
      src.text = nb::cast<std::string>(t[1]);
      src.label = nb::cast<std::string>(t[2]);
    } else {
      src.path = nb::cast<std::string>(s);
    }
    list.push_back(std::move(src));
  }
  LoadedTasks out;
  nb::gil_scoped_release release;
  for (Source& src : list) {
    if (src.is_text) {
      try {
        out.tasks.push_back(tasks::parse_task(src.text, src.id, src.label));
      } catch (const tasks::TaskError& e) {
        out.errors.emplace_back(src.label, e.what());
      }
      continue;
    }
    tasks::LoadResult r = tasks::load_tasks(std::filesystem::path(src.path), jobs);
    for (tasks::Task& t : r.tasks)
      out.tasks.push_back(std::move(t));
    for (tasks::LoadError& e : r.errors)
      out.errors.emplace_back(e.path, e.message);
  }
  return out;
}

const char* status_name(interp::Call::Status s) {
  switch (s) {
  case interp::Call::Status::Ok:
    return "ok";
  case interp::Call::Status::Raised:
    return "raised";
  case interp::Call::Status::Timeout:
    return "timeout";
  }
  return "ok";
}

nb::object task_results(BulkTask& task, nb::handle math_nan) {
  // One conversion per task: the grids of S shared by its calls become shared tuples.
  NoCollection no_collection;
  ToPython to;
  if (!math_nan.is_none())
    to.math_nan_as(math_nan.ptr());
  nb::str id(task.id.c_str(), task.id.size());
  nb::object results = nb::steal(PyList_New(static_cast<Py_ssize_t>(task.calls.size())));
  for (std::size_t i = 0; i < task.calls.size(); ++i) {
    BulkCall& c = task.calls[i];
    auto list = [&](const std::vector<py::Value>& items) {
      nb::object l = nb::steal(PyList_New(static_cast<Py_ssize_t>(items.size())));
      for (std::size_t k = 0; k < items.size(); ++k)
        PyList_SET_ITEM(l.ptr(), static_cast<Py_ssize_t>(k), to.convert(items[k]).release().ptr());
      return l;
    };
    nb::object o, s;
    try {
      o = list(c.call.o);
      s = list(c.call.s);
    } catch (nb::python_error& e) {
      // A value nested past the recursion limit cannot become a Python object: the call is
      // given as raising that error, without its lists, as its record would be; the other
      // calls keep theirs.
      if (!e.matches(PyExc_RecursionError))
        throw;
      c.call.status = interp::Call::Status::Raised;
      c.call.error = py::Exc::RecursionError;
      c.call.error_message = "maximum recursion depth exceeded while converting the call's lists";
      o = nb::steal(PyList_New(0));
      s = nb::steal(PyList_New(0));
    }
    nb::object error = nb::none();
    if (c.call.status == interp::Call::Status::Raised) {
      std::string e(py::exc_name(c.call.error));
      if (!c.call.error_message.empty())
        e += ": " + c.call.error_message;
      error = nb::str(e.c_str(), e.size());
    } else if (c.call.status == interp::Call::Status::Timeout) {
      error = nb::str("timeout");
    }
    nb::tuple rec = nb::make_tuple(id, nb::str(c.split.c_str(), c.split.size()), c.index,
                                   status_name(c.call.status), o, s, error, c.call.seconds);
    PyList_SET_ITEM(results.ptr(), static_cast<Py_ssize_t>(i), rec.release().ptr());
  }
  return results;
}

BulkOptions bulk_options(bool score, double time_limit, unsigned jobs, std::size_t block_tasks) {
  BulkOptions o;
  o.score = score;
  o.time_limit = time_limit;
  o.jobs = jobs;
  o.block_tasks = block_tasks;
  return o;
}

nb::list error_list(const LoadedTasks& loaded) {
  nb::list errors;
  for (const auto& [path, message] : loaded.errors)
    errors.append(nb::make_tuple(path, message));
  return errors;
}

} // namespace
} // namespace battgpu::python

using namespace battgpu;
using namespace battgpu::python;

NB_MODULE(_core, m) {
  m.doc() = "battgpu's C++ DSL and program runner (use the battgpu package)";
  // One DslFunction per DSL function and the Python tuples of the shared grid cells are made
  // once and kept for the life of the process, as a module's globals are: not leaks.
  nb::set_leak_warnings(false);

  auto dsl_function =
      nb::class_<DslFunction>(m, "DslFunction",
                              "A DSL function or closure: callable on Python values; compares "
                              "equal to any callable of the same __name__");
  dsl_function.def("__call__", &call_dsl)
      .def_prop_ro(
          "dialect",
          [](const DslFunction& f) -> nb::object {
            if (f.value.kind() != py::Kind::Function)
              return nb::none();
            return nb::str(
                std::string(dialects::dialect_name(f.value.as_builtin()->dialect)).c_str());
          })
      .def_prop_ro("is_closure",
                   [](const DslFunction& f) { return f.value.kind() == py::Kind::Closure; })
      .def("__eq__",
           [](const DslFunction& f, nb::handle other) -> nb::object {
             std::string name;
             if (!is_function_like(other, name))
               return nb::borrow(Py_NotImplemented);
             return nb::bool_(name == py::function_name(f.value));
           })
      .def("__ne__",
           [](const DslFunction& f, nb::handle other) -> nb::object {
             std::string name;
             if (!is_function_like(other, name))
               return nb::borrow(Py_NotImplemented);
             return nb::bool_(name != py::function_name(f.value));
           })
      .def("__hash__",
           [](const DslFunction& f) {
             return nb::hash(nb::str(std::string(py::function_name(f.value)).c_str()));
           })
      .def("__repr__",
           [](const DslFunction& f) {
             const std::string name(py::function_name(f.value));
             if (f.value.kind() == py::Kind::Function)
               return "<battgpu " +
                      std::string(dialects::dialect_name(f.value.as_builtin()->dialect)) +
                      " function " + name + ">";
             return "<battgpu closure " + name + ">";
           })
      .def("__reduce__", [](const DslFunction& f) -> nb::object {
        if (f.value.kind() == py::Kind::Function) {
          const py::Builtin* fn = f.value.as_builtin();
          return nb::make_tuple(nb::module_::import_("battgpu._types").attr("dsl_function"),
                                nb::make_tuple(std::string(dialects::dialect_name(fn->dialect)),
                                               std::string(module_name_of(fn))));
        }
        // A closure travels by name only (what a pipeline compares).
        return nb::make_tuple(nb::module_::import_("battgpu._types").attr("FunctionName"),
                              nb::make_tuple(std::string(py::function_name(f.value))));
      });
  {
    // `__name__` as an instance property: setting it on the class would rename the class, so
    // it goes into the type's dictionary directly.
    nb::object name = nb::cpp_function(
        [](const DslFunction& f) { return std::string(py::function_name(f.value)); });
    nb::object property = nb::module_::import_("builtins").attr("property")(name);
    auto* type = reinterpret_cast<PyTypeObject*>(dsl_function.ptr());
    for (const char* key : {"__name__", "__qualname__"})
      if (PyDict_SetItemString(type->tp_dict, key, property.ptr()) != 0)
        throw nb::python_error();
    PyType_Modified(type);
  }

  m.def("_function", [](const std::string& dialect, const std::string& name) -> nb::object {
    auto d = dialects::dialect_from_name(dialect);
    if (!d)
      throw nb::value_error(("battgpu: no dialect " + dialect).c_str());
    const py::Builtin* fn = dialects::module(*d).find_function(name);
    if (fn == nullptr)
      throw nb::value_error(("battgpu: " + dialect + " has no function " + name).c_str());
    return function_object(fn);
  });

  m.def(
      "dsl_entries",
      [](const std::string& dialect) {
        auto d = dialects::dialect_from_name(dialect);
        if (!d)
          throw nb::value_error(("battgpu: no dialect " + dialect).c_str());
        nb::list out;
        ToPython to;
        for (const auto& e : dialects::module(*d).entries())
          out.append(nb::make_tuple(std::string(e.name), to.convert(e.value)));
        return out;
      },
      "dialect"_a, "Every public name of a dialect's module and its value, in module order.");

  m.def(
      "canonical",
      [](nb::handle value, bool iteration_order) {
        ToValue from;
        Path path{nullptr, "value", -1};
        py::Value v = from.convert(value.ptr(), path);
        return py::to_canonical(v, iteration_order ? py::SetListing::IterationOrder
                                                   : py::SetListing::Sorted);
      },
      "value"_a.none(), "iteration_order"_a = false,
      "The canonical JSON of a value (SPEC section 7), as battgpu's records write it.");

  m.def(
      "_hash",
      [](nb::handle value) {
        ToValue from;
        Path path{nullptr, "value", -1};
        return py::hash(from.convert(value.ptr(), path));
      },
      "value"_a.none(),
      "battgpu's hash of a value (CPython 3.11's, as the reference runs compute it).");

  nb::class_<PyProgram>(m, "Program")
      .def_prop_ro("path", [](const PyProgram& p) { return p.core->path; })
      .def_prop_ro("source", [](const PyProgram& p) { return p.core->source; })
      .def_prop_ro("dialect",
                   [](const PyProgram& p) {
                     return std::string(dialects::dialect_name(p.core->program.dialect));
                   })
      .def_prop_ro("form", [](const PyProgram& p) { return form_name(p.core->program); })
      .def_prop_ro("time_limit", [](const PyProgram& p) { return p.core->calls->time_limit(); })
      .def_prop_ro("warnings", [](const PyProgram& p) { return p.core->warnings; })
      .def_prop_ro("function_names",
                   [](const PyProgram& p) {
                     std::vector<std::string> names;
                     for (const auto& f : p.core->program.functions)
                       names.push_back(f.name);
                     return names;
                   })
      .def("_find",
           [](const PyProgram& p, const std::string& name) { return p.core->find_function(name); })
      .def("_call", &call_program);

  m.def(
      "_load",
      [](std::string source, std::string path, std::optional<std::string> dialect,
         double time_limit) -> nb::object {
        std::optional<py::Dialect> d;
        if (dialect) {
          d = dialects::dialect_from_name(*dialect);
          if (!d)
            throw nb::value_error("battgpu: dialect must be 'tokpidjin' or 'arc-dsl'");
        }
        std::vector<std::string> errors;
        std::shared_ptr<ProgramCore> core;
        {
          nb::gil_scoped_release release;
          core = load_program(std::move(source), path, d, time_limit, errors);
        }
        if (!core)
          return nb::cast(errors);
        return nb::cast(PyProgram{std::move(core), {}, {}}, nb::rv_policy::move);
      },
      "source"_a, "path"_a, "dialect"_a.none(), "time_limit"_a);

  nb::class_<ValuesRun>(m, "_ValuesRun")
      .def_prop_ro("total", &ValuesRun::total)
      .def_prop_ro("jobs", &ValuesRun::jobs)
      .def(
          "next",
          [](ValuesRun& r, nb::handle math_nan) -> nb::object {
            BulkTask task;
            while (true) {
              int got;
              {
                nb::gil_scoped_release release;
                got = r.next(task, 0.1);
              }
              if (got < 0)
                return nb::none();
              if (got > 0) {
                nb::object results = task_results(task, math_nan);
                r.retire(std::move(task)); // its values are freed by a worker
                return results;
              }
              if (PyErr_CheckSignals() != 0)
                throw nb::python_error();
            }
          },
          "math_nan"_a = nb::none());

  m.def(
      "_values_run",
      [](const PyProgram& p, nb::list sources, bool score, double time_limit, unsigned jobs,
         std::size_t block_tasks) {
        LoadedTasks loaded = load_tasks(sources, jobs);
        nb::list errors = error_list(loaded);
        auto* run = new ValuesRun(p.core, std::move(loaded.tasks),
                                  bulk_options(score, time_limit, jobs, block_tasks));
        return nb::make_tuple(nb::cast(run, nb::rv_policy::take_ownership), errors);
      },
      "program"_a, "sources"_a, "score"_a, "time_limit"_a, "jobs"_a, "block_tasks"_a);

  nb::class_<RecordsRun>(m, "_RecordsRun")
      .def_prop_ro("total", &RecordsRun::total)
      .def_prop_ro("tasks_done", &RecordsRun::tasks_done)
      .def("next",
           [](RecordsRun& r) -> nb::object {
             while (true) {
               std::vector<std::string> lines;
               {
                 nb::gil_scoped_release release;
                 lines = r.next(0.1);
               }
               if (!lines.empty())
                 return nb::cast(lines);
               if (r.finished())
                 return nb::none();
               if (PyErr_CheckSignals() != 0)
                 throw nb::python_error();
             }
           })
      .def("summary", [](const RecordsRun& r) {
        const interp::RunSummary& s = r.summary();
        std::size_t solved = 0;
        for (const auto& t : s.tasks)
          solved += t.solved;
        nb::dict d;
        d["tasks"] = s.tasks.size();
        d["solved_tasks"] = solved;
        d["calls"] = s.calls;
        d["raised"] = s.raised;
        d["timeouts"] = s.timeouts;
        d["o_records"] = s.o_records;
        d["s_records"] = s.s_records;
        d["wall_seconds"] = s.wall_seconds;
        d["jobs"] = s.jobs;
        return d;
      });

  m.def(
      "_records_run",
      [](const PyProgram& p, nb::list sources, bool score, double time_limit, unsigned jobs,
         std::size_t block_tasks) {
        LoadedTasks loaded = load_tasks(sources, jobs);
        nb::list errors = error_list(loaded);
        auto* run = new RecordsRun(p.core, std::move(loaded.tasks),
                                   bulk_options(score, time_limit, jobs, block_tasks));
        return nb::make_tuple(nb::cast(run, nb::rv_policy::take_ownership), errors);
      },
      "program"_a, "sources"_a, "score"_a, "time_limit"_a, "jobs"_a, "block_tasks"_a);

  m.def("build_info", [] {
    nb::dict d;
    d["version"] = BATTGPU_VERSION;
#ifdef BATTGPU_PYTHON_WITH_RUNTIME
    d["cuda"] = runtime::cuda_compiled();
#else
    d["cuda"] = false;
#endif
    d["hardware_threads"] = std::thread::hardware_concurrency();
    return d;
  });

  m.def("devices", [] {
    nb::list out;
#ifdef BATTGPU_PYTHON_WITH_RUNTIME
    for (const runtime::DeviceInfo& dev : runtime::usable_devices()) {
      nb::dict d;
      d["ordinal"] = dev.ordinal;
      d["name"] = dev.name;
      d["total_memory"] = dev.total_memory;
      d["free_memory"] = dev.free_memory;
      d["compute_capability"] = nb::make_tuple(dev.compute_major, dev.compute_minor);
      out.append(d);
    }
#endif
    return out;
  });
}
