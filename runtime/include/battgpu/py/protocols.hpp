// Python's object protocols over Values: truth, len, iteration, indexing, slicing,
// membership, and the tuple methods the DSLs call (`count`, `index`).
#pragma once

#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <cstdint>
#include <optional>

namespace battgpu::py {

/// `bool(v)`.
bool truthy(const Value& v);
/// `len(v)`: tuples, frozensets and strings; TypeError otherwise.
Result<std::int64_t> len(const Value& v);
/// `hasattr(v, '__len__')`.
bool has_len(const Value& v);

/// An iterator over a tuple, frozenset or string (one-character strings). The iterated value
/// must outlive the iterator; `next()` gives the next element or nullptr at the end.
class Iter {
public:
  Iter() = default;
  const Value* next();
  /// Elements left (exact for the kinds above).
  std::int64_t remaining() const;

private:
  friend Result<Iter> iter(const Value& v);
  enum class Mode : std::uint8_t { Items, Set, Str } mode_ = Mode::Items;
  const Value* items_ = nullptr;
  const SetTable* set_ = nullptr;
  const StrObject* str_ = nullptr;
  std::int64_t pos_ = 0;
  std::int64_t size_ = 0;
  Value scratch_;
};
/// `iter(v)`: TypeError "'int' object is not iterable" for what is not iterable.
Result<Iter> iter(const Value& v);

/// `container[index]` with an integer index (negative counts from the end): tuples and
/// strings; IndexError out of range, TypeError for other kinds or a non-integer index.
Value getitem(const Value& container, const Value& index);
Value getitem(const Value& container, std::int64_t index);
/// `container[start:stop:step]` (std::nullopt for an omitted bound).
Value getslice(const Value& container, std::optional<std::int64_t> start,
               std::optional<std::int64_t> stop, std::optional<std::int64_t> step = std::nullopt);

/// `value in container`: tuples and strings by equality, frozensets by hash; TypeError for a
/// container that is not iterable.
Result<bool> contains(const Value& container, const Value& value);

/// `tup.count(x)` and `tup.index(x)` (ValueError when absent) of a tuple or a string;
/// AttributeError for other kinds.
Result<std::int64_t> count(const Value& tup, const Value& x);
Result<std::int64_t> index_of(const Value& tup, const Value& x);

/// Unpacks `v` into exactly n values (`a, b = v`): ValueError for the wrong count, TypeError
/// when not iterable.
Status unpack(const Value& v, Value* out, std::size_t n);

/// Python's `type(x).__name__`.
std::string_view type_name_of(const Value& v);

} // namespace battgpu::py
