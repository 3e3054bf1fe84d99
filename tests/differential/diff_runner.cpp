// battgpu-diff: runs the cases that gen_cases.py (or record_arcdsl_tests.py) evaluated in the
// Python reference through the C++ dialect, and compares the results as text.
//
// A case file is JSON lines (README.md): a header, shared values (`{"def": K, "value": E}`),
// then cases (`{"id", "fn", "args", "expect"}`). Arguments are build instructions decoded here
// the way dslcases.py decodes them in Python (a frozenset is rebuilt by inserting its elements
// in the listed order, so both sides hold the same hash tables); every DSL call goes through
// py::call, so tokpidjin's wrapper and the frame count apply as in a program.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/tasks/json.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace py = battgpu::py;
namespace json = battgpu::json;
namespace dialects = battgpu::dialects;
using py::Value;

constexpr const char* kFormat = "battgpu-diff-cases/1";

constexpr const char* kUsage = R"(usage: battgpu-diff [options] CASES.jsonl

Runs differential test cases (written by gen_cases.py or record_arcdsl_tests.py from the
Python reference) through battgpu's C++ DSL and compares every result with the reference's.

options:
  --dialect D          arc-dsl or tokpidjin (default: the case file's; must match it)
  --known FILE         known differences: lines `dialect function reason`, '#' comments
  --show N             mismatches shown per function (default 3)
  --width N            characters shown of each argument and result (default 300, 0: all)
  --functions a,b,...  run only the cases of these functions
  --all-functions      also check that the public names of the reference module (listed in the
                       case file's header) are those of the C++ module, and that every public
                       function has cases
  --allow-unimplemented  functions whose only failures are Unimplemented do not fail the run
  --strict             mismatches in fragile cases fail the run too (cases whose arguments
                       hold None, a NaN, or a function in a container: CPython hashes those
                       by address, so the reference's choices among them may not be
                       reproducible; by default they are reported but do not fail)
  --timeout-ms N       per-case time limit in C++ (default 5000)
  --json               write the report as JSON on stdout instead of text
  --quiet              text report without the per-function table
  -h, --help           this text

exit status:
  0  every mismatching function is a known difference (and, with --all-functions, the names
     agree and every function has cases)
  1  some function mismatches and is not listed as a known difference, or a names/coverage
     check failed
  2  usage error, unreadable or malformed case file, or a dialect that does not match
)";

// ---------------------------------------------------------------------------- options

struct Options {
  std::string cases_path;
  std::optional<std::string> dialect;
  std::optional<std::string> known_path;
  int show = 3;
  std::size_t width = 300;
  std::set<std::string> functions;
  bool all_functions = false;
  bool allow_unimplemented = false;
  bool strict = false;
  int timeout_ms = 5000;
  bool json = false;
  bool quiet = false;
};

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A malformed case file (exit status 2).
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

int parse_int(const std::string& flag, const char* text) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 0 || v > 1000000000)
    throw UsageError(flag + " expects a non-negative integer");
  return static_cast<int>(v);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc)
        throw UsageError(a + " expects a value");
      return argv[++i];
    };
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      std::exit(0);
    } else if (a == "--dialect") {
      o.dialect = next();
    } else if (a == "--known") {
      o.known_path = next();
    } else if (a == "--show") {
      o.show = parse_int(a, next());
    } else if (a == "--width") {
      o.width = static_cast<std::size_t>(parse_int(a, next()));
    } else if (a == "--functions") {
      std::stringstream list(next());
      std::string name;
      while (std::getline(list, name, ','))
        if (!name.empty())
          o.functions.insert(name);
    } else if (a == "--all-functions") {
      o.all_functions = true;
    } else if (a == "--allow-unimplemented") {
      o.allow_unimplemented = true;
    } else if (a == "--strict") {
      o.strict = true;
    } else if (a == "--timeout-ms") {
      o.timeout_ms = parse_int(a, next());
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--quiet") {
      o.quiet = true;
    } else if (!a.empty() && a[0] == '-') {
      throw UsageError("unknown option " + a);
    } else if (o.cases_path.empty()) {
      o.cases_path = a;
    } else {
      throw UsageError("more than one case file");
    }
  }
  if (o.cases_path.empty())
    throw UsageError("no case file");
  if (o.dialect && !dialects::dialect_from_name(*o.dialect))
    throw UsageError("unknown dialect " + *o.dialect);
  return o;
}

// ---------------------------------------------------------------------------- JSON helpers

const json::Value& member(const json::Value& obj, std::string_view key) {
  const json::Value* v = obj.find(key);
  if (v == nullptr)
    throw InputError("missing member \"" + std::string(key) + "\"");
  return *v;
}

