#include "battgpu/py/builtins.hpp"

#include "battgpu/py/arithmetic.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/protocols.hpp"

#include <algorithm>

namespace battgpu::py {

Result<std::vector<Value>> to_list(const Value& iterable) {
  PY_TRY(Iter it, iter(iterable));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(it.remaining()));
  while (const Value* e = it.next())
    out.push_back(*e);
  return out;
}

Value to_tuple(const Value& iterable) {
  if (iterable.kind() == Kind::Tuple)
    return iterable;
  PY_TRY(std::vector<Value> items, to_list(iterable));
  return tuple_of(items);
}

Result<SetTable> to_set(const Value& iterable) {
  if (iterable.kind() == Kind::FrozenSet)
    return SetTable::copy_of(as_set_table(iterable));
  PY_TRY(Iter it, iter(iterable));
  SetTable t;
  while (const Value* e = it.next())
    t.add(*e);
  return t;
}

Value to_frozenset(const Value& iterable) {
  if (iterable.kind() == Kind::FrozenSet)
    return iterable;
  PY_TRY(SetTable t, to_set(iterable));
  return make_frozenset(std::move(t));
}

Value frozenset_of_set(const SetTable& s) {
  return make_frozenset(SetTable::copy_of(s));
}

Value tuple_of_set(const SetTable& s) {
  TupleBuilder b(static_cast<std::size_t>(s.size()));
  s.for_each([&](const Value& v) { b.push(v); });
  return b.finish();
}

Value construct_like(const Value& prototype, std::vector<Value>&& items) {
  switch (prototype.kind()) {
  case Kind::Tuple:
    return tuple_of(items);
  case Kind::FrozenSet: {
    SetTable t;
    for (Value& v : items)
      t.add(std::move(v));
    return make_frozenset(std::move(t));
  }
  case Kind::Bool:
    return Value::boolean(true); // bool(<generator>): a generator object is true
  case Kind::Str:
    return make_str("<generator object>");
  default:
    return Error{Exc::TypeError, "cannot build this type from a generator"};
  }
}

