#include "battgpu/frontend/lexer.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace battgpu::frontend {
namespace {

bool is_name_start(unsigned char c) {
  return c == '_' || std::isalpha(c) != 0 || c >= 0x80;
}
bool is_name_char(unsigned char c) {
  return is_name_start(c) || std::isdigit(c) != 0;
}

/// Throws FileError at the first byte that is not part of well-formed UTF-8, or at a NUL.
void check_encoding(std::string_view s) {
  int line = 1, col = 1;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == 0)
      throw FileError({line, col}, "NUL byte in the source (not a text file?)");
    std::size_t len = 1;
    std::uint32_t min = 0;
    if (c < 0x80) {
      len = 1;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2;
      min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      min = 0x10000;
    } else {
      throw FileError({line, col},
                      "invalid UTF-8 byte 0x" + std::to_string(c) + " (the source must be UTF-8)");
    }
    if (len > 1) {
      if (i + len > s.size())
        throw FileError({line, col}, "truncated UTF-8 sequence at the end of the file");
      std::uint32_t cp = c & (0xFFu >> (len + 1));
      for (std::size_t k = 1; k < len; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80)
          throw FileError({line, col}, "invalid UTF-8 sequence (the source must be UTF-8)");
        cp = (cp << 6) | (cc & 0x3Fu);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        throw FileError({line, col}, "invalid UTF-8 sequence (the source must be UTF-8)");
    }
    if (c == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    i += len;
  }
}

struct RawLine {
  int indent = 0;
  std::vector<Token> tokens;
};

class Lexer {
public:
  explicit Lexer(std::string_view src) : s_(src) {}

