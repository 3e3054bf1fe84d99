// The hash functions of CPython 3.11 (Python/pyhash.c, Objects/longobject.c,
// Objects/tupleobject.c, Objects/setobject.c), for the kinds of value the DSLs make.
#include "battgpu/py/hash.hpp"

#include "battgpu/cpython/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <cmath>
#include <cstring>
#include <vector>

namespace battgpu::py {
namespace {

constexpr int kHashBits = 61;
constexpr std::uint64_t kModulus = (std::uint64_t{1} << kHashBits) - 1;
constexpr std::int64_t kHashInf = 314159;

std::int64_t hash_pointer(const void* p) {
  // _Py_HashPointerRaw: rotate by 4 bits, the low bits of an address being mostly zero.
  auto y = reinterpret_cast<std::uintptr_t>(p);
  y = (y >> 4) | (y << (8 * sizeof(y) - 4));
  auto h = static_cast<std::int64_t>(y);
  return h == -1 ? -2 : h;
}

// SipHash-1-3 with a zero key: CPython 3.11's string hash when PYTHONHASHSEED=0.
std::uint64_t rotl(std::uint64_t x, int b) {
  return (x << b) | (x >> (64 - b));
}

std::uint64_t siphash13(const unsigned char* src, std::size_t len) {
  std::uint64_t k0 = 0, k1 = 0;
  std::uint64_t b = static_cast<std::uint64_t>(len) << 56;
  std::uint64_t v0 = k0 ^ 0x736f6d6570736575ULL;
  std::uint64_t v1 = k1 ^ 0x646f72616e646f6dULL;
  std::uint64_t v2 = k0 ^ 0x6c7967656e657261ULL;
  std::uint64_t v3 = k1 ^ 0x7465646279746573ULL;
  auto round = [&] {
    v0 += v1;
    v1 = rotl(v1, 13);
    v1 ^= v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = rotl(v1, 17);
    v1 ^= v2;
    v2 = rotl(v2, 32);
  };
  while (len >= 8) {
    std::uint64_t mi;
    std::memcpy(&mi, src, 8);
    src += 8;
    len -= 8;
    v3 ^= mi;
    round();
    v0 ^= mi;
  }
  std::uint64_t t = 0;
  for (std::size_t i = 0; i < len; ++i)
    t |= static_cast<std::uint64_t>(src[i]) << (8 * i);
  b |= t;
  v3 ^= b;
  round();
  v0 ^= b;
  v2 ^= 0xff;
  round();
  round();
  round();
  return (v0 ^ v1) ^ (v2 ^ v3);
}

/// tuplehash's accumulation over the items' hashes.
class TupleHasher {
public:
  void add(std::int64_t item_hash) {
    acc_ += static_cast<std::uint64_t>(item_hash) * kPrime2;
    acc_ = (acc_ << 31) | (acc_ >> 33);
    acc_ *= kPrime1;
  }
  std::int64_t finish(std::uint64_t size) const {
    const std::uint64_t acc = acc_ + (size ^ (kPrime5 ^ 3527539ULL));
    if (acc == static_cast<std::uint64_t>(-1))
      return 1546275796;
    return static_cast<std::int64_t>(acc);
  }

private:
  static constexpr std::uint64_t kPrime1 = 11400714785074694791ULL;
  static constexpr std::uint64_t kPrime2 = 14029467366897019727ULL;
  static constexpr std::uint64_t kPrime5 = 2870177450012600261ULL;
  std::uint64_t acc_ = kPrime5;
};

/// Tuples hashed inside one another on this thread, recursively.
thread_local int t_tuple_hash_depth = 0;
/// Past this many, the rest is hashed with a stack of its own: values nested far deeper than
/// a thread's stack could recurse through (a chain of statements each making a tuple of the
/// one before; CPython's own tuplehash recurses and crashes past about 100 000 levels).
constexpr int kRecursiveTupleHashDepth = 1000;

/// tuplehash of `root`, its nested tuples not yet hashed taken depth first on an explicit
/// stack; each one's hash is kept in it as it is finished.
std::int64_t hash_deep_tuple(const TupleObject& root) {
  struct Pending {
    const TupleObject* tuple;
    std::uint32_t next = 0;
    TupleHasher hasher;
  };
  std::vector<Pending> stack{Pending{&root, 0, TupleHasher{}}};
  std::int64_t finished = 0;
  while (!stack.empty()) {
    Pending& top = stack.back();
    if (top.next == top.tuple->size) {
      finished = top.hasher.finish(top.tuple->size);
      top.tuple->hash.store(finished, std::memory_order_relaxed);
      stack.pop_back();
      if (!stack.empty()) {
        stack.back().hasher.add(finished);
        ++stack.back().next;
      }
      continue;
    }
    const Value& item = (*top.tuple)[top.next];
    if (item.kind() == Kind::Tuple && as_tuple(item).hash.load(std::memory_order_relaxed) == -1) {
      stack.push_back(Pending{&as_tuple(item), 0, TupleHasher{}});
      continue;
    }
    top.hasher.add(hash(item)); // a frozenset's hash reads its entries' hashes: no recursion
    ++top.next;
  }
  return finished;
}

std::int64_t hash_tuple(const TupleObject& t) {
  if (t_tuple_hash_depth >= kRecursiveTupleHashDepth)
    return hash_deep_tuple(t);
  struct Level { // left on every path, an exception's included
    Level() { ++t_tuple_hash_depth; }
    ~Level() { --t_tuple_hash_depth; }
  } level;
  TupleHasher h;
  if (t.ints_only) {
    for (const Value& item : t)
      h.add(hash_int(item.as_int()));
    return h.finish(t.size);
  }
  for (const Value& item : t) // a grid's rows are ints: those without the call
    h.add(item.kind() == Kind::Int ? hash_int(item.as_int()) : hash(item));
  return h.finish(t.size);
}

} // namespace

std::int64_t hash_int_pair(std::int64_t i, std::int64_t j) {
  TupleHasher h;
  h.add(hash_int(i));
  h.add(hash_int(j));
  return h.finish(2);
}

std::int64_t hash_int_triple(std::int64_t i, std::int64_t j, std::int64_t k) {
  TupleHasher h;
  h.add(hash_int(i));
  h.add(hash_int(j));
  h.add(hash_int(k));
  return h.finish(3);
}

std::int64_t hash_int(std::int64_t i) {
  // long_hash: |i| mod (2**61 - 1), with i's sign; -1 is reserved for errors.
  const bool negative = i < 0;
  std::uint64_t magnitude = negative ? static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(i)
                                     : static_cast<std::uint64_t>(i);
  if (magnitude >= kModulus) // rare: spare the common case the division
    magnitude %= kModulus;
  auto h = static_cast<std::int64_t>(magnitude);
  if (negative)
    h = -h;
  return h == -1 ? -2 : h;
}

std::int64_t hash_double(double v) {
  // _Py_HashDouble for finite and infinite values (NaN is hashed by identity by the caller).
  if (std::isinf(v))
    return v > 0 ? kHashInf : -kHashInf;
  int e = 0;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  std::uint64_t x = 0;
  while (m != 0.0) {
    x = ((x << 28) & kModulus) | x >> (kHashBits - 28);
    m *= 268435456.0;
    e -= 28;
    auto y = static_cast<std::uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kModulus)
      x -= kModulus;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kModulus) | x >> (kHashBits - e);
  x = x * static_cast<std::uint64_t>(static_cast<std::int64_t>(sign));
  if (x == static_cast<std::uint64_t>(-1))
    x = static_cast<std::uint64_t>(-2);
  return static_cast<std::int64_t>(x);
}

