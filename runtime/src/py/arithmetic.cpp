#include "battgpu/py/arithmetic.hpp"

#include "battgpu/py/objects.hpp"

#include <cmath>
#include <string>

namespace battgpu::py {
namespace {

Error unsupported() {
  return Error{Exc::TypeError, "unsupported operand type(s)"};
}
Error overflow() {
  return Error{Exc::OverflowError, "integer result beyond 64 bits"};
}

/// A float result: a NaN made by arithmetic is a new object, distinct from every other.
Value float_result(double d) {
  return d != d ? Value::fresh_nan() : Value::floating(d);
}

Value repeat_sequence(const Value& seq, std::int64_t n) {
  if (seq.kind() == Kind::Tuple) {
    const TupleObject& t = as_tuple(seq);
    if (n <= 0 || t.size == 0)
      return empty_tuple();
    if (n == 1)
      return seq;
    Value out = new_tuple(static_cast<std::size_t>(n) * t.size);
    Value* items = tuple_items(out);
    for (std::int64_t r = 0; r < n; ++r)
      for (std::uint32_t i = 0; i < t.size; ++i)
        *items++ = t[i];
    return out;
  }
  std::string out;
  for (std::int64_t r = 0; r < n; ++r)
    out += as_str(seq);
  return make_str(out);
}

bool is_sequence(const Value& v) {
  return v.kind() == Kind::Tuple || v.kind() == Kind::Str;
}

} // namespace

Value add(const Value& a, const Value& b) {
  if (a.is_int_like() && b.is_int_like()) {
    std::int64_t r;
    if (__builtin_add_overflow(a.as_int(), b.as_int(), &r))
      return overflow();
    return Value::integer(r);
  }
  if (a.is_number() && b.is_number())
    return float_result(a.to_double() + b.to_double());
  if (a.kind() == Kind::Tuple && b.kind() == Kind::Tuple) {
    const TupleObject& x = as_tuple(a);
    const TupleObject& y = as_tuple(b);
    if (y.size == 0)
      return a;
    if (x.size == 0)
      return b;
    Value out = new_tuple(x.size + y.size);
    Value* items = tuple_items(out);
    const bool ints_x = copy_row_into_unbound(items, x);
    const bool ints_y = copy_row_into_unbound(items + x.size, y);
    if (ints_x && ints_y)
      mark_ints_only(out);
    return out;
  }
  if (a.kind() == Kind::Str && b.kind() == Kind::Str)
    return make_str(std::string(as_str(a)) + std::string(as_str(b)));
  return unsupported();
}

Value sub(const Value& a, const Value& b) {
  if (a.is_int_like() && b.is_int_like()) {
    std::int64_t r;
    if (__builtin_sub_overflow(a.as_int(), b.as_int(), &r))
      return overflow();
    return Value::integer(r);
  }
  if (a.is_number() && b.is_number())
    return float_result(a.to_double() - b.to_double());
  if (a.kind() == Kind::FrozenSet && b.kind() == Kind::FrozenSet)
    return make_frozenset(SetTable::difference(as_set_table(a), as_set_table(b)));
  return unsupported();
}

Value mul(const Value& a, const Value& b) {
  if (a.is_int_like() && b.is_int_like()) {
    std::int64_t r;
    if (__builtin_mul_overflow(a.as_int(), b.as_int(), &r))
      return overflow();
    return Value::integer(r);
  }
  if (a.is_number() && b.is_number())
    return float_result(a.to_double() * b.to_double());
  if (is_sequence(a) && b.is_int_like())
    return repeat_sequence(a, b.as_int());
  if (a.is_int_like() && is_sequence(b))
    return repeat_sequence(b, a.as_int());
  return unsupported();
}

Value floordiv(const Value& a, const Value& b) {
  if (a.is_int_like() && b.is_int_like()) {
    const std::int64_t x = a.as_int(), y = b.as_int();
    if (y == 0)
      return Error{Exc::ZeroDivisionError, "integer division or modulo by zero"};
    if (x == INT64_MIN && y == -1)
      return overflow();
    std::int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
      --q;
    return Value::integer(q);
  }
  if (a.is_number() && b.is_number()) {
    const double x = a.to_double(), y = b.to_double();
    if (y == 0.0)
      return Error{Exc::ZeroDivisionError, "float floor division by zero"};
    // float_floor_div: floor of the quotient computed through fmod, as CPython does.
    double m = std::fmod(x, y);
    double div = (x - m) / y;
    if (m != 0.0 && ((y < 0) != (m < 0)))
      div -= 1.0;
    double floordiv;
    if (div != 0.0) {
      floordiv = std::floor(div);
      if (div - floordiv > 0.5)
        floordiv += 1.0;
    } else {
      floordiv = std::copysign(0.0, x / y);
    }
    return float_result(floordiv);
  }
  return unsupported();
}

Value mod(const Value& a, const Value& b) {
  if (a.is_int_like() && b.is_int_like()) {
    const std::int64_t x = a.as_int(), y = b.as_int();
    if (y == 0)
      return Error{Exc::ZeroDivisionError, "integer division or modulo by zero"};
    if (y == -1)
      return Value::integer(0);
    std::int64_t r = x % y;
    if (r != 0 && ((r < 0) != (y < 0)))
      r += y;
    return Value::integer(r);
  }
  if (a.is_number() && b.is_number()) {
    const double x = a.to_double(), y = b.to_double();
    if (y == 0.0)
      return Error{Exc::ZeroDivisionError, "float modulo"};
    double m = std::fmod(x, y);
    if (m != 0.0) {
      if ((y < 0) != (m < 0))
        m += y;
    } else {
      m = std::copysign(0.0, y);
    }
    return float_result(m);
  }
  return unsupported();
}

Value truediv(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    const double y = b.to_double();
    if (y == 0.0)
      return Error{Exc::ZeroDivisionError, "division by zero"};
    return float_result(a.to_double() / y);
  }
  return unsupported();
}

