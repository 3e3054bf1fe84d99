#include "Rewriter.h"

#include "StableSort.h"

#include <algorithm>
#include <numeric>

namespace battgpu::rewrite {

std::string RewriteContext::commonProblem(const FunctionIndex& fn, const Candidate& c) const {
  const Statement& s = fn.stmts[c.stmt];
  if (fn.templated)
    return "template-dependent: the call is inside a template";
  if (fn.unsupported)
    return "the function body could not be read";
  if (s.macro)
    return "inside a macro expansion";
  if (s.foreign)
    return "the statement is not one range of the main file";
  if (s.declVar < 0)
    return "the declaration declares several variables";
  if (s.reference)
    return "the variable is declared as a reference";
  if (s.storage)
    return "the variable is static, thread_local, constexpr or extern";
  if (!c.typesOk)
    return c.typeProblem;
  return {};
}

std::string RewriteContext::originalStatements(const FunctionIndex& fn,
                                               const std::vector<int>& members,
                                               llvm::StringRef indent, llvm::StringRef eol,
                                               std::vector<unsigned>& offsets) const {
  std::string out;
  for (int m : members) {
    Extent e = extent(fn, m);
    out += indent;
    offsets.push_back(static_cast<unsigned>(out.size()));
    out += text(e.copyBegin, e.copyEnd);
    out += eol;
  }
  return out;
}

namespace {

struct Block {
  const FunctionIndex* fn = nullptr;
  const Pattern* pattern = nullptr;
  Group group;
};

/// Drops groups until, in the rewritten order, every variable is defined before each use.
void checkOrder(const FunctionIndex& fn, std::vector<Group>& groups, std::vector<Skip>& skips) {
  const int n = static_cast<int>(fn.stmts.size());
  while (!groups.empty()) {
    std::vector<int> removedBy(n, -1);
    for (int g = 0; g < static_cast<int>(groups.size()); ++g)
      for (int m : groups[g].members)
        removedBy[m] = g;
    std::vector<int> order(groups.size());
    std::iota(order.begin(), order.end(), 0);
    stableSort(order, [&](int a, int b) {
      if (groups[a].place != groups[b].place)
        return groups[a].place < groups[b].place;
      return groups[a].members.front() < groups[b].members.front();
    });
    std::vector<int> stmtPos(n), groupPos(groups.size());
    int pos = 0;
    size_t bi = 0;
    for (int i = 0; i < n; ++i) {
      while (bi < order.size() && groups[order[bi]].place == i)
        groupPos[order[bi++]] = pos++;
      stmtPos[i] = pos++;
    }
    auto defPos = [&](int v) {
      int d = fn.vars[v].def;
      if (d < 0)
        return -1;
      return removedBy[d] >= 0 ? groupPos[removedBy[d]] : stmtPos[d];
    };
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) {
      if (removedBy[i] >= 0)
        continue;
      for (int v : fn.stmts[i].refs)
        if (defPos(v) >= stmtPos[i] && fn.vars[v].def >= 0 && removedBy[fn.vars[v].def] >= 0) {
          bad = removedBy[fn.vars[v].def];
          break;
        }
    }
    for (int g = 0; g < static_cast<int>(groups.size()) && bad < 0; ++g)
      for (int m : groups[g].members)
        for (int v : fn.stmts[m].refs) {
          int d = fn.vars[v].def;
          if (d >= 0 && removedBy[d] == g)
            continue; // defined inside the same block
          if (defPos(v) >= groupPos[g])
            bad = g;
        }
    if (bad < 0)
      return;
    const Group& g = groups[bad];
    for (size_t k = 0; k < g.members.size(); ++k)
      skips.push_back(Skip{g.pattern, g.offsets[k], fn.vars[fn.stmts[g.members[k]].declVar].name,
                           "a use would move before its definition (conflicts with another "
                           "rewrite)"});
    groups.erase(groups.begin() + bad);
  }
}

struct PendingEdit {
  Edit edit;
  bool form = false;   ///< a `void` or `return` of a function made a coroutine
  int block = -1;      ///< index into blocks, for insertions of blocks
  unsigned prefix = 0; ///< bytes before the block's own text
};

} // namespace

