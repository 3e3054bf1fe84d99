// battgpu-rewrite: rewrites the batchable patterns of batt-style solver sources into
// battgpu runtime calls (SPEC sections 3 and 4). See generator/README.md.
#include "Driver.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace llvm;

namespace {
cl::OptionCategory Category("battgpu-rewrite options");

cl::list<std::string> Sources(cl::Positional, cl::desc("<source files>"), cl::cat(Category));
cl::opt<std::string> BuildPath("p",
                               cl::desc("Build directory holding compile_commands.json; "
                                        "with no source named, every file in it"),
                               cl::value_desc("build dir"), cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg", cl::desc("Argument appended to each compile command"),
                                cl::cat(Category));
cl::list<std::string> ExtraArgsBefore("extra-arg-before",
                                      cl::desc("Argument prepended to each compile command"),
                                      cl::cat(Category));
cl::opt<std::string> Output("o",
                            cl::desc("Write the rewritten file here ('-': stdout); one "
                                     "input only"),
                            cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> OutDir("out-dir",
                            cl::desc("Write each rewritten file into this directory, "
                                     "under its own name"),
                            cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> InPlace("in-place",
                      cl::desc("Rewrite the files themselves (atomically: a "
                               "temporary file renamed over each)"),
                      cl::cat(Category));
cl::alias InPlaceShort("i", cl::desc("Alias for --in-place"), cl::aliasopt(InPlace),
                       cl::cat(Category));
cl::opt<bool> DryRun("dry-run", cl::desc("Write nothing; print the report (text by default)"),
                     cl::cat(Category));
cl::opt<std::string>
    Patterns("patterns",
             cl::desc("Comma-separated patterns to run: sample-batch, object-batch, "
                      "mapply-batch, all; '-name' disables one (default: all)"),
             cl::value_desc("list"), cl::cat(Category));
cl::opt<std::string> Report("report",
                            cl::desc("Print a report: text, json or none (default: none, or "
                                     "text with --dry-run)"),
                            cl::value_desc("format"), cl::cat(Category));
cl::opt<std::string> ReportFile("report-file",
                                cl::desc("Write the report to this file instead of stdout"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> Depfile("depfile",
                             cl::desc("With -o: write the files the output depends on here, "
                                      "in Make syntax (for build systems)"),
                             cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("Do not print a diagnostic for each skipped candidate"),
                    cl::cat(Category));
cl::opt<bool> Speculate(
    "speculate",
    cl::desc("Parse only a speculative rewrite and check it against the AST (default); with "
             "=false, parse the input, rewrite, then re-parse the output"),
    cl::init(true), cl::cat(Category));
cl::opt<bool> NoChangeOk("no-change-ok",
                         cl::desc("Exit with 0 instead of 1 when nothing was "
                                  "rewritten"),
                         cl::cat(Category));

cl::opt<std::string> BatchForm(
    "batch-form",
    cl::desc("How object-batch and mapply-batch points are emitted: 'gathered' (default) makes "
             "each eligible function a coroutine returning battgpu::Solve whose batch points "
             "co_await gather_objects/gather_mapply, batched across tasks; 'blocking' calls "
             "batch_objects/batch_mapply as plain functions"),
    cl::value_desc("gathered|blocking"), cl::init("gathered"), cl::cat(Category));

cl::extrahelp MoreHelp(R"(
Rewrites the batchable patterns of batt-style solver sources into battgpu runtime calls:
  sample-batch   apply(first, S), apply(second, S) and mapply over them
                 -> battgpu::runtime::batch_process_samples
  object-batch   o_g(G, Rk) / objects(G, u, d, b) / rbind(o_g, Rk)(G) on one grid value
                 -> battgpu::runtime::batch_objects
  mapply-batch   mapply(f, X) / apply(f, X), f a per-object primitive, X objects or patches
                 -> battgpu::runtime::batch_mapply
The original statements stay in the output as the CPU path. Every candidate left alone is
reported with its reason, as a warning at file:line:col. Headers are never rewritten.

Batch form (--batch-form): with 'gathered' (the default) a free function 'void f(...)' with
object-batch or mapply-batch points becomes 'battgpu::Solve f(...)', a coroutine whose batch
points are 'co_await battgpu::runtime::gather_objects(...)' / 'gather_mapply(...)' and whose
'return's are 'co_return's. A function that cannot be (a member, a template, main,
constexpr, variadic, extern "C", a return type not spelled 'void', declared elsewhere too,
already a coroutine, a 'return' from a macro) keeps the blocking calls, with a warning
[battgpu-gathered-form]. sample-batch points always block. --batch-form=blocking: no
coroutines.

Compile commands: -p <build dir> reads compile_commands.json; '-- <flags>' gives the flags
for every file. -std=c++20 is added when the command names no standard.

Output: -o FILE, --out-dir DIR, --in-place, or (one input) stdout. --dry-run writes nothing.

Exit status:
  0  success: at least one region was rewritten (with --dry-run: would be)
  1  nothing to do: every input compiles, nothing could be rewritten (0 with --no-change-ok)
  2  usage error: bad options, an unreadable input, no compile command for a file
  3  an input does not compile: nothing was written for it
  4  internal error: a rewritten output did not re-parse, or could not be written; nothing
     was written for it
With several files, the first of 2, 3, 4, 0, 1 that applies to any of them.

Examples:
  battgpu-rewrite -p build solvers/batt.cpp -o build/batt.rewritten.cpp
  battgpu-rewrite --dry-run --report=json solvers/*.cpp -- -std=c++20 -Iruntime/include
  battgpu-rewrite -p build --in-place
)");
} // namespace

int main(int argc, const char** argv) {
  InitLLVM init(argc, argv);
  std::string error;
  std::unique_ptr<clang::tooling::FixedCompilationDatabase> fixed =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(argc, argv, error);
  if (!error.empty()) {
    errs() << "battgpu-rewrite: error: " << error << "\n";
    return battgpu::rewrite::ExitUsage;
  }
  cl::SetVersionPrinter(
      [](raw_ostream& os) { os << "battgpu-rewrite " << BATTGPU_VERSION << " (LLVM 19)\n"; });
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          argc, argv, "battgpu-rewrite: batch the batchable parts of batt solvers\n", &errs()))
    return battgpu::rewrite::ExitUsage;

  battgpu::rewrite::Options opt;
  opt.sources.assign(Sources.begin(), Sources.end());
  opt.buildPath = BuildPath;
  opt.extraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  opt.extraArgsBefore.assign(ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  if (fixed) {
    // `--` flags without -p: the fixed database, with the current directory as working dir.
    SmallString<256> cwd;
    sys::fs::current_path(cwd);
    std::vector<std::string> flags;
    for (const auto& cmd : fixed->getCompileCommands("x.cpp"))
      flags.assign(cmd.CommandLine.begin() + 1, cmd.CommandLine.end() - 1);
    opt.fixedDatabase =
        std::make_unique<clang::tooling::FixedCompilationDatabase>(std::string(cwd), flags);
  }
  opt.output = Output;
  opt.outDir = OutDir;
  opt.inPlace = InPlace;
  opt.dryRun = DryRun;
  opt.patterns = Patterns;
  opt.report = Report;
  opt.reportFile = ReportFile;
  opt.depfile = Depfile;
  opt.quiet = Quiet;
  opt.speculate = Speculate;
  opt.noChangeOk = NoChangeOk;
  opt.batchForm = BatchForm;
  return battgpu::rewrite::runTool(opt);
}
