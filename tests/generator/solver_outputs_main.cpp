// solver-outputs <tasks dir>: the candidates of every linked solver, as text on stdout.
#include "solver_outputs.hpp"

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " <tasks dir or file>\n";
    return 2;
  }
  return battgpu::testing::print_solver_outputs(argv[1], std::cout) ? 0 : 1;
}
