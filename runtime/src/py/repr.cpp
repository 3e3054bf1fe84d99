#include "battgpu/py/repr.hpp"

#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"

namespace battgpu::py {

void append_str_repr(std::string& out, std::string_view s) {
  const bool has_single = s.find('\'') != std::string_view::npos;
  const bool has_double = s.find('"') != std::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back(quote);
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '\\' || ch == quote) {
      out.push_back('\\');
      out.push_back(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    } else {
      out.push_back(ch);
    }
  }
  out.push_back(quote);
}

Error repr_recursion_error() {
  return Error{Exc::RecursionError,
               "maximum recursion depth exceeded while getting the repr of an object"};
}

Status append_repr(std::string& out, const Value& v) {
  FrameGuard level; // PyObject_Repr's
  if (!level.ok())
    return repr_recursion_error();
  switch (v.kind()) {
  case Kind::None:
    out += "None";
    return {};
  case Kind::Bool:
    out += v.as_bool() ? "True" : "False";
    return {};
  case Kind::Int:
    out += std::to_string(v.as_int());
    return {};
  case Kind::Float:
    out += float_repr(v.as_float());
    return {};
  case Kind::Str:
    append_str_repr(out, as_str(v));
    return {};
  case Kind::Tuple: {
    const TupleObject& t = as_tuple(v);
    out.push_back('(');
    for (std::uint32_t i = 0; i < t.size; ++i) {
      if (i != 0)
        out += ", ";
      PY_CHECK(append_repr(out, t[i]));
    }
    if (t.size == 1)
      out.push_back(',');
    out.push_back(')');
    return {};
  }
  case Kind::FrozenSet: {
    const SetTable& s = as_set_table(v);
    if (s.empty()) {
      out += "frozenset()";
      return {};
    }
    // set_repr: the repr of a list of the elements, under its own level.
    FrameGuard list_level;
    if (!list_level.ok())
      return repr_recursion_error();
    out += "frozenset({";
    bool first = true;
    Status status;
    s.for_each([&](const Value& e) {
      if (!status.ok())
        return;
      if (!first)
        out += ", ";
      first = false;
      status = append_repr(out, e);
    });
    PY_CHECK(status);
    out += "})";
    return {};
  }
  case Kind::Function:
  case Kind::Closure:
    out += "<function ";
    out += function_name(v);
    out.push_back('>');
    return {};
  default: // no value a program holds (unbound, an exception in flight, a deleted slot)
    return {};
  }
}

} // namespace battgpu::py
