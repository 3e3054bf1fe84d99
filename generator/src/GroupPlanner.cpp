#include "GroupPlanner.h"

#include <algorithm>

namespace battgpu::rewrite {
namespace {

std::string quoted(const FunctionIndex& fn, int var) {
  return "'" + fn.vars[var].name + "'";
}

std::string lineOf(const FunctionIndex& fn, const LineTable& lines, int stmt) {
  return "line " + std::to_string(lines.line(fn.stmts[stmt].begin));
}

/// Checks one member set; on success sets `place`.
bool check(const FunctionIndex& fn, std::vector<int> members, const LineTable& lines, int& place,
           std::string& why) {
  std::sort(members.begin(), members.end());
  std::vector<int> memberVars;
  for (int m : members)
    if (fn.stmts[m].declVar >= 0)
      memberVars.push_back(fn.stmts[m].declVar);
  std::sort(memberVars.begin(), memberVars.end());
  auto isMemberVar = [&](int v) {
    return std::binary_search(memberVars.begin(), memberVars.end(), v);
  };
  const int n = static_cast<int>(fn.stmts.size());

  // Earliest place: after every definition a member reads.
  int earliest = 0, earliestVar = -1;
  for (int m : members)
    for (int v : fn.stmts[m].refs)
      if (!isMemberVar(v) && fn.vars[v].def + 1 > earliest) {
        earliest = fn.vars[v].def + 1;
        earliestVar = v;
      }
  // Latest place: before every other use of a member's variable.
  int latest = n, latestVar = -1;
  for (int m : members) {
    int v = fn.stmts[m].declVar;
    int u = fn.firstUseOutside(v, members);
    if (u < latest) {
      latest = u;
      latestVar = v;
    }
  }
  if (earliest > latest) {
    why = "a use would move before its definition: " + quoted(fn, latestVar) + " is used at " +
          lineOf(fn, lines, latest) + ", before " + quoted(fn, earliestVar) + " is defined at " +
          lineOf(fn, lines, fn.vars[earliestVar].def);
    return false;
  }
  int p = std::max(earliest, members.front());
  // Never split a region an earlier run wrote.
  while (p < n && p > 0 && fn.stmts[p].frozen() && fn.stmts[p].region == fn.stmts[p - 1].region)
    ++p;
  if (p > latest) {
    why = "the batched call would fall inside a region an earlier run wrote";
    return false;
  }

  // Nothing a member reads may change between its old place and the new one.
  for (int m : members) {
    int lo = std::min(p, m), hi = std::max(p, m);
    for (int v : fn.stmts[m].refs) {
      for (const Mutation& mu : fn.vars[v].mutations) {
        bool conflict;
        if (isMemberVar(v))
          conflict = mu.stmt > fn.vars[v].def && mu.stmt < m;
        else if (mu.kind == MutationKind::Assigned || mu.kind == MutationKind::NonConstUse)
          conflict = mu.stmt >= lo && mu.stmt <= hi;
        else
          conflict = mu.stmt <= hi;
        if (conflict) {
          bool between = mu.kind == MutationKind::Assigned || mu.kind == MutationKind::NonConstUse;
          why = quoted(fn, v) + " " + describe(mu.kind).str() + " at line " +
                std::to_string(lines.line(mu.offset)) +
                (isMemberVar(v) ? ", before its use in the group"
                 : between      ? ", between the statements"
                                : "");
          return false;
        }
      }
    }
  }
  place = p;
  return true;
}

} // namespace

PlannedGroup planGroup(const FunctionIndex& fn, const std::vector<MemberSpec>& specs,
                       const LineTable& lines) {
  PlannedGroup g;
  std::vector<int> accepted;
  // Bounds of the accepted set, kept incrementally so that a large group costs linear time:
  // a member that only reads variables nothing changes is checked in O(its references).
  const int n = static_cast<int>(fn.stmts.size());
  int earliest = 0, latest = n;
  bool mutable_ = false;
  std::vector<int> memberVars;
  auto isMemberVar = [&](int v) {
    return std::binary_search(memberVars.begin(), memberVars.end(), v);
  };
  for (const MemberSpec& s : specs) {
    const Statement& st = fn.stmts[s.stmt];
    int e = 0;
    bool touchesMutable = !fn.vars[st.declVar].mutations.empty();
    for (int v : st.refs) {
      touchesMutable = touchesMutable || !fn.vars[v].mutations.empty();
      if (!isMemberVar(v))
        e = std::max(e, fn.vars[v].def + 1);
    }
    std::vector<int> trial = accepted;
    trial.push_back(s.stmt);
    std::sort(trial.begin(), trial.end());
    int l = fn.firstUseOutside(st.declVar, trial);
    bool quick = !mutable_ && !touchesMutable && std::max(earliest, e) <= std::min(latest, l);
    int place = -1;
    std::string why;
    if (quick) {
      // Feasible; the place may still fall inside an earlier run's region: check fully then.
      int p = std::max(std::max(earliest, e), trial.front());
      quick =
          !(p > 0 && p < n && fn.stmts[p].frozen() && fn.stmts[p].region == fn.stmts[p - 1].region);
    }
    if (quick || check(fn, trial, lines, place, why)) {
      accepted = std::move(trial);
      earliest = std::max(earliest, e);
      latest = std::min(latest, l);
      mutable_ = mutable_ || touchesMutable;
      memberVars.insert(std::upper_bound(memberVars.begin(), memberVars.end(), st.declVar),
                        st.declVar);
      continue;
    }
    if (s.required) {
      g.failure = why;
      return g;
    }
    g.rejected.emplace_back(s.stmt, why);
  }
  if (accepted.empty())
    return g;
  std::string why;
  if (!check(fn, accepted, lines, g.place, why)) {
    g.failure = why;
    return g;
  }
  g.members = std::move(accepted);
  g.ok = true;
  return g;
}

} // namespace battgpu::rewrite
