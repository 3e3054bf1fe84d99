#include "patterns/Pattern.h"
#include "patterns/mapply_batch/MapplyBatch.h"
#include "patterns/object_batch/ObjectBatch.h"
#include "patterns/sample_batch/SampleBatch.h"

namespace battgpu::rewrite {

std::vector<std::unique_ptr<Pattern>> makeAllPatterns() {
  std::vector<std::unique_ptr<Pattern>> all;
  all.push_back(std::make_unique<SampleBatch>());
  all.push_back(std::make_unique<ObjectBatch>());
  all.push_back(std::make_unique<MapplyBatch>());
  for (size_t i = 0; i < all.size(); ++i)
    all[i]->setId(static_cast<int>(i));
  return all;
}

} // namespace battgpu::rewrite