std::vector<std::string> string_list(const json::Value& v) {
  std::vector<std::string> out;
  for (const json::Value& e : v.items())
    if (e.is_string())
      out.push_back(e.text());
  return out;
}

/// Compact JSON text of a parsed value, with shared values ({"ref": K}) written out, so that
/// a reader sees what the arguments were.
void write_json(std::string& out, const json::Value& v, const std::vector<json::Value>& defs,
                std::size_t limit) {
  if (limit != 0 && out.size() > limit)
    return;
  switch (v.kind()) {
  case json::Value::Kind::Null:
    out += "null";
    return;
  case json::Value::Kind::Boolean:
    out += v.as_bool() ? "true" : "false";
    return;
  case json::Value::Kind::Number:
    out += v.text();
    return;
  case json::Value::Kind::String:
    out += json::quote(v.text());
    return;
  case json::Value::Kind::Array: {
    out.push_back('[');
    bool first = true;
    for (const json::Value& e : v.items()) {
      if (!first)
        out.push_back(',');
      first = false;
      write_json(out, e, defs, limit);
    }
    out.push_back(']');
    return;
  }
  case json::Value::Kind::Object: {
    if (v.members().size() == 1 && v.members()[0].first == "ref") {
      auto k = v.members()[0].second.as_int64();
      if (k && *k >= 0 && static_cast<std::size_t>(*k) < defs.size()) {
        write_json(out, defs[static_cast<std::size_t>(*k)], defs, limit);
        return;
      }
    }
    out.push_back('{');
    bool first = true;
    for (const auto& [key, e] : v.members()) {
      if (!first)
        out.push_back(',');
      first = false;
      out += json::quote(key);
      out.push_back(':');
      write_json(out, e, defs, limit);
    }
    out.push_back('}');
    return;
  }
  }
}

std::string shorten(std::string s, std::size_t width) {
  if (width != 0 && s.size() > width) {
    s.resize(width);
    s += "...";
  }
  return s;
}

// ---------------------------------------------------------------------------- decoding

/// Decodes argument encodings into values, making their DSL calls (dslcases.Evaluator's
/// rules: left to right, depth first; the first exception is the value of the whole).
class Decoder {
public:
  explicit Decoder(const dialects::Module& module) : module_(module) {}

  /// Defines shared value K (definitions come in order 0, 1, 2, ...).
  void define(std::int64_t k, const json::Value& e) {
    if (k != static_cast<std::int64_t>(defs_.size()))
      throw InputError("shared values must be defined in order");
    defs_.push_back(decode(e));
    def_json_.push_back(e);
  }

  Value decode(const json::Value& e) {
    switch (e.kind()) {
    case json::Value::Kind::Number: {
      auto i = e.as_int64();
      if (!i)
        throw InputError("a number that is not a 64-bit integer: " + e.text());
      return Value::integer(*i);
    }
    case json::Value::Kind::String:
      return py::make_str(e.text());
    case json::Value::Kind::Array: {
      std::vector<Value> items;
      items.reserve(e.items().size());
      for (const json::Value& x : e.items()) {
        Value v = decode(x);
        if (!v.ok())
          return v;
        items.push_back(std::move(v));
      }
      return py::tuple_of(items);
    }
    case json::Value::Kind::Object:
      return decode_object(e);
    default:
      throw InputError(std::string("unexpected JSON ") + json::kind_name(e.kind()));
    }
  }

  /// What running a case gave.
  struct Outcome {
    Value value;
    bool missing = false;     ///< the function or constant has no C++ counterpart
    bool args_failed = false; ///< decoding an argument raised (value is that exception)
  };

  /// Runs a case: its arguments decoded, then its call.
  Outcome run_case(const std::string& fn, const json::Value& args) {
    Outcome out;
    std::vector<Value> argv;
    for (const json::Value& x : args.items()) {
      Value v = decode(x);
      if (!v.ok()) {
        out.value = std::move(v);
        out.args_failed = true;
        return out;
      }
      argv.push_back(std::move(v));
    }
    if (fn == "@call") {
      if (argv.empty())
        throw InputError("@call without a callee");
      out.value = py::call(argv[0], argv.data() + 1, argv.size() - 1);
      return out;
    }
    if (fn == "@constant") {
      if (argv.size() != 1 || !argv[0].is(py::Kind::Str))
        throw InputError("@constant expects one name");
      const Value* c = module_.find(py::as_str(argv[0]));
      out.missing = c == nullptr;
      out.value = c != nullptr ? *c : Value::none();
      return out;
    }
    const py::Builtin* f = module_.find_function(fn);
    out.missing = f == nullptr;
    out.value =
        f != nullptr ? py::call(Value::function(f), argv.data(), argv.size()) : Value::none();
    return out;
  }

