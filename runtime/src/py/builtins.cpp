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

Value frozenset_of_set(const SetTable& s) { return make_frozenset(SetTable::copy_of(s)); }

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

/// CPython's list.sort over parallel arrays of keys and values (values may alias keys).
class Sorter {
public:
  Sorter(std::vector<Value>& keys, std::vector<Value>* values) : keys_(keys), values_(values) {}

  Status run() {
    const std::size_t n = keys_.size();
    if (n < 2)
      return {};
    const std::size_t minrun = compute_minrun(n);
    std::vector<std::pair<std::size_t, std::size_t>> runs; // [begin, end)
    std::size_t lo = 0;
    while (lo < n) {
      bool descending = false;
      PY_TRY(std::size_t len, count_run(lo, n, descending));
      if (descending)
        reverse(lo, lo + len);
      if (len < minrun) {
        const std::size_t force = std::min(n - lo, minrun);
        PY_CHECK(binary_sort(lo, lo + force, lo + len));
        len = force;
      }
      runs.emplace_back(lo, lo + len);
      lo += len;
    }
    // Merge neighbouring runs until one is left. For the total orders of DSL values any
    // stable merge gives CPython's result; only lists of 64 or more items with partially
    // ordered keys (frozensets, NaNs) could tell merge policies apart.
    while (runs.size() > 1) {
      std::vector<std::pair<std::size_t, std::size_t>> merged;
      for (std::size_t i = 0; i + 1 < runs.size(); i += 2) {
        PY_CHECK(merge(runs[i].first, runs[i].second, runs[i + 1].second));
        merged.emplace_back(runs[i].first, runs[i + 1].second);
      }
      if (runs.size() % 2 == 1)
        merged.push_back(runs.back());
      runs = std::move(merged);
    }
    return {};
  }

  void reverse(std::size_t lo, std::size_t hi) {
    std::reverse(keys_.begin() + static_cast<std::ptrdiff_t>(lo),
                 keys_.begin() + static_cast<std::ptrdiff_t>(hi));
    if (values_ != nullptr)
      std::reverse(values_->begin() + static_cast<std::ptrdiff_t>(lo),
                   values_->begin() + static_cast<std::ptrdiff_t>(hi));
  }

private:
  static std::size_t compute_minrun(std::size_t n) {
    std::size_t r = 0;
    while (n >= 64) {
      r |= n & 1;
      n >>= 1;
    }
    return n + r;
  }

  // count_run: the length of the run at lo; strictly descending runs are reported as such.
  Result<std::size_t> count_run(std::size_t lo, std::size_t hi, bool& descending) {
    descending = false;
    std::size_t i = lo + 1;
    if (i == hi)
      return std::size_t{1};
    std::size_t n = 2;
    PY_TRY(bool first_lt, lt(keys_[i], keys_[i - 1]));
    if (first_lt) {
      descending = true;
      for (i = i + 1; i < hi; ++i, ++n) {
        PY_TRY(bool less, lt(keys_[i], keys_[i - 1]));
        if (!less)
          break;
      }
    } else {
      for (i = i + 1; i < hi; ++i, ++n) {
        PY_TRY(bool less, lt(keys_[i], keys_[i - 1]));
        if (less)
          break;
      }
    }
    return n;
  }

  // binarysort: [lo, start) is sorted; insert each of [start, hi) after its equals.
  Status binary_sort(std::size_t lo, std::size_t hi, std::size_t start) {
    if (lo == start)
      ++start;
    for (; start < hi; ++start) {
      std::size_t l = lo, r = start;
      do {
        const std::size_t p = l + ((r - l) >> 1);
        PY_TRY(bool less, lt(keys_[start], keys_[p]));
        if (less)
          r = p;
        else
          l = p + 1;
      } while (l < r);
      rotate_into(l, start);
    }
    return {};
  }

  void rotate_into(std::size_t to, std::size_t from) {
    auto rot = [&](std::vector<Value>& v) {
      std::rotate(v.begin() + static_cast<std::ptrdiff_t>(to),
                  v.begin() + static_cast<std::ptrdiff_t>(from),
                  v.begin() + static_cast<std::ptrdiff_t>(from + 1));
    };
    rot(keys_);
    if (values_ != nullptr)
      rot(*values_);
  }

  // A stable merge of [lo, mid) and [mid, hi): a right item goes first only when it is less.
  Status merge(std::size_t lo, std::size_t mid, std::size_t hi) {
    std::vector<Value> k, v;
    k.reserve(hi - lo);
    std::size_t a = lo, b = mid;
    std::vector<std::size_t> order;
    order.reserve(hi - lo);
    while (a < mid && b < hi) {
      PY_TRY(bool less, lt(keys_[b], keys_[a]));
      order.push_back(less ? b++ : a++);
    }
    while (a < mid)
      order.push_back(a++);
    while (b < hi)
      order.push_back(b++);
    for (std::size_t i : order)
      k.push_back(std::move(keys_[i]));
    if (values_ != nullptr) {
      v.reserve(hi - lo);
      for (std::size_t i : order)
        v.push_back(std::move((*values_)[i]));
    }
    for (std::size_t i = 0; i < k.size(); ++i) {
      keys_[lo + i] = std::move(k[i]);
      if (values_ != nullptr)
        (*values_)[lo + i] = std::move(v[i]);
    }
    return {};
  }

  std::vector<Value>& keys_;
  std::vector<Value>* values_;
};

Value extreme(const std::vector<Value>& items, const Value* key,
              const std::optional<Value>& default_value, CompareOp op, const char* empty_message) {
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
  std::vector<Value> keys;
  if (key != nullptr) {
    keys.reserve(items.size());
    for (const Value& item : items) {
      Value k = call(*key, {item});
      if (!k.ok())
        return k.error();
      keys.push_back(std::move(k));
    }
  }
  std::vector<Value>& sort_keys = key != nullptr ? keys : items;
  Sorter sorter(sort_keys, key != nullptr ? &items : nullptr);
  if (reverse)
    sorter.reverse(0, items.size());
  Status status = sorter.run();
  // CPython reverses back even when a comparison failed midway; the list is dropped then.
  if (reverse && status.ok())
    sorter.reverse(0, items.size());
  return status;
}

Value sorted_tuple(const Value& iterable, const Value* key, bool reverse) {
  PY_TRY(std::vector<Value> items, to_list(iterable));
  PY_CHECK(sort(items, key, reverse));
  return tuple_of(items);
}

Value max_of_list(const std::vector<Value>& items, const Value* key,
                  const std::optional<Value>& default_value) {
  return extreme(items, key, default_value, CompareOp::Gt, "max() arg is an empty sequence");
}
Value min_of_list(const std::vector<Value>& items, const Value* key,
                  const std::optional<Value>& default_value) {
  return extreme(items, key, default_value, CompareOp::Lt, "min() arg is an empty sequence");
}
Value max_of(const Value& iterable, const Value* key, const std::optional<Value>& default_value) {
  PY_TRY(std::vector<Value> items, to_list(iterable));
  return max_of_list(items, key, default_value);
}
Value min_of(const Value& iterable, const Value* key, const std::optional<Value>& default_value) {
  PY_TRY(std::vector<Value> items, to_list(iterable));
  return min_of_list(items, key, default_value);
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
