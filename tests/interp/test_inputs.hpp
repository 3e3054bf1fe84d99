// What the interpreter's tests run: the ARC training tasks shipped with battgpu
// (data/arc-agi/training), and batt modules of tokpidjin's dialect given as text.
#pragma once

#include "battgpu/frontend/parser.hpp"
#include "battgpu/frontend/program.hpp"
#include "battgpu/tasks/task.hpp"

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::interp::testing {

/// The first `most` tasks, in file name order.
inline std::vector<tasks::Task> training_tasks(std::size_t most) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(BATTGPU_TEST_TASKS))
    if (e.path().extension() == ".json")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  files.resize(std::min(files.size(), most));
  return tasks::load_tasks(files).tasks;
}

/// `source`, a tokpidjin module, parsed and checked as the file `path`.
inline frontend::Program checked_tokpidjin(std::string_view source, const std::string& path) {
  frontend::CheckOptions options;
  options.dialect = py::Dialect::Tokpidjin;
  return frontend::check(frontend::parse_module(source, path), options);
}

} // namespace battgpu::interp::testing
