#include "Driver.h"

#include "LexicalIndex.h"
#include "Report.h"
#include "Rewriter.h"
#include "SemanticIndex.h"
#include "SourceText.h"
#include "StableSort.h"
#include "patterns/Pattern.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <chrono>
#include <cstdlib>
#include <map>

namespace battgpu::rewrite {
namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

bool isHeader(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".h" || ext == ".hh" || ext == ".hpp" || ext == ".hxx" || ext == ".inc" ||
         ext == ".ipp" || ext == ".tpp" || ext == ".cuh";
}

std::string absolute(llvm::StringRef path) {
  llvm::SmallString<256> p(path);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, true);
  return std::string(p);
}

/// Collects diagnostics of one parse as text, counting the errors.
class CollectingConsumer : public clang::DiagnosticConsumer {
public:
  CollectingConsumer() : os_(text_) {
    opts_ = new clang::DiagnosticOptions();
    opts_->ShowColors = false;
    printer_ = std::make_unique<clang::TextDiagnosticPrinter>(os_, opts_.get());
  }
  void BeginSourceFile(const clang::LangOptions& lo, const clang::Preprocessor* pp) override {
    printer_->BeginSourceFile(lo, pp);
  }
  void EndSourceFile() override { printer_->EndSourceFile(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level >= clang::DiagnosticsEngine::Error)
      ++errors_;
    if (level >= clang::DiagnosticsEngine::Error || level == clang::DiagnosticsEngine::Note)
      printer_->HandleDiagnostic(level, info);
  }
  int errors() const { return errors_; }
  std::string text() {
    os_.flush();
    return text_;
  }

private:
  std::string text_;
  llvm::raw_string_ostream os_;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> opts_;
  std::unique_ptr<clang::TextDiagnosticPrinter> printer_;
  int errors_ = 0;
};

/// Keeps the compiler's own "N errors generated." line off stderr: the tool reports itself.
bool quietInvocation(clang::CompilerInstance& ci) {
  ci.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
  return true;
}

/// Only checks that a buffer compiles.
class VerifyAction : public clang::SyntaxOnlyAction {
  bool BeginInvocation(clang::CompilerInstance& ci) override { return quietInvocation(ci); }
};

/// Parses the main file and, when there were no errors, builds the semantic index.
class AnalysisAction : public clang::ASTFrontendAction {
public:
  bool BeginInvocation(clang::CompilerInstance& ci) override { return quietInvocation(ci); }

  AnalysisAction(const SemanticInput* in, const std::vector<Pattern*>& patterns,
                 SemanticResult& out, std::vector<std::string>* files)
      : in_(in), patterns_(patterns), out_(out), files_(files) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci,
                                                        llvm::StringRef) override {
    return std::make_unique<Consumer>(ci, in_, patterns_, out_, files_);
  }

private:
  class Consumer : public clang::ASTConsumer {
  public:
    Consumer(clang::CompilerInstance& ci, const SemanticInput* in,
             const std::vector<Pattern*>& patterns, SemanticResult& out,
             std::vector<std::string>* files)
        : ci_(ci), in_(in), patterns_(patterns), out_(out), files_(files) {}
    void HandleTranslationUnit(clang::ASTContext& ast) override {
      if (!in_ || ci_.getDiagnostics().hasErrorOccurred())
        return;
      if (files_) {
        const clang::SourceManager& sm = ast.getSourceManager();
        for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
          files_->push_back(it->first.getName().str());
      }
      auto start = Clock::now();
      out_ = buildSemanticIndex(ast, *in_, patterns_);
      out_.ms = msSince(start);
    }

  private:
    clang::CompilerInstance& ci_;
    const SemanticInput* in_;
    const std::vector<Pattern*>& patterns_;
    SemanticResult& out_;
    std::vector<std::string>* files_;
  };

  const SemanticInput* in_;
  const std::vector<Pattern*>& patterns_;
  SemanticResult& out_;
  std::vector<std::string>* files_;
};

struct ParseOutcome {
  bool ran = false;
  int errors = 0;
  std::string diagnostics;
  SemanticResult semantic;
  std::vector<std::string> files; ///< every file the parse read
  double ms = 0;
};

class Tool {
public:
  Tool(Options& options, clang::tooling::CompilationDatabase& db, std::vector<Pattern*> patterns)
      : opt_(options), db_(db), patterns_(std::move(patterns)),
        form_(options.batchForm == "blocking" ? BatchForm::Blocking : BatchForm::Gathered) {}

