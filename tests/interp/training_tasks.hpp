// The ARC training tasks shipped with battgpu (data/arc-agi/training), the first `most` in file
// name order: the tasks the interpreter's tests run programs over.
#pragma once

#include "battgpu/tasks/task.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace battgpu::interp::testing {

inline std::vector<tasks::Task> training_tasks(std::size_t most) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(BATTGPU_TEST_TASKS))
    if (e.path().extension() == ".json")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  files.resize(std::min(files.size(), most));
  return tasks::load_tasks(files).tasks;
}

} // namespace battgpu::interp::testing
