#include "cli.hpp"

#include <iostream>
#include <unistd.h>

int main(int argc, char** argv) {
  return battgpu::driver::cli_main(argc, argv, std::cout, std::cerr, ::isatty(STDERR_FILENO) == 1);
}
