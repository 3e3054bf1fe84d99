// Python's repr() of a value, for the DSL functions that turn values into text (`str(x)` of a
// tuple in tokpidjin's and arc-dsl's `combine` with a str first argument).
#pragma once

#include "battgpu/py/value.hpp"

#include <string>
#include <string_view>

namespace battgpu::py {

/// Appends `repr(v)` to `out`. A function or closure prints as `<function NAME>`, without
/// the object address CPython adds, which no run could reproduce.
void append_repr(std::string& out, const Value& v);

/// Appends `repr(s)` of a str: single quotes unless the text holds a single quote and no
/// double quote, and CPython's escapes for the quote, backslash and control characters.
void append_str_repr(std::string& out, std::string_view s);

} // namespace battgpu::py
