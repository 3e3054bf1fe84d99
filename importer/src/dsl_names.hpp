// The names battgpu-import knows: the DSL's primitives (with their arities) and constants.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::importer {

struct Primitive {
  /// The Python name (`double`, `switch`, ...).
  std::string_view python;
  /// The C++ name (`double_`, `switch_`, ...).
  std::string_view cpp;
  /// The number of arguments the primitive takes.
  int arity;
};

/// The primitive called `python_name` in the Python DSL, if there is one.
const Primitive* find_primitive(std::string_view python_name);
/// Whether `name` is a DSL constant (`ONE`, `ORIGIN`, `R5`, `F`, `T`, ...); constants keep
/// their names in C++.
bool is_constant(std::string_view name);
/// Every primitive, in the order of the table.
const std::vector<Primitive>& primitives();
/// Every constant.
const std::vector<std::string_view>& constants();
/// Whether `name` is a C++ keyword or a name the emitted code uses itself (`S`, `I`, `C`,
/// `o`, the DSL's C++ names): a Python variable of that name is renamed.
bool is_reserved_cpp_name(std::string_view name);

} // namespace battgpu::importer
