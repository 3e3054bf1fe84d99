// CPython 3.11's hashes of ints, tuples and frozensets (Objects/longobject.c long_hash,
// Objects/tupleobject.c tuplehash, Objects/setobject.c frozenset_hash), on 64-bit builds.
// A set's iteration order follows from its elements' hashes, so every simulation of CPython's
// set table in the project (the typed DSL's frozensets, the object-extraction simulation on
// the CPU and the GPU) hashes with these. Plain C++ with no library beyond <cstdint>; every
// function is __host__ __device__ under nvcc.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define BATTGPU_SIM_HD __host__ __device__
#else
#define BATTGPU_SIM_HD
#endif

namespace battgpu::cpython {

/// hash(i) of an int: |i| mod (2**61 - 1) with i's sign, -1 being reserved (long_hash).
BATTGPU_SIM_HD inline std::int64_t hash_int(std::int64_t i) {
  constexpr std::uint64_t kModulus = (std::uint64_t{1} << 61) - 1;
  const bool negative = i < 0;
  std::uint64_t magnitude =
      negative ? std::uint64_t{0} - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i);
  if (magnitude >= kModulus)
    magnitude %= kModulus;
  std::int64_t h = static_cast<std::int64_t>(magnitude);
  if (negative)
    h = -h;
  return h == -1 ? -2 : h;
}

/// tuplehash: the xxHash-style accumulation over the items' hashes.
class TupleHash {
public:
  BATTGPU_SIM_HD void add(std::int64_t item_hash) {
    acc_ += static_cast<std::uint64_t>(item_hash) * kPrime2;
    acc_ = (acc_ << 31) | (acc_ >> 33);
    acc_ *= kPrime1;
  }
  BATTGPU_SIM_HD std::int64_t finish(std::uint64_t length) const {
    const std::uint64_t acc = acc_ + (length ^ (kPrime5 ^ 3527539ULL));
    return acc == ~std::uint64_t{0} ? 1546275796 : static_cast<std::int64_t>(acc);
  }

private:
  static constexpr std::uint64_t kPrime1 = 11400714785074694791ULL;
  static constexpr std::uint64_t kPrime2 = 14029467366897019727ULL;
  static constexpr std::uint64_t kPrime5 = 2870177450012600261ULL;
  std::uint64_t acc_ = kPrime5;
};

/// hash((i, j)).
BATTGPU_SIM_HD inline std::int64_t pair_hash(std::int64_t i, std::int64_t j) {
  TupleHash t;
  t.add(hash_int(i));
  t.add(hash_int(j));
  return t.finish(2);
}

/// frozenset_hash, accumulated over the elements' hashes (the free and deleted slots of the
/// table cancel out, so neither the order nor the table's size matters).
class FrozenSetHash {
public:
  BATTGPU_SIM_HD void add(std::int64_t element_hash) {
    const auto h = static_cast<std::uint64_t>(element_hash);
    acc_ ^= ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL;
  }
  BATTGPU_SIM_HD std::int64_t finish(std::uint64_t used) const {
    std::uint64_t h = acc_ ^ ((used + 1) * 1927868237ULL);
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069U + 907133923ULL;
    return h == ~std::uint64_t{0} ? 590923713 : static_cast<std::int64_t>(h);
  }

private:
  std::uint64_t acc_ = 0;
};

} // namespace battgpu::cpython
