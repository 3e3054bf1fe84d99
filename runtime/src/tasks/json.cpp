#include "battgpu/tasks/json.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace battgpu::json {

ParseError::ParseError(Position where, const std::string& message)
    : std::runtime_error(std::to_string(where.line) + ":" + std::to_string(where.column) + ": " +
                         message),
      position_(where), message_(message) {}

// ---------------------------------------------------------------------------------------------
// Value

Value Value::null(Position at) {
  Value v;
  v.position_ = at;
  return v;
}

Value Value::boolean(bool b, Position at) {
  Value v;
  v.kind_ = Kind::Boolean;
  v.boolean_ = b;
  v.position_ = at;
  return v;
}

Value Value::number(double value, std::string literal, bool integer, Position at) {
  Value v;
  v.kind_ = Kind::Number;
  v.number_ = value;
  v.text_ = std::move(literal);
  v.integer_ = integer;
  v.position_ = at;
  return v;
}

Value Value::string(std::string s, Position at) {
  Value v;
  v.kind_ = Kind::String;
  v.text_ = std::move(s);
  v.position_ = at;
  return v;
}

Value Value::array(Array items, Position at) {
  Value v;
  v.kind_ = Kind::Array;
  v.array_ = std::move(items);
  v.position_ = at;
  return v;
}

Value Value::object(Object members, Position at) {
  Value v;
  v.kind_ = Kind::Object;
  v.object_ = std::move(members);
  v.position_ = at;
  return v;
}

std::optional<std::int64_t> Value::as_int64() const {
  if (!is_integer_literal())
    return std::nullopt;
  std::int64_t n = 0;
  const char* first = text_.data();
  const char* last = first + text_.size();
  auto [ptr, ec] = std::from_chars(first, last, n);
  if (ec != std::errc() || ptr != last)
    return std::nullopt;
  return n;
}

const Value* Value::find(std::string_view key) const {
  for (const Member& m : object_)
    if (m.first == key)
      return &m.second;
  return nullptr;
}

const char* kind_name(Value::Kind kind) {
  switch (kind) {
  case Value::Kind::Null:
    return "null";
  case Value::Kind::Boolean:
    return "boolean";
  case Value::Kind::Number:
    return "number";
  case Value::Kind::String:
    return "string";
  case Value::Kind::Array:
    return "array";
  case Value::Kind::Object:
    return "object";
  }
  return "value";
}

// ---------------------------------------------------------------------------------------------
// UTF-8

namespace {

/// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not valid
/// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80)
    return 1;
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0)
      lo = 0xA0;
    else if (b0 == 0xED)
      hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0)
      lo = 0x90;
    else if (b0 == 0xF4)
      hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size())
    return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi)
    return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
      return 0;
  return n;
}

