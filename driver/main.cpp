#include "allocator.hpp"
#include "cli.hpp"

#ifdef BATTGPU_HAVE_MIMALLOC
#include <mimalloc.h>

#include <string>
#endif

int main(int argc, char** argv) {
#ifdef BATTGPU_HAVE_MIMALLOC
  // mimalloc replaces malloc for the whole process once linked; naming it here also keeps the
  // linker from dropping the library as unreferenced (--as-needed).
  const int v = mi_version();
  battgpu::driver::set_allocator_name("mimalloc " + std::to_string(v / 100) + "." +
                                      std::to_string(v / 10 % 10) + "." + std::to_string(v % 10));
#endif
  return battgpu::driver::run_main(argc, argv);
}