FileRewrite rewriteFile(llvm::StringRef input, const LineTable& lines,
                        std::vector<FunctionIndex>& functions,
                        const std::vector<Pattern*>& patterns, BatchForm form,
                        const std::vector<Region>& regions) {
  FileRewrite r;
  RewriteContext ctx(input, lines, form);
  // A blocking batch point of an earlier run (--batch-form=blocking) fixes the function's
  // form: a gathered run over that output leaves it blocking, as the run before chose.
  if (form == BatchForm::Gathered)
    for (FunctionIndex& fn : functions) {
      if (fn.form.kind != FunctionForm::Kind::Plain)
        continue;
      for (const Statement& st : fn.stmts) {
        if (st.region < 0 || st.region >= static_cast<int>(regions.size()))
          continue;
        const Region& rg = regions[st.region];
        bool gathering = false;
        for (const Pattern* p : patterns)
          gathering = gathering || (p->name() == rg.pattern && p->gathers());
        if (gathering && !rg.awaits) {
          fn.form.kind = FunctionForm::Kind::Blocking;
          fn.form.problem = "an earlier run wrote its batch points in the blocking form";
          break;
        }
      }
    }
  std::vector<Block> blocks;
  std::vector<const FunctionIndex*> converting; ///< functions made coroutines
  std::vector<const FunctionIndex*> ordered;
  for (const FunctionIndex& fn : functions)
    ordered.push_back(&fn);
  stableSort(ordered,
             [](const FunctionIndex* a, const FunctionIndex* b) { return a->begin < b->begin; });

  for (const FunctionIndex* fn : ordered) {
    std::vector<Group> groups;
    for (const Pattern* p : patterns) {
      std::vector<const Candidate*> mine;
      for (const Candidate& c : fn->candidates)
        if (c.pattern == p->id())
          mine.push_back(&c);
      if (!mine.empty())
        p->analyze(*fn, mine, ctx, groups, r.skips);
    }
    // A statement belongs to one rewrite: the pattern listed first keeps it.
    std::vector<int> owner(fn->stmts.size(), -1);
    for (size_t g = 0; g < groups.size();) {
      int taken = -1;
      for (int m : groups[g].members)
        if (owner[m] >= 0)
          taken = owner[m];
      if (taken < 0) {
        for (int m : groups[g].members)
          owner[m] = groups[g].pattern;
        ++g;
        continue;
      }
      llvm::StringRef by;
      for (const Pattern* p : patterns)
        if (p->id() == taken)
          by = p->name();
      for (size_t k = 0; k < groups[g].members.size(); ++k)
        r.skips.push_back(Skip{groups[g].pattern, groups[g].offsets[k],
                               fn->vars[fn->stmts[groups[g].members[k]].declVar].name,
                               "the statement is already part of a " + by.str() + " rewrite"});
      groups.erase(groups.begin() + static_cast<long>(g));
    }
    checkOrder(*fn, groups, r.skips);
    auto patternOf = [&](int id) {
      const Pattern* p = nullptr;
      for (const Pattern* q : patterns)
        if (q->id() == id)
          p = q;
      return p;
    };
    bool gathers = false;
    for (const Group& g : groups)
      gathers = gathers || patternOf(g.pattern)->gathers();
    if (form == BatchForm::Gathered && gathers) {
      const FunctionForm& f = fn->form;
      FormDecision d{fn->name, f.nameOffset, f.kind != FunctionForm::Kind::Blocking,
                     f.kind == FunctionForm::Kind::Plain, f.problem};
      if (d.coroutine)
        for (Group& g : groups)
          g.gathered = patternOf(g.pattern)->gathers();
      if (d.converted)
        converting.push_back(fn);
      r.forms.push_back(std::move(d));
    }
    for (Group& g : groups)
      blocks.push_back(Block{fn, patternOf(g.pattern), std::move(g)});
  }

  if (blocks.empty()) {
    r.output = input.str();
    r.map = OffsetMap::identity(static_cast<unsigned>(input.size()));
    return r;
  }

  stableSort(blocks, [](const Block& a, const Block& b) {
    if (a.fn != b.fn)
      return a.fn->begin < b.fn->begin;
    if (a.group.place != b.group.place)
      return a.group.place < b.group.place;
    return a.group.members.front() < b.group.members.front();
  });

  std::vector<PendingEdit> edits;
  std::vector<Rendered> rendered(blocks.size());
  std::vector<std::vector<Extent>> extents(blocks.size());
  for (size_t b = 0; b < blocks.size(); ++b) {
    const Block& blk = blocks[b];
    const Group& g = blk.group;
    const FunctionIndex& fn = *blk.fn;
    for (int m : g.members)
      extents[b].push_back(ctx.extent(fn, m));
    unsigned offset;
    bool atLineStart;
    std::string indent;
    auto it = std::find(g.members.begin(), g.members.end(), g.place);
    if (it != g.members.end()) {
      const Extent& e = extents[b][it - g.members.begin()];
      // Whole lines: the block takes their place; first on a shared line: the block goes on
      // lines of its own before it; after something else on its line: on a new line.
      offset = e.ownLines ? e.removeBegin : e.firstOnLine ? e.lineStart : e.removeBegin;
      atLineStart = e.ownLines || e.firstOnLine;
      indent = e.indent;
    } else {
      InsertPoint ip = insertionBefore(input, fn.stmts[g.place].begin);
      offset = ip.offset;
      atLineStart = ip.atLineStart;
      indent = ip.indent;
    }
    llvm::StringRef eol = eolAt(input, offset);
    rendered[b] = blk.pattern->render(fn, g, ctx, indent, eol);
    PendingEdit pe;
    pe.block = static_cast<int>(b);
    pe.edit.begin = pe.edit.end = offset;
    if (atLineStart) {
      pe.edit.text = rendered[b].text;
    } else {
      pe.prefix = static_cast<unsigned>(eol.size());
      pe.edit.text = eol.str() + rendered[b].text + indent;
    }
    edits.push_back(std::move(pe));
    for (const Extent& e : extents[b]) {
      PendingEdit rm;
      rm.edit.begin = e.removeBegin;
      rm.edit.end = e.removeEnd;
      edits.push_back(std::move(rm));
    }
    r.rewritten.push_back(Rewritten{g.pattern, g.offsets.front(), g.vars});
  }
  for (const FunctionIndex* fn : converting) {
    PendingEdit ret;
    ret.form = true;
    ret.edit = Edit{fn->form.voidBegin, fn->form.voidBegin + 4, "battgpu::Solve"};
    edits.push_back(std::move(ret));
    for (unsigned at : fn->form.returns) {
      PendingEdit co;
      co.form = true;
      co.edit = Edit{at, at + 6, "co_return"};
      edits.push_back(std::move(co));
    }
  }
  IncludePlan inc = planRuntimeInclude(input);
  if (inc.needed) {
    llvm::StringRef eol = eolAt(input, inc.offset);
    PendingEdit pe;
    pe.edit.begin = pe.edit.end = inc.offset;
    pe.edit.text =
        (inc.atLineStart ? "" : eol.str()) + "#include \"" + RuntimeHeader.str() + "\"" + eol.str();
    edits.insert(edits.begin(), std::move(pe));
  }

  stableSort(edits, [](const PendingEdit& a, const PendingEdit& b) {
    if (a.edit.begin != b.edit.begin)
      return a.edit.begin < b.edit.begin;
    return (a.edit.end == a.edit.begin) && (b.edit.end != b.edit.begin);
  });
  std::string out;
  size_t extra = 0;
  for (const PendingEdit& e : edits)
    extra += e.edit.text.size();
  out.reserve(input.size() + extra);
  r.regions.resize(blocks.size());
  unsigned cursor = 0;
  for (const PendingEdit& e : edits) {
    if (e.edit.begin < cursor || e.edit.end < e.edit.begin) {
      r.ok = false;
      return r;
    }
    r.map.addCopy(static_cast<unsigned>(out.size()),
                  static_cast<unsigned>(out.size() + (e.edit.begin - cursor)), cursor);
    out.append(input.data() + cursor, e.edit.begin - cursor);
    if (e.block >= 0) {
      PlacedRegion& pr = r.regions[e.block];
      const Block& blk = blocks[e.block];
      pr.pattern = blk.group.pattern;
      pr.outBegin = static_cast<unsigned>(out.size()) + e.prefix;
      pr.outEnd = pr.outBegin + static_cast<unsigned>(rendered[e.block].text.size());
      for (size_t k = 0; k < blk.group.members.size(); ++k) {
        const Extent& x = extents[e.block][k];
        unsigned memberOut = pr.outBegin + rendered[e.block].memberOffsets[k];
        pr.memberOut.push_back(memberOut);
        pr.memberIn.push_back(x.copyBegin);
        pr.names.push_back(blk.fn->vars[blk.fn->stmts[blk.group.members[k]].declVar].name);
        r.map.addCopy(memberOut, memberOut + (x.copyEnd - x.copyBegin), x.copyBegin);
      }
    }
    if (e.form) {
      r.formEdits.push_back(static_cast<unsigned>(out.size()));
      r.map.addCopy(static_cast<unsigned>(out.size()), static_cast<unsigned>(out.size()) + 1,
                    e.edit.begin);
    }
    out += e.edit.text;
    cursor = e.edit.end;
  }
  r.map.addCopy(static_cast<unsigned>(out.size()),
                static_cast<unsigned>(out.size() + (input.size() - cursor)) + 1, cursor);
  out.append(input.data() + cursor, input.size() - cursor);
  r.map.finish();
  r.output = std::move(out);
  r.changed = true;
  return r;
}

} // namespace battgpu::rewrite
