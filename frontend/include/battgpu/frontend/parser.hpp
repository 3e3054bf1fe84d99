// Parses a Python solver or batt module into its syntax tree (ast.hpp). A construct outside
// the forms those modules take (a class, a loop, an operator expression, ...) is reported as
// an error diagnostic with its location; the parse goes on with the next statement, so that
// one run reports every problem of a file.
#pragma once

#include "battgpu/frontend/ast.hpp"

#include <string>
#include <string_view>

namespace battgpu::frontend {

/// Parses `source`, the text of the file `path`. Text that is not UTF-8, or that ends inside
/// a string or a bracket, is reported as one error at its location.
ModuleAst parse_module(std::string_view source, const std::string& path);

/// Reads and parses the file at `path`; a file that cannot be read is reported as an error.
ModuleAst parse_file(const std::string& path);

} // namespace battgpu::frontend
