#include "cli.hpp"

int main(int argc, char** argv) {
  return battgpu::driver::run_main(argc, argv);
}
