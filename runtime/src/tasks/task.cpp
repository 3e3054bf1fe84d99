#include "battgpu/tasks/task.hpp"

#include "battgpu/tasks/json.hpp"
#include "task_readers.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <thread>

namespace battgpu::tasks {

namespace fs = std::filesystem;
using json::Value;

dsl::Samples Task::samples() const {
  std::vector<dsl::Sample> pairs;
  pairs.reserve(train.size());
  for (const Pair& p : train)
    pairs.emplace_back(p.input, p.output.value_or(dsl::Grid{}));
  return dsl::Samples(std::move(pairs));
}

namespace {

/// Turns one parsed document into a Task, with messages that name the file, the position
/// and the part of the task.
class TaskReader {
public:
  explicit TaskReader(std::string display_path) : path_(std::move(display_path)) {}

  Task read(const Value& root, std::string id, std::string path) {
    if (!root.is_object())
      fail(root, "",
           "expected a task object {\"train\": [...], \"test\": [...]}, got " + kind(root));
    Task task;
    task.id = std::move(id);
    task.path = std::move(path);
    task.train = read_pairs(root, "train", true);
    task.test = read_pairs(root, "test", false);
    return task;
  }

private:
  [[noreturn]] void fail(const Value& at, const std::string& where,
                         const std::string& problem) const {
    std::string message = path_ + ":" + std::to_string(at.position().line) + ":" +
                          std::to_string(at.position().column) + ": ";
    if (!where.empty())
      message += where + ": ";
    throw TaskError(message + problem);
  }

  static std::string kind(const Value& v) { return json::kind_name(v.kind()); }

  std::vector<Pair> read_pairs(const Value& root, const char* key, bool outputs_required) {
    const Value* list = root.find(key);
    if (list == nullptr)
      fail(root, "", std::string("missing key \"") + key + "\"");
    if (!list->is_array())
      fail(*list, key, "expected an array of pairs, got " + kind(*list));
    if (list->items().empty())
      fail(*list, key, "no pairs (the list is empty)");
    std::vector<Pair> pairs;
    pairs.reserve(list->items().size());
    for (std::size_t i = 0; i < list->items().size(); ++i) {
      const Value& item = list->items()[i];
      std::string where = std::string(key) + "[" + std::to_string(i) + "]";
      if (!item.is_object())
        fail(item, where, "expected a pair {\"input\": grid, \"output\": grid}, got " + kind(item));
      for (const auto& [name, value] : item.members())
        if (name != "input" && name != "output")
          fail(value, where,
               "unknown key " + json::quote(name) + " (a pair has only \"input\" and \"output\")");
      Pair pair;
      const Value* input = item.find("input");
      if (input == nullptr)
        fail(item, where, "missing key \"input\"");
      pair.input = read_grid(*input, where + ".input");
      const Value* output = item.find("output");
      if (output != nullptr)
        pair.output = read_grid(*output, where + ".output");
      else if (outputs_required)
        fail(item, where, "missing key \"output\"");
      pairs.push_back(std::move(pair));
    }
    return pairs;
  }