  const std::vector<json::Value>& def_json() const { return def_json_; }

private:
  Value decode_object(const json::Value& e) {
    if (e.members().empty())
      throw InputError("an empty object is no encoding");
    if (const json::Value* name = e.find("call"))
      return decode_call(*name, member(e, "args"));
    const std::string& key = e.members()[0].first;
    const json::Value& x = e.members()[0].second;
    if (key == "bool" && x.is_bool())
      return Value::boolean(x.as_bool());
    if (key == "none")
      return Value::none();
    if (key == "float") {
      if (x.is_null())
        return py::math_nan();
      if (x.is_string() && x.text() == "inf")
        return Value::floating(HUGE_VAL);
      if (x.is_string() && x.text() == "-inf")
        return Value::floating(-HUGE_VAL);
      if (x.is_number())
        return Value::floating(std::strtod(x.text().c_str(), nullptr));
      throw InputError("bad float encoding");
    }
    if (key == "frozenset" && x.is_array()) {
      py::SetTable table;
      for (const json::Value& item : x.items()) {
        Value v = decode(item);
        if (!v.ok())
          return v;
        table.add(std::move(v));
      }
      return py::make_frozenset(std::move(table));
    }
    if (key == "function" && x.is_string()) {
      const py::Builtin* f = module_.find_function(x.text());
      if (f == nullptr)
        return py::Error{py::Exc::NameError, "no such DSL function in C++"};
      return Value::function(f);
    }
    if (key == "ref") {
      auto k = x.as_int64();
      if (!k || *k < 0 || static_cast<std::size_t>(*k) >= defs_.size())
        throw InputError("reference to an undefined shared value");
      return defs_[static_cast<std::size_t>(*k)];
    }
    throw InputError("unknown encoding \"" + key + "\"");
  }

  /// {"call": name, "args": [...]}: the arguments, then the DSL function's call.
  Value decode_call(const json::Value& name, const json::Value& args) {
    if (!name.is_string() || !args.is_array())
      throw InputError("bad call encoding");
    std::vector<Value> argv;
    for (const json::Value& a : args.items()) {
      Value v = decode(a);
      if (!v.ok())
        return v;
      argv.push_back(std::move(v));
    }
    const py::Builtin* f = module_.find_function(name.text());
    if (f == nullptr)
      return py::Error{py::Exc::NameError, "no such DSL function in C++"};
    return py::call(Value::function(f), argv.data(), argv.size());
  }

  const dialects::Module& module_;
  std::vector<Value> defs_;
  std::vector<json::Value> def_json_;
};

// ---------------------------------------------------------------------------- result text

/// Whether None hashes the same in the reference and here (the header's "none_stable").
bool g_none_stable = false;

/// True when v is, or holds through tuples and frozensets, a value that CPython hashes by
/// address (a NaN, a function; None unless g_none_stable): a set of such values has no
/// reproducible order.
bool unstable(const Value& v) {
  switch (v.kind()) {
  case py::Kind::None:
    return !g_none_stable;
  case py::Kind::Function:
  case py::Kind::Closure:
    return true;
  case py::Kind::Float:
    return std::isnan(v.as_float());
  case py::Kind::Tuple:
    for (const Value& e : py::as_tuple(v))
      if (unstable(e))
        return true;
    return false;
  case py::Kind::FrozenSet: {
    bool any = false;
    py::as_set_table(v).for_each([&](const Value& e) { any = any || unstable(e); });
    return any;
  }
  default:
    return false;
  }
}

bool holds_unstable_set(const Value& v) {
  if (v.is_tuple()) {
    for (const Value& e : py::as_tuple(v))
      if (holds_unstable_set(e))
        return true;
    return false;
  }
  if (v.is_frozenset()) {
    bool any = false;
    py::as_set_table(v).for_each(
        [&](const Value& e) { any = any || unstable(e) || holds_unstable_set(e); });
    return any;
  }
  return false;
}

