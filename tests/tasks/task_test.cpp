#include "battgpu/tasks/task.hpp"

#include "oracle.hpp"
#include "temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using battgpu::dsl::Grid;
using battgpu::tasks::load_task_file;
using battgpu::tasks::load_tasks;
using battgpu::tasks::LoadResult;
using battgpu::tasks::Task;
using battgpu::tasks::TaskError;

using battgpu::testing::TempDir;

const char* const good_task = R"({
  "train": [
    {"input": [[1, 0], [0, 2]], "output": [[2, 0], [0, 1]]},
    {"input": [[3]], "output": [[4, 4, 4]]}
  ],
  "test": [
    {"input": [[5, 6, 7], [8, 9, 0]], "output": [[0], [9]]},
    {"input": [[1]]}
  ]
})";

/// The message of loading a task file with `text`, with the temp dir's path replaced by
/// "DIR", or "" when it loads.
std::string load_error(const std::string& text) {
  TempDir dir;
  fs::path file = dir.write("bad.json", text);
  try {
    load_task_file(file);
  } catch (const TaskError& e) {
    std::string message = e.what();
    std::string prefix = file.string();
    if (message.rfind(prefix, 0) == 0)
      return "FILE" + message.substr(prefix.size());
    return message;
  }
  return "";
}

/// A task text whose first train output is `grid`.
std::string with_train_output(const std::string& grid) {
  return R"({"train": [{"input": [[1]], "output": )" + grid + R"(}], "test": [{"input": [[1]]}]})";
}

TEST(Tasks, LoadsAGoodFile) {
  TempDir dir;
  fs::path file = dir.write("abc123.json", good_task);
  Task task = load_task_file(file);
  EXPECT_EQ(task.id, "abc123");
  EXPECT_EQ(task.path, file.string());
  ASSERT_EQ(task.train.size(), 2u);
  ASSERT_EQ(task.test.size(), 2u);

  EXPECT_EQ(task.train[0].input, (Grid{{1, 0}, {0, 2}}));
  ASSERT_TRUE(task.train[0].output.has_value());
  EXPECT_EQ(*task.train[0].output, (Grid{{2, 0}, {0, 1}}));
  EXPECT_EQ(task.train[1].input, (Grid{{3}}));
  EXPECT_EQ(*task.train[1].output, (Grid{{4, 4, 4}}));

  const Grid& in = task.test[0].input;
  EXPECT_EQ(in.height(), 2);
  EXPECT_EQ(in.width(), 3);
  EXPECT_EQ(in.at(0, 0), 5);
  EXPECT_EQ(in.at(0, 2), 7);
  EXPECT_EQ(in.at(1, 1), 9);
  EXPECT_EQ(in.at(1, 2), 0);
  EXPECT_EQ(*task.test[0].output, (Grid{{0}, {9}}));
  EXPECT_EQ(task.test[1].input, (Grid{{1}}));
  EXPECT_FALSE(task.test[1].output.has_value());

  battgpu::dsl::Samples s = task.samples();
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].first, (Grid{{1, 0}, {0, 2}}));
  EXPECT_EQ(s[1].second, (Grid{{4, 4, 4}}));
}

TEST(Tasks, AcceptsLargestGridAndExtraTopLevelKeys) {
  std::string row = "[";
  for (int c = 0; c < 30; ++c)
    row += (c ? ",9" : "9");
  row += "]";
  std::string grid = "[";
  for (int r = 0; r < 30; ++r)
    grid += (r ? "," : "") + row;
  grid += "]";
  Task task = battgpu::tasks::parse_task(R"({"name": "x", "train": [{"input": )" + grid +
                                             R"(, "output": [[0]]}], "test": [{"input": [[0]]}]})",
                                         "x", "");
  EXPECT_EQ(task.train[0].input.height(), 30);
  EXPECT_EQ(task.train[0].input.width(), 30);
  EXPECT_EQ(task.train[0].input.at(29, 29), 9);
}

TEST(Tasks, GridToJson) {
  EXPECT_EQ(battgpu::tasks::grid_to_json(Grid{{1, 2}, {3, 4}}), "[[1, 2], [3, 4]]");
  EXPECT_EQ(battgpu::tasks::grid_to_json(Grid{}), "[]");
}

