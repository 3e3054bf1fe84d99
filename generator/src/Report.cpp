#include "Report.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

namespace battgpu::rewrite {

llvm::StringRef statusName(FileStatus s) {
  switch (s) {
  case FileStatus::Rewritten:
    return "rewritten";
  case FileStatus::Unchanged:
    return "unchanged";
  case FileStatus::NotCompiling:
    return "does-not-compile";
  case FileStatus::InternalError:
    return "internal-error";
  case FileStatus::UsageError:
    return "usage-error";
  case FileStatus::Skipped:
    return "skipped";
  }
  return "unknown";
}

namespace {
std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + v[i];
  return out;
}
/// Adds one file's counts of a pattern to the run's totals.
void addCounts(std::vector<PatternCounts>& totals, const PatternCounts& c) {
  auto it = std::find_if(totals.begin(), totals.end(),
                         [&](const PatternCounts& t) { return t.pattern == c.pattern; });
  if (it == totals.end()) {
    totals.push_back(c);
    return;
  }
  it->candidates += c.candidates;
  it->rewrites += c.rewrites;
  it->calls += c.calls;
  it->skipped += c.skipped;
}
} // namespace

void printTextReport(llvm::raw_ostream& os, const RunReport& report) {
  os << "battgpu-rewrite report" << (report.dryRun ? " (dry run: nothing written)" : "") << "\n";
  int rewritten = 0, unchanged = 0, failed = 0, coroutines = 0, made = 0, blocking = 0;
  std::vector<PatternCounts> totals;
  for (const FileReport& f : report.files) {
    os << f.file << ": " << statusName(f.status);
    if (!f.output.empty() && !report.dryRun)
      os << " -> " << (f.output == "-" ? "<stdout>" : f.output);
    os << llvm::format(" (%.1f ms, %d parse%s%s)", f.totalMs, f.parses, f.parses == 1 ? "" : "s",
                       f.speculated ? ", speculative output checked" : "");
    os << "\n";
    if (!f.message.empty())
      os << "  " << f.message << "\n";
    for (const PatternCounts& c : f.patterns) {
      os << llvm::format("  %-13s candidates %5d  rewrites %5d  calls rewritten %5d  skipped %5d\n",
                         c.pattern.c_str(), c.candidates, c.rewrites, c.calls, c.skipped);
      addCounts(totals, c);
    }
    for (const ReportEntry& r : f.rewrites)
      os << "  rewrote " << r.pattern << " at " << r.line << ":" << r.column << " ("
         << joined(r.vars) << ")\n";
    for (const ReportEntry& s : f.skips)
      os << "  skipped " << s.pattern << " at " << s.line << ":" << s.column << " ("
         << joined(s.vars) << "): " << s.reason << "\n";
    if (!f.batchForm.empty() && (f.coroutines || f.blocking))
      os << "  batch form " << f.batchForm << ": " << f.coroutines << " coroutine"
         << (f.coroutines == 1 ? "" : "s") << " (" << f.madeCoroutines << " made now), "
         << f.blocking << " kept blocking\n";
    for (const FormEntry& e : f.keptBlocking)
      os << "  kept blocking '" << e.function << "' at " << e.line << ":" << e.column << ": "
         << e.reason << "\n";
    coroutines += f.coroutines;
    made += f.madeCoroutines;
    blocking += f.blocking;
    switch (f.status) {
    case FileStatus::Rewritten:
      ++rewritten;
      break;
    case FileStatus::Unchanged:
    case FileStatus::Skipped:
      ++unchanged;
      break;
    default:
      ++failed;
    }
  }
  os << "total: " << report.files.size() << " file" << (report.files.size() == 1 ? "" : "s") << ", "
     << rewritten << " rewritten, " << unchanged << " unchanged, " << failed << " failed";
  os << llvm::format(", %.1f ms", report.totalMs) << "\n";
  for (const PatternCounts& c : totals)
    os << llvm::format("  %-13s candidates %5d  rewrites %5d  calls rewritten %5d  skipped %5d\n",
                       c.pattern.c_str(), c.candidates, c.rewrites, c.calls, c.skipped);
  if (coroutines || blocking)
    os << "  batch form: " << coroutines << " coroutine" << (coroutines == 1 ? "" : "s") << " ("
       << made << " made now), " << blocking << " kept blocking\n";
  os << "exit status: " << report.exitCode << "\n";
}

