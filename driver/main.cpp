#include "cli.hpp"
#include "run.hpp"

#include <cstdlib>
#include <iostream>
#include <unistd.h>

int main(int argc, char** argv) {
  const int code =
      battgpu::driver::cli_main(argc, argv, std::cout, std::cerr, ::isatty(STDERR_FILENO) == 1);
  if (battgpu::driver::abandoned_threads() > 0) {
    // Solvers stopped at the time limit still run on detached threads: leave without the
    // static destructors they might still use.
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(code);
  }
  return code;
}