  /// The compiler's command line for `file`, adjusted for a syntax-only parse.
  bool commandFor(const std::string& file, std::vector<std::string>& args, std::string& dir,
                  std::string& error) {
    std::vector<clang::tooling::CompileCommand> cmds = db_.getCompileCommands(file);
    if (cmds.empty()) {
      error = "no compile command for " + file + " (give -p <build dir> or -- <flags>)";
      return false;
    }
    const clang::tooling::CompileCommand& cmd = cmds.front();
    dir = cmd.Directory;
    args = cmd.CommandLine;
    for (auto adjust : {clang::tooling::getClangStripOutputAdjuster(),
                        clang::tooling::getClangSyntaxOnlyAdjuster(),
                        clang::tooling::getClangStripDependencyFileAdjuster()})
      args = adjust(args, cmd.Filename);
    if (args.empty()) {
      error = "empty compile command for " + file;
      return false;
    }
    args.insert(args.begin() + 1, opt_.extraArgsBefore.begin(), opt_.extraArgsBefore.end());
    args.insert(args.end(), opt_.extraArgs.begin(), opt_.extraArgs.end());
    bool hasStd = false, hasResourceDir = false;
    for (const std::string& a : args) {
      hasStd = hasStd || llvm::StringRef(a).starts_with("-std=") ||
               llvm::StringRef(a).starts_with("--std=") || llvm::StringRef(a).starts_with("/std:");
      hasResourceDir = hasResourceDir || llvm::StringRef(a).starts_with("-resource-dir");
    }
    if (!hasStd)
      args.push_back("-std=c++20");
    if (!hasResourceDir)
      args.push_back("-resource-dir=" BATTGPU_CLANG_RESOURCE_DIR);
    args.push_back("-w");
    // The file is parsed under the path the command names.
    llvm::SmallString<256> main(cmd.Filename);
    if (!llvm::sys::path::is_absolute(main))
      llvm::sys::fs::make_absolute(cmd.Directory, main);
    llvm::sys::path::remove_dots(main, true);
    mainPath_ = std::string(main);
    return true;
  }

