// Python's arithmetic operators over Values: ints (and bools, which are ints) floor like
// Python's, floats follow IEEE and Python's float rules, `+` and `*` also concatenate and
// repeat tuples and strings. A wrong operand type raises TypeError, as in Python.
#pragma once

#include "battgpu/py/value.hpp"

namespace battgpu::py {

Value add(const Value& a, const Value& b);      ///< a + b
Value sub(const Value& a, const Value& b);      ///< a - b
Value mul(const Value& a, const Value& b);      ///< a * b
Value floordiv(const Value& a, const Value& b); ///< a // b
Value mod(const Value& a, const Value& b);      ///< a % b
Value truediv(const Value& a, const Value& b);  ///< a / b
Value neg(const Value& a);                      ///< -a
Value pos(const Value& a);                      ///< +a
Value abs(const Value& a);                      ///< abs(a)
Value invert_bits(const Value& a);              ///< ~a
/// `a | b`, `a & b`, `a ^ b`: bitwise on ints (bool with bool stays bool), union,
/// intersection and symmetric difference on frozensets.
Value bit_or(const Value& a, const Value& b);
Value bit_and(const Value& a, const Value& b);
Value bit_xor(const Value& a, const Value& b);

} // namespace battgpu::py