/// to_canonical(v, IterationOrder), except that a frozenset of address-hashed values is
/// listed in canonical order (dslcases.canonical does the same).
void write_result(std::string& out, const Value& v) {
  if (v.is_tuple()) {
    out.push_back('[');
    bool first = true;
    for (const Value& e : py::as_tuple(v)) {
      if (!first)
        out.push_back(',');
      first = false;
      write_result(out, e);
    }
    out.push_back(']');
    return;
  }
  if (v.is_frozenset()) {
    std::vector<Value> items;
    bool sort = false;
    py::as_set_table(v).for_each([&](const Value& e) {
      sort = sort || unstable(e);
      items.push_back(e);
    });
    if (sort)
      std::stable_sort(items.begin(), items.end(), py::canonical_less);
    out += "{\"frozenset\":[";
    bool first = true;
    for (const Value& e : items) {
      if (!first)
        out.push_back(',');
      first = false;
      write_result(out, e);
    }
    out += "]}";
    return;
  }
  py::write_canonical(out, v, py::SetListing::IterationOrder);
}

std::string result_text(const Value& v) {
  if (!v.ok())
    return "{\"raises\":\"" + std::string(py::exc_name(v.error().type)) + "\"}";
  if (!holds_unstable_set(v))
    return py::to_canonical(v, py::SetListing::IterationOrder);
  std::string out;
  write_result(out, v);
  return out;
}

// ---------------------------------------------------------------------------- time limit

/// Cancels a case that runs past the limit, through py's per-thread cancel flag (every
/// py::call then fails with Timeout).
class Watchdog {
public:
  explicit Watchdog(int limit_ms) : limit_(limit_ms) {
    py::set_thread_cancel_flag(&cancel_);
    if (limit_ms > 0)
      thread_ = std::thread([this] { loop(); });
  }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    if (thread_.joinable())
      thread_.join();
    py::set_thread_cancel_flag(nullptr);
  }
  void start() {
    std::lock_guard<std::mutex> lock(mutex_);
    cancel_.store(false);
    started_ = std::chrono::steady_clock::now();
    active_ = true;
  }
  void finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    active_ = false;
    cancel_.store(false);
  }

private:
  void loop() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      std::lock_guard<std::mutex> lock(mutex_);
      if (stop_)
        return;
      if (active_ && std::chrono::steady_clock::now() - started_ > limit_)
        cancel_.store(true);
    }
  }

  std::chrono::milliseconds limit_;
  std::atomic<bool> cancel_{false};
  std::mutex mutex_;
  std::chrono::steady_clock::time_point started_;
  bool active_ = false;
  bool stop_ = false;
  std::thread thread_;
};

// A crash names the case it happened in.
char g_current_case[256] = "battgpu-diff: crashed before the first case\n";

extern "C" void on_crash(int sig) {
  const ssize_t n = static_cast<ssize_t>(std::strlen(g_current_case));
  [[maybe_unused]] ssize_t w = write(2, g_current_case, static_cast<std::size_t>(n));
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// ---------------------------------------------------------------------------- the run

struct Mismatch {
  std::int64_t id = 0;
  std::string args, expected, got;
};

/// Why a case differs: the function's own result, a stub, an argument that C++ could not
/// build (a closure made by a function that is still a stub, say), or a case marked fragile
/// (its arguments hold values whose reference results depend on object addresses: NaNs and
/// functions hash by address, `str(<generator>)` holds one; dslcases.Fragility).
enum class Cause { Differs, Unimplemented, ArgumentUnimplemented, ArgumentDiffers, Fragile };
constexpr int kCauses = 5;

struct FunctionStats {
  std::int64_t cases = 0;
  std::int64_t matches = 0;
  std::int64_t by_cause[kCauses] = {}; // mismatching cases by Cause
  bool missing = false;                // no such name in the C++ module
  std::vector<Mismatch> shown[kCauses];
  std::int64_t mismatches() const { return cases - matches; }
  std::int64_t count(Cause c) const { return by_cause[static_cast<int>(c)]; }
  /// No mismatch but stubs (the function's own, or one its arguments need) and fragile ones.
  bool only_unimplemented() const {
    return count(Cause::Differs) == 0 && count(Cause::ArgumentDiffers) == 0;
  }
  /// Mismatches that fail the run: fragile ones only with --strict, stubs unless
  /// --allow-unimplemented.
  std::int64_t failing(bool strict, bool allow_unimplemented) const {
    std::int64_t n = count(Cause::Differs) + count(Cause::ArgumentDiffers);
    if (strict)
      n += count(Cause::Fragile);
    if (!allow_unimplemented)
      n += count(Cause::Unimplemented) + count(Cause::ArgumentUnimplemented);
    return n;
  }
  /// Every case the function itself ran raised Unimplemented.
  bool unimplemented() const {
    return count(Cause::Unimplemented) > 0 &&
           count(Cause::Unimplemented) + count(Cause::ArgumentUnimplemented) == cases;
  }
};

struct KnownDifference {
  std::string function, reason;
};

struct Report {
  std::string dialect;
  std::string generator;
  std::int64_t base_depth = 0;
  std::vector<std::string> functions;  // the reference's public functions (header)
  std::vector<std::string> extensions; // of which SPEC's batt extensions (arc-dsl)
  std::vector<std::string> constants;
  std::map<std::string, FunctionStats> stats;
  std::vector<std::string> order; // functions in the order their cases came
  std::int64_t cases = 0, matches = 0;
  double seconds = 0;
  std::vector<std::string> missing_in_cpp, extra_in_cpp, no_cases;
  std::map<std::string, KnownDifference> known;
  std::vector<std::string> failing; // mismatching functions not known
  bool names_ok = true;
  bool ok = true;
};

std::map<std::string, KnownDifference> read_known(const std::string& path,
                                                  const std::string& dialect) {
  std::ifstream in(path);
  if (!in)
    throw UsageError("cannot read " + path);
  std::map<std::string, KnownDifference> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const auto hash = line.find('#');
    if (hash != std::string::npos)
      line.resize(hash);
    std::istringstream words(line);
    std::string d, fn, reason, word;
    if (!(words >> d))
      continue;
    if (!(words >> fn))
      throw UsageError(path + ":" + std::to_string(number) +
                       ": expected `dialect function reason`");
    while (words >> word)
      reason += (reason.empty() ? "" : " ") + word;
    if (!dialects::dialect_from_name(d))
      throw UsageError(path + ":" + std::to_string(number) + ": unknown dialect " + d);
    if (reason.empty())
      throw UsageError(path + ":" + std::to_string(number) + ": a known difference needs a reason");
    if (dialects::dialect_name(*dialects::dialect_from_name(d)) == dialect)
      out[fn] = {fn, reason};
  }
  return out;
}

