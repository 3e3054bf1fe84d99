// The fast reader of task files against the full one (runtime/src/tasks/task_readers.hpp):
// on every ARC training task, and on thousands of damaged copies of task files, whatever the
// fast reader accepts the full reader accepts too, as the same task.
#include "tasks/task_readers.hpp"

#include "oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using battgpu::tasks::Pair;
using battgpu::tasks::Task;
using battgpu::tasks::TaskError;
using battgpu::tasks::detail::read_task_with_positions;
using battgpu::tasks::detail::read_well_formed_task;

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The shipped copy of the ARC training tasks (data/arc-agi/training), or ../shared's.
std::vector<fs::path> training_files() {
  std::vector<fs::path> dirs = {fs::path(BATTGPU_SOURCE_DIR) / "data" / "arc-agi" / "training"};
  if (std::optional<fs::path> shared = battgpu::testing::shared_dir())
    dirs.push_back(*shared / "arc-agi" / "training");
  for (const fs::path& dir : dirs) {
    if (!fs::is_directory(dir))
      continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json")
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    if (!files.empty())
      return files;
  }
  return {};
}

bool same_pairs(const std::vector<Pair>& a, const std::vector<Pair>& b) {
  if (a.size() != b.size())
    return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i].input == b[i].input) || a[i].output != b[i].output)
      return false;
  return true;
}

bool same_task(const Task& a, const Task& b) {
  return same_pairs(a.train, b.train) && same_pairs(a.test, b.test);
}

/// The full reader's task, or nothing where it rejects the text.
std::optional<Task> full_reader(const std::string& text) {
  try {
    return read_task_with_positions(text, "t", "t.json");
  } catch (const TaskError&) {
    return std::nullopt;
  }
}

TEST(TaskReaders, AgreeOnEveryTrainingTask) {
  const std::vector<fs::path> files = training_files();
  if (files.empty())
    GTEST_SKIP() << "no ARC training tasks found";
  std::size_t matched = 0;
  for (const fs::path& file : files) {
    const std::string text = read_file(file);
    const std::optional<Task> fast = read_well_formed_task(text);
    ASSERT_TRUE(fast.has_value()) << file << ": the fast reader declined a training task";
    const Task full = read_task_with_positions(text, "t", file.string());
    EXPECT_TRUE(same_task(*fast, full)) << file;
    matched += same_task(*fast, full);
  }
  std::printf("task readers: %zu training tasks, %zu read alike\n", files.size(), matched);
}

TEST(TaskReaders, FastReaderDeclinesWhatItCannotTellIsGood) {
  const std::string good = R"({"train": [{"input": [[1, 0]], "output": [[2]]}],
                              "test": [{"input": [[-0]]}]})";
  ASSERT_TRUE(read_well_formed_task(good).has_value());
  EXPECT_EQ(read_well_formed_task(good)->test[0].input, (battgpu::dsl::Grid{{0}}));
  // Other keys at the top are ignored, where their value is no container; with one, the full
  // reader decides.
  const std::string named = R"({"name": "x", "train": [{"input": [[1]], "output": [[2]]}],
                                "n": 1.5, "test": [{"input": [[3]]}], "m": null})";
  ASSERT_TRUE(read_well_formed_task(named).has_value());
  EXPECT_TRUE(same_task(*read_well_formed_task(named), *full_reader(named)));
  const std::string listed = R"({"name": ["x"], "train": [{"input": [[1]], "output": [[2]]}],
                                 "test": [{"input": [[3]]}]})";
  EXPECT_FALSE(read_well_formed_task(listed).has_value());
  EXPECT_TRUE(full_reader(listed).has_value());
  // Bad files, each for one reason: a train pair that is not one, or a file not a task.
  auto with_train_pair = [](const std::string& pair) {
    return R"({"train": [)" + pair + R"(], "test": [{"input": [[1]]}]})";
  };
  const std::vector<std::string> bad = {
      with_train_pair(R"({"input": [[1]]})"),                                  // no output
      with_train_pair(R"({"input": [[1], [1, 2]], "output": [[2]]})"),         // ragged rows
      with_train_pair(R"({"input": [[10]], "output": [[2]]})"),                // colour 10
      with_train_pair(R"({"input": [[-1]], "output": [[2]]})"),                // colour -1
      with_train_pair(R"({"input": [[1.0]], "output": [[2]]})"),               // a float
      with_train_pair(R"({"input": [["1"]], "output": [[2]]})"),               // a string
      with_train_pair(R"({"input": [[]], "output": [[2]]})"),                  // an empty row
      with_train_pair(R"({"input": [], "output": [[2]]})"),                    // no rows
      with_train_pair(R"({"input": [1], "output": [[2]]})"),                   // no row
      with_train_pair(R"({"input": [[1]], "input": [[1]], "output": [[2]]})"), // a repeated key
      with_train_pair(R"({"input": [[1]], "output": [[2]], "name": 1})"),      // another key
      with_train_pair(R"([[1]])"),                                             // no pair
      R"({"train": [{"input": [[1]], "output": [[2]]}]})",                     // no test
      R"({"train": [], "test": [{"input": [[1]]}]})",                          // no train pairs
      R"({"n": 1, "train": [{"input": [[1]], "output": [[2]]}], "test": [{"input": [[1]]}], "n": 2})",
      R"({"train": [{"input": [[1]], "output": [[2]]}], "test": [{"input": [[1]]}]} x)",
      R"([{"train": [{"input": [[1]], "output": [[2]]}], "test": [{"input": [[1]]}]}])",
  };
  ASSERT_TRUE(full_reader(with_train_pair(R"({"input": [[1]], "output": [[2]]})")).has_value());
  for (const std::string& text : bad) {
    EXPECT_FALSE(read_well_formed_task(text).has_value()) << text;
    EXPECT_FALSE(full_reader(text).has_value()) << text;
  }
  // 30 rows of 30 cells are good, a 31st row or cell is not.
  auto square = [](int rows, int cols) {
    std::string g = "[";
    for (int r = 0; r < rows; ++r) {
      g += r ? ", [" : "[";
      for (int c = 0; c < cols; ++c)
        g += c ? ", 1" : "1";
      g += "]";
    }
    return R"({"train": [{"input": )" + g + R"(], "output": [[1]]}], "test": [{"input": [[1]]}]})";
  };
  EXPECT_TRUE(read_well_formed_task(square(30, 30)).has_value());
  EXPECT_FALSE(read_well_formed_task(square(31, 30)).has_value());
  EXPECT_FALSE(read_well_formed_task(square(30, 31)).has_value());
}

