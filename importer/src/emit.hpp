// battgpu-import's code generator: a checked Python batt or solver module (frontend::Program,
// the same one `battgpu run` interprets) written as C++ that computes with battgpu::py::Value
// exactly as the interpreter does, and registers itself as a compiled program
// (interp/include/battgpu/interp/compiled.hpp).
#pragma once

#include "battgpu/frontend/program.hpp"

#include <cstddef>
#include <string>

namespace battgpu::importer {

struct EmitOptions {
  /// The name the program registers under (`battgpu run --program NAME`).
  std::string program_name;
  /// The C++ namespace of the generated code, inside battgpu::imported.
  std::string cpp_namespace;
  /// The source file as the generated code names it (comments, registration).
  std::string source;
  /// The most nodes one generated function holds; longer blocks are cut into several
  /// functions, so that no function is too big for the compiler.
  std::size_t nodes_per_function = 500;
};

struct EmitStats {
  std::size_t functions = 0;      ///< Python functions
  std::size_t statements = 0;     ///< source statements
  std::size_t assignments = 0;    ///< as frontend::Function counts them
  std::size_t records = 0;        ///< append records
  std::size_t cpp_functions = 0;  ///< generated C++ functions holding statements
  std::size_t unbound_checks = 0; ///< reads of a local that may be unassigned
  std::size_t name_errors = 0;    ///< statements raising NameError (unknown names)
  std::size_t lines = 0;          ///< lines of C++
};

/// The C++ source of `program`, which must have no errors.
std::string emit_program(const frontend::Program& program, const EmitOptions& options,
                         EmitStats& stats);

/// A C++ identifier made of `text` (Python identifiers may hold letters C++ does not take).
std::string cpp_identifier(std::string_view text);

} // namespace battgpu::importer
