#include "allocator.hpp"

#include <utility>

namespace battgpu::driver {

namespace {
std::string& name_slot() {
  static std::string name = "system malloc";
  return name;
}
} // namespace

void set_allocator_name(std::string name) {
  name_slot() = std::move(name);
}

const std::string& allocator_name() {
  return name_slot();
}

} // namespace battgpu::driver