Report run(const Options& opt) {
  std::ifstream in(opt.cases_path);
  if (!in)
    throw UsageError("cannot read " + opt.cases_path);
  Report report;
  std::string line;
  std::int64_t line_number = 0;
  auto parse_line = [&](const std::string& text) {
    try {
      return json::parse(text);
    } catch (const json::ParseError& e) {
      throw InputError(opt.cases_path + ":" + std::to_string(line_number) + ":" +
                       std::to_string(e.position().column) + ": " + e.message());
    }
  };

  // The header.
  if (!std::getline(in, line))
    throw InputError(opt.cases_path + ": empty case file");
  ++line_number;
  json::Value head = parse_line(line);
  if (!head.is_object() || head.find("format") == nullptr ||
      member(head, "format").text() != kFormat)
    throw InputError(opt.cases_path + ": not a case file of format " + kFormat);
  const auto dialect = dialects::dialect_from_name(member(head, "dialect").text());
  if (!dialect)
    throw InputError("unknown dialect in the case file");
  report.dialect = std::string(dialects::dialect_name(*dialect));
  if (opt.dialect &&
      dialects::dialect_name(*dialects::dialect_from_name(*opt.dialect)) != report.dialect)
    throw InputError("the case file is of dialect " + report.dialect + ", not " + *opt.dialect);
  report.generator = head.find("generator") ? member(head, "generator").text() : "";
  report.functions = string_list(member(head, "functions"));
  if (const json::Value* e = head.find("extensions"))
    report.extensions = string_list(*e);
  if (const json::Value* c = head.find("constants"))
    report.constants = string_list(*c);
  report.base_depth = member(head, "base_depth").as_int64().value_or(3);
  if (const json::Value* limit = head.find("recursion_limit");
      limit != nullptr && limit->as_int64().value_or(0) != py::kRecursionLimit)
    std::cerr << "battgpu-diff: warning: the reference ran with recursion limit " << limit->text()
              << ", battgpu::py models " << py::kRecursionLimit << "\n";
  py::FrameGuard::set_base_depth(static_cast<int>(report.base_depth));
  // Sets holding None are compared in iteration order only when the reference hashed None
  // as battgpu::py does.
  const json::Value* none_stable = head.find("none_stable");
  g_none_stable = none_stable != nullptr && none_stable->is_bool() && none_stable->as_bool();
  if (const json::Value* h = head.find("hash_none");
      h != nullptr && h->as_int64() && *h->as_int64() != py::hash(Value::none())) {
    g_none_stable = false;
    std::cerr << "battgpu-diff: warning: the reference hashed None as " << h->text()
              << ", battgpu::py as " << py::hash(Value::none())
              << ": sets holding None are compared sorted\n";
  }
  if (opt.known_path)
    report.known = read_known(*opt.known_path, report.dialect);

  const dialects::Module& module = dialects::module(*dialect);
  Decoder decoder(module);
  Watchdog watchdog(opt.timeout_ms);
  const auto started = std::chrono::steady_clock::now();

  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty())
      continue;
    json::Value doc = parse_line(line);
    try {
      if (const json::Value* def = doc.find("def")) {
        std::snprintf(g_current_case, sizeof g_current_case,
                      "battgpu-diff: crashed decoding shared value %s (line %lld)\n",
                      def->text().c_str(), static_cast<long long>(line_number));
        watchdog.start();
        decoder.define(def->as_int64().value_or(-1), member(doc, "value"));
        watchdog.finish();
        continue;
      }
      const std::string& fn = member(doc, "fn").text();
      if (!opt.functions.empty() && !opt.functions.count(fn))
        continue;
      const json::Value& args = member(doc, "args");
      const std::string& expected = member(doc, "expect").text();
      const std::int64_t id = member(doc, "id").as_int64().value_or(-1);
      std::snprintf(g_current_case, sizeof g_current_case,
                    "battgpu-diff: crashed in case %lld (%s, line %lld)\n",
                    static_cast<long long>(id), fn.c_str(), static_cast<long long>(line_number));

      auto [it, fresh] = report.stats.try_emplace(fn);
      if (fresh)
        report.order.push_back(fn);
      FunctionStats& st = it->second;
      watchdog.start();
      Decoder::Outcome outcome = decoder.run_case(fn, args);
      watchdog.finish();
      ++st.cases;
      ++report.cases;
      const Value& result = outcome.value;
      const std::string got =
          outcome.missing ? "(no such name in the C++ module)" : result_text(result);
      st.missing = st.missing || outcome.missing;
      if (got == expected) {
        ++st.matches;
        ++report.matches;
        continue;
      }
      const bool stub = !result.ok() && result.error().type == py::Exc::Unimplemented;
      const json::Value* fragile = doc.find("fragile");
      const Cause cause = outcome.args_failed
                              ? (stub ? Cause::ArgumentUnimplemented : Cause::ArgumentDiffers)
                          : stub                                     ? Cause::Unimplemented
                          : fragile != nullptr && fragile->as_bool() ? Cause::Fragile
                                                                     : Cause::Differs;
      ++st.by_cause[static_cast<int>(cause)];
      std::vector<Mismatch>& shown = st.shown[static_cast<int>(cause)];
      if (static_cast<int>(shown.size()) < opt.show) {
        Mismatch m;
        m.id = id;
        write_json(m.args, args, decoder.def_json(), opt.width * 4);
        m.expected = expected;
        m.got = outcome.args_failed ? got + " (raised while building the arguments)" : got;
        shown.push_back(std::move(m));
      }
    } catch (const InputError& e) {
      throw InputError(opt.cases_path + ":" + std::to_string(line_number) + ": " + e.what());
    }
  }
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  // Names: the reference's public functions and constants against the C++ module.
  std::set<std::string> python_names(report.functions.begin(), report.functions.end());
  python_names.insert(report.constants.begin(), report.constants.end());
  std::set<std::string> cpp_names;
  for (const auto& entry : module.entries())
    cpp_names.insert(std::string(entry.name));
  for (const std::string& n : python_names)
    if (!cpp_names.count(n))
      report.missing_in_cpp.push_back(n);
  for (const std::string& n : cpp_names)
    if (!python_names.count(n))
      report.extra_in_cpp.push_back(n);
  // Functions expected to have cases: all, or those the generator was asked for.
  std::set<std::string> selected;
  if (const json::Value* s = head.find("functions_selected"); s != nullptr && s->is_array())
    for (const std::string& n : string_list(*s))
      selected.insert(n);
  for (const std::string& n : report.functions)
    if (!report.stats.count(n) && (opt.functions.empty() || opt.functions.count(n)) &&
        (selected.empty() || selected.count(n)))
      report.no_cases.push_back(n);

  for (const std::string& fn : report.order) {
    const FunctionStats& st = report.stats.at(fn);
    if (st.failing(opt.strict, opt.allow_unimplemented) == 0 || report.known.count(fn))
      continue;
    report.failing.push_back(fn);
  }
  report.names_ok = report.missing_in_cpp.empty() && report.extra_in_cpp.empty();
  report.ok = report.failing.empty();
  if (opt.all_functions && (!report.names_ok || !report.no_cases.empty()))
    report.ok = false;
  return report;
}