  dsl::Grid read_grid(const Value& g, const std::string& where) {
    if (!g.is_array())
      fail(g, where, "expected a grid (an array of rows), got " + kind(g));
    const auto& rows = g.items();
    if (rows.empty())
      fail(g, where, "empty grid (no rows)");
    if (rows.size() > static_cast<std::size_t>(max_grid_side))
      fail(g, where,
           "grid has " + std::to_string(rows.size()) + " rows, more than " +
               std::to_string(max_grid_side));
    const int height = static_cast<int>(rows.size());
    int width = -1;
    std::vector<int> cells;
    for (int r = 0; r < height; ++r) {
      const Value& row = rows[static_cast<std::size_t>(r)];
      std::string row_where = where + "[" + std::to_string(r) + "]";
      if (!row.is_array())
        fail(row, row_where, "expected a row (an array of colours), got " + kind(row));
      const auto& values = row.items();
      if (values.empty())
        fail(row, row_where, "empty row");
      if (width < 0) {
        if (values.size() > static_cast<std::size_t>(max_grid_side))
          fail(row, where,
               "grid has " + std::to_string(values.size()) + " columns, more than " +
                   std::to_string(max_grid_side));
        width = static_cast<int>(values.size());
        cells.reserve(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
      } else if (values.size() != static_cast<std::size_t>(width)) {
        fail(row, where,
             "ragged rows: row " + std::to_string(r) + " has " + std::to_string(values.size()) +
                 " cells, row 0 has " + std::to_string(width));
      }
      for (std::size_t c = 0; c < values.size(); ++c) {
        const Value& cell = values[c];
        if (!cell.is_number())
          fail(cell, row_where + "[" + std::to_string(c) + "]",
               "expected a colour (an integer 0-9), got " + kind(cell));
        if (!cell.is_integer_literal())
          fail(cell, row_where + "[" + std::to_string(c) + "]",
               "colour " + cell.text() + " is not an integer");
        auto colour = cell.as_int64();
        if (!colour || *colour < 0 || *colour > 9)
          fail(cell, row_where + "[" + std::to_string(c) + "]",
               "colour " + cell.text() + " outside 0-9");
        cells.push_back(static_cast<int>(*colour));
      }
    }
    return dsl::Grid(height, width, std::move(cells));
  }

  std::string path_;
};

std::string display(const fs::path& p) {
  return p.string();
}

} // namespace

Task detail::read_task_with_positions(std::string_view text, std::string id, std::string path) {
  std::string shown = path.empty() ? std::string("<input>") : path;
  Value root;
  try {
    root = json::parse(text);
  } catch (const json::ParseError& e) {
    throw TaskError(shown + ":" + std::to_string(e.position().line) + ":" +
                    std::to_string(e.position().column) + ": invalid JSON: " + e.message());
  }
  return TaskReader(shown).read(root, std::move(id), std::move(path));
}

Task parse_task(std::string_view text, std::string id, std::string path) {
  if (std::optional<Task> task = detail::read_well_formed_task(text)) {
    task->id = std::move(id);
    task->path = std::move(path);
    return std::move(*task);
  }
  return detail::read_task_with_positions(text, std::move(id), std::move(path));
}

Task load_task_file(const fs::path& file) {
  std::string shown = display(file);
  std::error_code ec;
  fs::file_status status = fs::status(file, ec);
  if (ec || !fs::exists(status)) {
    if (ec && ec != std::errc::no_such_file_or_directory)
      throw TaskError(shown + ": cannot access: " + ec.message());
    throw TaskError(shown + ": no such file or directory");
  }
  if (fs::is_directory(status))
    throw TaskError(shown + ": is a directory, not a task file");
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw TaskError(shown + ": cannot open: " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    throw TaskError(shown + ": cannot read: " + std::strerror(errno));
  return parse_task(buffer.str(), file.stem().string(), shown);
}

namespace {

/// What walking the paths met, in order: a task file to load, or why a path gave none.
struct Entry {
  fs::path file;
  std::optional<LoadError> error;
};

void collect(const fs::path& path, std::vector<Entry>& entries) {
  std::string shown = display(path);
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  if (!fs::is_directory(status)) {
    entries.push_back(Entry{path, std::nullopt}); // load_task_file says what is wrong with it
    return;
  }
  std::vector<fs::path> files;
  fs::recursive_directory_iterator it(path, ec);
  if (ec) {
    entries.push_back(
        Entry{{}, LoadError{shown, shown + ": cannot list directory: " + ec.message()}});
    return;
  }
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec)
      break;
    std::error_code entry_ec;
    if (it->path().extension() == ".json" && it->is_regular_file(entry_ec))
      files.push_back(it->path());
  }
  if (ec)
    entries.push_back(
        Entry{{}, LoadError{shown, shown + ": cannot list directory: " + ec.message()}});
  if (files.empty() && !ec) {
    entries.push_back(
        Entry{{}, LoadError{shown, shown + ": no .json task files in this directory"}});
    return;
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files)
    entries.push_back(Entry{file, std::nullopt});
}

/// Below this many files a thread, loading on more threads costs more than it saves.
constexpr std::size_t kFilesPerThread = 8;

/// Loads the entries' files, each into its own slot, on up to `threads` threads (0: every
/// core): a run over many tasks on many cores would otherwise wait on one core reading them.
LoadResult load_entries(std::vector<Entry>& entries, unsigned threads) {
  std::vector<std::optional<Task>> loaded(entries.size());
  std::vector<std::exception_ptr> failed(entries.size());
  std::atomic<std::size_t> next{0};
  auto load_some = [&] {
    for (std::size_t k = next++; k < entries.size(); k = next++) {
      Entry& e = entries[k];
      if (e.error)
        continue;
      try {
        loaded[k] = load_task_file(e.file);
      } catch (const TaskError& error) {
        e.error = LoadError{display(e.file), error.what()};
      } catch (...) {
        failed[k] = std::current_exception(); // not the input's fault: the caller's to see
      }
    }
  };
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t helpers =
      std::min<std::size_t>(threads, (entries.size() + kFilesPerThread - 1) / kFilesPerThread);
  std::vector<std::jthread> workers;
  for (std::size_t t = 1; t < helpers; ++t) {
    try {
      workers.emplace_back(load_some);
    } catch (const std::system_error&) {
      break; // no more threads to be had: fewer load the files
    }
  }
  load_some();
  workers.clear(); // joins them
  LoadResult result;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    if (failed[k])
      std::rethrow_exception(failed[k]);
    if (entries[k].error)
      result.errors.push_back(std::move(*entries[k].error));
    else
      result.tasks.push_back(std::move(*loaded[k]));
  }
  return result;
}

} // namespace

LoadResult load_tasks(const fs::path& path, unsigned threads) {
  return load_tasks(std::span<const fs::path>(&path, 1), threads);
}

LoadResult load_tasks(std::span<const fs::path> paths, unsigned threads) {
  std::vector<Entry> entries;
  for (const fs::path& p : paths)
    collect(p, entries);
  return load_entries(entries, threads);
}

std::string grid_to_json(const dsl::Grid& grid) {
  std::string out = "[";
  for (int r = 0; r < grid.height(); ++r) {
    out += r == 0 ? "[" : ", [";
    for (int c = 0; c < grid.width(); ++c) {
      if (c > 0)
        out += ", ";
      out += std::to_string(grid.at(r, c));
    }
    out += ']';
  }
  out += ']';
  return out;
}

} // namespace battgpu::tasks
