#include "batt_extensions.hpp"
#include "value_building.hpp"

namespace battgpu::dialects::batt_extensions {

using py::Kind;
using py::Value;

namespace {
bool live(const py::SetEntry& e) {
  return e.key.kind() != Kind::Unbound && e.key.kind() != Kind::Dummy;
}

} // namespace

py::Result<bool> rank_in_range(const Value& rank, std::int64_t n) {
  if (rank.is_int_like())
    return -n <= rank.as_int() && rank.as_int() < n;
  PY_TRY(bool low, py::le(Value::integer(-n), rank));
  if (!low)
    return false;
  return py::lt(rank, Value::integer(n));
}

/// The element at position `pos` (0 <= pos < len) of a tuple, frozenset or str in iteration
/// order. A frozenset is walked from whichever end of its table is nearer.
Value nth_in_order(const Value& c, std::int64_t pos) {
  if (c.is_tuple())
    return py::as_tuple(c)[static_cast<std::size_t>(pos)];
  if (c.is_frozenset()) {
    const py::SetTable& t = py::as_set_table(c);
    if (pos < t.size() / 2) {
      for (std::int64_t i = 0; i <= t.mask(); ++i)
        if (live(t.slot(i)) && pos-- == 0)
          return t.slot(i).key;
    } else {
      std::int64_t back = t.size() - 1 - pos;
      for (std::int64_t i = t.mask(); i >= 0; --i)
        if (live(t.slot(i)) && back-- == 0)
          return t.slot(i).key;
    }
    return Value::none(); // not reached
  }
  return py::getitem(c, pos); // a str's character
}

// difference_tuple(a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value difference_tuple(const Value* args, std::size_t) {
  // type(a)(<a's elements not in b>): iter(a) is taken when the generator is made; str()
  // of a generator does not run it (only tuple and frozenset consume it).
  const Value& a = args[0];
  const Value& b = args[1];
  PY_TRY(py::Iter it, py::iter(a));
  if (a.is(Kind::Str))
    return py::construct_like(a, {});
  if (a.is_tuple() && py::as_tuple(a).size <= 64) {
    // The common case, without a vector: mark, then copy what is kept.
    const py::TupleObject& t = py::as_tuple(a);
    bool keep[64];
    std::size_t kept = 0;
    for (std::uint32_t i = 0; i < t.size; ++i) {
      PY_TRY(bool in_b, py::contains(b, t[i]));
      keep[i] = !in_b;
      kept += keep[i] ? 1 : 0;
    }
    if (kept == t.size)
      return a; // nothing removed: the same items
    Value out = py::new_tuple(kept);
    Value* dst = py::tuple_items(out);
    for (std::uint32_t i = 0; i < t.size; ++i)
      if (keep[i])
        *dst++ = t[i];
    return out;
  }
  std::vector<Value> kept;
  kept.reserve(static_cast<std::size_t>(it.remaining()));
  while (const Value* e = it.next()) {
    PY_TRY(bool in_b, py::contains(b, *e));
    if (!in_b)
      kept.push_back(*e);
  }
  if (a.is_tuple())
    return tuple_from(std::move(kept));
  return py::construct_like(a, std::move(kept));
}

// p_g(grid: 'Grid') -> 'IntegerSet'
Value p_g(const Value* args, std::size_t) {
  // The grid's colours as a tuple, in the order of a set built row by row. Adding a colour
  // already added leaves the table as it is, so small ints seen before are skipped.
  PY_TRY(py::Iter rows, py::iter(args[0]));
  py::SetTable colours;
  std::uint64_t seen = 0;
  auto add = [&](const Value& cell) {
    if (cell.is(Kind::Int) && cell.as_int() >= 0 && cell.as_int() < 64) {
      const std::uint64_t bit = std::uint64_t{1} << cell.as_int();
      if (seen & bit)
        return;
      seen |= bit;
    }
    colours.add(cell);
  };
  while (const Value* row = rows.next()) {
    if (row->is_tuple() && py::as_tuple(*row).ints_only) {
      for (const Value& cell : py::as_tuple(*row)) {
        const std::int64_t c = cell.as_int();
        if (c >= 0 && c < 64 && (seen & std::uint64_t{1} << c))
          continue;
        add(cell);
      }
      continue;
    }
    if (row->is_tuple()) {
      for (const Value& cell : py::as_tuple(*row))
        add(cell);
      continue;
    }
    PY_TRY(py::Iter cells, py::iter(*row));
    while (const Value* cell = cells.next())
      add(*cell);
  }
  return py::tuple_of_set(colours);
}

// get_nth_t(container: 'Tuple', rank: 'FL') -> 'Any'
Value get_nth_t(const Value* args, std::size_t) {
  // math.nan for what is not exactly a tuple or a rank out of range.
  const Value& container = args[0];
  const Value& rank = args[1];
  if (!container.is_tuple())
    return py::math_nan();
  const py::TupleObject& t = py::as_tuple(container);
  const auto n = static_cast<std::int64_t>(t.size);
  if (rank.is_int_like()) [[likely]] {
    const std::int64_t r = rank.as_int();
    if (r < -n || r >= n)
      return py::math_nan();
    return t[static_cast<std::size_t>(r < 0 ? r + n : r)];
  }
  PY_TRY(bool in_range, rank_in_range(rank, n));
  if (!in_range)
    return py::math_nan();
  return py::getitem(container, rank); // a float rank: TypeError
}

// get_nth_f(container: 'FrozenSet', rank: 'FL') -> 'Any'
Value get_nth_f(const Value* args, std::size_t) {
  // The element at rank in iteration order (from the end for a negative rank), frozenset()
  // past either end. Skipping k elements is the same as indexing, without the loop.
  const Value& container = args[0];
  const Value& rank = args[1];
  if (rank.is_int_like()) [[likely]] {
    // tuple(container) or iter(container): only tuples, frozensets and strs get through.
    if (!py::has_len(container))
      return py::Error{py::Exc::TypeError, "object is not iterable"};
    PY_TRY(std::int64_t n, py::len(container));
    const std::int64_t r = rank.as_int();
    if (r < 0) {
      const auto skip = static_cast<std::uint64_t>(-(r + 1));
      if (skip >= static_cast<std::uint64_t>(n))
        return py::empty_frozenset();
      return nth_in_order(container, n - 1 - static_cast<std::int64_t>(skip));
    }
    if (r >= n)
      return py::empty_frozenset();
    return nth_in_order(container, r);
  }
  // Any other rank fails: at `rank < 0`, or at range(), which takes only ints.
  return py::Error{py::Exc::TypeError, "object cannot be interpreted as an integer"};
}

} // namespace battgpu::dialects::batt_extensions