namespace {

Error recursion_error() {
  return Error{Exc::RecursionError, "maximum recursion depth exceeded"};
}

/// CPython 3.11's list.sort (Objects/listobject.c; Objects/listsort.txt tells the design): a
/// natural merge sort that finds ascending and strictly descending runs, extends short ones to
/// `minrun` items by binary insertion, keeps the runs on a stack merged by the powersort
/// policy, and merges with galloping. Only `less(x, y)` ("is x's key less than y's") is asked,
/// and in the same order as CPython asks it, so partial orders (frozensets as subsets, NaNs)
/// come out in CPython's order, and a failing comparison is the one CPython fails at.
///
/// T is a handle on an item (a pointer to its key, or a position); Less returns Result<bool>.
/// A failure stops the sort and is returned; the array is then still a permutation of the
/// handles, in no particular order.
template <class T, class Less> class TimSort {
public:
  TimSort(T* items, std::ptrdiff_t n, Less& less) : base_(items), n_(n), less_(less) {}

  Status run() {
    if (n_ < 2)
      return {};
    const std::ptrdiff_t minrun = compute_minrun(n_);
    T* lo = base_;
    std::ptrdiff_t remaining = n_;
    do {
      bool descending = false;
      PY_TRY(std::ptrdiff_t len, count_run(lo, lo + remaining, descending));
      if (descending)
        std::reverse(lo, lo + len);
      if (len < minrun) {
        // Too short: extended by binary insertion to minrun items (or to the end).
        const std::ptrdiff_t force = std::min(remaining, minrun);
        PY_CHECK(binary_sort(lo, lo + force, lo + len));
        len = force;
      }
      PY_CHECK(found_new_run(len));
      runs_[nruns_++] = Run{lo, len, 0};
      lo += len;
      remaining -= len;
    } while (remaining > 0);
    return force_collapse();
  }

private:
  /// A pending run: `len` sorted items from `base`; `power` is its depth in the powersort
  /// merge tree, known once the run after it has been found.
  struct Run {
    T* base;
    std::ptrdiff_t len;
    int power;
  };

  /// Galloping starts after this many wins in a row (CPython's MIN_GALLOP); the threshold in
  /// use, min_gallop_, adapts to the data.
  static constexpr std::ptrdiff_t kMinGallop = 7;
  /// How a merge loop ended: every item is placed, or the one left of the shorter run goes
  /// to the far end once the other run is moved over.
  enum class End { Placed, LastOfOther };

  /// The run length below which runs are extended: n itself below 64, else a value in
  /// [32, 64] such that n / minrun is just below a power of two.
  static std::ptrdiff_t compute_minrun(std::ptrdiff_t n) {
    std::ptrdiff_t odd = 0;
    while (n >= 64) {
      odd |= n & 1;
      n >>= 1;
    }
    return n + odd;
  }

  /// The length of the run that starts at lo (lo < hi): ascending (each item not less than
  /// the one before) or strictly descending, which `descending` reports.
  Result<std::ptrdiff_t> count_run(T* lo, T* hi, bool& descending) {
    descending = false;
    T* p = lo + 1;
    if (p == hi)
      return std::ptrdiff_t{1};
    std::ptrdiff_t n = 2;
    PY_TRY(bool falls, less_(*p, p[-1]));
    if (falls) {
      descending = true;
      for (++p; p < hi; ++p, ++n) {
        PY_TRY(bool still_falls, less_(*p, p[-1]));
        if (!still_falls)
          break;
      }
    } else {
      for (++p; p < hi; ++p, ++n) {
        PY_TRY(bool drops, less_(*p, p[-1]));
        if (drops)
          break;
      }
    }
    return n;
  }

  /// Sorts [lo, hi) by binary insertion, [lo, start) being sorted already: each new item goes
  /// after the items it is not less than.
  Status binary_sort(T* lo, T* hi, T* start) {
    if (lo == start)
      ++start;
    for (; start < hi; ++start) {
      const T pivot = *start;
      T* l = lo;
      T* r = start;
      do {
        T* mid = l + ((r - l) >> 1);
        PY_TRY(bool before, less_(pivot, *mid));
        if (before)
          r = mid;
        else
          l = mid + 1;
      } while (l < r);
      std::copy_backward(l, start, start + 1);
      *l = pivot;
    }
    return {};
  }

  /// Where `key` goes in the sorted a[0, n), left of any equal items: the k with
  /// a[k-1] < key <= a[k]. The search starts at a[hint] and gallops (steps 1, 3, 7, ...)
  /// away from it before a binary search in the bracket found.
  Result<std::ptrdiff_t> gallop_left(const T& key, T* a, std::ptrdiff_t n, std::ptrdiff_t hint) {
    T* at = a + hint;
    std::ptrdiff_t last = 0;
    std::ptrdiff_t ofs = 1;
    PY_TRY(bool below, less_(*at, key));
    if (below) {
      // a[hint] < key: step right until a[hint + last] < key <= a[hint + ofs].
      const std::ptrdiff_t limit = n - hint;
      while (ofs < limit) {
        PY_TRY(bool still_below, less_(at[ofs], key));
        if (!still_below)
          break;
        last = ofs;
        ofs = (ofs << 1) + 1;
      }
      ofs = std::min(ofs, limit);
      last += hint;
      ofs += hint;
    } else {
      // key <= a[hint]: step left until a[hint - ofs] < key <= a[hint - last].
      const std::ptrdiff_t limit = hint + 1;
      while (ofs < limit) {
        PY_TRY(bool found_below, less_(*(at - ofs), key));
        if (found_below)
          break;
        last = ofs;
        ofs = (ofs << 1) + 1;
      }
      ofs = std::min(ofs, limit);
      const std::ptrdiff_t nearer = last;
      last = hint - ofs;
      ofs = hint - nearer;
    }
    // a[last] < key <= a[ofs]: bisect (last, ofs].
    ++last;
    while (last < ofs) {
      const std::ptrdiff_t mid = last + ((ofs - last) >> 1);
      PY_TRY(bool mid_below, less_(a[mid], key));
      if (mid_below)
        last = mid + 1;
      else
        ofs = mid;
    }
    return ofs;
  }

  /// As gallop_left, but right of any equal items: the k with a[k-1] <= key < a[k].
  Result<std::ptrdiff_t> gallop_right(const T& key, T* a, std::ptrdiff_t n, std::ptrdiff_t hint) {
    T* at = a + hint;
    std::ptrdiff_t last = 0;
    std::ptrdiff_t ofs = 1;
    PY_TRY(bool key_below, less_(key, *at));
    if (key_below) {
      // key < a[hint]: step left until a[hint - ofs] <= key < a[hint - last].
      const std::ptrdiff_t limit = hint + 1;
      while (ofs < limit) {
        PY_TRY(bool still_below, less_(key, *(at - ofs)));
        if (!still_below)
          break;
        last = ofs;
        ofs = (ofs << 1) + 1;
      }
      ofs = std::min(ofs, limit);
      const std::ptrdiff_t nearer = last;
      last = hint - ofs;
      ofs = hint - nearer;
    } else {
      // a[hint] <= key: step right until a[hint + last] <= key < a[hint + ofs].
      const std::ptrdiff_t limit = n - hint;
      while (ofs < limit) {
        PY_TRY(bool found_above, less_(key, at[ofs]));
        if (found_above)
          break;
        last = ofs;
        ofs = (ofs << 1) + 1;
      }
      ofs = std::min(ofs, limit);
      last += hint;
      ofs += hint;
    }
    // a[last] <= key < a[ofs]: bisect (last, ofs].
    ++last;
    while (last < ofs) {
      const std::ptrdiff_t mid = last + ((ofs - last) >> 1);
      PY_TRY(bool key_before, less_(key, a[mid]));
      if (key_before)
        ofs = mid;
      else
        last = mid + 1;
    }
    return ofs;
  }

  /// The cursors of merge_lo: the next free slot, and the heads of the two runs (the first
  /// run copied out to tmp_).
  struct LoCursor {
    T* dest;
    T* a;
    std::ptrdiff_t na;
    T* b;
    std::ptrdiff_t nb;
  };

  /// Merges the runs [pa, pa + na) and [pb = pa + na, pb + nb) from the left, na <= nb, the
  /// first item of b known to go first and the last of a known to go last.
  Status merge_lo(T* pa, std::ptrdiff_t na, T* pb, std::ptrdiff_t nb) {
    tmp_.assign(pa, pa + na);
    LoCursor c{pa, tmp_.data(), na, pb, nb};
    Result<End> end = merge_lo_loop(c);
    if (end.ok() && *end == End::LastOfOther) {
      // One item of a is left, and it is the largest: b's rest, then it.
      c.dest = std::copy(c.b, c.b + c.nb, c.dest);
      *c.dest = *c.a;
      return {};
    }
    // Done (or failed): what is left of a fills the gap before b's rest.
    std::copy(c.a, c.a + c.na, c.dest);
    if (!end.ok())
      return end.error();
    return {};
  }

  Result<End> merge_lo_loop(LoCursor& c) {
    *c.dest++ = *c.b++;
    if (--c.nb == 0)
      return End::Placed;
    if (c.na == 1)
      return End::LastOfOther;
    std::ptrdiff_t min_gallop = min_gallop_;
    for (;;) {
      std::ptrdiff_t a_wins = 0; // times in a row a's head went next
      std::ptrdiff_t b_wins = 0;
      // One item at a time, until one run keeps winning.
      for (;;) {
        PY_TRY(bool b_first, less_(*c.b, *c.a));
        if (b_first) {
          *c.dest++ = *c.b++;
          ++b_wins;
          a_wins = 0;
          if (--c.nb == 0)
            return End::Placed;
          if (b_wins >= min_gallop)
            break;
        } else {
          *c.dest++ = *c.a++;
          ++a_wins;
          b_wins = 0;
          if (--c.na == 1)
            return End::LastOfOther;
          if (a_wins >= min_gallop)
            break;
        }
      }
      // Galloping: whole stretches at a time, while either run wins by kMinGallop or more.
      ++min_gallop;
      do {
        min_gallop -= min_gallop > 1 ? 1 : 0;
        min_gallop_ = min_gallop;
        PY_TRY(std::ptrdiff_t from_a, gallop_right(*c.b, c.a, c.na, 0));
        a_wins = from_a;
        if (from_a > 0) {
          c.dest = std::copy(c.a, c.a + from_a, c.dest);
          c.a += from_a;
          c.na -= from_a;
          if (c.na == 1)
            return End::LastOfOther;
          if (c.na == 0) // only with an inconsistent order
            return End::Placed;
        }
        *c.dest++ = *c.b++;
        if (--c.nb == 0)
          return End::Placed;
        PY_TRY(std::ptrdiff_t from_b, gallop_left(*c.a, c.b, c.nb, 0));
        b_wins = from_b;
        if (from_b > 0) {
          c.dest = std::copy(c.b, c.b + from_b, c.dest);
          c.b += from_b;
          c.nb -= from_b;
          if (c.nb == 0)
            return End::Placed;
        }
        *c.dest++ = *c.a++;
        if (--c.na == 1)
          return End::LastOfOther;
      } while (a_wins >= kMinGallop || b_wins >= kMinGallop);
      ++min_gallop; // leaving galloping mode costs: harder to enter again
      min_gallop_ = min_gallop;
    }
  }

  /// The cursors of merge_hi, as positions (they step down, past the runs' starts): the next
  /// free slot and the tails of a (in the array) and of b (copied out to tmp_).
  struct HiCursor {
    std::ptrdiff_t dest;
    std::ptrdiff_t a;
    std::ptrdiff_t na;
    std::ptrdiff_t b;
    std::ptrdiff_t nb;
  };

  /// Merges [pa, pa + na) and [pb = pa + na, pb + nb) from the right, na > nb.
  Status merge_hi(T* pa, std::ptrdiff_t na, T* pb, std::ptrdiff_t nb) {
    tmp_.assign(pb, pb + nb);
    T* const arr = base_;
    HiCursor c{(pb - arr) + nb - 1, (pa - arr) + na - 1, na, nb - 1, nb};
    Result<End> end = merge_hi_loop(c, pa - arr);
    if (end.ok() && *end == End::LastOfOther) {
      // One item of b is left, and it is the smallest: a's rest moves right, it goes first.
      std::copy_backward(arr + c.a + 1 - c.na, arr + c.a + 1, arr + c.dest + 1);
      c.dest -= c.na;
      arr[c.dest] = tmp_[static_cast<std::size_t>(c.b)];
      return {};
    }
    // Done (or failed): what is left of b fills the gap after a's rest.
    std::copy(tmp_.data(), tmp_.data() + c.nb, arr + c.dest - (c.nb - 1));
    if (!end.ok())
      return end.error();
    return {};
  }

  Result<End> merge_hi_loop(HiCursor& c, std::ptrdiff_t a_start) {
    T* const arr = base_;
    T* const tb = tmp_.data();
    arr[c.dest--] = arr[c.a--];
    if (--c.na == 0)
      return End::Placed;
    if (c.nb == 1)
      return End::LastOfOther;
    std::ptrdiff_t min_gallop = min_gallop_;
    for (;;) {
      std::ptrdiff_t a_wins = 0; // times in a row a's tail went next (to the right end)
      std::ptrdiff_t b_wins = 0;
      for (;;) {
        PY_TRY(bool b_first, less_(tb[c.b], arr[c.a]));
        if (b_first) {
          arr[c.dest--] = arr[c.a--];
          ++a_wins;
          b_wins = 0;
          if (--c.na == 0)
            return End::Placed;
          if (a_wins >= min_gallop)
            break;
        } else {
          arr[c.dest--] = tb[c.b--];
          ++b_wins;
          a_wins = 0;
          if (--c.nb == 1)
            return End::LastOfOther;
          if (b_wins >= min_gallop)
            break;
        }
      }
      ++min_gallop;
      do {
        min_gallop -= min_gallop > 1 ? 1 : 0;
        min_gallop_ = min_gallop;
        PY_TRY(std::ptrdiff_t a_pos, gallop_right(tb[c.b], arr + a_start, c.na, c.na - 1));
        const std::ptrdiff_t from_a = c.na - a_pos;
        a_wins = from_a;
        if (from_a > 0) {
          c.dest -= from_a;
          c.a -= from_a;
          std::copy_backward(arr + c.a + 1, arr + c.a + 1 + from_a, arr + c.dest + 1 + from_a);
          c.na -= from_a;
          if (c.na == 0)
            return End::Placed;
        }
        arr[c.dest--] = tb[c.b--];
        if (--c.nb == 1)
          return End::LastOfOther;
        PY_TRY(std::ptrdiff_t b_pos, gallop_left(arr[c.a], tb, c.nb, c.nb - 1));
        const std::ptrdiff_t from_b = c.nb - b_pos;
        b_wins = from_b;
        if (from_b > 0) {
          c.dest -= from_b;
          c.b -= from_b;
          std::copy(tb + c.b + 1, tb + c.b + 1 + from_b, arr + c.dest + 1);
          c.nb -= from_b;
          if (c.nb == 1)
            return End::LastOfOther;
          if (c.nb == 0) // only with an inconsistent order
            return End::Placed;
        }
        arr[c.dest--] = arr[c.a--];
        if (--c.na == 0)
          return End::Placed;
      } while (a_wins >= kMinGallop || b_wins >= kMinGallop);
      ++min_gallop;
      min_gallop_ = min_gallop;
    }
  }

  /// Merges the runs at stack positions i and i + 1 (the top two, or the two below the top).
  Status merge_at(int i) {
    T* pa = runs_[i].base;
    std::ptrdiff_t na = runs_[i].len;
    T* pb = runs_[i + 1].base;
    std::ptrdiff_t nb = runs_[i + 1].len;
    runs_[i].len = na + nb;
    if (i == nruns_ - 3)
      runs_[i + 1] = runs_[i + 2];
    --nruns_;
    // a's items that go before b's first are in place already ...
    PY_TRY(std::ptrdiff_t skip, gallop_right(*pb, pa, na, 0));
    pa += skip;
    na -= skip;
    if (na == 0)
      return {};
    // ... and so are b's items that go after a's last.
    PY_TRY(std::ptrdiff_t keep, gallop_left(pa[na - 1], pb, nb, nb - 1));
    if (keep <= 0)
      return {};
    return na <= keep ? merge_lo(pa, na, pb, keep) : merge_hi(pa, na, pb, keep);
  }

  /// The powersort depth of the boundary between the run [s1, s1 + n1) and the next one of
  /// n2 items: the first binary digit in which the two runs' midpoints, as fractions of n,
  /// differ (computed on doubled midpoints, which are integers).
  static int powerloop(std::ptrdiff_t s1, std::ptrdiff_t n1, std::ptrdiff_t n2, std::ptrdiff_t n) {
    int depth = 0;
    std::ptrdiff_t a = 2 * s1 + n1;
    std::ptrdiff_t b = a + n1 + n2;
    for (;;) {
      ++depth;
      if (a >= n) {
        a -= n;
        b -= n;
      } else if (b >= n) {
        break;
      }
      a <<= 1;
      b <<= 1;
    }
    return depth;
  }

  /// A run of n2 items follows the top of the stack: merges the runs below the top whose
  /// boundary is deeper than the new one, then records the new boundary's depth.
  Status found_new_run(std::ptrdiff_t n2) {
    if (nruns_ == 0)
      return {};
    const Run& top = runs_[nruns_ - 1];
    const int power = powerloop(top.base - base_, top.len, n2, n_);
    while (nruns_ > 1 && runs_[nruns_ - 2].power > power)
      PY_CHECK(merge_at(nruns_ - 2));
    runs_[nruns_ - 1].power = power;
    return {};
  }

  /// At the end: merges what is left on the stack, the shorter neighbour of the run below the
  /// top first.
  Status force_collapse() {
    while (nruns_ > 1) {
      int i = nruns_ - 2;
      if (i > 0 && runs_[i - 1].len < runs_[i + 1].len)
        --i;
      PY_CHECK(merge_at(i));
    }
    return {};
  }

  T* base_;
  std::ptrdiff_t n_;
  Less& less_;
  std::ptrdiff_t min_gallop_ = kMinGallop;
  std::vector<T> tmp_;
  Run runs_[64];
  int nruns_ = 0;
};

/// Whether a comparison made by list.sort enters PyObject_RichCompare, and so takes one
/// recursion level above the sort's: CPython's pre-sort check picks a comparison by the keys'
/// types. Keys of one type that orders itself (int, bool, float, str, frozenset, tuple when
/// the first key is `()`) are compared through that type's own slot, no level taken; keys of
/// mixed types, or of a type that cannot order itself (None, functions), go through
/// PyObject_RichCompare; tuple keys (all non-empty) are compared item by item for equality
/// first, which takes the level unless the items are the same objects.
enum class SortCompareLevel { None, Always, UnlessSameItems };

SortCompareLevel sort_compare_level(const std::vector<Value>& keys) {
  const Value& first = keys.front();
  if (first.is_tuple() && as_tuple(first).size > 0) {
    for (const Value& k : keys)
      if (!k.is_tuple() || as_tuple(k).size == 0)
        return SortCompareLevel::Always;
    return SortCompareLevel::UnlessSameItems;
  }
  for (const Value& k : keys)
    if (k.kind() != first.kind())
      return SortCompareLevel::Always;
  switch (first.kind()) {
  case Kind::Bool:
  case Kind::Int:
  case Kind::Float:
  case Kind::Str:
  case Kind::FrozenSet:
  case Kind::Tuple:
    return SortCompareLevel::None;
  default:
    return SortCompareLevel::Always;
  }
}

/// `key(a) < key(b)` for the sort. `level` is SortCompareLevel::None while a comparison's
/// own recursion level fits under the limit; at the limit it says which comparisons fail.
struct KeyLess {
  SortCompareLevel level = SortCompareLevel::None;

