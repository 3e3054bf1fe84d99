// Object lifetime and construction for Values.
#include "battgpu/py/value.hpp"
#include "battgpu/py/objects.hpp"

#include <atomic>
#include <cstring>
#include <new>
#include <vector>

namespace battgpu::py {

std::string_view type_name(Kind kind) {
  switch (kind) {
  case Kind::None:
    return "NoneType";
  case Kind::Bool:
    return "bool";
  case Kind::Int:
    return "int";
  case Kind::Float:
    return "float";
  case Kind::Str:
    return "str";
  case Kind::Tuple:
    return "tuple";
  case Kind::FrozenSet:
    return "frozenset";
  case Kind::Function:
  case Kind::Closure:
    return "function";
  case Kind::Exception:
    return "exception";
  case Kind::Unbound:
  case Kind::Dummy:
    break;
  }
  return "unbound";
}

std::string_view exc_name(Exc e) {
  switch (e) {
  case Exc::None:
    return "None";
  case Exc::TypeError:
    return "TypeError";
  case Exc::ValueError:
    return "ValueError";
  case Exc::IndexError:
    return "IndexError";
  case Exc::KeyError:
    return "KeyError";
  case Exc::AttributeError:
    return "AttributeError";
  case Exc::ZeroDivisionError:
    return "ZeroDivisionError";
  case Exc::StopIteration:
    return "StopIteration";
  case Exc::RecursionError:
    return "RecursionError";
  case Exc::OverflowError:
    return "OverflowError";
  case Exc::NameError:
    return "NameError";
  case Exc::MemoryError:
    return "MemoryError";
  case Exc::UnboundLocalError:
    return "UnboundLocalError";
  case Exc::RuntimeError:
    return "RuntimeError";
  case Exc::Timeout:
    return "Timeout";
  case Exc::Unimplemented:
    return "Unimplemented";
  }
  return "Exception";
}

Exc exc_from_name(std::string_view name) {
  for (int i = 1; i <= static_cast<int>(Exc::Unimplemented); ++i)
    if (exc_name(static_cast<Exc>(i)) == name)
      return static_cast<Exc>(i);
  return Exc::None;
}

bool exc_matches(Exc raised, Exc caught) {
  if (raised == caught)
    return true;
  // The subclass relations among our types (LookupError and ArithmeticError are handled by
  // the program checker's exception masks).
  return (raised == Exc::UnboundLocalError && caught == Exc::NameError) ||
         (raised == Exc::RecursionError && caught == Exc::RuntimeError);
}

Value Value::fresh_nan() noexcept {
  // Odd numbers from 1 on: 0 is math.nan itself.
  static std::atomic<std::uint32_t> next{1};
  return floating(__builtin_nan(""), next.fetch_add(2, std::memory_order_relaxed));
}

namespace {

/// Frees one object; the objects it held are released through destroy() in turn.
void destroy_one(Object* obj) noexcept {
  switch (obj->kind) {
  case Kind::Str: {
    auto* s = static_cast<StrObject*>(obj);
    s->~StrObject();
    ::operator delete(s);
    return;
  }
  case Kind::Tuple: {
    auto* t = static_cast<TupleObject*>(obj);
    // Most tuples freed are grid rows of ints, which release no item: known of a row marked
    // so, else told by one pass over the kinds without branches.
    const Value* items = t->items();
    const std::uint32_t n = t->ints_only ? 0 : t->size;
    bool holds_objects = false;
    for (std::uint32_t i = 0; i < n; ++i)
      holds_objects |= items[i].has_object();
    if (holds_objects)
      for (std::uint32_t i = 0; i < n; ++i)
        t->items()[i].~Value();
    t->~TupleObject();
    ::operator delete(t);
    return;
  }
  case Kind::FrozenSet:
    delete static_cast<FrozenSetObject*>(obj);
    return;
  case Kind::Closure: {
    auto* c = static_cast<ClosureObject*>(obj);
    for (std::uint32_t i = 0; i < c->ncaptured; ++i)
      c->captured()[i].~Value();
    c->~ClosureObject();
    ::operator delete(c);
    return;
  }
  default:
    return;
  }
}

/// Releasing a value releases what it holds, so freeing a chain of nested tuples (a statement
/// after statement each making a tuple of the one before) would recurse once a level, past
/// what a thread's stack holds. Past kDestroyDepth levels the objects wait in a list that the
/// outermost destroy() frees, as CPython's "trashcan" does.
constexpr int kDestroyDepth = 256;
thread_local int t_destroy_depth = 0;
thread_local std::vector<Object*> t_destroy_later;

} // namespace

void destroy(Object* obj) noexcept {
  if (t_destroy_depth >= kDestroyDepth) {
    try {
      t_destroy_later.push_back(obj);
      return;
    } catch (const std::bad_alloc&) {
      // No memory for the list: freed here, one level deeper.
    }
  }
  ++t_destroy_depth;
  destroy_one(obj);
  if (t_destroy_depth == 1) {
    while (!t_destroy_later.empty()) {
      Object* next = t_destroy_later.back();
      t_destroy_later.pop_back();
      destroy_one(next);
    }
  }
  --t_destroy_depth;
}

Value make_str(std::string_view s) {
  void* mem = ::operator new(sizeof(StrObject) + s.size());
  auto* obj = new (mem) StrObject();
  obj->size = static_cast<std::uint32_t>(s.size());
  if (!s.empty())
    std::memcpy(obj->data(), s.data(), s.size());
  return Value::adopt(obj);
}

namespace {
/// Tuples beyond this many items fail as Python's would run out of memory (and the interpreter
/// turns std::bad_alloc into MemoryError), rather than take the machine's memory.
constexpr std::size_t kMaxTupleItems = std::size_t{1} << 28;

TupleObject* allocate_tuple(std::size_t n) {
  if (n > kMaxTupleItems)
    throw std::bad_alloc();
  void* mem = ::operator new(sizeof(TupleObject) + n * sizeof(Value));
  auto* t = new (mem) TupleObject();
  t->size = static_cast<std::uint32_t>(n);
  // Unbound items: an unbound Value is all zero bytes, so one memset makes them all.
  std::memset(static_cast<void*>(t->items()), 0, n * sizeof(Value));
  return t;
}
} // namespace

Value empty_tuple() {
  static TupleObject* const empty = [] {
    TupleObject* t = allocate_tuple(0);
    t->immortal = true;
    return t;
  }();
  return Value::adopt(empty);
}

Value new_tuple(std::size_t n) {
  if (n == 0)
    return empty_tuple();
  return Value::adopt(allocate_tuple(n));
}

Value tuple_of(std::span<const Value> items) {
  if (items.empty())
    return empty_tuple();
  TupleObject* t = allocate_tuple(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    t->items()[i] = items[i];
  return Value::adopt(t);
}

Value tuple_of(std::initializer_list<Value> items) {
  return tuple_of(std::span<const Value>(items.begin(), items.size()));
}

Value TupleBuilder::finish() {
  Value out = new_tuple(items_.size());
  if (!items_.empty()) {
    Value* dst = tuple_items(out);
    for (Value& v : items_)
      *dst++ = std::move(v);
  }
  items_.clear();
  return out;
}

Value make_frozenset(SetTable&& table) {
  return Value::adopt(new FrozenSetObject(std::move(table)));
}

Value make_pending_frozenset(PendingTable* pending, std::int64_t hash) {
  auto* set = new FrozenSetObject(pending);
  set->hash.store(hash, std::memory_order_relaxed);
  return Value::adopt(set);
}

FrozenSetObject::~FrozenSetObject() {
  if (PendingTable* p = pending.load(std::memory_order_relaxed))
    p->destroy(p);
  if (built_from != nullptr)
    built_from->destroy(built_from);
}

Value frozenset_of(std::initializer_list<Value> items) {
  SetTable table;
  for (const Value& v : items)
    table.add(v);
  return make_frozenset(std::move(table));
}

Value make_closure(const ClosureType* type, std::initializer_list<Value> captured) {
  void* mem = ::operator new(sizeof(ClosureObject) + captured.size() * sizeof(Value));
  auto* c = new (mem) ClosureObject(type);
  c->ncaptured = static_cast<std::uint32_t>(captured.size());
  std::size_t i = 0;
  for (const Value& v : captured)
    new (&c->captured()[i++]) Value(v);
  return Value::adopt(c);
}

} // namespace battgpu::py
