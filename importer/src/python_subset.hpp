// A tokenizer and parser for the subset of Python that solver modules and batt functions are
// written in: `def` blocks of assignments, calls, `try`/`except`, `return`, `append` records,
// comments and docstrings. Anything else is kept as an opaque statement so that the
// translator can report it with its location.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::importer {

struct Location {
  int line = 0;
  int col = 0;
};

/// An error that makes the whole file unusable (bad encoding, truncated text).
class FileError : public std::runtime_error {
public:
  FileError(Location where, const std::string& message)
      : std::runtime_error(message), location(where) {}
  Location location;
};

struct Token {
  enum Kind { Name, Number, String, Op, Newline, End } kind = End;
  std::string text;
  Location loc;
  /// Byte offsets of the token in the source.
  std::size_t begin = 0, end = 0;
};

/// An expression of the subset: a name, an integer, a string, a call, or a tuple.
struct Expr {
  enum Kind { Name, Integer, String, Call, Tuple } kind = Name;
  /// The name, the integer's digits (with a leading '-'), or the string's value.
  std::string text;
  /// A call's callee is `items[0]` and its arguments follow; a tuple's elements.
  std::vector<Expr> items;
  Location loc;
};

/// One logical line and, where it ends in ':', the block it opens.
struct Line {
  Location loc;
  int indent = 0;
  /// The source text of the logical line, whitespace runs folded to one space.
  std::string text;
  std::vector<Token> tokens; // without the final Newline
  std::vector<Line> body;
  /// Set when the line is indented deeper than its block without a ':' before it.
  bool unexpected_indent = false;
};

/// Splits `source` into logical lines and blocks. Throws FileError for text that is not
/// UTF-8, holds NUL bytes, or ends inside a string, bracket or continuation.
std::vector<Line> parse_lines(std::string_view source);

/// Parses tokens [begin, end) as one expression. Returns false (and sets `error` and
/// `error_loc`) where the tokens are not an expression of the subset.
bool parse_expression(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                      Expr& out, std::string& error, Location& error_loc);

} // namespace battgpu::importer