  Result<bool> operator()(const Value* a, const Value* b) const {
    if (level != SortCompareLevel::None) [[unlikely]] {
      if (level == SortCompareLevel::Always)
        return recursion_error();
      const TupleObject& x = as_tuple(*a);
      const TupleObject& y = as_tuple(*b);
      for (std::uint32_t i = 0; i < x.size && i < y.size; ++i)
        if (!python_is(x[i], y[i]))
          return recursion_error();
    }
    return lt(*a, *b);
  }
};

/// Handles on up to this many items live on the stack.
constexpr std::size_t kInlineItems = 64;

/// Sorts `items` by `keys` (the same vector when there is no key function) as list.sort does,
/// `reverse` included: the list reversed before a stable sort and the result reversed after.
/// The sort orders handles on the keys; the items are then moved into that order. On failure
/// the items are left as they were (CPython's list is some permutation then, but sorted()
/// drops it).
template <class Less>
Status sort_by_keys(std::vector<Value>& items, const std::vector<Value>& keys, bool reverse,
                    Less& less) {
  const std::size_t n = items.size();
  const Value* const first = keys.data();
  const Value* inline_handles[kInlineItems];
  std::vector<const Value*> heap_handles;
  const Value** handles = inline_handles;
  if (n > kInlineItems) {
    heap_handles.resize(n);
    handles = heap_handles.data();
  }
  for (std::size_t i = 0; i < n; ++i)
    handles[i] = first + (reverse ? n - 1 - i : i);
  TimSort<const Value*, Less> sorter(handles, static_cast<std::ptrdiff_t>(n), less);
  PY_CHECK(sorter.run());
  if (reverse)
    std::reverse(handles, handles + n);
  // items[i] takes items[handles[i] - first], one cycle of the permutation at a time; a
  // handle is cleared once its slot is filled.
  for (std::size_t start = 0; start < n; ++start) {
    if (handles[start] == nullptr)
      continue;
    if (handles[start] == first + start) {
      handles[start] = nullptr;
      continue;
    }
    Value held = std::move(items[start]);
    std::size_t slot = start;
    for (;;) {
      const auto from = static_cast<std::size_t>(handles[slot] - first);
      handles[slot] = nullptr;
      if (from == start) {
        items[slot] = std::move(held);
        break;
      }
      items[slot] = std::move(items[from]);
      slot = from;
    }
  }
  return {};
}

/// The `max()`/`min()` loop over items already listed: the first of equal extremes wins.
/// Runs inside the builtin's recursion level; each comparison enters one more.
Value extreme(const std::vector<Value>& items, const Value* key,
              const std::optional<Value>& default_value, CompareOp op, const char* empty_message) {
  const bool compare_fits = FrameGuard::fits(1);
  const Value* best_item = nullptr;
  Value best_key;
  for (const Value& item : items) {
    Value k;
    if (key != nullptr) {
      k = call(*key, {item});
      if (!k.ok())
        return k;
    } else {
      k = item;
    }
    if (best_item == nullptr) {
      best_item = &item;
      best_key = std::move(k);
      continue;
    }
    if (!compare_fits)
      return recursion_error();
    PY_TRY(bool better, compare(k, best_key, op));
    if (better) {
      best_item = &item;
      best_key = std::move(k);
    }
  }
  if (best_item == nullptr) {
    if (default_value)
      return *default_value;
    return Error{Exc::ValueError, empty_message};
  }
  return *best_item;
}

} // namespace

