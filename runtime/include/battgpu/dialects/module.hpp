// A DSL module as a program sees it after `from dsl import *` and `from constants import *`:
// every public function and constant of one dialect, by name (SPEC section 2).
#pragma once

#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::dialects {

using py::Dialect;

class Module {
public:
  struct Entry {
    std::string_view name;
    py::Value value;
  };

  Dialect dialect() const { return dialect_; }
  /// The value bound to `name`, or nullptr when the module has no such public name.
  const py::Value* find(std::string_view name) const;
  /// The DSL function named `name`, or nullptr.
  const py::Builtin* find_function(std::string_view name) const;
  /// Every public name, functions first, in the order the Python module defines them.
  std::span<const Entry> entries() const { return entries_; }

  Module(Dialect dialect, std::vector<Entry> entries);

private:
  Dialect dialect_;
  std::vector<Entry> entries_;
  std::unordered_map<std::string_view, std::size_t> by_name_; // index into entries_
};

/// The module of a dialect (built once, shared, immutable).
const Module& module(Dialect dialect);

/// "arc-dsl" / "tokpidjin" and back.
std::string_view dialect_name(Dialect dialect);
std::optional<Dialect> dialect_from_name(std::string_view name);

} // namespace battgpu::dialects
