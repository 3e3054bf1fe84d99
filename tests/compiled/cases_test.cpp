// The emitter on small programs (tests/compiled/cases/*.py, each imported by battgpu-import at
// build time and linked into this test): every compiled program gives, call for call, the
// records the interpreter gives for its source over a set of ARC tasks, scoring calls
// included. The cases cover nested try statements, else and finally, unknown names, tuple
// unpacking, record lists, closures, unbound locals, sample batches, solver modules and
// functions cut into many C++ functions.
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/compiled.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/tasks/task.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace battgpu::interp {
namespace {

namespace fs = std::filesystem;

/// The tasks the cases run over: the first `n` training tasks shipped with battgpu, and the
/// tasks the solver case has solvers for.
const std::vector<tasks::Task>& case_tasks() {
  static const std::vector<tasks::Task> tasks = [] {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(BATTGPU_CASES_TASKS))
      if (e.path().extension() == ".json")
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    files.resize(std::min<std::size_t>(files.size(), 24));
    tasks::LoadResult loaded = tasks::load_tasks(files);
    return loaded.tasks;
  }();
  return tasks;
}

struct Records {
  std::vector<std::string> lines;
  RunSummary summary;
};

template <class P> Records run(const P& program, bool score) {
  Records r;
  RunOptions options;
  options.jobs = 1;
  options.block_tasks = 3;
  options.score = score;
  options.record_sink = [&](const std::string& line) { r.lines.push_back(line); };
  r.summary = run_program(program, case_tasks(), options);
  return r;
}

/// The names of the compiled cases (by name: test names and parameters stay the same from run
/// to run).
std::vector<std::string> cases() {
  std::vector<std::string> names;
  for (const CompiledProgram* p : compiled_programs())
    names.emplace_back(p->name);
  return names;
}

class CompiledCase : public ::testing::TestWithParam<std::string> {};

TEST_P(CompiledCase, RecordsAreTheInterpreters) {
  const CompiledProgram& compiled = *find_compiled_program(GetParam());
  const std::string source = std::string(BATTGPU_CASES_DIR) + "/" + std::string(compiled.source);
  frontend::CheckOptions options;
  options.dialect = compiled.dialect;
  const frontend::Program program = frontend::check(frontend::parse_file(source), options);
  ASSERT_FALSE(program.has_errors()) << source;
  ASSERT_EQ(program.form, compiled.form);
  ASSERT_EQ(program.functions.size(), compiled.functions.size());
  for (std::size_t k = 0; k < program.functions.size(); ++k) {
    EXPECT_EQ(program.functions[k].id, compiled.functions[k].id);
    EXPECT_EQ(program.functions[k].assignments, compiled.functions[k].assignments);
    EXPECT_EQ(program.functions[k].records, compiled.functions[k].records);
  }
  for (bool score : {false, true}) {
    const Records interpreted = run(program, score);
    const Records ran = run(compiled, score);
    ASSERT_EQ(interpreted.lines.size(), ran.lines.size());
    ASSERT_FALSE(ran.lines.empty());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < ran.lines.size(); ++i)
      if (interpreted.lines[i] != ran.lines[i] && ++differ <= 3)
        ADD_FAILURE() << compiled.name << " line " << i + 1
                      << "\n  interpreted: " << interpreted.lines[i].substr(0, 600)
                      << "\n  compiled:    " << ran.lines[i].substr(0, 600);
    EXPECT_EQ(differ, 0u);
    EXPECT_EQ(interpreted.summary.raised, ran.summary.raised);
    EXPECT_EQ(interpreted.summary.raised_types, ran.summary.raised_types);
    EXPECT_EQ(ran.summary.timeouts, 0u);
    std::size_t solved_i = 0, solved_c = 0;
    for (const auto& t : interpreted.summary.tasks)
      solved_i += t.solved;
    for (const auto& t : ran.summary.tasks)
      solved_c += t.solved;
    EXPECT_EQ(solved_i, solved_c);
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, CompiledCase, ::testing::ValuesIn(cases()), [](const auto& param) {
  std::string name = param.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
});

/// Each case does what its name says (not only what the interpreter does): a few outcomes
/// checked by hand.
const CompiledProgram& program(std::string_view name) {
  const CompiledProgram* p = find_compiled_program(name);
  if (p == nullptr)
    throw std::runtime_error("no compiled case " + std::string(name));
  return *p;
}

Call call_of(const CompiledProgram& p, std::size_t function, std::vector<py::Value> args) {
  Call c;
  c.args = std::move(args);
  p.functions[function].run(c);
  return c;
}

py::Value grid(std::initializer_list<std::initializer_list<int>> rows) {
  std::vector<py::Value> rs;
  for (const auto& row : rows) {
    std::vector<py::Value> cells;
    for (int v : row)
      cells.push_back(py::Value::integer(v));
    rs.push_back(py::tuple_of(cells));
  }
  return py::tuple_of(rs);
}

std::vector<py::Value> batt_args(const py::Value& I) {
  const py::Value S = py::tuple_of({py::tuple_of({I, I})});
  return {py::make_str("t"), S, I, py::Value::none(), py::make_str("/dev/null")};
}

TEST(CompiledOutcome, UnknownNamesRaiseWhereTheyRun) {
  // t2 and t3 catch their NameError; t4's handler raises one only where the grid is not two
  // cells wide, and nothing catches it there.
  const Call two = call_of(program("unknown_names"), 0, batt_args(grid({{1, 2}, {3, 4}})));
  EXPECT_EQ(two.status, Call::Status::Ok);
  EXPECT_EQ(two.o.size(), 4u);
  const Call three = call_of(program("unknown_names"), 0, batt_args(grid({{1, 2, 3}})));
  EXPECT_EQ(three.status, Call::Status::Raised);
  EXPECT_EQ(three.error, py::Exc::NameError);
  EXPECT_TRUE(three.o.empty());
}

TEST(CompiledOutcome, UnpackingIsDataDependent) {
  const CompiledProgram& p = program("unpacking");
  const Call two = call_of(p, 0, batt_args(grid({{1, 2}, {3, 4}})));
  EXPECT_EQ(two.status, Call::Status::Ok);
  EXPECT_EQ(two.o.size(), 4u); // the third-width record is not there
  const Call three = call_of(p, 0, batt_args(grid({{1, 2, 3}})));
  EXPECT_EQ(three.status, Call::Status::Raised);
  EXPECT_EQ(three.error, py::Exc::ValueError);
}

TEST(CompiledOutcome, UnboundLocals) {
  const Call c = call_of(program("unbound"), 0, batt_args(grid({{1, 2}, {3, 4}})));
  EXPECT_EQ(c.status, Call::Status::Ok);
  ASSERT_EQ(c.o.size(), 3u);
  const Call d = call_of(program("unbound"), 0, batt_args(grid({{1, 2, 3}})));
  EXPECT_EQ(d.status, Call::Status::Raised);
  EXPECT_EQ(d.error, py::Exc::UnboundLocalError);
}

TEST(CompiledOutcome, FallingOffTheEndReturnsNone) {
  const Call c = call_of(program("fall_off"), 0, batt_args(grid({{1}})));
  EXPECT_EQ(c.status, Call::Status::Ok);
  ASSERT_EQ(c.returned.size(), 1u);
  EXPECT_TRUE(c.returned.front().is_none());
  EXPECT_TRUE(c.o.empty());
}

TEST(CompiledOutcome, SolverModules) {
  const CompiledProgram& p = program("solvers_small");
  EXPECT_EQ(p.form, frontend::ModuleForm::Solvers);
  EXPECT_EQ(p.dialect, py::Dialect::ArcDsl);
  std::vector<std::string_view> ids;
  for (const CompiledFunctionInfo& f : p.functions)
    ids.push_back(f.id);
  // solve_0520fde7 is defined twice: one function, the later one.
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "0520fde7"), 1);
  for (const CompiledFunctionInfo& f : p.functions) {
    Call c;
    c.args = {grid({{1, 2}, {3, 4}})};
    f.run(c);
    if (f.id == "017c7c7b") {
      EXPECT_EQ(c.status, Call::Status::Raised);
      EXPECT_EQ(c.error, py::Exc::NameError);
    }
    if (f.id == "0520fde7") {
      ASSERT_EQ(c.returned.size(), 1u);
      EXPECT_TRUE(py::op_eq(c.returned.front(), grid({{1}, {3}}))); // lefthalf, not vmirror
    }
  }
}

TEST(CompiledRegistry, FindsAndLists) {
  EXPECT_EQ(find_compiled_program("no such program"), nullptr);
  const auto all = compiled_programs();
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end(),
                             [](const auto* a, const auto* b) { return a->name < b->name; }));
  static const CompiledFunctionInfo none[] = {{"batt", "", nullptr, 0, 0}};
  EXPECT_FALSE(register_compiled_program(CompiledProgram{
      "nested_try", py::Dialect::Tokpidjin, frontend::ModuleForm::Batt, "x.py", none}));
  const auto dups = duplicate_compiled_programs();
  EXPECT_NE(std::find(dups.begin(), dups.end(), "nested_try"), dups.end());
  EXPECT_NE(find_compiled_program("nested_try")->functions.front().run, nullptr);
}

} // namespace
} // namespace battgpu::interp
