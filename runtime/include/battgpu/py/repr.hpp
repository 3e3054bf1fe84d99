// Python's repr() of a value, for the DSL functions that turn values into text (`str(x)` of a
// tuple in tokpidjin's and arc-dsl's `combine` with a str first argument).
#pragma once

#include "battgpu/py/error.hpp"
#include "battgpu/py/value.hpp"

#include <string>
#include <string_view>

namespace battgpu::py {

/// Appends `repr(v)` to `out` (PyObject_Repr). A function or closure prints as
/// `<function NAME>`, without the object address CPython adds, which no run could reproduce.
/// Each value's repr, the nested ones' too, takes a recursion level, as in CPython (a
/// frozenset's two: its own and its list's); past the limit, RecursionError.
Status append_repr(std::string& out, const Value& v);
/// The RecursionError of a repr past the limit.
Error repr_recursion_error();

/// Appends `repr(s)` of a str: single quotes unless the text holds a single quote and no
/// double quote, and CPython's escapes for the quote, backslash and control characters.
void append_str_repr(std::string& out, std::string_view s);

} // namespace battgpu::py
