// `battgpu run FILE.py [TASKS...]`: Python batt and solver modules run with the C++ DSL;
// `battgpu run --program NAME`: the same compiled by battgpu-import and linked in.
#pragma once

#include <ostream>
#include <string_view>
#include <vector>

namespace battgpu::driver {

/// Whether a `battgpu run` argument names a Python program, or is `--program`.
bool is_program_path(std::string_view arg);
bool is_program_option(std::string_view arg);

/// The help of `battgpu run FILE.py` and `battgpu run --program NAME`, exit codes included.
const char* program_run_help();

/// Runs `battgpu run` with a Python program among `args` (the arguments after "run").
int program_command(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err,
                    bool err_is_terminal);

/// `battgpu programs`: the compiled programs linked in.
int programs_command(const std::vector<std::string_view>& args, std::ostream& out,
                     std::ostream& err);

} // namespace battgpu::driver
