// JSON documents as battgpu reads and writes them, over nlohmann/json: a document tree whose
// values remember their line:column, and a streaming writer for reports.
//
// The reader is nlohmann/json's strict RFC 8259 parser (one value in UTF-8 text, a leading
// byte order mark skipped; no trailing commas, comments, single quotes, leading zeros,
// NaN/Infinity, control characters in strings, invalid UTF-8 or lone surrogate escapes).
// On top of it this reader rejects duplicate object keys and nesting deeper than
// `max_depth`, and records where every value starts, so callers can point at the offending
// place.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
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
  /// `indent` spaces per level, or compact text when 0.
  explicit Writer(int indent = 2);
  ~Writer();
  Writer(Writer&&) noexcept;
  Writer& operator=(Writer&&) noexcept;

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

  /// The document's text (call it once every container is closed).
  std::string str() const;

private:
  struct Document; // the tree being built (nlohmann::ordered_json)
  std::unique_ptr<Document> doc_;
};

} // namespace battgpu::json