  ParseOutcome parse(const std::vector<std::string>& args, const std::string& dir,
                     const std::string& file, llvm::StringRef content, const SemanticInput* in) {
    auto start = Clock::now();
    ParseOutcome out;
    auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    auto overlay =
        llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
    overlay->pushOverlay(memory);
    memory->addFile(file, 0, llvm::MemoryBuffer::getMemBufferCopy(content, file));
    if (mainPath_ != file)
      memory->addFile(mainPath_, 0, llvm::MemoryBuffer::getMemBufferCopy(content, mainPath_));
    overlay->setCurrentWorkingDirectory(dir);
    auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);
    std::unique_ptr<clang::FrontendAction> action;
    if (in)
      action = std::make_unique<AnalysisAction>(in, patterns_, out.semantic, &out.files);
    else
      action = std::make_unique<VerifyAction>();
    CollectingConsumer diags;
    clang::tooling::ToolInvocation invocation(args, std::move(action), files.get(),
                                              std::make_shared<clang::PCHContainerOperations>());
    invocation.setDiagnosticConsumer(&diags);
    out.ran = invocation.run();
    out.errors = diags.errors();
    out.diagnostics = diags.text();
    if (!out.ran && out.errors == 0) {
      out.errors = 1;
      if (out.diagnostics.empty())
        out.diagnostics = "error: the compiler could not be run for " + file + "\n";
    }
    out.ms = msSince(start);
    return out;
  }

  /// Processes one file; returns the rewritten text in `output` when it may be written.
  FileReport process(const std::string& file, const std::string& shown, std::string& output,
                     bool& write) {
    auto start = Clock::now();
    FileReport rep;
    rep.file = shown;
    write = false;
    for (Pattern* p : patterns_)
      rep.patterns.push_back(PatternCounts{p->name().str()});
    if (isHeader(file)) {
      rep.status = FileStatus::Skipped;
      rep.message = "headers are never rewritten";
      llvm::errs() << shown << ": warning: skipped: headers are never rewritten\n";
      return rep;
    }
    auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/false);
    if (!buffer) {
      rep.status = FileStatus::UsageError;
      rep.message = "cannot read " + shown + ": " + buffer.getError().message();
      llvm::errs() << "battgpu-rewrite: error: " << rep.message << "\n";
      return rep;
    }
    llvm::StringRef input = (*buffer)->getBuffer();
    std::vector<std::string> args;
    std::string dir, error;
    if (!commandFor(file, args, dir, error)) {
      rep.status = FileStatus::UsageError;
      rep.message = error;
      llvm::errs() << "battgpu-rewrite: error: " << error << "\n";
      return rep;
    }
    LineTable lines(input);
    std::vector<Region> regions = findRegions(input);
    FileRewrite result;
    bool done = false;

    if (opt_.speculate) {
      auto lexStart = Clock::now();
      std::vector<FunctionIndex> guessed = buildLexicalIndex(input, regions, patterns_);
      FileRewrite spec = rewriteFile(input, lines, guessed, patterns_, form_, regions);
      rep.speculationMs = msSince(lexStart);
      if (spec.ok) {
        SemanticInput in{&spec.map, &spec.regions, &regions, input, &spec.formEdits};
        ParseOutcome p = parse(args, dir, file, spec.output, &in);
        ++rep.parses;
        rep.parseMs += p.ms;
        rep.analysisMs += p.semantic.ms;
        if (p.errors == 0 && p.semantic.ok) {
          FileRewrite checked =
              rewriteFile(input, lines, p.semantic.functions, patterns_, form_, regions);
          if (const char* dump = std::getenv("BATTGPU_REWRITE_DEBUG_SPECULATION")) {
            std::error_code ec;
            llvm::raw_fd_ostream(std::string(dump) + ".speculative", ec) << spec.output;
            llvm::raw_fd_ostream(std::string(dump) + ".checked", ec) << checked.output;
          }
          if (checked.ok && checked.output == spec.output) {
            result = std::move(checked);
            rep.speculated = true;
            rep.dependencies = std::move(p.files);
            done = true;
          } else if (checked.ok && !checked.changed) {
            // The guess rewrote what the checked pass would not: the input itself is the
            // output, and it was not parsed on its own; fall through to the full path.
          } else if (checked.ok) {
            ParseOutcome v = parse(args, dir, file, checked.output, nullptr);
            ++rep.parses;
            rep.parseMs += v.ms;
            if (v.errors != 0)
              return internalError(rep, shown, v, start);
            result = std::move(checked);
            rep.dependencies = std::move(p.files);
            done = true;
          }
        } else if (p.errors != 0 && !spec.changed) {
          // The speculative output was the input: its errors are the input's.
          return notCompiling(rep, shown, p.diagnostics, start);
        }
      }
    }

    if (!done) {
      OffsetMap identity = OffsetMap::identity(static_cast<unsigned>(input.size()));
      SemanticInput in{&identity, nullptr, &regions, input, nullptr};
      ParseOutcome p = parse(args, dir, file, input, &in);
      ++rep.parses;
      rep.parseMs += p.ms;
      rep.analysisMs += p.semantic.ms;
      if (p.errors != 0)
        return notCompiling(rep, shown, p.diagnostics, start);
      if (!p.semantic.ok) {
        rep.status = FileStatus::InternalError;
        rep.message = p.semantic.problem;
        llvm::errs() << shown << ": error: internal: " << rep.message << "\n";
        rep.totalMs = msSince(start);
        return rep;
      }
      result = rewriteFile(input, lines, p.semantic.functions, patterns_, form_, regions);
      rep.dependencies = std::move(p.files);
      if (!result.ok) {
        rep.status = FileStatus::InternalError;
        rep.message = "internal: the rewrites' edits overlap; nothing written";
        llvm::errs() << shown << ": error: " << rep.message << "\n";
        rep.totalMs = msSince(start);
        return rep;
      }
      if (result.changed) {
        ParseOutcome v = parse(args, dir, file, result.output, nullptr);
        ++rep.parses;
        rep.parseMs += v.ms;
        if (v.errors != 0)
          return internalError(rep, shown, v, start);
      }
    }

    // Counts, report entries and diagnostics.
    for (const Rewritten& r : result.rewritten) {
      PatternCounts& c = rep.patterns[index(r.pattern)];
      ++c.rewrites;
      c.calls += static_cast<int>(r.vars.size());
      c.candidates += static_cast<int>(r.vars.size());
      rep.rewrites.push_back(ReportEntry{patternName(r.pattern), lines.line(r.offset),
                                         lines.column(r.offset), r.vars, ""});
    }
    stableSort(result.skips, [](const Skip& a, const Skip& b) { return a.offset < b.offset; });
    for (const Skip& s : result.skips) {
      PatternCounts& c = rep.patterns[index(s.pattern)];
      ++c.skipped;
      ++c.candidates;
      unsigned line = lines.line(s.offset), col = lines.column(s.offset);
      rep.skips.push_back(ReportEntry{patternName(s.pattern), line, col, {s.var}, s.reason});
      if (!opt_.quiet)
        printSkip(shown, input, lines, s);
    }
    rep.batchForm = form_ == BatchForm::Gathered ? "gathered" : "blocking";
    for (const FormDecision& d : result.forms) {
      unsigned line = lines.line(d.offset), col = lines.column(d.offset);
      if (d.coroutine) {
        ++rep.coroutines;
        rep.madeCoroutines += d.converted;
        continue;
      }
      ++rep.blocking;
      rep.keptBlocking.push_back(FormEntry{d.function, line, col, d.reason});
      if (!opt_.quiet)
        printAt(shown, input, lines, d.offset,
                "batch points of '" + d.function + "' stay blocking: " + d.reason +
                    " [battgpu-gathered-form]");
    }
    rep.status = result.changed ? FileStatus::Rewritten : FileStatus::Unchanged;
    output = std::move(result.output);
    write = true;
    rep.totalMs = msSince(start);
    return rep;
  }

