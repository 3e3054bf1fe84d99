// The tokenizer of the Python front end: source text into logical lines of tokens, nested
// into blocks by indentation. It accepts any Python text; what the lines mean is the
// parser's business (parser.hpp).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::frontend {

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

} // namespace battgpu::frontend
