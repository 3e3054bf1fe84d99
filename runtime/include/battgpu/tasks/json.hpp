// A small, strict JSON reader (RFC 8259) with line:column positions, and a writer.
//
// The reader accepts exactly RFC 8259 JSON: one value, surrounded by optional whitespace,
// UTF-8 text (a leading byte order mark is skipped). It rejects trailing commas, comments,
// single quotes, leading zeros, NaN/Infinity, control characters in strings, invalid UTF-8,
// lone surrogate escapes, duplicate object keys and nesting deeper than `max_depth`.
// Every value remembers where it starts, so callers can point at the offending place.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace battgpu::json {

/// 1-based line and column (columns count bytes) of a place in the text.
struct Position {
  int line = 1;
  int column = 1;
};

/// The text is not valid JSON. what() is "LINE:COL: message".
class ParseError : public std::runtime_error {
public:
  ParseError(Position where, const std::string& message);
  Position position() const { return position_; }
  /// The message without its position.
  const std::string& message() const { return message_; }

private:
  Position position_;
  std::string message_;
};

class Value {
public:
  enum class Kind { Null, Boolean, Number, String, Array, Object };
  using Array = std::vector<Value>;
  using Member = std::pair<std::string, Value>;
  /// Members in the order they appear in the text (keys are distinct).
  using Object = std::vector<Member>;

  Value() = default;

  static Value null(Position at = {});
  static Value boolean(bool b, Position at = {});
  /// A number: `literal` is its text as written, `integer` true when it had no fraction
  /// and no exponent.
  static Value number(double value, std::string literal, bool integer, Position at = {});
  static Value string(std::string s, Position at = {});
  static Value array(Array items, Position at = {});
  static Value object(Object members, Position at = {});

  Kind kind() const { return kind_; }
  Position position() const { return position_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_bool() const { return kind_ == Kind::Boolean; }
  bool is_number() const { return kind_ == Kind::Number; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_array() const { return kind_ == Kind::Array; }
  bool is_object() const { return kind_ == Kind::Object; }

  bool as_bool() const { return boolean_; }
  double as_double() const { return number_; }
  /// True when the number was written as an integer literal (no '.', no exponent).
  bool is_integer_literal() const { return kind_ == Kind::Number && integer_; }
  /// The integer value of an integer literal that fits in 64 bits.
  std::optional<std::int64_t> as_int64() const;
  /// The text of a number as written, or the contents of a string.
  const std::string& text() const { return text_; }
  const Array& items() const { return array_; }
  const Object& members() const { return object_; }

  /// The member called `key` of an object, or nullptr (also when this is no object).
  const Value* find(std::string_view key) const;

private:
  Kind kind_ = Kind::Null;
  Position position_;
  bool boolean_ = false;
  bool integer_ = false;
  double number_ = 0;
  std::string text_;
  Array array_;
  Object object_;
};

/// The name of a kind for messages: "null", "boolean", "number", "string", "array", "object".
const char* kind_name(Value::Kind kind);

struct ParseOptions {
  int max_depth = 512;
};

/// Parses `text` as one JSON document. Throws ParseError.
Value parse(std::string_view text, const ParseOptions& options = {});

/// `s` as a JSON string literal, quotes included. Bytes that are not valid UTF-8 are
/// written as U+FFFD so the output is always valid JSON.
std::string quote(std::string_view s);

/// Streaming writer for machine-readable reports: builds compact or indented JSON text.
/// The caller keeps the nesting balanced; keys are only given inside objects.
class Writer {
public:
  explicit Writer(int indent = 2) : indent_(indent) {}

  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  /// The key of the next member of the current object.
  Writer& key(std::string_view k);
  Writer& value(std::string_view s);
  Writer& value(const char* s) { return value(std::string_view(s)); }
  Writer& value(const std::string& s) { return value(std::string_view(s)); }
  Writer& value(bool b);
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  Writer& value(T n) {
    return integer(static_cast<std::int64_t>(n));
  }
  Writer& integer(std::int64_t n);
  /// A finite number, written with enough digits to read back the same double;
  /// non-finite values are written as null.
  Writer& number(double d);
  Writer& null();
  /// `key` then `value` in one call.
  template <class T> Writer& member(std::string_view k, const T& v) { return key(k).value(v); }

  /// The text written so far (a complete document once every container is closed).
  const std::string& str() const { return out_; }

private:
  void before_value();
  void newline();

  struct Level {
    bool object = false;
    bool empty = true;
  };
  int indent_;
  std::string out_;
  std::vector<Level> stack_;
  bool after_key_ = false;
};

} // namespace battgpu::json