  std::vector<RawLine> run() {
    if (s_.starts_with("\xEF\xBB\xBF"))
      advance(3);
    std::vector<RawLine> lines;
    RawLine current;
    bool at_line_start = true;
    bool continuation = false;
    std::vector<Token> open; // unclosed brackets
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (at_line_start && open.empty() && !continuation) {
        // Measure the indentation as CPython's tokenizer does: the column with tabs to the next
        // multiple of 8, and again with tabs as one column (`alt`); a form feed starts over.
        // Skip blank and comment-only lines.
        int indent = 0, alt = 0;
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\f')) {
          if (s_[i_] == '\t') {
            indent = (indent / 8 + 1) * 8;
            ++alt;
          } else if (s_[i_] == ' ') {
            ++indent;
            ++alt;
          } else {
            indent = alt = 0;
          }
          advance(1);
        }
        if (i_ >= s_.size())
          break;
        if (s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '#') {
          skip_to_line_end();
          continue;
        }
        check_indentation(indent, alt);
        current.indent = indent;
        at_line_start = false;
        continue;
      }
      continuation = false;
      if (c == '\n') {
        newline();
        if (open.empty()) {
          if (!current.tokens.empty())
            lines.push_back(std::move(current));
          current = RawLine{};
          at_line_start = true;
        }
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        advance(1);
        continue;
      }
      if (c == '#') {
        // A comment after tokens: skip to the newline, which ends the logical line.
        while (i_ < s_.size() && s_[i_] != '\n')
          advance(1);
        continue;
      }
      if (c == '\\') {
        std::size_t j = i_ + 1;
        if (j < s_.size() && s_[j] == '\r')
          ++j;
        if (j >= s_.size())
          throw FileError(here(), "truncated file: the file ends after a line continuation");
        if (s_[j] == '\n') {
          advance(j - i_);
          newline();
          continuation = true;
          continue;
        }
        current.tokens.push_back(single(Token::Op, 1));
        continue;
      }
      if (c == '"' || c == '\'') {
        current.tokens.push_back(string_token(i_, here(), false));
        continue;
      }
      if (is_name_start(static_cast<unsigned char>(c))) {
        const Location loc = here();
        const std::size_t begin = i_;
        while (i_ < s_.size() && is_name_char(static_cast<unsigned char>(s_[i_])))
          advance(1);
        std::string word(s_.substr(begin, i_ - begin));
        if (i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'') && word.size() <= 2 &&
            word.find_first_not_of("rRbBuUfF") == std::string::npos) {
          const bool raw = word.find_first_of("rR") != std::string::npos;
          current.tokens.push_back(string_token(begin, loc, raw));
          continue;
        }
        current.tokens.push_back(Token{Token::Name, std::move(word), loc, begin, i_});
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
        const Location loc = here();
        const std::size_t begin = i_;
        const bool hex_like = c == '0' && i_ + 1 < s_.size() &&
                              std::string_view("xXoObB").find(s_[i_ + 1]) != std::string_view::npos;
        while (i_ < s_.size() &&
               (is_name_char(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.')) {
          // The sign of a decimal exponent belongs to the number (2.5e-8).
          const bool exponent = !hex_like && (s_[i_] == 'e' || s_[i_] == 'E');
          advance(1);
          if (exponent && i_ < s_.size() && (s_[i_] == '-' || s_[i_] == '+'))
            advance(1);
        }
        current.tokens.push_back(
            Token{Token::Number, std::string(s_.substr(begin, i_ - begin)), loc, begin, i_});
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        current.tokens.push_back(single(Token::Op, 1));
        open.push_back(current.tokens.back());
        continue;
      }
      if (c == ')' || c == ']' || c == '}') {
        current.tokens.push_back(single(Token::Op, 1));
        if (!open.empty())
          open.pop_back();
        continue;
      }
      static constexpr std::string_view two_char[] = {"==", "!=", "<=", ">=", "->", "**",
                                                      "//", "+=", "-=", "*=", "/=", ":="};
      bool matched = false;
      for (std::string_view op : two_char) {
        if (s_.substr(i_, 2) == op) {
          current.tokens.push_back(single(Token::Op, 2));
          matched = true;
          break;
        }
      }
      if (!matched)
        current.tokens.push_back(single(Token::Op, utf8_length(c)));
    }
    if (!open.empty()) {
      const Token& t = open.back();
      throw FileError(t.loc, "truncated file: the file ends inside '" + t.text +
                                 "' opened at line " + std::to_string(t.loc.line));
    }
    if (continuation)
      throw FileError(here(), "truncated file: the file ends after a line continuation");
    if (!current.tokens.empty())
      lines.push_back(std::move(current));
    return lines;
  }