private:
  size_t index(int pattern) const {
    for (size_t i = 0; i < patterns_.size(); ++i)
      if (patterns_[i]->id() == pattern)
        return i;
    return 0;
  }
  std::string patternName(int pattern) const { return patterns_[index(pattern)]->name().str(); }

  void printSkip(const std::string& file, llvm::StringRef input, const LineTable& lines,
                 const Skip& s) const {
    printAt(file, input, lines, s.offset,
            patternName(s.pattern) + ": '" + s.var + "' not rewritten: " + s.reason + " [battgpu-" +
                patternName(s.pattern) + "]");
  }

  /// A warning at `offset`, with its line and a caret under the column.
  static void printAt(const std::string& file, llvm::StringRef input, const LineTable& lines,
                      unsigned offset, const std::string& message) {
    unsigned line = lines.line(offset), col = lines.column(offset);
    llvm::errs() << file << ":" << line << ":" << col << ": warning: " << message << "\n";
    unsigned ls = lines.lineStart(offset);
    size_t le = input.find_first_of("\r\n", ls);
    llvm::StringRef text = input.slice(ls, le == llvm::StringRef::npos ? input.size() : le);
    llvm::errs() << "  " << text << "\n  ";
    for (unsigned i = 0; i + 1 < col && i < text.size(); ++i)
      llvm::errs() << (text[i] == '\t' ? '\t' : ' ');
    llvm::errs() << "^\n";
  }

  FileReport notCompiling(FileReport& rep, const std::string& file, const std::string& diags,
                          Clock::time_point start) {
    llvm::errs() << diags;
    rep.status = FileStatus::NotCompiling;
    rep.message = "the input does not compile; nothing written";
    llvm::errs() << file << ": error: " << rep.message << "\n";
    rep.totalMs = msSince(start);
    return rep;
  }
  FileReport internalError(FileReport& rep, const std::string& file, const ParseOutcome& v,
                           Clock::time_point start) {
    rep.status = FileStatus::InternalError;
    rep.message = "internal: the rewritten output does not compile; nothing written";
    llvm::errs() << file << ": error: " << rep.message << "\n" << v.diagnostics;
    rep.totalMs = msSince(start);
    return rep;
  }

  Options& opt_;
  clang::tooling::CompilationDatabase& db_;
  std::vector<Pattern*> patterns_;
  BatchForm form_;
  std::string mainPath_; ///< the main file as the compile command names it
};

bool writeAtomically(const std::string& path, llvm::StringRef content, std::string& error) {
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (dir.empty())
    dir = ".";
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, llvm::sys::path::filename(path) + ".battgpu-%%%%%%.tmp");
  int fd = -1;
  llvm::SmallString<256> temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temp)) {
    error = "cannot create a file in " + std::string(dir) + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << content;
    os.close();
    if (os.has_error()) {
      error = "cannot write " + std::string(temp) + ": " + os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temp);
      return false;
    }
  }
  llvm::ErrorOr<llvm::sys::fs::perms> perms = llvm::sys::fs::getPermissions(path);
  if (perms)
    llvm::sys::fs::setPermissions(temp, *perms);
  else
    llvm::sys::fs::setPermissions(temp, static_cast<llvm::sys::fs::perms>(0644));
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    error = "cannot replace " + path + ": " + ec.message();
    llvm::sys::fs::remove(temp);
    return false;
  }
  return true;
}