TEST(Tasks, RejectsMalformedJson) {
  // The parser's own words follow the file, line and column.
  EXPECT_TRUE(load_error("{\"train\": [\n  {\"input\": [[1]],, }\n]}")
                  .starts_with("FILE:2:19: invalid JSON: syntax error while parsing object key - "
                               "unexpected ','"));
  EXPECT_TRUE(load_error("").starts_with("FILE:1:1: invalid JSON: syntax error while parsing "
                                         "value - unexpected end of input"));
}

TEST(Tasks, RejectsMissingKeys) {
  EXPECT_EQ(load_error(R"({"test": [{"input": [[1]]}]})"), "FILE:1:1: missing key \"train\"");
  EXPECT_EQ(load_error(R"({"train": [{"input": [[1]], "output": [[1]]}]})"),
            "FILE:1:1: missing key \"test\"");
  EXPECT_EQ(load_error(R"({"train": [{"input": [[1]], "output": [[1]]}, {"input": [[1]]}],
  "test": [{"input": [[1]]}]})"),
            "FILE:1:47: train[1]: missing key \"output\"");
  EXPECT_EQ(
      load_error(R"({"train": [{"input": [[1]], "output": [[1]]}], "test": [{"output": [[1]]}]})"),
      "FILE:1:57: test[0]: missing key \"input\"");
}

TEST(Tasks, RejectsWrongShapes) {
  EXPECT_EQ(load_error("[1]"),
            "FILE:1:1: expected a task object {\"train\": [...], \"test\": [...]}, got array");
  EXPECT_EQ(load_error(R"({"train": {}, "test": []})"),
            "FILE:1:11: train: expected an array of pairs, got object");
  EXPECT_EQ(load_error(R"({"train": [], "test": []})"),
            "FILE:1:11: train: no pairs (the list is empty)");
  EXPECT_EQ(load_error(R"({"train": [{"input": [[1]], "output": [[1]]}], "test": []})"),
            "FILE:1:56: test: no pairs (the list is empty)");
  EXPECT_EQ(load_error(R"({"train": [[[1]]], "test": []})"),
            "FILE:1:12: train[0]: expected a pair {\"input\": grid, \"output\": grid}, got array");
  EXPECT_EQ(
      load_error(R"({"train": [{"input": [[1]], "ouput": [[1]]}], "test": []})"),
      "FILE:1:38: train[0]: unknown key \"ouput\" (a pair has only \"input\" and \"output\")");
  EXPECT_EQ(load_error(with_train_output("\"grid\"")),
            "FILE:1:39: train[0].output: expected a grid (an array of rows), got string");
  EXPECT_EQ(load_error(with_train_output("[1, 2]")),
            "FILE:1:40: train[0].output[0]: expected a row (an array of colours), got number");
}

TEST(Tasks, RejectsRaggedRows) {
  EXPECT_EQ(load_error(with_train_output("[[1, 2], [3, 4],\n [5]]")),
            "FILE:2:2: train[0].output: ragged rows: row 2 has 1 cells, row 0 has 2");
  EXPECT_EQ(load_error(R"({"train": [{"input": [[1]], "output": [[1]]}],
"test": [{"input": [[1]]}, {"input": [[1, 2], [3]]}]})"),
            "FILE:2:47: test[1].input: ragged rows: row 1 has 1 cells, row 0 has 2");
}

TEST(Tasks, RejectsEmptyGrids) {
  EXPECT_EQ(load_error(with_train_output("[]")),
            "FILE:1:39: train[0].output: empty grid (no rows)");
  EXPECT_EQ(load_error(with_train_output("[[]]")), "FILE:1:40: train[0].output[0]: empty row");
  EXPECT_EQ(load_error(with_train_output("[[1], []]")), "FILE:1:45: train[0].output[1]: empty row");
}

TEST(Tasks, RejectsBadColours) {
  EXPECT_EQ(load_error(with_train_output("[[1, 10]]")),
            "FILE:1:44: train[0].output[0][1]: colour 10 outside 0-9");
  EXPECT_EQ(load_error(with_train_output("[[-1]]")),
            "FILE:1:41: train[0].output[0][0]: colour -1 outside 0-9");
  EXPECT_EQ(load_error(with_train_output("[[99999999999999999999999]]")),
            "FILE:1:41: train[0].output[0][0]: colour 99999999999999999999999 outside 0-9");
  EXPECT_EQ(load_error(with_train_output("[[1.5]]")),
            "FILE:1:41: train[0].output[0][0]: colour 1.5 is not an integer");
  EXPECT_EQ(load_error(with_train_output("[[1.0]]")),
            "FILE:1:41: train[0].output[0][0]: colour 1.0 is not an integer");
  EXPECT_EQ(load_error(with_train_output("[[1e0]]")),
            "FILE:1:41: train[0].output[0][0]: colour 1e0 is not an integer");
  EXPECT_EQ(load_error(with_train_output("[[\"1\"]]")),
            "FILE:1:41: train[0].output[0][0]: expected a colour (an integer 0-9), got string");
  EXPECT_EQ(load_error(with_train_output("[[true]]")),
            "FILE:1:41: train[0].output[0][0]: expected a colour (an integer 0-9), got boolean");
  EXPECT_EQ(load_error(with_train_output("[[null]]")),
            "FILE:1:41: train[0].output[0][0]: expected a colour (an integer 0-9), got null");
}