// ---------------------------------------------------------------------------- reports

std::string percent(std::int64_t part, std::int64_t whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%",
                whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 100.0);
  return buf;
}

std::string join(const std::vector<std::string>& xs, const char* sep = ", ") {
  std::string out;
  for (const auto& x : xs)
    out += (out.empty() ? "" : sep) + x;
  return out;
}

std::string status_of(const std::string& fn, const FunctionStats& st, const Report& r) {
  if (st.missing)
    return "MISSING in C++";
  const bool known = r.known.count(fn) > 0;
  if (st.mismatches() == 0)
    return known ? "ok (listed as a known difference: remove the entry?)" : "ok";
  std::string s;
  if (st.unimplemented()) {
    s = "UNIMPLEMENTED";
  } else {
    s = "MISMATCH:";
    const char* sep = " ";
    auto part = [&](Cause c, const char* what) {
      if (st.count(c) > 0) {
        s += sep + std::to_string(st.count(c)) + " " + what;
        sep = ", ";
      }
    };
    part(Cause::Differs, "differ");
    part(Cause::Unimplemented, "Unimplemented");
    part(Cause::ArgumentDiffers, "with arguments that fail in C++");
    part(Cause::ArgumentUnimplemented, "with arguments that need a stub");
    part(Cause::Fragile, "fragile");
  }
  if (known)
    s += " [known difference]";
  return s;
}

