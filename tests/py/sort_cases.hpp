// The case format of sort_cases.py, shared by battgpu-sort-diff and the sort tests: values as
// tokens, the key functions it names, and the CRC-32 of a comparison trace.
#pragma once

#include "battgpu/py/py.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::sort_cases {

using py::Value;

/// Reads values from whitespace-separated tokens (sort_cases.py's encoding).
class Parser {
public:
  explicit Parser(std::string_view text) : in_(std::string(text)) {}

  /// The next value, or nullopt at the end (or on a malformed token).
  std::optional<Value> next() {
    std::string tok;
    if (!(in_ >> tok))
      return std::nullopt;
    return parse(tok);
  }

private:
  std::optional<Value> parse(const std::string& tok) {
    if (tok == "N")
      return Value::none();
    if (tok == "T" || tok == "F")
      return Value::boolean(tok == "T");
    if (tok == "(" || tok == "{") {
      const std::string close = tok == "(" ? ")" : "}";
      std::vector<Value> items;
      std::string t;
      while (in_ >> t && t != close) {
        std::optional<Value> v = parse(t);
        if (!v)
          return std::nullopt;
        items.push_back(std::move(*v));
      }
      if (tok == "(")
        return py::tuple_of(items);
      py::SetTable table;
      for (Value& v : items)
        table.add(std::move(v));
      return py::make_frozenset(std::move(table));
    }
    const std::string body = tok.substr(1);
    switch (tok[0]) {
    case 'i':
      return Value::integer(std::strtoll(body.c_str(), nullptr, 10));
    case 'f':
      return Value::floating(std::strtod(body.c_str(), nullptr));
    case 'n':
      return Value::floating(__builtin_nan(""),
                             static_cast<std::uint32_t>(std::strtoul(body.c_str(), nullptr, 10)));
    case 's':
      return py::make_str(body);
    default:
      return std::nullopt;
    }
  }

  std::istringstream in_;
};

/// Appends sort_cases.py's `enc(v)` to `out`: frozenset items in sorted order of their
/// encodings.
inline void encode_to(const Value& v, std::string& out) {
  switch (v.kind()) {
  case py::Kind::None:
    out.push_back('N');
    return;
  case py::Kind::Bool:
    out.push_back(v.as_bool() ? 'T' : 'F');
    return;
  case py::Kind::Int:
    out.push_back('i');
    out.append(std::to_string(v.as_int()));
    return;
  case py::Kind::Float: {
    const double d = v.as_float();
    if (std::isnan(d)) {
      out.push_back('n');
      out.append(std::to_string(v.nan_identity()));
      return;
    }
    out.push_back('f');
    if (d == 0) { // Python's float.hex() writes 0x0.0p+0 where printf writes 0x0.000...p+0
      out.append(std::signbit(d) ? "-0x0.0p+0" : "0x0.0p+0");
      return;
    }
    char buf[64]; // 0x1.<13 hex digits>p<exponent>, as float.hex() for normal numbers
    std::snprintf(buf, sizeof buf, "%.13a", d);
    out.append(buf);
    return;
  }
  case py::Kind::Str:
    out.push_back('s');
    out.append(py::as_str(v));
    return;
  case py::Kind::Tuple:
    out.push_back('(');
    for (const Value& x : py::as_tuple(v)) {
      out.push_back(' ');
      encode_to(x, out);
    }
    out.append(" )");
    return;
  case py::Kind::FrozenSet: {
    std::vector<std::string> parts;
    py::as_set_table(v).for_each([&](const Value& x) {
      parts.emplace_back();
      encode_to(x, parts.back());
    });
    std::sort(parts.begin(), parts.end());
    out.push_back('{');
    for (const std::string& p : parts) {
      out.push_back(' ');
      out.append(p);
    }
    out.append(" }");
    return;
  }
  default:
    out.push_back('?');
    return;
  }
}

inline std::string encode(const Value& v) {
  std::string out;
  encode_to(v, out);
  return out;
}

// The key functions of sort_cases.py, as closures.
inline Value key_first(const py::ClosureObject&, const Value* args, std::size_t) {
  return py::getitem(args[0], 0);
}
inline Value key_wrap(const py::ClosureObject&, const Value* args, std::size_t) {
  PY_TRY(Value k, py::getitem(args[0], 0));
  return py::tuple_of({k});
}
inline Value key_inv(const py::ClosureObject&, const Value* args, std::size_t) {
  PY_TRY(Value k, py::getitem(args[0], 0));
  return py::floordiv(Value::integer(100), k);
}
inline constexpr py::ClosureType kKeyFirst{"<lambda>", 1, false, &key_first};
inline constexpr py::ClosureType kKeyWrap{"<lambda>", 1, false, &key_wrap};
inline constexpr py::ClosureType kKeyInv{"<lambda>", 1, false, &key_inv};

/// The closure sort_cases.py names `name`; unbound for "none".
inline Value key_function(std::string_view name) {
  if (name == "first")
    return py::make_closure(&kKeyFirst, {});
  if (name == "wrap")
    return py::make_closure(&kKeyWrap, {});
  if (name == "inv")
    return py::make_closure(&kKeyInv, {});
  return Value();
}

/// zlib's CRC-32.
inline std::uint32_t crc32(std::span<const unsigned char> bytes) {
  static const auto table = [] {
    std::vector<std::uint32_t> t(256);
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes)
    c = table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

/// The CRC-32 of a trace of positions, as sort_cases.py takes it (little-endian int32s).
inline std::uint32_t trace_crc(const std::vector<std::int32_t>& trace) {
  std::vector<unsigned char> bytes;
  bytes.reserve(trace.size() * 4);
  for (std::int32_t x : trace) {
    const auto u = static_cast<std::uint32_t>(x);
    for (int k = 0; k < 4; ++k)
      bytes.push_back(static_cast<unsigned char>(u >> (8 * k)));
  }
  return crc32(bytes);
}

} // namespace battgpu::sort_cases
