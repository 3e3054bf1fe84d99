// CPython 3.11's hash of every kind of value (SPEC section 2: set order follows from it).
#pragma once

#include "battgpu/py/value.hpp"

#include <cstdint>
#include <string_view>

namespace battgpu::py {

/// `hash(v)`. Every Value is hashable. Ints, bools, tuples and frozensets hash as in CPython
/// (deterministic there); strings as CPython with PYTHONHASHSEED=0; None as the reference
/// interpreter hashes it (CPython 3.11 hashes None by its address, which is fixed in Debian
/// 12's non-PIE python3.11, the reference runs' interpreter); NaNs, functions and closures by
/// identity, as CPython does.
std::int64_t hash(const Value& v);

std::int64_t hash_int(std::int64_t i);
/// hash((i, j)) and hash((i, j, k)) of ints, without a tuple: for code that makes or finds the
/// tuple elsewhere (reading a tuple's hash is a memory access, computing it is not).
std::int64_t hash_int_pair(std::int64_t i, std::int64_t j);
std::int64_t hash_int_triple(std::int64_t i, std::int64_t j, std::int64_t k);
std::int64_t hash_double(double d);
std::int64_t hash_str(std::string_view s);

} // namespace battgpu::py
