#include "battgpu/py/call_profile.hpp"

namespace battgpu::py {

namespace {

bool is_int_tuple(const Value& v) {
  if (v.kind() != Kind::Tuple)
    return false;
  const TupleObject& t = as_tuple(v);
  for (const Value& x : t)
    if (x.kind() != Kind::Int)
      return false;
  return t.size > 0;
}

ValueKind tuple_kind(const Value& v) {
  const TupleObject& t = as_tuple(v);
  if (t.size == 0)
    return ValueKind::Tuple;
  if (is_int_tuple(v))
    return ValueKind::IntTuple;
  const Value& first = t[0];
  if (first.kind() != Kind::Tuple || !is_int_tuple(first))
    return ValueKind::Tuple;
  const std::size_t width = as_tuple(first).size;
  for (const Value& row : t)
    if (row.kind() != Kind::Tuple || as_tuple(row).size != width)
      return ValueKind::Tuple;
  return ValueKind::Grid;
}

ValueKind frozenset_kind(const Value& v) {
  if (set_size(v) == 0)
    return ValueKind::EmptyFrozenSet;
  // The kind of one element (the first a pending set holds: the profile builds no table).
  const Value* first = nullptr;
  all_members(v, [&](const SetEntry& e) {
    first = &e.key;
    return false;
  });
  switch (first->kind()) {
  case Kind::Int:
    return ValueKind::IntSet;
  case Kind::FrozenSet:
    return ValueKind::Objects;
  case Kind::Tuple: {
    const TupleObject& t = as_tuple(*first);
    if (t.size == 2 && is_int_tuple(*first))
      return ValueKind::Indices;
    if (t.size == 3 && is_int_tuple(*first))
      return ValueKind::Object; // tokpidjin's (i, j, c)
    if (t.size == 2 && t[0].kind() == Kind::Int && is_int_tuple(t[1]))
      return ValueKind::Object; // arc-dsl's (c, (i, j))
    return ValueKind::FrozenSet;
  }
  default:
    return ValueKind::FrozenSet;
  }
}

} // namespace

ValueKind value_kind(const Value& v) {
  switch (v.kind()) {
  case Kind::None:
    return ValueKind::None;
  case Kind::Bool:
    return ValueKind::Bool;
  case Kind::Int:
    return ValueKind::Int;
  case Kind::Float:
    return ValueKind::Float;
  case Kind::Str:
    return ValueKind::Str;
  case Kind::Tuple:
    return tuple_kind(v);
  case Kind::FrozenSet:
    return frozenset_kind(v);
  case Kind::Function:
  case Kind::Closure:
    return ValueKind::Function;
  default:
    return ValueKind::Other;
  }
}

std::string_view value_kind_name(ValueKind kind) {
  switch (kind) {
  case ValueKind::None:
    return "None";
  case ValueKind::Bool:
    return "bool";
  case ValueKind::Int:
    return "int";
  case ValueKind::Float:
    return "float";
  case ValueKind::Str:
    return "str";
  case ValueKind::Grid:
    return "grid";
  case ValueKind::IntTuple:
    return "int tuple";
  case ValueKind::Tuple:
    return "tuple";
  case ValueKind::Indices:
    return "indices";
  case ValueKind::Object:
    return "object";
  case ValueKind::Objects:
    return "objects";
  case ValueKind::IntSet:
    return "int set";
  case ValueKind::EmptyFrozenSet:
    return "empty frozenset";
  case ValueKind::FrozenSet:
    return "frozenset";
  case ValueKind::Function:
    return "function";
  case ValueKind::Other:
    break;
  }
  return "other";
}

CallProfile::Scope::Scope(CallProfile& profile) : previous_(active_) {
  active_ = &profile;
}
CallProfile::Scope::~Scope() {
  active_ = previous_;
}

CallProfile::Signature CallProfile::signature_of(std::string_view function, const Value* args,
                                                 std::size_t nargs) {
  std::uint32_t kinds = static_cast<std::uint32_t>(std::min<std::size_t>(nargs, 15));
  for (std::size_t i = 0; i < std::min(nargs, kKindsKept); ++i)
    kinds |= static_cast<std::uint32_t>(value_kind(args[i])) << (4 * (i + 1));
  return Signature{function.data(), kinds};
}

CallProfile::Entry& CallProfile::entry(const Signature& signature, std::string_view function) {
  auto [it, added] = entries_.try_emplace(signature);
  Entry& e = it->second;
  if (added) {
    e.function = function;
    e.nargs = static_cast<std::uint8_t>(signature.kinds & 15);
    for (std::size_t i = 0; i < kKindsKept; ++i)
      e.kinds[i] = static_cast<ValueKind>((signature.kinds >> (4 * (i + 1))) & 15);
  }
  return e;
}

void CallProfile::add(std::string_view function, const Value* args, std::size_t nargs,
                      double seconds) {
  Entry& e = entry(signature_of(function, args, nargs), function);
  ++e.calls;
  e.self_seconds += seconds;
  e.total_seconds += seconds;
}

std::vector<CallProfile::Entry> CallProfile::entries() const {
  std::vector<Entry> out;
  out.reserve(entries_.size());
  for (const auto& [signature, e] : entries_)
    out.push_back(e);
  return out;
}

} // namespace battgpu::py
