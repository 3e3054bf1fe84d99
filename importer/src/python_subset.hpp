// The importer's expression subset: names, integers, strings, calls and tuples.
#pragma once

#include "battgpu/frontend/lexer.hpp"

#include <string>
#include <vector>

namespace battgpu::importer {

using frontend::FileError;
using frontend::Line;
using frontend::Location;
using frontend::parse_lines;
using frontend::Token;

/// An expression of the subset: a name, an integer, a string, a call, or a tuple.
struct Expr {
  enum Kind { Name, Integer, String, Call, Tuple } kind = Name;
  /// The name, the integer's digits (with a leading '-'), or the string's value.
  std::string text;
  /// A call's callee is `items[0]` and its arguments follow; a tuple's elements.
  std::vector<Expr> items;
  Location loc;
};

/// Parses tokens [begin, end) as one expression. Returns false (and sets `error` and
/// `error_loc`) where the tokens are not an expression of the subset.
bool parse_expression(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                      Expr& out, std::string& error, Location& error_loc);

} // namespace battgpu::importer
