// The two readers behind parse_task (task.hpp).
//
// A task file is first read by a fast reader that goes straight from the text to the grids
// and keeps no positions. It accepts only the files it can tell are good (the form of ARC's
// own), and hands every other file to the full reader, which builds a JSON tree with each
// value's place, accepts the same good files and names the problem and its place in the
// others. So a good file costs one pass of the parser and no tree, and a message is always
// the full reader's.
#pragma once

#include "battgpu/tasks/task.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace battgpu::tasks::detail {

/// The task in `text` when it is a well-formed task file with only "train" and "test" at the
/// top, else nothing (the full reader then decides). The id and path are left empty.
std::optional<Task> read_well_formed_task(std::string_view text);

/// The task in `text`, or TaskError naming `path`, the line and column, and the problem.
Task read_task_with_positions(std::string_view text, std::string id, std::string path);

} // namespace battgpu::tasks::detail