void append_utf8(std::string& out, std::uint32_t cp) {
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

std::string describe_byte(char c) {
  auto u = static_cast<unsigned char>(c);
  char buf[16];
  if (u >= 0x20 && u < 0x7F)
    std::snprintf(buf, sizeof buf, "'%c'", c);
  else
    std::snprintf(buf, sizeof buf, "byte 0x%02X", u);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Parser

class Parser {
public:
  Parser(std::string_view text, const ParseOptions& options) : text_(text), options_(options) {}

  Value parse_document() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF")
      pos_ = line_start_ = 3;
    skip_whitespace();
    if (at_end())
      fail("empty input: expected a JSON value");
    Value v = parse_value(0);
    skip_whitespace();
    if (!at_end())
      fail("unexpected " + describe_byte(peek()) + " after the JSON value");
    return v;
  }

private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  Position here() const { return position_of(pos_); }
  Position position_of(std::size_t pos) const {
    return Position{line_, static_cast<int>(pos - line_start_) + 1};
  }

  [[noreturn]] void fail(const std::string& message) const { throw ParseError(here(), message); }
  [[noreturn]] void fail_at(Position where, const std::string& message) const {
    throw ParseError(where, message);
  }
  [[noreturn]] void fail_unexpected(const char* expected) const {
    if (at_end())
      fail(std::string("unexpected end of input: expected ") + expected);
    fail("unexpected " + describe_byte(peek()) + ": expected " + expected);
  }

  void skip_whitespace() {
    while (!at_end()) {
      char c = peek();
      if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  Value parse_value(int depth) {
    if (at_end())
      fail_unexpected("a JSON value");
    switch (peek()) {
    case '{':
      return parse_object(depth + 1);
    case '[':
      return parse_array(depth + 1);
    case '"': {
      Position at = here();
      return Value::string(parse_string(), at);
    }
    case 't':
      return parse_literal("true", Value::boolean(true, here()));
    case 'f':
      return parse_literal("false", Value::boolean(false, here()));
    case 'n':
      return parse_literal("null", Value::null(here()));
    default:
      if (peek() == '-' || (peek() >= '0' && peek() <= '9'))
        return parse_number();
      fail_unexpected("a JSON value");
    }
  }

  Value parse_literal(std::string_view word, Value v) {
    if (text_.substr(pos_, word.size()) != word) {
      std::size_t end = pos_;
      while (end < text_.size() && std::isalnum(static_cast<unsigned char>(text_[end])))
        ++end;
      fail("invalid literal '" + std::string(text_.substr(pos_, end - pos_)) +
           "' (expected true, false or null)");
    }
    pos_ += word.size();
    if (!at_end() && std::isalnum(static_cast<unsigned char>(peek())))
      fail("invalid literal: unexpected " + describe_byte(peek()) + " after '" + std::string(word) +
           "'");
    return v;
  }

  void check_depth(int depth) const {
    if (depth > options_.max_depth)
      fail("nesting deeper than " + std::to_string(options_.max_depth) + " levels");
  }

  Value parse_array(int depth) {
    check_depth(depth);
    Position at = here();
    ++pos_; // '['
    Value::Array items;
    skip_whitespace();
    if (!at_end() && peek() == ']') {
      ++pos_;
      return Value::array(std::move(items), at);
    }
    for (;;) {
      skip_whitespace();
      if (!at_end() && peek() == ']')
        fail("trailing comma before ']'");
      items.push_back(parse_value(depth));
      skip_whitespace();
      if (at_end())
        fail_at(at, "unterminated array (the '[' here is never closed)");
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return Value::array(std::move(items), at);
      }
      fail_unexpected("',' or ']' after an array element");
    }
  }

  Value parse_object(int depth) {
    check_depth(depth);
    Position at = here();
    ++pos_; // '{'
    Value::Object members;
    std::unordered_set<std::string> keys;
    skip_whitespace();
    if (!at_end() && peek() == '}') {
      ++pos_;
      return Value::object(std::move(members), at);
    }
    for (;;) {
      skip_whitespace();
      if (at_end())
        fail_at(at, "unterminated object (the '{' here is never closed)");
      if (peek() == '}')
        fail("trailing comma before '}'");
      if (peek() != '"')
        fail_unexpected("a string key in double quotes");
      Position key_at = here();
      std::string key = parse_string();
      if (!keys.insert(key).second)
        fail_at(key_at, "duplicate key " + quote(key));
      skip_whitespace();
      if (at_end() || peek() != ':')
        fail_unexpected("':' after an object key");
      ++pos_;
      skip_whitespace();
      Value v = parse_value(depth);
      members.emplace_back(std::move(key), std::move(v));
      skip_whitespace();
      if (at_end())
        fail_at(at, "unterminated object (the '{' here is never closed)");
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        return Value::object(std::move(members), at);
      }
      fail_unexpected("',' or '}' after an object member");
    }
  }

  static bool is_digit(char c) { return c >= '0' && c <= '9'; }

  Value parse_number() {
    Position at = here();
    std::size_t start = pos_;
    bool integer = true;
    if (peek() == '-')
      ++pos_;
    if (at_end() || !is_digit(peek()))
      fail_unexpected("a digit");
    if (peek() == '0') {
      ++pos_;
      if (!at_end() && is_digit(peek()))
        fail_at(at, "leading zeros are not allowed in numbers");
    } else {
      while (!at_end() && is_digit(peek()))
        ++pos_;
    }
    if (!at_end() && peek() == '.') {
      integer = false;
      ++pos_;
      if (at_end() || !is_digit(peek()))
        fail_unexpected("a digit after the decimal point");
      while (!at_end() && is_digit(peek()))
        ++pos_;
    }
    if (!at_end() && (peek() == 'e' || peek() == 'E')) {
      integer = false;
      ++pos_;
      if (!at_end() && (peek() == '+' || peek() == '-'))
        ++pos_;
      if (at_end() || !is_digit(peek()))
        fail_unexpected("a digit in the exponent");
      while (!at_end() && is_digit(peek()))
        ++pos_;
    }
    std::string literal(text_.substr(start, pos_ - start));
    double value = 0;
    auto [ptr, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), value);
    if (ec == std::errc::result_out_of_range) {
      // from_chars leaves `value` alone here; strtod tells overflow (an infinity, rejected)
      // from underflow (a value rounded to zero or a subnormal, kept).
      value = std::strtod(literal.c_str(), nullptr);
      if (std::isinf(value))
        fail_at(at, "number " + literal + " is out of range");
    } else if (ec != std::errc() || ptr != literal.data() + literal.size()) {
      fail_at(at, "invalid number " + literal);
    }
    return Value::number(value, std::move(literal), integer, at);
  }

  unsigned parse_hex4() {
    unsigned cp = 0;
    for (int k = 0; k < 4; ++k) {
      if (at_end())
        fail("unexpected end of input in a \\u escape");
      char c = peek();
      unsigned d;
      if (c >= '0' && c <= '9')
        d = static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        d = static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = static_cast<unsigned>(c - 'A' + 10);
      else
        fail("invalid \\u escape: " + describe_byte(c) + " is not a hex digit");
      cp = cp * 16 + d;
      ++pos_;
    }
    return cp;
  }

  std::string parse_string() {
    Position at = here();
    ++pos_; // opening quote
    std::string out;
    for (;;) {
      if (at_end())
        fail_at(at, "unterminated string");
      char c = peek();
      auto u = static_cast<unsigned char>(c);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c == '\\') {
        Position escape_at = here();
        ++pos_;
        if (at_end())
          fail_at(at, "unterminated string");
        char e = peek();
        ++pos_;
        switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned cp = parse_hex4();
          if (cp >= 0xDC00 && cp <= 0xDFFF)
            fail_at(escape_at, "invalid \\u escape: lone low surrogate");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (text_.substr(pos_, 2) != "\\u")
              fail_at(escape_at, "invalid \\u escape: high surrogate without a low surrogate");
            pos_ += 2;
            unsigned low = parse_hex4();
            if (low < 0xDC00 || low > 0xDFFF)
              fail_at(escape_at, "invalid \\u escape: high surrogate without a low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default:
          fail_at(escape_at, "invalid escape '\\" + std::string(1, e) + "' in string");
        }
        continue;
      }
      if (u < 0x20) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "control character U+%04X in string (must be escaped)", u);
        fail(buf);
      }
      std::size_t n = utf8_sequence_length(text_, pos_);
      if (n == 0)
        fail("invalid UTF-8 " + describe_byte(c) + " in string");
      out.append(text_.substr(pos_, n));
      pos_ += n;
    }
  }

  std::string_view text_;
  const ParseOptions& options_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
};

} // namespace