/// `text` with one random change: a character dropped, doubled or replaced, a colour made
/// another value, a key renamed or repeated, a row or cell dropped or added.
std::string damaged(const std::string& text, std::mt19937& rng) {
  auto pick = [&](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  std::string s = text;
  const std::size_t at = pick(s.size());
  static const std::string chars = "[]{},:\"0123456789-.eE ntf";
  static const std::vector<std::string> colours = {"10",   "-1", "1.0",   "1e0",
                                                   "-0",   "00", "\"1\"", "null",
                                                   "true", "9",  "0",     "18446744073709551617"};
  static const std::vector<std::pair<std::string, std::string>> edits = {
      {"\"train\"", "\"trian\""},
      {"\"input\"", "\"inputs\""},
      {"\"output\"", "\"out\""},
      {"\"test\"", "\"train\""},
      {"\"output\": ", "\"input\": "},
      {"[[", "[[1, "},
      {"], [", "], [], ["},
      {"], [", "], [1], ["},
      {", ", ", 3, "},
      {"]]", "], [1]]"},
      {"{\"input\"", "{\"name\": 1, \"input\""},
      {"{\"train\"", "{\"name\": [], \"train\""}};
  switch (pick(5)) {
  case 0:
    s.erase(at, 1);
    break;
  case 1:
    s.insert(at, 1, s[at]);
    break;
  case 2:
    s[at] = chars[pick(chars.size())];
    break;
  case 3: { // a colour: the digit at or after `at`
    const std::size_t d = s.find_first_of("0123456789", at);
    if (d != std::string::npos)
      s.replace(d, 1, colours[pick(colours.size())]);
    break;
  }
  default: { // an edit at one of its places
    const auto& [from, to] = edits[pick(edits.size())];
    std::vector<std::size_t> places;
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + 1))
      places.push_back(p);
    if (!places.empty())
      s.replace(places[pick(places.size())], from.size(), to);
  }
  }
  return s;
}

TEST(TaskReaders, FastReaderTakesOnlyWhatTheFullReaderAccepts) {
  std::vector<std::string> bases = {
      R"({"train": [{"input": [[1, 0], [0, 2]], "output": [[2, 0], [0, 1]]}, {"input": [[3]], "output": [[4, 4, 4]]}], "test": [{"input": [[5, 6, 7], [8, 9, 0]], "output": [[0], [9]]}, {"input": [[1]]}]})"};
  const std::vector<fs::path> files = training_files();
  for (std::size_t i = 0; i < files.size(); i += 40) // small and large ones alike
    bases.push_back(read_file(files[i]));
  std::mt19937 rng(20261128);
  std::size_t cases = 0, fast_accepted = 0, full_accepted = 0, both_rejected = 0, matched = 0;
  for (int round = 0; round < 400; ++round) {
    for (const std::string& base : bases) {
      std::string text = damaged(base, rng);
      if (round % 3 == 2)
        text = damaged(text, rng); // two changes
      const std::optional<Task> fast = read_well_formed_task(text);
      const std::optional<Task> full = full_reader(text);
      ++cases;
      fast_accepted += fast.has_value();
      full_accepted += full.has_value();
      both_rejected += !fast && !full;
      if (fast) {
        ASSERT_TRUE(full.has_value()) << "the fast reader accepted what the full reader rejects:\n"
                                      << text;
        ASSERT_TRUE(same_task(*fast, *full)) << "the readers read differently:\n" << text;
        ++matched;
      }
    }
  }
  std::printf("task readers: %zu damaged texts; fast reader accepted %zu, all %zu alike; full "
              "reader accepted %zu; both rejected %zu\n",
              cases, fast_accepted, matched, full_accepted, both_rejected);
  // The changes leave many texts good and make many bad: both kinds were tried.
  EXPECT_GT(fast_accepted, cases / 10);
  EXPECT_GT(both_rejected, cases / 4);
}

} // namespace