std::int64_t hash_str(std::string_view s) {
  if (s.empty())
    return 0;
  auto h = static_cast<std::int64_t>(
      siphash13(reinterpret_cast<const unsigned char*>(s.data()), s.size()));
  return h == -1 ? -2 : h;
}

namespace {

/// CPython hashes a NaN by its address (the address rotated right by four bits, 3.10 on), so
/// where a NaN lands in a set table depends on where CPython allocated it, which no other
/// program can know: for `math.nan` (identity 0), what tokpidjin's functions return, the
/// reference runner under Debian 12's python3.11 gives low bits that change with the
/// environment variables and the locale (measured: 0x1d3, 0x1d7, 0x1e9). They are odd, as a
/// float's address in CPython's pools is 16 past a multiple of 32. battgpu takes 0x1d3, what
/// that runner gives in this project's usual shell: a NaN in a small set lands where CPython
/// can put it. Other NaNs (arithmetic's) are new objects: each gets an odd hash of its own.
std::int64_t nan_hash(std::uint32_t identity) {
  constexpr std::int64_t kMathNan = 0x7f0000000000 >> 4 | 0x1d3;
  return kMathNan + static_cast<std::int64_t>(identity) * 2 * 7919;
}

} // namespace

std::int64_t hash(const Value& v) {
  switch (v.kind()) {
  case Kind::Int:
  case Kind::Bool:
    return hash_int(v.as_int());
  case Kind::Float:
    if (std::isnan(v.as_float())) // by identity: distinct NaNs hash apart
      return nan_hash(v.nan_identity());
    return hash_double(v.as_float());
  case Kind::None:
    // hash(None) of Debian 12's /usr/bin/python3.11 (3.11.2), whose None is at a fixed address.
    return 612812;
  case Kind::Str: {
    auto* s = static_cast<StrObject*>(v.object());
    std::int64_t h = s->hash.load(std::memory_order_relaxed);
    if (h == -1) {
      h = hash_str(s->view());
      s->hash.store(h, std::memory_order_relaxed);
    }
    return h;
  }
  case Kind::Tuple: {
    const TupleObject& t = as_tuple(v);
    std::int64_t h = t.hash.load(std::memory_order_relaxed);
    if (h == -1) {
      h = hash_tuple(t);
      t.hash.store(h, std::memory_order_relaxed);
    }
    return h;
  }
  case Kind::FrozenSet: {
    const FrozenSetObject& f = as_frozenset(v);
    std::int64_t h = f.hash.load(std::memory_order_relaxed);
    if (h == -1) {
      if (const PendingTable* p = f.pending.load(std::memory_order_acquire)) {
        // frozenset_hash of a table without deleted slots does not depend on the slots.
        cpython::FrozenSetHash acc;
        const SetEntry* members = p->members();
        for (std::int64_t k = 0; k < p->size; ++k)
          acc.add(members[k].hash);
        h = acc.finish(static_cast<std::uint64_t>(p->size));
      } else {
        h = f.table.frozenset_hash();
      }
      f.hash.store(h, std::memory_order_relaxed);
    }
    return h;
  }
  case Kind::Function:
    return hash_pointer(v.as_builtin());
  case Kind::Closure:
    return hash_pointer(v.object());
  case Kind::Unbound:
  case Kind::Exception:
  case Kind::Dummy:
    break;
  }
  return 0;
}

} // namespace battgpu::py