private:
  Location here() const { return {line_, col_}; }
  void advance(std::size_t n) {
    i_ += n;
    col_ += static_cast<int>(n);
  }
  void newline() {
    ++i_;
    ++line_;
    col_ = 1;
  }
  void skip_to_line_end() {
    while (i_ < s_.size() && s_[i_] != '\n')
      advance(1);
    if (i_ < s_.size())
      newline();
  }
  static std::size_t utf8_length(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x80 ? 1 : (u & 0xE0) == 0xC0 ? 2 : (u & 0xF0) == 0xE0 ? 3 : 4;
  }
  Token single(Token::Kind kind, std::size_t n) {
    n = std::min(n, s_.size() - i_);
    Token t{kind, std::string(s_.substr(i_, n)), here(), i_, i_ + n};
    advance(n);
    return t;
  }
  /// Appends UTF-8 for code point `cp`.
  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  /// Reads up to `max` digits of `base` at the cursor (at least one).
  std::uint32_t digits(int base, int max, Location loc) {
    std::uint32_t v = 0;
    int k = 0;
    for (; k < max && i_ < s_.size(); ++k) {
      const char d = s_[i_];
      int x = -1;
      if (d >= '0' && d <= '9')
        x = d - '0';
      else if (base == 16 && d >= 'a' && d <= 'f')
        x = d - 'a' + 10;
      else if (base == 16 && d >= 'A' && d <= 'F')
        x = d - 'A' + 10;
      if (x < 0 || x >= base)
        break;
      v = v * static_cast<std::uint32_t>(base) + static_cast<std::uint32_t>(x);
      advance(1);
    }
    if (k == 0 || (base == 16 && k != max))
      throw FileError(loc, "malformed escape sequence in a string");
    return v;
  }

  /// Python's escape sequences of a (non-raw) string literal; `n` follows the backslash.
  void escape(char n, std::string& value, Location loc) {
    switch (n) {
    case 'n':
      value += '\n';
      return;
    case 't':
      value += '\t';
      return;
    case 'r':
      value += '\r';
      return;
    case 'a':
      value += '\a';
      return;
    case 'b':
      value += '\b';
      return;
    case 'f':
      value += '\f';
      return;
    case 'v':
      value += '\v';
      return;
    case '\\':
    case '\'':
    case '"':
      value += n;
      return;
    case 'x':
      append_utf8(value, digits(16, 2, loc));
      return;
    case 'u':
      append_utf8(value, digits(16, 4, loc));
      return;
    case 'U':
      append_utf8(value, digits(16, 8, loc));
      return;
    default:
      if (n >= '0' && n <= '7') {
        // Up to three octal digits, the first already read.
        std::uint32_t v = static_cast<std::uint32_t>(n - '0');
        for (int k = 0; k < 2 && i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '7'; ++k) {
          v = v * 8 + static_cast<std::uint32_t>(s_[i_] - '0');
          advance(1);
        }
        append_utf8(value, v);
        return;
      }
      // An unknown escape keeps its backslash, as Python does.
      value += '\\';
      value += n;
    }
  }

  Token string_token(std::size_t begin, Location loc, bool raw) {
    const char q = s_[i_];
    const bool triple = s_.substr(i_, 3) == std::string(3, q);
    advance(triple ? 3 : 1);
    std::string value;
    while (true) {
      if (i_ >= s_.size())
        throw FileError(loc, "truncated file: the file ends inside a string that starts here");
      const char c = s_[i_];
      if (c == '\\' && i_ + 1 < s_.size()) {
        const char n = s_[i_ + 1];
        if (n == '\n') {
          advance(1);
          newline(); // an escaped newline: nothing (a raw string keeps both)
          if (raw)
            value += "\\\n";
          continue;
        }
        advance(2);
        if (raw) {
          value += c;
          value += n;
          continue;
        }
        escape(n, value, loc);
        continue;
      }
      if (triple && s_.substr(i_, 3) == std::string(3, q)) {
        advance(3);
        break;
      }
      if (!triple && c == q) {
        advance(1);
        break;
      }
      if (c == '\n') {
        if (!triple)
          throw FileError(loc, "unterminated string literal");
        value += c;
        newline();
        continue;
      }
      value += c;
      advance(1);
    }
    return Token{Token::String, std::move(value), loc, begin, i_};
  }

  /// CPython's checks of a line's indentation against the enclosing ones (its tokenizer's
  /// indentation stack): an indentation must be deeper, or as deep, or as deep as an
  /// enclosing one both with tabs to 8 columns and with tabs as 1 (else TabError: its
  /// meaning would depend on the tab size), and a dedent must return to an enclosing level.
  void check_indentation(int indent, int alt) {
    const auto [top, top_alt] = levels_.back();
    if (indent == top) {
      if (alt != top_alt)
        throw FileError(here(), kTabError);
    } else if (indent > top) {
      if (alt <= top_alt)
        throw FileError(here(), kTabError);
      levels_.emplace_back(indent, alt);
    } else {
      while (levels_.size() > 1 && indent < levels_.back().first)
        levels_.pop_back();
      if (indent != levels_.back().first)
        throw FileError(here(), "IndentationError: unindent does not match any outer "
                                "indentation level");
      if (alt != levels_.back().second)
        throw FileError(here(), kTabError);
    }
  }
  static constexpr const char* kTabError =
      "TabError: inconsistent use of tabs and spaces in indentation";

  std::string_view s_;
  std::size_t i_ = 0;
  int line_ = 1, col_ = 1;
  /// The enclosing indentations (column, column with tabs as one), the outermost first.
  std::vector<std::pair<int, int>> levels_{{0, 0}};
};