/// The causes in the order mismatches are shown: real differences first.
constexpr Cause kShownOrder[] = {Cause::Differs, Cause::ArgumentDiffers, Cause::Fragile,
                                 Cause::Unimplemented, Cause::ArgumentUnimplemented};

void print_text(const Report& r, const Options& opt) {
  std::ostream& out = std::cout;
  const std::size_t w = opt.width;
  out << "battgpu-diff: " << r.dialect << ": " << opt.cases_path << " (" << r.generator
      << ", base depth " << r.base_depth << ")\n";
  if (!opt.quiet) {
    out << "\nper function (cases, matches, status):\n";
    for (const std::string& fn : r.order) {
      const FunctionStats& st = r.stats.at(fn);
      char buf[160];
      std::snprintf(buf, sizeof buf, "  %-24s %7lld %7lld  ", fn.c_str(),
                    static_cast<long long>(st.cases), static_cast<long long>(st.matches));
      out << buf << status_of(fn, st, r) << "\n";
    }
  }
  bool header = false;
  for (const std::string& fn : r.order) {
    const FunctionStats& st = r.stats.at(fn);
    // A function that is a stub, or waits for stubs, has nothing to show yet.
    if (st.count(Cause::Differs) + st.count(Cause::ArgumentDiffers) + st.count(Cause::Fragile) == 0)
      continue;
    if (!header) {
      out << "\nfirst mismatches (real differences first):\n";
      header = true;
    }
    out << "  " << fn << ": " << status_of(fn, st, r) << " (of " << st.cases << " cases)\n";
    int shown = 0;
    for (Cause c : kShownOrder)
      for (const Mismatch& m : st.shown[static_cast<int>(c)]) {
        if (shown++ >= opt.show)
          break;
        out << "    case " << m.id << ": args " << shorten(m.args, w * 2) << "\n";
        out << "      expected " << shorten(m.expected, w) << "\n";
        out << "      got      " << shorten(m.got, w) << "\n";
      }
  }

  std::vector<std::string> unimplemented, waiting, partly;
  std::int64_t all_match = 0, fragile = 0;
  for (const std::string& fn : r.order) {
    const FunctionStats& st = r.stats.at(fn);
    all_match += st.mismatches() == 0 ? 1 : 0;
    fragile += st.count(Cause::Fragile);
    if (st.unimplemented())
      unimplemented.push_back(fn);
    else if (st.count(Cause::ArgumentUnimplemented) > 0 && st.only_unimplemented() &&
             st.count(Cause::Unimplemented) == 0 && st.count(Cause::Fragile) == 0)
      waiting.push_back(fn);
    else if (st.count(Cause::Unimplemented) > 0)
      partly.push_back(fn);
  }
  out << "\n";
  if (!unimplemented.empty())
    out << "Unimplemented (" << unimplemented.size() << "): " << join(unimplemented) << "\n";
  if (!partly.empty())
    out << "Unimplemented in some cases (" << partly.size() << "): " << join(partly) << "\n";
  if (!waiting.empty())
    out << "matching except where an argument needs a stub (" << waiting.size()
        << "): " << join(waiting) << "\n";
  if (!r.no_cases.empty())
    out << "functions with no cases (" << r.no_cases.size() << "): " << join(r.no_cases) << "\n";
  if (!r.missing_in_cpp.empty())
    out << "public names of the reference missing in C++ (" << r.missing_in_cpp.size()
        << "): " << join(r.missing_in_cpp) << "\n";
  if (!r.extra_in_cpp.empty())
    out << "names of the C++ module that the reference lacks (" << r.extra_in_cpp.size()
        << "): " << join(r.extra_in_cpp) << "\n";
  if (!r.known.empty()) {
    out << "known differences (" << r.known.size() << "):\n";
    for (const auto& [fn, k] : r.known) {
      auto it = r.stats.find(fn);
      std::string state = it == r.stats.end() ? "no cases"
                          : it->second.mismatches() == 0
                              ? "now matches: remove the entry"
                              : std::to_string(it->second.mismatches()) + " of " +
                                    std::to_string(it->second.cases) + " differ";
      out << "  " << r.dialect << " " << fn << ": " << k.reason << " [" << state << "]\n";
    }
  }

  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
  out << "\n"
      << r.dialect << ": " << r.cases << " cases, " << r.matches << " match ("
      << percent(r.matches, r.cases) << "); " << r.stats.size() << " functions with cases ("
      << r.functions.size() << " public in the reference"
      << (r.extensions.empty()
              ? ""
              : ", " + std::to_string(r.extensions.size()) + " of them SPEC's batt extensions")
      << "), " << all_match << " matching in every case, " << unimplemented.size()
      << " unimplemented; " << seconds << " s\n";
  if (fragile > 0)
    out << fragile << " of the mismatches are in fragile cases (their arguments hold values "
        << "whose results depend on CPython's object addresses)"
        << (opt.strict ? "" : "; they do not fail the run without --strict") << "\n";
  if (r.ok) {
    out << "result: OK\n";
    return;
  }
  out << "result: FAIL";
  if (!r.failing.empty())
    out << ": " << r.failing.size()
        << (r.failing.size() == 1 ? " function differs" : " functions differ")
        << " (not in the known differences)";
  if (opt.all_functions && !r.names_ok)
    out << "; the public names differ";
  if (opt.all_functions && !r.no_cases.empty())
    out << "; some functions have no cases";
  out << "\n";
}

