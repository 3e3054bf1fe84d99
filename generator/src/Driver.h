// battgpu-rewrite's work on the files it is given: compile commands, the parses, the
// speculative and checked rewrites, diagnostics, writing the outputs, and the exit status.
#pragma once

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace battgpu::rewrite {

/// Exit statuses (documented in generator/README.md and --help).
enum ExitCode : int {
  ExitSuccess = 0,        ///< at least one region rewritten (or, with --dry-run, would be)
  ExitNothingToDo = 1,    ///< every file compiles; nothing could be rewritten
  ExitUsage = 2,          ///< bad options, unreadable input, no compile command
  ExitDoesNotCompile = 3, ///< an input does not compile; nothing written for it
  ExitInternal = 4,       ///< a rewrite failed its re-parse or could not be written
};

struct Options {
  std::vector<std::string> sources;
  std::string buildPath;
  std::vector<std::string> extraArgs;
  std::vector<std::string> extraArgsBefore;
  std::unique_ptr<clang::tooling::CompilationDatabase> fixedDatabase; ///< from `-- flags`
  std::string output;
  std::string outDir;
  bool inPlace = false;
  bool dryRun = false;
  std::string patterns;
  std::string report; ///< "", "none", "text" or "json"
  std::string reportFile;
  std::string depfile; ///< with -o: a Make-style list of the files the output depends on
  bool quiet = false;
  bool speculate = true;
  bool noChangeOk = false;
  std::string batchForm = "gathered"; ///< "gathered" or "blocking"
};

int runTool(Options& options);

} // namespace battgpu::rewrite