int usage(const std::string& message) {
  llvm::errs() << "battgpu-rewrite: error: " << message << "\n";
  return ExitUsage;
}

} // namespace

int runTool(Options& opt) {
  auto runStart = Clock::now();
  // Patterns.
  std::vector<std::unique_ptr<Pattern>> all = makeAllPatterns();
  std::vector<Pattern*> enabled;
  {
    llvm::SmallVector<llvm::StringRef, 4> items;
    llvm::StringRef(opt.patterns).split(items, ',', -1, false);
    bool onlyNegative = true;
    for (llvm::StringRef item : items)
      onlyNegative = onlyNegative && item.trim().starts_with("-");
    llvm::StringSet<> on;
    if (items.empty() || onlyNegative)
      for (auto& p : all)
        on.insert(p->name());
    for (llvm::StringRef item : items) {
      item = item.trim();
      bool off = item.consume_front("-");
      if (item == "all") {
        for (auto& p : all)
          off ? on.erase(p->name()) : on.insert(p->name()).second;
        continue;
      }
      bool known = false;
      for (auto& p : all)
        known = known || p->name() == item;
      if (!known)
        return usage("unknown pattern '" + item.str() +
                     "' in --patterns (known: sample-batch, object-batch, mapply-batch, all)");
      if (off)
        on.erase(item);
      else
        on.insert(item);
    }
    for (auto& p : all)
      if (on.contains(p->name()))
        enabled.push_back(p.get());
  }
  if (!opt.report.empty() && opt.report != "text" && opt.report != "json" && opt.report != "none")
    return usage("--report must be text, json or none");
  if (opt.batchForm != "gathered" && opt.batchForm != "blocking")
    return usage("--batch-form must be gathered or blocking");

  // Compile commands.
  std::unique_ptr<clang::tooling::CompilationDatabase> db = std::move(opt.fixedDatabase);
  std::string error;
  if (!db && !opt.buildPath.empty()) {
    if (!llvm::sys::fs::is_directory(opt.buildPath))
      return usage("no such build directory: " + opt.buildPath);
    db = clang::tooling::CompilationDatabase::autoDetectFromDirectory(opt.buildPath, error);
    if (!db)
      return usage("no compilation database in " + opt.buildPath + ": " + error);
    db = clang::tooling::inferMissingCompileCommands(std::move(db));
  }
  if (!db && !opt.sources.empty()) {
    db = clang::tooling::CompilationDatabase::autoDetectFromSource(absolute(opt.sources.front()),
                                                                   error);
    if (db) {
      db = clang::tooling::inferMissingCompileCommands(std::move(db));
    } else {
      llvm::errs() << "battgpu-rewrite: warning: no compilation database found; parsing with "
                      "-std=c++20 only (give -p <build dir> or -- <flags>)\n";
      llvm::SmallString<256> cwd;
      llvm::sys::fs::current_path(cwd);
      db = std::make_unique<clang::tooling::FixedCompilationDatabase>(std::string(cwd),
                                                                      std::vector<std::string>{});
    }
  }
  if (!db)
    return usage("no input files (name them, or give -p <build dir> to take every file of its "
                 "compile_commands.json)");
  std::vector<std::string> sources, shown;
  if (opt.sources.empty() && opt.buildPath.empty())
    return usage("no input files (name them, or give -p <build dir> to take every file of its "
                 "compile_commands.json)");
  if (opt.sources.empty()) {
    for (const std::string& f : db->getAllFiles())
      if (!isHeader(f))
        sources.push_back(absolute(f));
    std::sort(sources.begin(), sources.end());
    sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
    if (sources.empty())
      return usage("the compilation database names no source files");
    shown = sources;
  } else {
    for (const std::string& s : opt.sources) {
      sources.push_back(absolute(s));
      shown.push_back(s);
    }
  }

  // Where outputs go.
  int modes = (!opt.output.empty()) + (!opt.outDir.empty()) + opt.inPlace;
  if (modes > 1)
    return usage("give only one of -o, --out-dir and --in-place");
  if (!opt.output.empty() && sources.size() != 1)
    return usage("-o takes exactly one input file; use --out-dir or --in-place for several");
  if (!opt.depfile.empty() && (opt.output.empty() || opt.output == "-"))
    return usage("--depfile needs -o <file>");
  bool toStdout = opt.output == "-";
  if (modes == 0 && !opt.dryRun) {
    if (sources.size() != 1)
      return usage("several input files: give --out-dir, --in-place or --dry-run");
    toStdout = true;
  }
  if (!opt.outDir.empty()) {
    std::map<std::string, std::string> names;
    for (const std::string& s : sources) {
      std::string base = llvm::sys::path::filename(s).str();
      if (names.count(base) && names[base] != s)
        return usage("--out-dir: two inputs are named " + base);
      names[base] = s;
    }
    if (!opt.dryRun)
      if (std::error_code ec = llvm::sys::fs::create_directories(opt.outDir))
        return usage("cannot create " + opt.outDir + ": " + ec.message());
  }

  RunReport report;
  report.dryRun = opt.dryRun;
  Tool tool(opt, *db, enabled);
  bool anyRewrite = false, anyUsage = false, anyNotCompiling = false, anyInternal = false;
  for (size_t i = 0; i < sources.size(); ++i) {
    const std::string& file = sources[i];
    std::string output;
    bool write = false;
    FileReport rep = tool.process(file, shown[i], output, write);
    if (write && !opt.dryRun) {
      std::string target;
      if (toStdout) {
        target = "-";
        llvm::outs() << output;
        llvm::outs().flush();
      } else if (!opt.output.empty()) {
        target = opt.output;
      } else if (!opt.outDir.empty()) {
        llvm::SmallString<256> p(opt.outDir);
        llvm::sys::path::append(p, llvm::sys::path::filename(file));
        target = std::string(p);
      } else if (opt.inPlace && rep.status == FileStatus::Rewritten) {
        target = file;
      }
      if (!target.empty() && target != "-") {
        std::string werr;
        if (!writeAtomically(target, output, werr)) {
          llvm::errs() << "battgpu-rewrite: error: " << werr << "\n";
          rep.status = FileStatus::InternalError;
          rep.message = werr;
          target.clear();
        }
      }
      rep.output = target;
      if (!opt.depfile.empty() && !target.empty() && target != "-") {
        // Make syntax: `output: dependency...`, spaces escaped.
        auto escaped = [](llvm::StringRef path) {
          std::string out;
          for (char c : path) {
            if (c == ' ' || c == '#')
              out += '\\';
            if (c == '$')
              out += '$';
            out += c;
          }
          return out;
        };
        std::string text = escaped(target) + ":";
        std::vector<std::string> deps = rep.dependencies;
        deps.push_back(file);
        std::sort(deps.begin(), deps.end());
        deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
        for (const std::string& d : deps)
          text += " \\\n  " + escaped(d);
        text += "\n";
        std::string werr;
        if (!writeAtomically(opt.depfile, text, werr)) {
          llvm::errs() << "battgpu-rewrite: error: " << werr << "\n";
          rep.status = FileStatus::InternalError;
          rep.message = werr;
        }
      }
    }
    switch (rep.status) {
    case FileStatus::Rewritten:
      anyRewrite = true;
      break;
    case FileStatus::UsageError:
      anyUsage = true;
      break;
    case FileStatus::NotCompiling:
      anyNotCompiling = true;
      break;
    case FileStatus::InternalError:
      anyInternal = true;
      break;
    default:
      break;
    }
    report.files.push_back(std::move(rep));
  }
  int code = anyUsage          ? ExitUsage
             : anyNotCompiling ? ExitDoesNotCompile
             : anyInternal     ? ExitInternal
             : anyRewrite      ? ExitSuccess
             : opt.noChangeOk  ? ExitSuccess
                               : ExitNothingToDo;
  report.exitCode = code;
  report.totalMs = msSince(runStart);

  std::string kind = opt.report.empty() ? (opt.dryRun ? "text" : "none") : opt.report;
  if (kind != "none") {
    std::unique_ptr<llvm::raw_fd_ostream> fileStream;
    llvm::raw_ostream* os = toStdout ? &llvm::errs() : &llvm::outs();
    if (!opt.reportFile.empty()) {
      std::error_code ec;
      fileStream = std::make_unique<llvm::raw_fd_ostream>(opt.reportFile, ec);
      if (ec)
        return usage("cannot write the report to " + opt.reportFile + ": " + ec.message());
      os = fileStream.get();
    }
    if (kind == "json")
      printJsonReport(*os, report);
    else
      printTextReport(*os, report);
    os->flush();
  }
  return code;
}

} // namespace battgpu::rewrite
