// What battgpu-rewrite did, per file and per pattern: as diagnostics at file:line:col, as a
// text summary and as JSON (--report=text|json).
#pragma once

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace battgpu::rewrite {

struct PatternCounts {
  std::string pattern;
  int candidates = 0; ///< calls considered
  int rewrites = 0;   ///< batched calls emitted
  int calls = 0;      ///< calls those cover
  int skipped = 0;    ///< calls left as they were
};

struct ReportEntry {
  std::string pattern;
  unsigned line = 0, column = 0;
  std::vector<std::string> vars;
  std::string reason; ///< for skips
};

/// A function whose batch points keep the blocking form under --batch-form=gathered.
struct FormEntry {
  std::string function;
  unsigned line = 0, column = 0;
  std::string reason;
};

enum class FileStatus { Rewritten, Unchanged, NotCompiling, InternalError, UsageError, Skipped };
llvm::StringRef statusName(FileStatus s);

struct FileReport {
  std::string file;
  std::string output; ///< where the result went ("" for none, "-" for stdout)
  FileStatus status = FileStatus::Unchanged;
  std::string message; ///< for errors and skipped files
  std::vector<PatternCounts> patterns;
  std::vector<ReportEntry> rewrites;
  std::vector<ReportEntry> skips;
  std::string batchForm;  ///< "gathered" or "blocking"
  int coroutines = 0;     ///< functions whose batch points co_await
  int madeCoroutines = 0; ///< of those, the ones this run made coroutines
  int blocking = 0;       ///< functions with gathering batch points kept blocking
  std::vector<FormEntry> keptBlocking;
  int parses = 0;
  bool speculated = false;  ///< the speculative output was the one checked
  double parseMs = 0;       ///< the parses, the AST analysis included
  double analysisMs = 0;    ///< the AST analysis alone (index, matchers)
  double speculationMs = 0; ///< the lexical pass and the speculative rewrite
  double totalMs = 0;
  std::vector<std::string> dependencies; ///< files the analysed parse read (for --depfile)
};

struct RunReport {
  std::vector<FileReport> files;
  int exitCode = 0;
  bool dryRun = false;
  double totalMs = 0;
  std::vector<std::string> dependencies; ///< files the analysed parse read (for --depfile)
};

void printTextReport(llvm::raw_ostream& os, const RunReport& report);
void printJsonReport(llvm::raw_ostream& os, const RunReport& report);

} // namespace battgpu::rewrite