TEST(Tasks, RejectsGridsLargerThan30) {
  std::string row30 = "[0";
  for (int c = 1; c < 30; ++c)
    row30 += ",0";
  row30 += "]";
  std::string tall = "[" + row30;
  for (int r = 1; r < 31; ++r)
    tall += "," + row30;
  tall += "]";
  EXPECT_EQ(load_error(with_train_output(tall)),
            "FILE:1:39: train[0].output: grid has 31 rows, more than 30");
  std::string wide = "[[0";
  for (int c = 1; c < 31; ++c)
    wide += ",0";
  wide += "]]";
  EXPECT_EQ(load_error(with_train_output(wide)),
            "FILE:1:40: train[0].output: grid has 31 columns, more than 30");
}

TEST(Tasks, MissingFileOrDirectory) {
  TempDir dir;
  fs::path missing = dir.path() / "nope.json";
  try {
    load_task_file(missing);
    FAIL() << "expected a TaskError";
  } catch (const TaskError& e) {
    EXPECT_EQ(std::string(e.what()), missing.string() + ": no such file or directory");
  }
  try {
    load_task_file(dir.path());
    FAIL() << "expected a TaskError";
  } catch (const TaskError& e) {
    EXPECT_EQ(std::string(e.what()), dir.path().string() + ": is a directory, not a task file");
  }

  LoadResult result = load_tasks(dir.path() / "nowhere");
  EXPECT_TRUE(result.tasks.empty());
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].path, (dir.path() / "nowhere").string());
  EXPECT_EQ(result.errors[0].message,
            (dir.path() / "nowhere").string() + ": no such file or directory");

  LoadResult empty = load_tasks(dir.path());
  ASSERT_EQ(empty.errors.size(), 1u);
  EXPECT_EQ(empty.errors[0].message,
            dir.path().string() + ": no .json task files in this directory");
}

TEST(Tasks, DirectoryWithOneBadFileLoadsTheOthers) {
  TempDir dir;
  dir.write("b.json", good_task);
  dir.write("a.json", good_task);
  fs::path bad = dir.write("c.json", with_train_output("[[1, 2], [3]]"));
  dir.write("sub/d.json", good_task);
  dir.write("notes.txt", "not a task");
  LoadResult result = load_tasks(dir.path());
  ASSERT_EQ(result.tasks.size(), 3u);
  EXPECT_EQ(result.tasks[0].id, "a");
  EXPECT_EQ(result.tasks[1].id, "b");
  EXPECT_EQ(result.tasks[2].id, "d");
  EXPECT_EQ(result.tasks[2].path, (dir.path() / "sub" / "d.json").string());
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].path, bad.string());
  EXPECT_EQ(result.errors[0].message,
            bad.string() + ":1:48: train[0].output: ragged rows: row 1 has 1 cells, row 0 has 2");
}

TEST(Tasks, SeveralPathsInOrder) {
  TempDir dir;
  fs::path x = dir.write("x.json", good_task);
  fs::path y = dir.write("y.json", good_task);
  std::vector<fs::path> paths{y, dir.path() / "missing.json", x};
  LoadResult result = load_tasks(paths);
  ASSERT_EQ(result.tasks.size(), 2u);
  EXPECT_EQ(result.tasks[0].id, "y");
  EXPECT_EQ(result.tasks[1].id, "x");
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].path, (dir.path() / "missing.json").string());
}

/// A task of one train pair, [[in]] to [[out]], and one test input [[in]].
std::string one_cell_task(int in, int out) {
  std::string text = R"({"train": [{"input": [[)";
  text += std::to_string(in);
  text += R"(]], "output": [[)";
  text += std::to_string(out);
  text += R"(]]}], "test": [{"input": [[)";
  text += std::to_string(in);
  text += "]]}]}";
  return text;
}

