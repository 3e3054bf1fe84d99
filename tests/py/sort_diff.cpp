// battgpu-sort-diff: py::sort against CPython's sorted() on the cases of sort_cases.py (read
// from stdin). For each case it checks the result (the order of the items, or the exception
// type) and the comparisons list.sort made (their count and CRC-32), which shows that a
// failing sort fails at the same comparison. Prints the counts; exits 1 on any mismatch.
#include "sort_cases.hpp"

#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace py = battgpu::py;
namespace sc = battgpu::sort_cases;
using py::Value;

namespace {

struct Case {
  long id = 0;
  std::string key;
  bool reverse = false;
  std::size_t n = 0;
  std::vector<Value> items;
  bool expect_error = false;
  std::string error;
  std::vector<std::size_t> positions;
  bool has_trace = false;
  std::size_t trace_count = 0;
  std::uint32_t trace_crc = 0;
};

bool read_case(std::istream& in, Case& c) {
  std::string line;
  if (!std::getline(in, line))
    return false;
  {
    std::istringstream head(line);
    std::string tag;
    int rev = 0;
    head >> tag >> c.id >> c.key >> rev >> c.n;
    if (tag != "C")
      return false;
    c.reverse = rev != 0;
  }
  if (!std::getline(in, line) || line.rfind("I", 0) != 0)
    return false;
  sc::Parser parser(std::string_view(line).substr(1));
  c.items.clear();
  while (auto v = parser.next())
    c.items.push_back(std::move(*v));
  if (c.items.size() != c.n)
    return false;
  if (!std::getline(in, line))
    return false;
  std::istringstream out(line.substr(1));
  c.positions.clear();
  c.expect_error = line[0] == 'X';
  if (c.expect_error) {
    out >> c.error;
  } else {
    std::size_t p = 0;
    while (out >> p)
      c.positions.push_back(p);
  }
  if (!std::getline(in, line))
    return false;
  c.has_trace = line != "T -";
  if (c.has_trace) {
    std::istringstream t(line.substr(1));
    t >> c.trace_count >> c.trace_crc;
  }
  return true;
}

/// The position of the first item encoded as each result item is.
std::vector<std::size_t> positions_of(const std::vector<Value>& items,
                                      const std::vector<Value>& result) {
  std::unordered_map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < items.size(); ++i)
    first.emplace(sc::encode(items[i]), i);
  std::vector<std::size_t> out;
  for (const Value& v : result) {
    auto it = first.find(sc::encode(v));
    out.push_back(it == first.end() ? static_cast<std::size_t>(-1) : it->second);
  }
  return out;
}

} // namespace

int main() {
  std::ios::sync_with_stdio(false);
  long cases = 0, result_ok = 0, trace_ok = 0, traces = 0, errors = 0, shown = 0;
  Case c;
  while (read_case(std::cin, c)) {
    ++cases;
    const Value key = sc::key_function(c.key);
    const Value* keyp = key.is_bound() ? &key : nullptr;
    if (c.expect_error)
      ++errors;

    // The result of py::sort.
    std::vector<Value> sorted_items = c.items;
    const py::Status st = py::sort(sorted_items, keyp, c.reverse);
    bool ok_result;
    std::string_view got = "a sorted list";
    if (!st.ok()) {
      got = py::exc_name(st.error().type);
      ok_result = c.expect_error && got == c.error;
    } else {
      const std::vector<std::size_t> pos = positions_of(c.items, sorted_items);
      ok_result = !c.expect_error && pos == c.positions;
    }

    // The comparisons, through the algorithm alone.
    bool ok_trace = true;
    std::vector<Value> keys;
    bool keys_ok = true;
    for (const Value& item : c.items) {
      if (keyp == nullptr) {
        keys.push_back(item);
        continue;
      }
      Value k = py::call(*keyp, {item});
      if (!k.ok()) {
        keys_ok = false;
        break;
      }
      keys.push_back(std::move(k));
    }
    std::vector<std::int32_t> trace;
    if (keys_ok != c.has_trace) {
      ok_trace = false;
    } else if (keys_ok) {
      ++traces;
      auto order = py::sort_positions(keys.size(), c.reverse,
                                      [&](std::size_t i, std::size_t j) -> py::Result<bool> {
                                        trace.push_back(static_cast<std::int32_t>(i));
                                        trace.push_back(static_cast<std::int32_t>(j));
                                        return py::lt(keys[i], keys[j]);
                                      });
      ok_trace = trace.size() / 2 == c.trace_count && sc::trace_crc(trace) == c.trace_crc &&
                 order.ok() == !c.expect_error;
      if (ok_trace && order.ok()) {
        // The same order as py::sort's.
        std::vector<Value> by_positions;
        for (std::size_t i : *order)
          by_positions.push_back(c.items[i]);
        ok_trace = positions_of(c.items, by_positions) == c.positions;
      }
    }
    if (ok_result)
      ++result_ok;
    if (ok_trace && c.has_trace)
      ++trace_ok;
    if ((!ok_result || !ok_trace) && shown < 10) {
      ++shown;
      std::cout << "MISMATCH case " << c.id << " key=" << c.key << " reverse=" << c.reverse
                << " n=" << c.n << ": result ";
      if (ok_result)
        std::cout << "ok";
      else
        std::cout << "differs (" << got << ")";
      std::cout << ", comparisons " << (ok_trace ? "ok" : "differ") << " (" << trace.size() / 2
                << " here, " << c.trace_count << " in Python)\n";
    }
  }
  std::cout << "cases " << cases << " (" << errors << " raising in Python), results matching "
            << result_ok << ", comparison traces " << traces << " matching " << trace_ok << "\n";
  return cases > 0 && result_ok == cases && trace_ok == traces ? 0 : 1;
}
