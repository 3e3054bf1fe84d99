// `battgpu run` and `battgpu solvers` over this project's solvers.
#include "battgpu/driver/cli.hpp"

int main(int argc, char** argv) {
  return battgpu::driver::run_main(argc, argv);
}