TEST(Tasks, ManyFilesOnSeveralThreadsKeepTheirOrder) {
  // 96 files, every seventh broken, beside a missing path and a directory without tasks:
  // whatever the threads, the tasks and the errors come in the order of the paths and of the
  // sorted file names, each task with its own grids.
  TempDir dir;
  std::vector<std::string> expected_ids, expected_errors;
  for (int k = 0; k < 96; ++k) {
    std::string name = "t";
    name += std::to_string(1000 + k);
    const fs::path file = dir.path() / "many" / (name + ".json");
    if (k % 7 == 3) {
      dir.write("many/" + name + ".json", with_train_output("[[1, 2], [3]]"));
      expected_errors.push_back(file.string());
    } else {
      dir.write("many/" + name + ".json", one_cell_task(k % 10, k / 10));
      expected_ids.push_back(name);
    }
  }
  dir.write("empty/notes.txt", "no tasks here");
  const std::vector<fs::path> paths{dir.path() / "empty", dir.path() / "many",
                                    dir.path() / "missing.json"};
  expected_errors.insert(expected_errors.begin(), (dir.path() / "empty").string());
  expected_errors.push_back((dir.path() / "missing.json").string());
  for (unsigned threads : {1u, 3u, 8u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    const LoadResult result = load_tasks(paths, threads);
    ASSERT_EQ(result.tasks.size(), expected_ids.size());
    for (std::size_t i = 0; i < expected_ids.size(); ++i) {
      const Task& t = result.tasks[i];
      ASSERT_EQ(t.id, expected_ids[i]);
      const int k = std::stoi(t.id.substr(1)) - 1000;
      EXPECT_EQ(t.train[0].input, (Grid{{k % 10}}));
      EXPECT_EQ(*t.train[0].output, (Grid{{k / 10}}));
    }
    ASSERT_EQ(result.errors.size(), expected_errors.size());
    for (std::size_t i = 0; i < expected_errors.size(); ++i)
      EXPECT_EQ(result.errors[i].path, expected_errors[i]);
  }
}

TEST(Tasks, LoadsAllArcTrainingTasks) {
  std::optional<fs::path> shared = battgpu::testing::shared_dir();
  if (!shared || !fs::is_directory(*shared / "arc-agi" / "training"))
    GTEST_SKIP() << "ARC training tasks not found (set BATTGPU_SHARED_DIR, in the environment "
                    "or when configuring, to the folder holding arc-agi/training)";
  fs::path training = *shared / "arc-agi" / "training";
  LoadResult result = load_tasks(training);
  for (const auto& e : result.errors)
    ADD_FAILURE() << e.message;
  ASSERT_EQ(result.tasks.size(), 400u);

  std::size_t train = 0, test = 0, test_outputs = 0;
  for (const Task& t : result.tasks) {
    train += t.train.size();
    test += t.test.size();
    for (const auto& p : t.test)
      test_outputs += p.output.has_value();
  }
  EXPECT_EQ(train, 1302u);
  EXPECT_EQ(test, 416u);
  EXPECT_EQ(test_outputs, 416u);
  // 3436 grids in all, the count the object-extraction oracle covers.
  EXPECT_EQ(2 * train + test + test_outputs, 3436u);

  const Task& first = result.tasks.front();
  EXPECT_EQ(first.id, "007bbfb7");
  ASSERT_EQ(first.train.size(), 5u);
  EXPECT_EQ(first.train[0].input, (Grid{{0, 7, 7}, {7, 7, 7}, {0, 7, 7}}));
  EXPECT_EQ(first.train[0].output->height(), 9);
  EXPECT_EQ(first.test[0].input, (Grid{{7, 0, 7}, {7, 0, 7}, {7, 7, 0}}));
  const Grid& out = *first.test[0].output;
  EXPECT_EQ(out.height(), 9);
  EXPECT_EQ(out.width(), 9);
  const int first_row[9] = {7, 0, 7, 0, 0, 0, 7, 0, 7};
  const int last_row[9] = {7, 7, 0, 7, 7, 0, 0, 0, 0};
  for (int c = 0; c < 9; ++c) {
    EXPECT_EQ(out.at(0, c), first_row[c]) << c;
    EXPECT_EQ(out.at(8, c), last_row[c]) << c;
  }
}

} // namespace
