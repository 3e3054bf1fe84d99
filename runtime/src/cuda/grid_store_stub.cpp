// The CUDA path of GridStore in a build without CUDA: no device opens.
#include "cuda/grid_store_backend.hpp"

namespace battgpu::runtime::cuda {

std::unique_ptr<DeviceGrids> DeviceGrids::open(int, std::string& why) {
  why = "this build has no CUDA path";
  return nullptr;
}

} // namespace battgpu::runtime::cuda