Value parse(std::string_view text, const ParseOptions& options) {
  return Parser(text, options).parse_document();
}

// ---------------------------------------------------------------------------------------------
// Writing

std::string quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    auto u = static_cast<unsigned char>(s[i]);
    switch (s[i]) {
    case '"':
      out += "\\\"";
      ++i;
      continue;
    case '\\':
      out += "\\\\";
      ++i;
      continue;
    case '\n':
      out += "\\n";
      ++i;
      continue;
    case '\r':
      out += "\\r";
      ++i;
      continue;
    case '\t':
      out += "\\t";
      ++i;
      continue;
    case '\b':
      out += "\\b";
      ++i;
      continue;
    case '\f':
      out += "\\f";
      ++i;
      continue;
    default:
      break;
    }
    if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
      ++i;
      continue;
    }
    std::size_t n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  out += '"';
  return out;
}

void Writer::newline() {
  if (indent_ <= 0)
    return;
  out_ += '\n';
  out_.append(stack_.size() * static_cast<std::size_t>(indent_), ' ');
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty())
    return;
  if (!stack_.back().empty)
    out_ += ',';
  stack_.back().empty = false;
  newline();
}

Writer& Writer::begin_object() {
  before_value();
  out_ += '{';
  stack_.push_back(Level{true, true});
  return *this;
}

Writer& Writer::end_object() {
  bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty)
    newline();
  out_ += '}';
  return *this;
}

Writer& Writer::begin_array() {
  before_value();
  out_ += '[';
  stack_.push_back(Level{false, true});
  return *this;
}

Writer& Writer::end_array() {
  bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty)
    newline();
  out_ += ']';
  return *this;
}

Writer& Writer::key(std::string_view k) {
  before_value();
  out_ += quote(k);
  out_ += indent_ > 0 ? ": " : ":";
  after_key_ = true;
  return *this;
}

Writer& Writer::value(std::string_view s) {
  before_value();
  out_ += quote(s);
  return *this;
}

Writer& Writer::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

Writer& Writer::integer(std::int64_t n) {
  before_value();
  out_ += std::to_string(n);
  return *this;
}

Writer& Writer::number(double d) {
  if (!std::isfinite(d))
    return null();
  before_value();
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, d);
  out_.append(buf, ec == std::errc() ? ptr : buf);
  return *this;
}

Writer& Writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

} // namespace battgpu::json
