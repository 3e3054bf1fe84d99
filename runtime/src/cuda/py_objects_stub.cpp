// The CUDA path of batch_py_objects in a build without CUDA: every chunk goes to the CPU path.
#include "cuda/py_objects_backend.hpp"

#include "battgpu/dialects/objects_sim.hpp"

namespace battgpu::runtime::cuda {

std::size_t py_objects_workspace_bytes(std::uint32_t max_cells) {
  return dialects::sim::workspace_bytes(max_cells, dialects::sim::table_bound(max_cells));
}

void run_py_objects(const PyObjectsSettings&, PyObjectsClient& client) {
  if (client.item_count() != 0)
    client.fallback(PyObjectsRange{0, client.item_count()}, "this build has no CUDA path");
}

} // namespace battgpu::runtime::cuda
