// A Python value, as a batt variable holds it (SPEC section 2, "Values are Python values").
//
// The model follows CPython's own objects: immutable heap objects with a reference count
// (tuples, frozensets, strings, closures) and, for speed, the small scalars inline (int, bool,
// float, None). A Value is 16 bytes; copying one that points to an object bumps its count.
// A Value may also hold a raised exception (error.hpp): that is how failures travel.
#pragma once

#include "battgpu/py/error.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string_view>

namespace battgpu::py {

/// What a Value holds. The order is not Python's type order; see compare.hpp for that.
enum class Kind : std::uint8_t {
  Unbound, ///< no value: an empty set slot, a variable not yet assigned
  None,
  Bool,
  Int,
  Float,
  Str,
  Tuple,
  FrozenSet,
  Function,  ///< a DSL function (a static Builtin)
  Closure,   ///< a function made at run time (rbind's `f`, compose's `<lambda>`, ...)
  Exception, ///< a raised exception travelling back to a handler
  Dummy,     ///< a deleted set slot (never seen outside set_table.cpp)
};

struct Object;
struct TupleObject;
struct FrozenSetObject;
struct Builtin;

/// Which DSL a function belongs to (SPEC section 2's two dialects).
enum class Dialect : std::uint8_t { ArcDsl, Tokpidjin };

/// Python's name of a value's type, as `type(x).__name__` gives it ("int", "tuple", ...).
std::string_view type_name(Kind kind);

class Value {
public:
  /// An unbound value (Kind::Unbound).
  Value() noexcept : kind_(Kind::Unbound), aux_(0), i_(0) {}
  /// A raised exception.
  Value(Error error) noexcept
      : kind_(Kind::Exception), aux_(static_cast<std::uint32_t>(error.type)) {
    msg_ = error.message;
  }

  static Value none() noexcept { return Value(Kind::None, 0); }
  static Value boolean(bool b) noexcept { return Value(Kind::Bool, b ? 1 : 0); }
  static Value integer(std::int64_t i) noexcept { return Value(Kind::Int, i); }
  /// A float. `nan_identity` tells NaNs apart the way CPython's object identity does
  /// (`x in (x,)` is True for a NaN only when it is the same object): 0 is `math.nan`.
  static Value floating(double d, std::uint32_t nan_identity = 0) noexcept;
  /// A NaN distinct from every other (the result of arithmetic on NaN or infinities).
  static Value fresh_nan() noexcept;
  static Value function(const Builtin* fn) noexcept;
  /// The marker of a deleted set slot (set_table.cpp only).
  static Value dummy_marker() noexcept { return Value(Kind::Dummy, 0); }
  /// Adopts one reference to `obj` (a new object's first reference).
  static Value adopt(Object* obj) noexcept;
  /// Shares `obj` (adds a reference).
  static Value share(Object* obj) noexcept;
  /// A Value of an immortal tuple, made without reading the object (shared tuples whose
  /// address is computed: small_tuples.cpp). Defined in objects.hpp.
  static Value immortal_object(TupleObject* tuple) noexcept;
  /// The same for an immortal frozenset (shared_values.cpp's).
  static Value immortal_object(FrozenSetObject* set) noexcept;
  /// Makes this value's object immortal (never freed), for values made once and kept for the
  /// program's life; the Value must be the object's only reference.
  void make_immortal() noexcept;
  /// A Value that refers to `owner`'s object without owning a reference: for passing arguments
  /// while `owner` keeps the object alive (the interpreter's calls). Copies of it own theirs.
  static Value borrow(const Value& owner) noexcept;
  /// Whether dropping this value releases a reference (an object that is neither immortal nor
  /// borrowed).
  bool counted() const noexcept;

  Value(const Value& other) noexcept
      : kind_(other.kind_), flags_(other.flags_ & kImmortal), aux_(other.aux_), i_(other.i_) {
    incref();
  }
  Value(Value&& other) noexcept
      : kind_(other.kind_), flags_(other.flags_), aux_(other.aux_), i_(other.i_) {
    other.kind_ = Kind::Unbound;
  }
  Value& operator=(const Value& other) noexcept {
    if (this != &other) {
      other.incref();
      decref();
      kind_ = other.kind_;
      flags_ = other.flags_ & kImmortal;
      aux_ = other.aux_;
      i_ = other.i_;
    }
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    if (this != &other) {
      decref();
      kind_ = other.kind_;
      flags_ = other.flags_;
      aux_ = other.aux_;
      i_ = other.i_;
      other.kind_ = Kind::Unbound;
    }
    return *this;
  }
  ~Value() { decref(); }

  Kind kind() const { return kind_; }
  bool is(Kind k) const { return kind_ == k; }
  bool is_bound() const { return kind_ != Kind::Unbound; }
  bool is_none() const { return kind_ == Kind::None; }
  /// int or bool: Python's `isinstance(x, int)`.
  bool is_int_like() const { return kind_ == Kind::Int || kind_ == Kind::Bool; }
  bool is_number() const { return is_int_like() || kind_ == Kind::Float; }
  bool is_tuple() const { return kind_ == Kind::Tuple; }
  bool is_frozenset() const { return kind_ == Kind::FrozenSet; }
  bool is_callable() const { return kind_ == Kind::Function || kind_ == Kind::Closure; }
  bool has_object() const {
    // One bit test: this runs for every item of every tuple freed.
    constexpr unsigned kObjectKinds =
        1u << static_cast<unsigned>(Kind::Str) | 1u << static_cast<unsigned>(Kind::Tuple) |
        1u << static_cast<unsigned>(Kind::FrozenSet) | 1u << static_cast<unsigned>(Kind::Closure);
    return ((kObjectKinds >> static_cast<unsigned>(kind_)) & 1u) != 0;
  }

