// Prints, for ARC grids, the typed DSL's value of a fixed list of expressions, each container
// listed in its iteration order (one JSON object per line). check_typed_order.py evaluates the
// same expressions with arc-dsl in CPython and compares the lines: element order included.
//
// Usage: battgpu-typed-order-cases TASKS_DIR [MAX_TASKS]
#include "battgpu/dsl.hpp"
#include "battgpu/tasks/task.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace {
using namespace battgpu::dsl;

// Values are written as JSON: an int as a number, a tuple as {"t": [...]}, a frozenset as
// {"s": [...]} in iteration order.
void put(std::string& out, Integer v) {
  out += std::to_string(v);
}
void put(std::string& out, const Cell& c);
template <class A, class B> void put(std::string& out, const std::pair<A, B>& p);
template <class T> void put(std::string& out, const Tuple<T>& t);
template <class T> void put(std::string& out, const FrozenSet<T>& s);

template <class Range> void put_list(std::string& out, const char* kind, const Range& items) {
  out += "{\"";
  out += kind;
  out += "\": [";
  bool first_item = true;
  for (const auto& v : items) {
    if (!first_item)
      out += ", ";
    first_item = false;
    put(out, v);
  }
  out += "]}";
}
template <class A, class B> void put(std::string& out, const std::pair<A, B>& p) {
  out += "{\"t\": [";
  put(out, p.first);
  out += ", ";
  put(out, p.second);
  out += "]}";
}
void put(std::string& out, const Cell& c) {
  put(out, std::pair<Integer, IntegerTuple>{c.color, c.index});
}
template <class T> void put(std::string& out, const Tuple<T>& t) {
  put_list(out, "t", t);
}
template <class T> void put(std::string& out, const FrozenSet<T>& s) {
  put_list(out, "s", s);
}

/// One expression: its name (check_typed_order.py has the Python of each name) and how the
/// typed DSL computes it from a grid and the grid's objects(G, True, False, True).
struct Expression {
  const char* name;
  bool needs_objects; // skipped where the grid has no such object (Python would raise)
  std::function<std::string(const Grid&, const Objects&)> value;
};

template <class F> Expression expr(const char* name, bool needs_objects, F f) {
  return {name, needs_objects, [f](const Grid& g, const Objects& objs) {
            std::string out;
            put(out, f(g, objs));
            return out;
          }};
}