void printJsonReport(llvm::raw_ostream& os, const RunReport& report) {
  llvm::json::Array files;
  for (const FileReport& f : report.files) {
    llvm::json::Object patterns;
    for (const PatternCounts& c : f.patterns)
      patterns[c.pattern] = llvm::json::Object{{"candidates", c.candidates},
                                               {"rewrites", c.rewrites},
                                               {"calls_rewritten", c.calls},
                                               {"skipped", c.skipped}};
    auto entries = [](const std::vector<ReportEntry>& list, bool reasons) {
      llvm::json::Array a;
      for (const ReportEntry& e : list) {
        llvm::json::Array vars;
        for (const std::string& v : e.vars)
          vars.push_back(v);
        llvm::json::Object o{{"pattern", e.pattern},
                             {"line", static_cast<int64_t>(e.line)},
                             {"column", static_cast<int64_t>(e.column)},
                             {"vars", std::move(vars)}};
        if (reasons)
          o["reason"] = e.reason;
        a.push_back(std::move(o));
      }
      return a;
    };
    llvm::json::Object file{{"file", f.file},
                            {"status", statusName(f.status)},
                            {"patterns", std::move(patterns)},
                            {"rewrites", entries(f.rewrites, false)},
                            {"skips", entries(f.skips, true)},
                            {"parses", f.parses},
                            {"speculative", f.speculated},
                            {"parse_ms", f.parseMs},
                            {"analysis_ms", f.analysisMs},
                            {"speculation_ms", f.speculationMs},
                            {"total_ms", f.totalMs}};
    if (!f.batchForm.empty()) {
      llvm::json::Array kept;
      for (const FormEntry& e : f.keptBlocking)
        kept.push_back(llvm::json::Object{{"function", e.function},
                                          {"line", static_cast<int64_t>(e.line)},
                                          {"column", static_cast<int64_t>(e.column)},
                                          {"reason", e.reason}});
      file["batch_form"] = llvm::json::Object{{"form", f.batchForm},
                                              {"coroutines", f.coroutines},
                                              {"made_coroutines", f.madeCoroutines},
                                              {"blocking", f.blocking},
                                              {"kept_blocking", std::move(kept)}};
    }
    if (!f.output.empty())
      file["output"] = f.output;
    if (!f.message.empty())
      file["message"] = f.message;
    files.push_back(std::move(file));
  }
  std::vector<PatternCounts> totals;
  for (const FileReport& f : report.files)
    for (const PatternCounts& c : f.patterns)
      addCounts(totals, c);
  int coroutines = 0, made = 0, blocking = 0;
  for (const FileReport& f : report.files) {
    coroutines += f.coroutines;
    made += f.madeCoroutines;
    blocking += f.blocking;
  }
  llvm::json::Object patterns;
  for (const PatternCounts& c : totals)
    patterns[c.pattern] = llvm::json::Object{{"candidates", c.candidates},
                                             {"rewrites", c.rewrites},
                                             {"calls_rewritten", c.calls},
                                             {"skipped", c.skipped}};
  llvm::json::Object root{{"tool", "battgpu-rewrite"},
                          {"patterns", std::move(patterns)},
                          {"version", BATTGPU_VERSION},
                          {"dry_run", report.dryRun},
                          {"files", std::move(files)},
                          {"total_ms", report.totalMs},
                          {"exit_code", report.exitCode},
                          {"batch_form", llvm::json::Object{{"coroutines", coroutines},
                                                            {"made_coroutines", made},
                                                            {"blocking", blocking}}}};
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
}

} // namespace battgpu::rewrite
