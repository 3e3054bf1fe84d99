#include "battgpu/py/protocols.hpp"

#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"

#include <cmath>
#include <string>

namespace battgpu::py {

std::string_view type_name_of(const Value& v) {
  return type_name(v.kind());
}

bool truthy(const Value& v) {
  switch (v.kind()) {
  case Kind::None:
    return false;
  case Kind::Bool:
  case Kind::Int:
    return v.as_int() != 0;
  case Kind::Float:
    return v.as_float() != 0.0; // NaN is true
  case Kind::Str:
    return !as_str(v).empty();
  case Kind::Tuple:
    return as_tuple(v).size != 0;
  case Kind::FrozenSet:
    return set_size(v) != 0;
  default:
    return true;
  }
}

bool has_len(const Value& v) {
  return v.kind() == Kind::Tuple || v.kind() == Kind::FrozenSet || v.kind() == Kind::Str;
}

Result<std::int64_t> len(const Value& v) {
  switch (v.kind()) {
  case Kind::Tuple:
    return static_cast<std::int64_t>(as_tuple(v).size);
  case Kind::FrozenSet:
    return set_size(v);
  case Kind::Str:
    return static_cast<std::int64_t>(as_str(v).size());
  default:
    return Error{Exc::TypeError, "object has no len()"};
  }
}

Result<Iter> iter(const Value& v) {
  Iter it;
  switch (v.kind()) {
  case Kind::Tuple:
    it.mode_ = Iter::Mode::Items;
    it.items_ = as_tuple(v).items();
    it.size_ = as_tuple(v).size;
    return it;
  case Kind::FrozenSet:
    it.mode_ = Iter::Mode::Set;
    it.set_ = &as_set_table(v);
    it.size_ = it.set_->size();
    return it;
  case Kind::Str:
    it.mode_ = Iter::Mode::Str;
    it.str_ = static_cast<const StrObject*>(v.object());
    it.size_ = it.str_->size;
    return it;
  default:
    return Error{Exc::TypeError, "object is not iterable"};
  }
}

const Value* Iter::next() {
  switch (mode_) {
  case Mode::Items:
    return pos_ < size_ ? &items_[pos_++] : nullptr;
  case Mode::Set:
    while (pos_ <= set_->mask()) {
      const SetEntry& e = set_->slot(pos_++);
      if (e.key.kind() != Kind::Unbound && e.key.kind() != Kind::Dummy) {
        --size_;
        return &e.key;
      }
    }
    return nullptr;
  case Mode::Str:
    if (pos_ >= size_)
      return nullptr;
    scratch_ = make_str(str_->view().substr(static_cast<std::size_t>(pos_++), 1));
    return &scratch_;
  }
  return nullptr;
}

std::int64_t Iter::remaining() const {
  return mode_ == Mode::Set ? size_ : size_ - pos_;
}

Value getitem(const Value& container, std::int64_t index) {
  switch (container.kind()) {
  case Kind::Tuple: {
    const TupleObject& t = as_tuple(container);
    const std::int64_t n = t.size;
    if (index < 0)
      index += n;
    if (index < 0 || index >= n)
      return Error{Exc::IndexError, "tuple index out of range"};
    return t[static_cast<std::size_t>(index)];
  }
  case Kind::Str: {
    std::string_view s = as_str(container);
    const auto n = static_cast<std::int64_t>(s.size());
    if (index < 0)
      index += n;
    if (index < 0 || index >= n)
      return Error{Exc::IndexError, "string index out of range"};
    return make_str(s.substr(static_cast<std::size_t>(index), 1));
  }
  case Kind::FrozenSet:
    return Error{Exc::TypeError, "'frozenset' object is not subscriptable"};
  default:
    return Error{Exc::TypeError, "object is not subscriptable"};
  }
}

Value getitem(const Value& container, const Value& index) {
  if (container.kind() != Kind::Tuple && container.kind() != Kind::Str)
    return getitem(container, std::int64_t{0}); // the container's own TypeError
  if (!index.is_int_like())
    return Error{Exc::TypeError, "indices must be integers or slices"};
  return getitem(container, index.as_int());
}

namespace {

/// PySlice_AdjustIndices: clamps start/stop for a sequence of `length` and returns the count.
std::int64_t adjust_slice(std::int64_t length, std::int64_t& start, std::int64_t& stop,
                          std::int64_t step) {
  if (start < 0) {
    start += length;
    if (start < 0)
      start = step < 0 ? -1 : 0;
  } else if (start >= length) {
    start = step < 0 ? length - 1 : length;
  }
  if (stop < 0) {
    stop += length;
    if (stop < 0)
      stop = step < 0 ? -1 : 0;
  } else if (stop >= length) {
    stop = step < 0 ? length - 1 : length;
  }
  if (step < 0) {
    if (stop < start)
      return (start - stop - 1) / (-step) + 1;
  } else if (start < stop) {
    return (stop - start - 1) / step + 1;
  }
  return 0;
}

} // namespace

Value getslice(const Value& container, std::optional<std::int64_t> start_opt,
               std::optional<std::int64_t> stop_opt, std::optional<std::int64_t> step_opt) {
  const std::int64_t step = step_opt.value_or(1);
  if (step == 0)
    return Error{Exc::ValueError, "slice step cannot be zero"};
  constexpr std::int64_t kMax = INT64_MAX;
  std::int64_t start = start_opt.value_or(step < 0 ? kMax : 0);
  std::int64_t stop = stop_opt.value_or(step < 0 ? -kMax - 1 : kMax);
  switch (container.kind()) {
  case Kind::Tuple: {
    const TupleObject& t = as_tuple(container);
    const std::int64_t n = adjust_slice(t.size, start, stop, step);
    if (n == static_cast<std::int64_t>(t.size) && step == 1)
      return container; // a full slice of a tuple is the tuple itself
    if (n == 0)
      return empty_tuple();
    Value out = new_tuple(static_cast<std::size_t>(n));
    Value* items = tuple_items(out);
    if (step == 1) {
      copy_into_unbound(items, t.items() + start, static_cast<std::size_t>(n));
    } else {
      for (std::int64_t k = 0, i = start; k < n; ++k, i += step)
        new (&items[k]) Value(t[static_cast<std::size_t>(i)]);
    }
    if (t.ints_only)
      mark_ints_only(out); // the slice holds some of the tuple's ints
    return out;
  }
  case Kind::Str: {
    std::string_view s = as_str(container);
    const std::int64_t n = adjust_slice(static_cast<std::int64_t>(s.size()), start, stop, step);
    std::string out;
    for (std::int64_t k = 0, i = start; k < n; ++k, i += step)
      out.push_back(s[static_cast<std::size_t>(i)]);
    return make_str(out);
  }
  default:
    return Error{Exc::TypeError, "object is not subscriptable"};
  }
}

Result<bool> contains(const Value& container, const Value& value) {
  switch (container.kind()) {
  case Kind::Tuple:
    for (const Value& item : as_tuple(container))
      if (eq(item, value))
        return true;
    return false;
  case Kind::FrozenSet:
    return as_set_table(container).contains(value);
  case Kind::Str:
    if (value.kind() != Kind::Str)
      return Error{Exc::TypeError, "'in <string>' requires string as left operand"};
    return as_str(container).find(as_str(value)) != std::string_view::npos;
  default:
    return Error{Exc::TypeError, "argument of type is not iterable"};
  }
}

namespace {
/// str.count / str.index of a substring (non-overlapping occurrences for count).
Result<std::int64_t> str_count(std::string_view s, const Value& x) {
  if (x.kind() != Kind::Str)
    return Error{Exc::TypeError, "must be str"};
  std::string_view sub = as_str(x);
  if (sub.empty())
    return static_cast<std::int64_t>(s.size() + 1);
  std::int64_t n = 0;
  for (std::size_t pos = s.find(sub); pos != std::string_view::npos;
       pos = s.find(sub, pos + sub.size()))
    ++n;
  return n;
}
} // namespace

Result<std::int64_t> count(const Value& tup, const Value& x) {
  if (tup.kind() == Kind::Str)
    return str_count(as_str(tup), x);
  if (tup.kind() != Kind::Tuple)
    return Error{Exc::AttributeError, "object has no attribute 'count'"};
  std::int64_t n = 0;
  for (const Value& item : as_tuple(tup))
    if (eq(item, x))
      ++n;
  return n;
}

Result<std::int64_t> index_of(const Value& tup, const Value& x) {
  if (tup.kind() == Kind::Str) {
    if (x.kind() != Kind::Str)
      return Error{Exc::TypeError, "must be str"};
    const std::size_t pos = as_str(tup).find(as_str(x));
    if (pos == std::string_view::npos)
      return Error{Exc::ValueError, "substring not found"};
    return static_cast<std::int64_t>(pos);
  }
  if (tup.kind() != Kind::Tuple)
    return Error{Exc::AttributeError, "object has no attribute 'index'"};
  std::int64_t i = 0;
  for (const Value& item : as_tuple(tup)) {
    if (eq(item, x))
      return i;
    ++i;
  }
  return Error{Exc::ValueError, "tuple.index(x): x not in tuple"};
}

Status unpack(const Value& v, Value* out, std::size_t n) {
  PY_TRY(Iter it, iter(v));
  std::size_t i = 0;
  while (const Value* e = it.next()) {
    if (i == n)
      return Error{Exc::ValueError, "too many values to unpack"};
    out[i++] = *e;
  }
  if (i != n)
    return Error{Exc::ValueError, "not enough values to unpack"};
  return {};
}

} // namespace battgpu::py