  // Result<Value>-like interface, so that PY_TRY takes a Value directly.
  bool ok() const { return kind_ != Kind::Exception; }
  Error error() const { return Error{static_cast<Exc>(aux_), msg_}; }
  Value take() { return std::move(*this); }

  /// The integer of an int or bool (True is 1).
  std::int64_t as_int() const { return i_; }
  bool as_bool() const { return i_ != 0; }
  double as_float() const { return f_; }
  /// The float value of an int, bool or float.
  double to_double() const { return kind_ == Kind::Float ? f_ : static_cast<double>(i_); }
  std::uint32_t nan_identity() const { return aux_; }
  const Builtin* as_builtin() const { return fn_; }
  Object* object() const { return obj_; }

  /// Identity, as Python's `is` (ints and other scalars by value, NaNs by identity).
  friend bool same_object(const Value& a, const Value& b);

private:
  /// A Value of the immortal `obj` of kind `kind`, made without reading the object.
  static Value immortal_of(Kind kind, Object* obj) noexcept {
    Value v;
    v.kind_ = kind;
    v.flags_ = kImmortal;
    v.obj_ = obj;
    return v;
  }

  Value(Kind kind, std::int64_t i) noexcept : kind_(kind), aux_(0), i_(i) {}
  void incref() const noexcept;
  void decref() noexcept;

  Kind kind_;
  /// kImmortal: the object is never freed (Object::immortal), kept here so that copying and
  /// dropping the value need not touch the object's memory. kBorrowed: this Value does not own
  /// a reference (Value::borrow); its copies do.
  static constexpr std::uint8_t kImmortal = 1, kBorrowed = 2;
  std::uint8_t flags_ = 0;
  std::uint32_t aux_; // NaN identity, exception type
  union {
    std::int64_t i_;
    double f_;
    Object* obj_;
    const Builtin* fn_;
    const char* msg_;
  };
};
static_assert(sizeof(Value) == 16);

/// The common head of every heap object. Objects are immutable once published, so they may
/// be read from many threads; the count is atomic.
struct Object {
  explicit Object(Kind k) : kind(k) {}
  std::atomic<std::uint32_t> refs{1};
  Kind kind;
  /// Objects that are never freed (the empty tuple, the shared pairs and cells). Set before the
  /// first Value refers to the object (Values copy the flag: Value::adopt, Value::make_immortal).
  bool immortal = false;
  /// One object shared by every equal value (the small pairs and cells), where CPython builds
  /// each apart: Python's `is` would not hold between them (compare.cpp's recursion levels).
  bool shared_for_equal_values = false;
};

/// Frees `obj` (its count reached zero): defined in value.cpp, dispatches on the kind.
void destroy(Object* obj) noexcept;

// A value flagged immortal skips its object entirely; otherwise the object's own flag is read
// on the cache line the count is on anyway (an object may have been made immortal after this
// Value was made).
inline void Value::incref() const noexcept {
  if (has_object() && !(flags_ & kImmortal) && !obj_->immortal)
    obj_->refs.fetch_add(1, std::memory_order_relaxed);
}
inline void Value::decref() noexcept {
  if (has_object() && !(flags_ & (kImmortal | kBorrowed)) && !obj_->immortal &&
      obj_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
    destroy(obj_);
}
inline bool Value::counted() const noexcept {
  return has_object() && !(flags_ & (kImmortal | kBorrowed)) && !obj_->immortal;
}
inline void Value::make_immortal() noexcept {
  if (has_object()) {
    obj_->immortal = true;
    flags_ |= kImmortal;
  }
}
inline Value Value::borrow(const Value& owner) noexcept {
  Value v;
  v.kind_ = owner.kind_;
  v.flags_ = static_cast<std::uint8_t>(owner.flags_ | kBorrowed);
  v.aux_ = owner.aux_;
  v.i_ = owner.i_;
  return v;
}
inline Value Value::adopt(Object* obj) noexcept {
  Value v;
  v.kind_ = obj->kind;
  v.flags_ = obj->immortal ? kImmortal : 0;
  v.obj_ = obj;
  return v;
}
inline Value Value::share(Object* obj) noexcept {
  Value v = adopt(obj);
  v.incref();
  return v;
}
inline Value Value::function(const Builtin* fn) noexcept {
  Value v;
  v.kind_ = Kind::Function;
  v.fn_ = fn;
  return v;
}
inline Value Value::floating(double d, std::uint32_t nan_identity) noexcept {
  Value v;
  v.kind_ = Kind::Float;
  v.f_ = d;
  v.aux_ = d != d ? nan_identity : 0;
  return v;
}

/// Copies `n` values into `dst`, whose values are unbound (a new tuple's items), as
/// `dst[i] = src[i]` would; whether every one is an int. Grid rows hold no objects: then the
/// copy is one block of bytes.
inline bool copy_into_unbound(Value* dst, const Value* src, std::size_t n) noexcept {
  bool holds_objects = false, all_ints = true;
  for (std::size_t i = 0; i < n; ++i) {
    holds_objects |= src[i].has_object();
    all_ints &= src[i].is(Kind::Int);
  }
  if (!holds_objects) {
    // Without an object a Value's bytes are the whole of it (its flags matter with one only).
    std::memcpy(static_cast<void*>(dst), static_cast<const void*>(src), n * sizeof(Value));
    return all_ints;
  }
  for (std::size_t i = 0; i < n; ++i)
    new (&dst[i]) Value(src[i]);
  return false;
}

/// `math.nan`: the one NaN object the DSL returns by name.
inline Value math_nan() noexcept {
  return Value::floating(__builtin_nan(""), 0);
}

} // namespace battgpu::py
