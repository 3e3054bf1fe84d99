#include "battgpu/py/canonical.hpp"

#include "battgpu/py/objects.hpp"
#include "battgpu/py/pending_table.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace battgpu::py {
namespace {

/// The rank of a value's group in the canonical order.
int group(const Value& v) {
  switch (v.kind()) {
  case Kind::Bool:
    return 0;
  case Kind::Int:
  case Kind::Float:
    return 1;
  case Kind::Str:
    return 2;
  case Kind::None:
    return 3;
  case Kind::Tuple:
    return 4;
  case Kind::FrozenSet:
    return 5;
  case Kind::Function:
  case Kind::Closure:
    return 6;
  default:
    return 7;
  }
}

int canonical_compare(const Value& a, const Value& b, int depth);
std::vector<Value> sorted_elements(const Value& set, int depth);

bool is_int_tuple(const Value& v) {
  if (!v.is_tuple())
    return false;
  const TupleObject& t = as_tuple(v);
  return std::all_of(t.begin(), t.end(), [](const Value& e) { return e.is(Kind::Int); });
}

// Tuples of up to 4 ints of 16 bits (cells and indices) sort on one key apiece: an item k
// stored as k + 2^15 in its 16 bits, an absent one as 0, so that a prefix comes first.
constexpr std::int64_t kKeyItemLimit = (std::int64_t{1} << 15) - 1;
constexpr std::uint32_t kKeyItems = 4;

bool fits_key(std::int64_t item) {
  return item >= -kKeyItemLimit && item <= kKeyItemLimit;
}
std::uint64_t key_field(std::int64_t item) {
  return static_cast<std::uint64_t>(item + kKeyItemLimit + 1);
}

/// The key of a tuple of ints, or false where it does not fit one.
bool short_int_tuple_key(const TupleObject& t, std::uint64_t& key) {
  if (t.size > kKeyItems)
    return false;
  key = 0;
  for (std::uint32_t i = 0; i < kKeyItems; ++i) {
    std::uint64_t field = 0;
    if (i < t.size) {
      if (!t[i].is(Kind::Int) || !fits_key(t[i].as_int()))
        return false;
      field = key_field(t[i].as_int());
    }
    key = (key << 16) | field;
  }
  return true;
}

/// Sorts tuples of ints on their keys; false where one does not fit.
bool sort_short_int_tuples(std::vector<Value>& items) {
  thread_local std::vector<std::pair<std::uint64_t, std::uint32_t>> keys;
  keys.clear();
  for (std::size_t k = 0; k < items.size(); ++k) {
    std::uint64_t key = 0;
    if (!short_int_tuple_key(as_tuple(items[k]), key))
      return false;
    keys.emplace_back(key, static_cast<std::uint32_t>(k));
  }
  std::sort(keys.begin(), keys.end());
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (const auto& [key, k] : keys)
    sorted.push_back(std::move(items[k]));
  items = std::move(sorted);
  return true;
}

/// Sorts a set's elements by the canonical order where they are all ints, or all tuples of
/// ints (the cells and indices of ARC programs): as numbers, and as sequences of numbers.
/// Distinct such elements never tie, so no order of reading shows. False where they are not.
bool sort_ints_or_int_tuples(std::vector<Value>& items) {
  auto is_int = [](const Value& v) { return v.is(Kind::Int); };
  if (std::all_of(items.begin(), items.end(), is_int)) {
    std::sort(items.begin(), items.end(),
              [](const Value& a, const Value& b) { return a.as_int() < b.as_int(); });
    return true;
  }
  if (std::all_of(items.begin(), items.end(), is_int_tuple)) {
    if (sort_short_int_tuples(items))
      return true;
    std::sort(items.begin(), items.end(), [](const Value& a, const Value& b) {
      const TupleObject& x = as_tuple(a);
      const TupleObject& y = as_tuple(b);
      return std::lexicographical_compare(
          x.begin(), x.end(), y.begin(), y.end(),
          [](const Value& p, const Value& q) { return p.as_int() < q.as_int(); });
    });
    return true;
  }
  return false;
}

/// Sorts a set's elements by the canonical order where they are all frozensets, each one's
/// members sorted once rather than at every comparison. False where they are not, or where
/// two of them tie (NaN members), whose order the general path settles.
bool sort_frozensets(std::vector<Value>& items, int depth) {
  if (!std::all_of(items.begin(), items.end(),
                   [](const Value& v) { return v.kind() == Kind::FrozenSet; }))
    return false;
  std::vector<std::vector<Value>> members(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    members[i] = sorted_elements(items[i], depth + 1);
  auto compare = [&](std::size_t a, std::size_t b) {
    const std::vector<Value>& x = members[a];
    const std::vector<Value>& y = members[b];
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
      if (int c = canonical_compare(x[i], y[i], depth + 1); c != 0)
        return c;
    return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
  };
  std::vector<std::size_t> order(items.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return compare(a, b) < 0; });
  for (std::size_t k = 1; k < order.size(); ++k)
    if (compare(order[k - 1], order[k]) == 0)
      return false;
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (const std::size_t i : order)
    sorted.push_back(std::move(items[i]));
  items = std::move(sorted);
  return true;
}

std::vector<Value> sorted_elements(const Value& set, int depth) {
  std::vector<Value> items;
  auto sort = [&] {
    std::stable_sort(items.begin(), items.end(), [depth](const Value& a, const Value& b) {
      return canonical_compare(a, b, depth) < 0;
    });
  };
  // Sorted, the order the members were read in shows only between elements that compare
  // equal (NaNs): read a pending set's members, and its table only where two are tied.
  all_members(set, [&](const SetEntry& e) {
    items.push_back(e.key);
    return true;
  });
  // The fast paths compare no deeper than the general one, which may meet the nesting limit.
  if (items.size() > 1 && depth + 2 <= kMaxCanonicalDepth &&
      (sort_ints_or_int_tuples(items) || sort_frozensets(items, depth)))
    return items;
  sort();
  if (is_pending(set)) {
    for (std::size_t k = 1; k < items.size(); ++k)
      if (canonical_compare(items[k - 1], items[k], depth) == 0) {
        items.clear();
        as_set_table(set).for_each([&](const Value& e) { items.push_back(e); });
        sort();
        break;
      }
  }
  return items;
}

/// -1, 0, 1: the canonical three-way comparison, `depth` levels into the values compared.
int canonical_compare(const Value& a, const Value& b, int depth) {
  if (depth > kMaxCanonicalDepth)
    throw NestingTooDeep();
  const int ga = group(a), gb = group(b);
  if (ga != gb)
    return ga < gb ? -1 : 1;
  switch (ga) {
  case 0:
    return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
  case 1: {
    const bool na = a.kind() == Kind::Float && std::isnan(a.as_float());
    const bool nb = b.kind() == Kind::Float && std::isnan(b.as_float());
    if (na || nb)
      return na == nb ? 0 : (na ? 1 : -1);
    if (a.kind() == Kind::Int && b.kind() == Kind::Int)
      return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
    const double x = a.to_double(), y = b.to_double();
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  case 2: {
    const int c = as_str(a).compare(as_str(b));
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  case 3:
    return 0;
  case 4: {
    const TupleObject& x = as_tuple(a);
    const TupleObject& y = as_tuple(b);
    for (std::uint32_t i = 0; i < x.size && i < y.size; ++i)
      if (int c = canonical_compare(x[i], y[i], depth + 1); c != 0)
        return c;
    return x.size < y.size ? -1 : (x.size > y.size ? 1 : 0);
  }
  case 5: {
    auto x = sorted_elements(a, depth + 1), y = sorted_elements(b, depth + 1);
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
      if (int c = canonical_compare(x[i], y[i], depth + 1); c != 0)
        return c;
    return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
  }
  case 6: {
    const int c = function_name(a).compare(function_name(b));
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  default:
    return 0;
  }
}

} // namespace

bool canonical_less(const Value& a, const Value& b) {
  return canonical_compare(a, b, 0) < 0;
}

std::string_view function_name(const Value& f) {
  if (f.kind() == Kind::Function)
    return f.as_builtin()->name;
  if (f.kind() == Kind::Closure)
    return as_closure(f).type->name;
  return {};
}

std::string float_repr(double d) {
  if (std::isnan(d))
    return "nan";
  if (std::isinf(d))
    return d > 0 ? "inf" : "-inf";
  if (d == 0.0)
    return std::signbit(d) ? "-0.0" : "0.0";
  // Shortest round-trip digits, then Python's layout ('r' format with Py_DTSF_ADD_DOT_0).
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  // sci is like "-1.2345e+03": split sign, digits and exponent.
  std::string sign;
  std::size_t pos = 0;
  if (sci[0] == '-') {
    sign = "-";
    pos = 1;
  }
  const std::size_t e = sci.find('e');
  std::string mantissa = sci.substr(pos, e - pos);
  const int exponent = std::stoi(sci.substr(e + 1));
  std::string digits;
  for (char c : mantissa)
    if (c != '.')
      digits.push_back(c);
  const int decpt = exponent + 1; // position of the point after the first digit
  std::string out = sign;
  if (decpt <= -4 || decpt > 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1)
      out += "." + digits.substr(1);
    char ebuf[16];
    std::snprintf(ebuf, sizeof(ebuf), "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += ebuf;
  } else if (decpt <= 0) {
    out += "0." + std::string(static_cast<std::size_t>(-decpt), '0') + digits;
  } else if (static_cast<std::size_t>(decpt) >= digits.size()) {
    out += digits + std::string(static_cast<std::size_t>(decpt) - digits.size(), '0') + ".0";
  } else {
    out += digits.substr(0, static_cast<std::size_t>(decpt)) + "." +
           digits.substr(static_cast<std::size_t>(decpt));
  }
  return out;
}

void write_json_string(std::string& out, std::string_view s) {
  // As Python's json.dumps writes a str (ensure_ascii): every character beyond ASCII as
  // \uXXXX (a surrogate pair past U+FFFF); the text is the UTF-8 of Python's str.
  auto hex4 = [&](std::uint32_t u) { // u is below 0x10000: four hex digits
    constexpr char kHex[] = "0123456789abcdef";
    const char text[6] = {
        '\\', 'u', kHex[(u >> 12) & 15], kHex[(u >> 8) & 15], kHex[(u >> 4) & 15], kHex[u & 15]};
    out.append(text, sizeof text);
  };
  out.push_back('"');
  for (std::size_t i = 0; i < s.size();) {
    // A run of printable ASCII without quotes or backslashes goes out as it is, in one piece.
    std::size_t plain = i;
    while (plain < s.size() && static_cast<unsigned char>(s[plain]) >= 0x20 &&
           static_cast<unsigned char>(s[plain]) < 0x80 && s[plain] != '"' && s[plain] != '\\')
      ++plain;
    if (plain != i) {
      out.append(s.data() + i, plain - i);
      i = plain;
      continue;
    }
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < 0x20)
          hex4(c);
        else
          out.push_back(static_cast<char>(c));
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence: its code point (a byte that starts none stands for U+FFFD).
    const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    std::uint32_t cp = 0xFFFD;
    if (len > 1 && i + len <= s.size()) {
      cp = c & (0xFFu >> (len + 1));
      for (std::size_t k = 1; k < len; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      hex4(0xD800 + (cp >> 10));
      hex4(0xDC00 + (cp & 0x3FF));
    } else {
      hex4(cp);
    }
    i += len;
  }
  out.push_back('"');
}

namespace {

/// Appends `[a,b,...]` for a tuple of ints (a grid's row, a cell) in one piece. False, with
/// nothing written, for a longer tuple or one with another item.
bool write_int_tuple(std::string& out, const TupleObject& t) {
  constexpr std::size_t kMostItems = 64;
  constexpr std::size_t kIntDigits = 20; // -9223372036854775808
  if (t.size > kMostItems)
    return false;
  char text[2 + kMostItems * (kIntDigits + 1)];
  char* p = text;
  *p++ = '[';
  for (std::uint32_t i = 0; i < t.size; ++i) {
    if (!t[i].is(Kind::Int))
      return false;
    if (i != 0)
      *p++ = ',';
    p = std::to_chars(p, p + kIntDigits, t[i].as_int()).ptr;
  }
  *p++ = ']';
  out.append(text, static_cast<std::size_t>(p - text));
  return true;
}

/// Writes a frozenset of tuples of ints that fit keys, sorted, from the keys alone: no member
/// copied, and a pending set that keeps its pairs as numbers makes no Values. False, with
/// nothing written, for any other set.
bool write_sorted_short_int_tuples(std::string& out, const Value& set) {
  thread_local std::vector<std::uint64_t> keys;
  keys.clear();
  const PendingTable* pending = as_frozenset(set).pending.load(std::memory_order_acquire);
  if (pending != nullptr && pending->int_pairs != nullptr) {
    const std::vector<std::int32_t>& pairs = *pending->int_pairs(*pending);
    for (std::size_t k = 0; k + 1 < pairs.size(); k += 2) {
      if (!fits_key(pairs[k]) || !fits_key(pairs[k + 1]))
        return false;
      keys.push_back((key_field(pairs[k]) << 48) | (key_field(pairs[k + 1]) << 32));
    }
  } else {
    const bool fit = all_members(set, [&](const SetEntry& e) {
      std::uint64_t key = 0;
      if (!e.key.is_tuple() || !short_int_tuple_key(as_tuple(e.key), key))
        return false;
      keys.push_back(key);
      return true;
    });
    if (!fit)
      return false;
  }
  std::sort(keys.begin(), keys.end());
  out += "{\"frozenset\":[";
  char text[2 + kKeyItems * 8];
  for (std::size_t k = 0; k < keys.size(); ++k) {
    char* p = text;
    if (k != 0)
      *p++ = ',';
    *p++ = '[';
    for (std::uint32_t i = 0; i < kKeyItems; ++i) {
      const std::uint64_t field = (keys[k] >> (16 * (kKeyItems - 1 - i))) & 0xFFFF;
      if (field == 0)
        break;
      if (i != 0)
        *p++ = ',';
      const std::int64_t item = static_cast<std::int64_t>(field) - kKeyItemLimit - 1;
      p = std::to_chars(p, text + sizeof text, item).ptr;
    }
    *p++ = ']';
    out.append(text, static_cast<std::size_t>(p - text));
  }
  out += "]}";
  return true;
}

void write_nested(std::string& out, const Value& v, SetListing sets, int depth) {
  if (depth > kMaxCanonicalDepth)
    throw NestingTooDeep();
  switch (v.kind()) {
  case Kind::Bool:
    out += v.as_bool() ? "{\"bool\":true}" : "{\"bool\":false}";
    return;
  case Kind::Int: {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, v.as_int()).ptr;
    out.append(digits, static_cast<std::size_t>(end - digits));
    return;
  }
  case Kind::None:
    out += "{\"none\":null}";
    return;
  case Kind::Float: {
    const double d = v.as_float();
    if (std::isnan(d))
      out += "{\"float\":null}";
    else if (std::isinf(d))
      out += d > 0 ? "{\"float\":\"inf\"}" : "{\"float\":\"-inf\"}";
    else
      out += "{\"float\":" + float_repr(d) + "}";
    return;
  }
  case Kind::Str:
    write_json_string(out, as_str(v));
    return;
  case Kind::Tuple: {
    // Its items sit a level deeper, where the limit may stop them.
    if (depth < kMaxCanonicalDepth && write_int_tuple(out, as_tuple(v)))
      return;
    out.push_back('[');
    bool first = true;
    for (const Value& e : as_tuple(v)) {
      if (!first)
        out.push_back(',');
      first = false;
      write_nested(out, e, sets, depth + 1);
    }
    out.push_back(']');
    return;
  }
  case Kind::FrozenSet: {
    // Its tuples' items sit two levels deeper, where the limit may stop them.
    if (sets == SetListing::Sorted && depth + 2 <= kMaxCanonicalDepth &&
        write_sorted_short_int_tuples(out, v))
      return;
    out += "{\"frozenset\":[";
    std::vector<Value> items;
    if (sets == SetListing::Sorted) {
      items = sorted_elements(v, depth + 1);
    } else {
      as_set_table(v).for_each([&](const Value& e) { items.push_back(e); });
    }
    bool first = true;
    for (const Value& e : items) {
      if (!first)
        out.push_back(',');
      first = false;
      write_nested(out, e, sets, depth + 1);
    }
    out += "]}";
    return;
  }
  case Kind::Function:
  case Kind::Closure:
    out += "{\"function\":";
    write_json_string(out, function_name(v));
    out.push_back('}');
    return;
  default:
    out += "{\"repr\":\"unbound\"}";
    return;
  }
}

} // namespace

void write_canonical(std::string& out, const Value& v, SetListing sets) {
  write_nested(out, v, sets, 0);
}

std::string to_canonical(const Value& v, SetListing sets) {
  std::string out;
  write_canonical(out, v, sets);
  return out;
}

} // namespace battgpu::py
