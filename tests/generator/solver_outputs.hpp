// Prints every candidate every linked solver records on every input of every task.
#pragma once

#include <filesystem>
#include <ostream>

namespace battgpu::testing {

/// Runs each registered solver (in name order) on each train and test input of the tasks
/// under `tasks`, and prints its candidates as text. Returns false when no task loads.
bool print_solver_outputs(const std::filesystem::path& tasks, std::ostream& out);

} // namespace battgpu::testing