Status sort(std::vector<Value>& items, const Value* key, bool reverse) {
  // list.sort is a builtin called from Python: one recursion level, under which the keys are
  // computed and the comparisons made.
  FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  std::vector<Value> keys;
  if (key != nullptr) {
    // Every key first, in order; the first that fails is the sort's failure.
    keys.reserve(items.size());
    for (const Value& item : items) {
      Value k = call(*key, {item});
      if (!k.ok())
        return k.error();
      keys.push_back(std::move(k));
    }
  }
  const std::size_t n = items.size();
  if (n < 2)
    return {};
  const std::vector<Value>& sort_keys = key != nullptr ? keys : items;
  KeyLess less;
  if (!FrameGuard::fits(1)) // PyObject_RichCompare's level, where a comparison takes it
    less.level = sort_compare_level(sort_keys);
  return sort_by_keys(items, sort_keys, reverse, less);
}

Result<std::vector<std::size_t>>
sort_positions(std::size_t n, bool reverse,
               const std::function<Result<bool>(std::size_t, std::size_t)>& less) {
  std::vector<std::size_t> handles(n);
  for (std::size_t i = 0; i < n; ++i)
    handles[i] = reverse ? n - 1 - i : i;
  TimSort<std::size_t, const std::function<Result<bool>(std::size_t, std::size_t)>> sorter(
      handles.data(), static_cast<std::ptrdiff_t>(n), less);
  PY_CHECK(sorter.run());
  if (reverse)
    std::reverse(handles.begin(), handles.end());
  return handles;
}

