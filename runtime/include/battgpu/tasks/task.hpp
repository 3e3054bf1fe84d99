// ARC task files: `{"train": [{"input": grid, "output": grid}, ...],
//                   "test":  [{"input": grid[, "output": grid]}, ...]}`
//
// A grid is a non-empty array of non-empty rows of equal length, at most 30 x 30, of integer
// colours 0-9. Both lists must be non-empty; train pairs need an output, test pairs may omit
// it. A pair has no keys besides "input" and "output"; other top-level keys (ARC files
// sometimes carry "name") are ignored. Anything else is rejected with a message naming the
// file, the place (line:col) and the part of the task, e.g.
//   tasks/a.json:3:17: train[2].output: row 1 has 4 cells, row 0 has 5
#pragma once

#include "battgpu/dsl/values.hpp"

#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::tasks {

/// The largest grid side accepted in task files.
inline constexpr int max_grid_side = 30;

struct Pair {
  dsl::Grid input;
  /// Always present in train pairs; absent in test pairs whose answer is not given.
  std::optional<dsl::Grid> output;
};

struct Task {
  /// The file name without its extension (ARC's task id).
  std::string id;
  /// The file it was loaded from (empty when parsed from text without a file).
  std::string path;
  std::vector<Pair> train, test;

  /// The train pairs as the DSL's samples `S`.
  dsl::Samples samples() const;
};

/// A task file that could not be loaded. what() is the full message, starting with the path.
class TaskError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Parses the text of a task file; `path` is used in messages and stored in the task.
/// Throws TaskError. (A well-formed file is read in one pass without a JSON tree; any other
/// goes to the reader that places its problem: runtime/src/tasks/task_readers.hpp.)
Task parse_task(std::string_view text, std::string id, std::string path);

/// Loads one task file. Throws TaskError (also when the file is missing or unreadable).
Task load_task_file(const std::filesystem::path& file);

struct LoadError {
  /// The file (or directory, or command-line path) that failed.
  std::string path;
  /// The full message, starting with the path.
  std::string message;
};

struct LoadResult {
  std::vector<Task> tasks;
  std::vector<LoadError> errors;
};

/// Loads a task file, or every `*.json` file under a directory (recursively, in path order).
/// A file that fails is reported in `errors` and does not stop the others; a missing path or
/// a directory without task files is an error too. Never throws for bad input. The files are
/// read on up to `threads` threads (0: one a core); the order of tasks and errors is the same.
LoadResult load_tasks(const std::filesystem::path& path, unsigned threads = 0);
/// The same for several paths, in order; results and errors are concatenated.
LoadResult load_tasks(std::span<const std::filesystem::path> paths, unsigned threads = 0);

/// `grid` as JSON text: `[[0, 1], [2, 3]]` (rows separated by ", ").
std::string grid_to_json(const dsl::Grid& grid);

} // namespace battgpu::tasks
