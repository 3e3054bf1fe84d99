// The `battgpu` command line: argument parsing, the progress display, reports and exit codes.
#pragma once

#include <ostream>
#include <string>

namespace battgpu::driver {

/// Exit codes of `battgpu` (stable: scripts rely on them).
enum ExitCode : int {
  /// The run completed, whether or not every task was solved.
  exit_ok = 0,
  /// Some task file or path could not be loaded; the others still ran and are reported.
  exit_load_error = 1,
  /// Unknown command or option, missing argument, unknown solver.
  exit_usage = 2,
  /// --fail-unsolved was given and some task with expected outputs was not solved.
  exit_unsolved = 3,
  /// The report could not be written (--output).
  exit_output_error = 4,
};

/// Runs `battgpu` with `argv` (argv[0] is the program name). Reports go to `out`, errors
/// and the progress display to `err`; `err_is_terminal` decides whether the progress display
/// is shown by default.
int cli_main(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
             bool err_is_terminal);

/// The whole `battgpu` program: cli_main on the standard streams, then the exit. A program
/// that links solvers of its own gets `battgpu run` with `int main(int argc, char** argv) {
/// return battgpu::driver::run_main(argc, argv); }`. Where solvers were abandoned at the time
/// limit and still run, it leaves at once (std::_Exit) instead of returning.
int run_main(int argc, char** argv);

} // namespace battgpu::driver