void print_json(const Report& r) {
  json::Writer w(0);
  w.begin_object();
  w.member("dialect", r.dialect).member("generator", r.generator);
  w.member("cases", r.cases).member("matches", r.matches);
  w.key("seconds").number(r.seconds);
  w.member("ok", r.ok);
  w.key("functions").begin_array();
  for (const std::string& fn : r.order) {
    const FunctionStats& st = r.stats.at(fn);
    w.begin_object();
    w.member("name", fn).member("cases", st.cases).member("matches", st.matches);
    w.member("differ", st.count(Cause::Differs));
    w.member("unimplemented", st.count(Cause::Unimplemented));
    w.member("arguments_differ", st.count(Cause::ArgumentDiffers));
    w.member("arguments_unimplemented", st.count(Cause::ArgumentUnimplemented));
    w.member("fragile", st.count(Cause::Fragile));
    w.member("missing", st.missing).member("known", r.known.count(fn) > 0);
    w.key("mismatches").begin_array();
    for (Cause c : kShownOrder)
      for (const Mismatch& m : st.shown[static_cast<int>(c)]) {
        w.begin_object().member("id", m.id).member("args", m.args);
        w.member("expected", m.expected).member("got", m.got).end_object();
      }
    w.end_array().end_object();
  }
  w.end_array();
  auto list = [&](const char* key, const std::vector<std::string>& xs) {
    w.key(key).begin_array();
    for (const auto& x : xs)
      w.value(x);
    w.end_array();
  };
  list("failing", r.failing);
  list("no_cases", r.no_cases);
  list("missing_in_cpp", r.missing_in_cpp);
  list("extra_in_cpp", r.extra_in_cpp);
  w.key("known").begin_array();
  for (const auto& [fn, k] : r.known)
    w.begin_object().member("function", fn).member("reason", k.reason).end_object();
  w.end_array();
  w.end_object();
  std::cout << w.str() << "\n";
}

} // namespace

int main(int argc, char** argv) {
  Options opt;
  try {
    opt = parse_options(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "battgpu-diff: " << e.what() << "\n" << kUsage;
    return 2;
  }
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL})
    std::signal(sig, on_crash);
  try {
    const Report report = run(opt);
    if (opt.json)
      print_json(report);
    else
      print_text(report, opt);
    return report.ok ? 0 : 1;
  } catch (const UsageError& e) {
    std::cerr << "battgpu-diff: " << e.what() << "\n";
    return 2;
  } catch (const InputError& e) {
    std::cerr << "battgpu-diff: " << e.what() << "\n";
    return 2;
  }
}