std::vector<Expression> expressions() {
  std::vector<Expression> e;
  for (int mode = 0; mode < 8; ++mode) {
    static const char* names[] = {"objects0", "objects1", "objects2", "objects3",
                                  "objects4", "objects5", "objects6", "objects7"};
    e.push_back(expr(names[mode], false, [mode](const Grid& g, const Objects&) {
      return objects(g, (mode & 4) != 0, (mode & 2) != 0, (mode & 1) != 0);
    }));
  }
  e.push_back(expr("palette", false, [](const Grid& g, const Objects&) { return palette(g); }));
  e.push_back(expr("asindices", false, [](const Grid& g, const Objects&) { return asindices(g); }));
  e.push_back(expr("ofcolor", false,
                   [](const Grid& g, const Objects&) { return ofcolor(g, mostcolor(g)); }));
  e.push_back(expr("asobject", false, [](const Grid& g, const Objects&) { return asobject(g); }));
  e.push_back(expr("partition", false, [](const Grid& g, const Objects&) { return partition(g); }));
  e.push_back(
      expr("fgpartition", false, [](const Grid& g, const Objects&) { return fgpartition(g); }));
  e.push_back(expr("frontiers", false, [](const Grid& g, const Objects&) { return frontiers(g); }));
  e.push_back(expr("product", false,
                   [](const Grid& g, const Objects&) { return product(palette(g), palette(g)); }));
  e.push_back(
      expr("insert", false, [](const Grid& g, const Objects&) { return insert(11, palette(g)); }));
  e.push_back(expr("apply_size", false,
                   [](const Grid&, const Objects& objs) { return apply(size, objs); }));
  e.push_back(expr("apply_color", false,
                   [](const Grid&, const Objects& objs) { return apply(color, objs); }));
  e.push_back(expr("apply_normalize", false,
                   [](const Grid&, const Objects& objs) { return apply(normalize, objs); }));
  e.push_back(
      expr("totuple", false, [](const Grid&, const Objects& objs) { return totuple(objs); }));
  e.push_back(expr("order_size", false,
                   [](const Grid&, const Objects& objs) { return order(objs, size); }));
  e.push_back(expr("merge", false, [](const Grid&, const Objects& objs) { return merge(objs); }));
  e.push_back(expr("colorfilter", false, [](const Grid& g, const Objects& objs) {
    return colorfilter(objs, leastcolor(g));
  }));
  e.push_back(expr("sizefilter", false,
                   [](const Grid&, const Objects& objs) { return sizefilter(objs, 1); }));
  e.push_back(expr("mapply_toindices", false,
                   [](const Grid&, const Objects& objs) { return mapply(toindices, objs); }));
  e.push_back(expr("mapply_box", false,
                   [](const Grid&, const Objects& objs) { return mapply(box, objs); }));
  e.push_back(expr("mapply_inbox", false,
                   [](const Grid&, const Objects& objs) { return mapply(inbox, objs); }));
  e.push_back(expr("mapply_outbox", false,
                   [](const Grid&, const Objects& objs) { return mapply(outbox, objs); }));
  e.push_back(expr("mapply_delta", false,
                   [](const Grid&, const Objects& objs) { return mapply(delta, objs); }));
  e.push_back(expr("mapply_backdrop", false,
                   [](const Grid&, const Objects& objs) { return mapply(backdrop, objs); }));
  e.push_back(expr("mapply_corners", false,
                   [](const Grid&, const Objects& objs) { return mapply(corners, objs); }));
  e.push_back(expr("argmax_size", true,
                   [](const Grid&, const Objects& objs) { return argmax(objs, size); }));
  e.push_back(expr("first", true, [](const Grid&, const Objects& objs) { return first(objs); }));
  e.push_back(expr("last", true, [](const Grid&, const Objects& objs) { return last(objs); }));
  e.push_back(expr("upscale", true,
                   [](const Grid&, const Objects& objs) { return upscale(first(objs), 2); }));
  e.push_back(
      expr("hmirror", true, [](const Grid&, const Objects& objs) { return hmirror(first(objs)); }));
  e.push_back(
      expr("dmirror", true, [](const Grid&, const Objects& objs) { return dmirror(first(objs)); }));
  e.push_back(expr("recolor", true,
                   [](const Grid&, const Objects& objs) { return recolor(3, first(objs)); }));
  e.push_back(expr("toobject", true, [](const Grid& g, const Objects& objs) {
    return toobject(backdrop(first(objs)), g);
  }));
  e.push_back(expr("occurrences", true,
                   [](const Grid& g, const Objects& objs) { return occurrences(g, first(objs)); }));
  e.push_back(expr("neighbors", true, [](const Grid&, const Objects& objs) {
    return neighbors(ulcorner(first(objs)));
  }));
  e.push_back(expr("difference", true, [](const Grid& g, const Objects& objs) {
    return difference(asindices(g), toindices(first(objs)));
  }));
  e.push_back(expr("intersection", true, [](const Grid& g, const Objects& objs) {
    return intersection(backdrop(first(objs)), ofcolor(g, color(first(objs))));
  }));
  e.push_back(expr("connect", true, [](const Grid&, const Objects& objs) {
    return connect(ulcorner(first(objs)), lrcorner(last(objs)));
  }));
  e.push_back(
      expr("vmirror", true, [](const Grid&, const Objects& objs) { return vmirror(first(objs)); }));
  e.push_back(
      expr("cmirror", true, [](const Grid&, const Objects& objs) { return cmirror(last(objs)); }));
  e.push_back(expr("shift", true, [](const Grid&, const Objects& objs) {
    return shift(first(objs), IntegerTuple{1, -2});
  }));
  e.push_back(expr("toindices", true,
                   [](const Grid&, const Objects& objs) { return toindices(first(objs)); }));
  e.push_back(expr("box", true, [](const Grid&, const Objects& objs) { return box(first(objs)); }));
  e.push_back(
      expr("inbox", true, [](const Grid&, const Objects& objs) { return inbox(last(objs)); }));
  e.push_back(
      expr("outbox", true, [](const Grid&, const Objects& objs) { return outbox(last(objs)); }));
  e.push_back(
      expr("delta", true, [](const Grid&, const Objects& objs) { return delta(first(objs)); }));
  e.push_back(
      expr("corners", true, [](const Grid&, const Objects& objs) { return corners(first(objs)); }));
  e.push_back(expr("dneighbors", true, [](const Grid&, const Objects& objs) {
    return dneighbors(lrcorner(first(objs)));
  }));
  e.push_back(expr("ineighbors", true, [](const Grid&, const Objects& objs) {
    return ineighbors(lrcorner(first(objs)));
  }));
  e.push_back(expr("vfrontier", true, [](const Grid&, const Objects& objs) {
    return vfrontier(ulcorner(first(objs)));
  }));
  e.push_back(expr("shoot", true, [](const Grid&, const Objects& objs) {
    return shoot(ulcorner(first(objs)), IntegerTuple{1, 1});
  }));
  e.push_back(expr("remove", true, [](const Grid&, const Objects& objs) {
    return battgpu::dsl::remove(first(objs), objs);
  }));
  e.push_back(expr("mfilter", false, [](const Grid&, const Objects& objs) {
    return mfilter(objs, matcher(size, 1));
  }));
  e.push_back(
      expr("initset", true, [](const Grid&, const Objects& objs) { return initset(first(objs)); }));
  e.push_back(expr("prapply", false, [](const Grid& g, const Objects&) {
    return prapply(astuple, palette(g), palette(g));
  }));
  return e;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help") {
    std::fprintf(stderr, "usage: %s TASKS_DIR [MAX_TASKS]\n", argv[0]);
    return argc < 2 ? 2 : 0;
  }
  try {
    auto loaded = battgpu::tasks::load_tasks(argv[1]);
    const std::size_t max_tasks =
        argc > 2 ? static_cast<std::size_t>(std::atoi(argv[2])) : loaded.tasks.size();
    const auto table = expressions();
    for (std::size_t t = 0; t < loaded.tasks.size() && t < max_tasks; ++t) {
      const auto& task = loaded.tasks[t];
      std::vector<Grid> grids;
      for (const auto& p : task.train) {
        grids.push_back(p.input);
        grids.push_back(*p.output);
      }
      for (const auto& p : task.test)
        grids.push_back(p.input);
      for (std::size_t k = 0; k < grids.size(); ++k) {
        const Objects objs = objects(grids[k], true, false, true);
        for (const Expression& x : table) {
          if (x.needs_objects && objs.empty())
            continue;
          std::printf("{\"task\": \"%s\", \"grid\": %zu, \"expr\": \"%s\", \"value\": %s}\n",
                      task.id.c_str(), k, x.name, x.value(grids[k], objs).c_str());
        }
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "battgpu-typed-order-cases: %s\n", e.what());
    return 1;
  }
  return 0;
}
