// Reads ../shared/oracle/objects-training.jsonl.gz: the reference `objects` results for every
// grid of the ARC training tasks in all 8 modes (SPEC section 2).
#pragma once

#include "battgpu/dsl/values.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace battgpu::testing {

/// One object as a sorted list of (row, col, colour); one result as a sorted list of objects.
using CanonicalCell = std::tuple<int, int, int>;
using CanonicalObject = std::vector<CanonicalCell>;
using CanonicalObjects = std::vector<CanonicalObject>;

struct OracleGrid {
  std::string label; // task/split/index/io, for messages
  dsl::Grid grid;
  std::array<CanonicalObjects, 8> objects; // by mode
};

/// The shared reference folder (from the BATTGPU_SHARED_DIR environment variable, else the
/// path CMake configured), or nullopt when it is absent.
std::optional<std::filesystem::path> shared_dir();

/// Every grid of the oracle file. Throws std::runtime_error naming the line on bad input.
std::vector<OracleGrid> load_oracle(const std::filesystem::path& gz_file);

/// A DSL Objects value in the oracle's canonical form, for comparison as sets.
CanonicalObjects canonical(const dsl::Objects& objects);

} // namespace battgpu::testing