Value sorted_tuple(const Value& iterable, const Value* key, bool reverse) {
  PY_TRY(std::vector<Value> items, to_list(iterable));
  PY_CHECK(sort(items, key, reverse));
  return tuple_of(items);
}

// max() and min() are builtins called from Python: one recursion level from the call on (so
// before the argument is iterated), under which keys are computed and comparisons made.
Value max_of_list(const std::vector<Value>& items, const Value* key,
                  const std::optional<Value>& default_value) {
  FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  return extreme(items, key, default_value, CompareOp::Gt, "max() arg is an empty sequence");
}
Value min_of_list(const std::vector<Value>& items, const Value* key,
                  const std::optional<Value>& default_value) {
  FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  return extreme(items, key, default_value, CompareOp::Lt, "min() arg is an empty sequence");
}
Value max_of(const Value& iterable, const Value* key, const std::optional<Value>& default_value) {
  FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  PY_TRY(std::vector<Value> items, to_list(iterable));
  return extreme(items, key, default_value, CompareOp::Gt, "max() arg is an empty sequence");
}
Value min_of(const Value& iterable, const Value* key, const std::optional<Value>& default_value) {
  FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  PY_TRY(std::vector<Value> items, to_list(iterable));
  return extreme(items, key, default_value, CompareOp::Lt, "min() arg is an empty sequence");
}
Value max2(const Value& a, const Value& b) {
  PY_TRY(bool greater, gt(b, a));
  return greater ? b : a;
}
Value min2(const Value& a, const Value& b) {
  PY_TRY(bool less, lt(b, a));
  return less ? b : a;
}

