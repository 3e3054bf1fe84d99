#include "battgpu/dialects/module.hpp"

#include "arc_dsl/batt_extensions.hpp"
#include "arc_dsl/core.hpp"
#include "arc_dsl/grids.hpp"
#include "arc_dsl/higher_order.hpp"
#include "arc_dsl/patches.hpp"
#include "constants.hpp"
#include "tokpidjin/arithmetic.hpp"
#include "tokpidjin/core.hpp"
#include "tokpidjin/grids.hpp"
#include "tokpidjin/higher_order.hpp"
#include "tokpidjin/measures.hpp"
#include "tokpidjin/objects.hpp"
#include "tokpidjin/patches.hpp"
#include "tokpidjin/transforms.hpp"

#include <algorithm>

namespace battgpu::dialects {
namespace {

using Family = std::span<const py::Builtin* const>;

// A module's functions: each family in the order of the Python source. An alias
// (`difference_t = difference_tuple`) is listed under its own name but keeps its target's
// `__name__`, so the module name comes from the family table, not from the Builtin.
std::vector<Module::Entry> functions(std::initializer_list<Family> families,
                                     std::initializer_list<std::string_view> names) {
  std::vector<Module::Entry> out;
  auto name = names.begin();
  for (Family family : families)
    for (const py::Builtin* fn : family)
      out.push_back({name != names.end() ? *name++ : fn->name, py::Value::function(fn)});
  return out;
}

Module build(Dialect dialect) {
  std::vector<Module::Entry> entries;
  if (dialect == Dialect::Tokpidjin) {
    entries = functions({tokpidjin::core_family(), tokpidjin::arithmetic_family(),
                         tokpidjin::higher_order_family(), tokpidjin::measures_family(),
                         tokpidjin::grids_family(), tokpidjin::patches_family(),
                         tokpidjin::objects_family(), tokpidjin::transforms_family()},
                        {});
    // Aliases share the Builtin name of their target: give them their module names.
    for (auto& e : entries) {
      const py::Builtin* fn = e.value.as_builtin();
      if (fn == &tokpidjin::fn::difference_t)
        e.name = "difference_t";
      else if (fn == &tokpidjin::fn::o_g_tuple)
        e.name = "o_g_tuple";
      else if (fn == &tokpidjin::fn::objects_g)
        e.name = "objects_g";
    }
  } else {
    // arc-dsl's own functions, then the batt extensions its programs may use (SPEC section 2).
    entries = functions({arc_dsl::core_family(), arc_dsl::higher_order_family(),
                         arc_dsl::patches_family(), arc_dsl::grids_family(),
                         arc_dsl::batt_extensions_family()},
                        {});
  }
  for (auto& c : constants(dialect))
    entries.push_back(std::move(c));
  return Module(dialect, std::move(entries));
}

} // namespace

Module::Module(Dialect dialect, std::vector<Entry> entries)
    : dialect_(dialect), entries_(std::move(entries)) {
  // Later definitions win, as in `from constants import *` after `from dsl import *`.
  by_name_.reserve(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i)
    by_name_.insert_or_assign(entries_[i].name, i);
}

const py::Value* Module::find(std::string_view name) const {
  const auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : &entries_[it->second].value;
}

const py::Builtin* Module::find_function(std::string_view name) const {
  const py::Value* v = find(name);
  return v != nullptr && v->kind() == py::Kind::Function ? v->as_builtin() : nullptr;
}

const Module& module(Dialect dialect) {
  static const Module arc = build(Dialect::ArcDsl);
  static const Module tok = build(Dialect::Tokpidjin);
  return dialect == Dialect::ArcDsl ? arc : tok;
}

std::string_view dialect_name(Dialect dialect) {
  return dialect == Dialect::ArcDsl ? "arc-dsl" : "tokpidjin";
}

std::optional<Dialect> dialect_from_name(std::string_view name) {
  if (name == "arc-dsl" || name == "arc_dsl")
    return Dialect::ArcDsl;
  if (name == "tokpidjin")
    return Dialect::Tokpidjin;
  return std::nullopt;
}

} // namespace battgpu::dialects