bool is_compound_keyword(const std::string& word) {
  return word == "try" || word == "except" || word == "else" || word == "finally" || word == "if" ||
         word == "elif" || word == "while" || word == "for" || word == "with" || word == "def" ||
         word == "class";
}

std::string fold_text(std::string_view src, std::size_t begin, std::size_t end) {
  std::string out;
  bool space = false;
  for (std::size_t i = begin; i < end && i < src.size(); ++i) {
    const char c = src[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\') {
      space = true;
      continue;
    }
    if (space && !out.empty())
      out += ' ';
    space = false;
    out += c;
  }
  return out;
}

Line make_line(std::string_view src, int indent, std::vector<Token> tokens) {
  Line line;
  line.loc = tokens.front().loc;
  line.indent = indent;
  line.text = fold_text(src, tokens.front().begin, tokens.back().end);
  line.tokens = std::move(tokens);
  return line;
}

/// Splits `try: x = f(y)` into the header `try:` and an inline body line.
void split_inline_body(std::string_view src, Line& line) {
  if (line.tokens.empty() || line.tokens[0].kind != Token::Name ||
      !is_compound_keyword(line.tokens[0].text))
    return;
  int depth = 0;
  for (std::size_t k = 0; k < line.tokens.size(); ++k) {
    const Token& t = line.tokens[k];
    if (t.kind != Token::Op)
      continue;
    if (t.text == "(" || t.text == "[" || t.text == "{")
      ++depth;
    else if (t.text == ")" || t.text == "]" || t.text == "}")
      --depth;
    else if (t.text == ":" && depth == 0) {
      if (k + 1 == line.tokens.size())
        return;
      std::vector<Token> rest(line.tokens.begin() + static_cast<std::ptrdiff_t>(k) + 1,
                              line.tokens.end());
      line.tokens.resize(k + 1);
      line.text = fold_text(src, line.tokens.front().begin, line.tokens.back().end);
      line.body.push_back(make_line(src, line.indent + 1, std::move(rest)));
      return;
    }
  }
}

bool opens_block(const Line& line) {
  return !line.tokens.empty() && line.tokens.back().kind == Token::Op &&
         line.tokens.back().text == ":";
}

// Blocks nest at most 100 deep; deeper lines are reported as unexpected indentation.
std::vector<Line> build_block(std::vector<Line>& flat, std::size_t& i, int indent, int depth = 0) {
  std::vector<Line> block;
  while (i < flat.size()) {
    if (flat[i].indent < indent)
      break;
    Line line = std::move(flat[i]);
    ++i;
    if (line.indent > indent)
      line.unexpected_indent = true;
    if (opens_block(line) && line.body.empty() && i < flat.size() && flat[i].indent > line.indent &&
        depth < 100)
      line.body = build_block(flat, i, flat[i].indent, depth + 1);
    block.push_back(std::move(line));
  }
  return block;
}

} // namespace

std::vector<Line> parse_lines(std::string_view source) {
  check_encoding(source);
  std::vector<RawLine> raw = Lexer(source).run();
  std::vector<Line> flat;
  flat.reserve(raw.size());
  for (RawLine& r : raw) {
    flat.push_back(make_line(source, r.indent, std::move(r.tokens)));
    split_inline_body(source, flat.back());
  }
  std::size_t i = 0;
  std::vector<Line> top;
  while (i < flat.size()) {
    auto block = build_block(flat, i, flat[i].indent);
    for (Line& l : block)
      top.push_back(std::move(l));
  }
  return top;
}

} // namespace battgpu::frontend