Value neg(const Value& a) {
  if (a.is_int_like()) {
    if (a.as_int() == INT64_MIN)
      return overflow();
    return Value::integer(-a.as_int());
  }
  if (a.kind() == Kind::Float)
    return float_result(-a.as_float());
  return Error{Exc::TypeError, "bad operand type for unary -"};
}

Value pos(const Value& a) {
  if (a.is_int_like())
    return Value::integer(a.as_int());
  if (a.kind() == Kind::Float)
    return a;
  return Error{Exc::TypeError, "bad operand type for unary +"};
}

Value abs(const Value& a) {
  if (a.is_int_like()) {
    if (a.as_int() == INT64_MIN)
      return overflow();
    return Value::integer(a.as_int() < 0 ? -a.as_int() : a.as_int());
  }
  if (a.kind() == Kind::Float)
    return float_result(std::fabs(a.as_float()));
  return Error{Exc::TypeError, "bad operand type for abs()"};
}

Value invert_bits(const Value& a) {
  if (a.is_int_like())
    return Value::integer(~a.as_int());
  return Error{Exc::TypeError, "bad operand type for unary ~"};
}

Value bit_or(const Value& a, const Value& b) {
  if (a.kind() == Kind::Bool && b.kind() == Kind::Bool)
    return Value::boolean(a.as_bool() || b.as_bool());
  if (a.is_int_like() && b.is_int_like())
    return Value::integer(a.as_int() | b.as_int());
  if (a.kind() == Kind::FrozenSet && b.kind() == Kind::FrozenSet) {
    // A large set with what it already holds (a patch with its own box): the same table, so
    // the same frozenset, without copying it.
    constexpr std::int64_t kLarge = 1024;
    if (as_set_table(a).size() >= kLarge &&
        SetTable::union_is_left(as_set_table(a), as_set_table(b)))
      return a;
    return make_frozenset(SetTable::union_of(as_set_table(a), as_set_table(b)));
  }
  return unsupported();
}

Value bit_and(const Value& a, const Value& b) {
  if (a.kind() == Kind::Bool && b.kind() == Kind::Bool)
    return Value::boolean(a.as_bool() && b.as_bool());
  if (a.is_int_like() && b.is_int_like())
    return Value::integer(a.as_int() & b.as_int());
  if (a.kind() == Kind::FrozenSet && b.kind() == Kind::FrozenSet)
    return make_frozenset(SetTable::intersection(as_set_table(a), as_set_table(b)));
  return unsupported();
}

Value bit_xor(const Value& a, const Value& b) {
  if (a.kind() == Kind::Bool && b.kind() == Kind::Bool)
    return Value::boolean(a.as_bool() != b.as_bool());
  if (a.is_int_like() && b.is_int_like())
    return Value::integer(a.as_int() ^ b.as_int());
  if (a.kind() == Kind::FrozenSet && b.kind() == Kind::FrozenSet)
    return make_frozenset(SetTable::symmetric_difference(as_set_table(a), as_set_table(b)));
  return unsupported();
}

} // namespace battgpu::py