Value sum(const Value& iterable) {
  PY_TRY(Iter it, iter(iterable));
  Value total = Value::integer(0);
  while (const Value* e = it.next()) {
    total = add(total, *e);
    if (!total.ok())
      return total;
  }
  return total;
}

std::vector<std::pair<Value, std::int64_t>> most_common(const std::vector<Value>& items) {
  std::vector<std::pair<Value, std::int64_t>> counts;
  std::vector<std::int64_t> hashes;
  for (const Value& v : items) {
    const std::int64_t h = hash(v);
    bool found = false;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      if (hashes[i] == h && eq(counts[i].first, v)) {
        ++counts[i].second;
        found = true;
        break;
      }
    }
    if (!found) {
      counts.emplace_back(v, 1);
      hashes.push_back(h);
    }
  }
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return counts;
}

Value range_tuple(std::int64_t start, std::int64_t stop, std::int64_t step) {
  if (step == 0)
    return Error{Exc::ValueError, "range() arg 3 must not be zero"};
  TupleBuilder b;
  if (step > 0)
    for (std::int64_t i = start; i < stop; i += step)
      b.push(Value::integer(i));
  else
    for (std::int64_t i = start; i > stop; i += step)
      b.push(Value::integer(i));
  return b.finish();
}

Result<std::int64_t> as_index(const Value& v) {
  if (v.is_int_like())
    return v.as_int();
  return Error{Exc::TypeError, "object cannot be interpreted as an integer"};
}

} // namespace battgpu::py
