#include "battgpu/tasks/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
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
// Reading: nlohmann/json's SAX parser builds the tree.

namespace {

/// An iterator over the text that publishes how far the parser has read. Between two SAX
/// events the parser consumes only whitespace, separators and the token of the second event
/// (and, after a number, the one character it looked ahead), which is how each value's start
/// is found (Builder::start_of).
class TrackedIterator {
public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackedIterator() = default;
  TrackedIterator(const char* at, const char** read_to) : at_(at), read_to_(read_to) {}
  reference operator*() const { return *at_; }
  TrackedIterator& operator++() {
    *read_to_ = ++at_;
    return *this;
  }
  TrackedIterator operator++(int) {
    TrackedIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const TrackedIterator& other) const { return at_ == other.at_; }

private:
  const char* at_ = nullptr;
  const char** read_to_ = nullptr;
};

/// Line and column of byte offsets met in increasing order.
class LineCounter {
public:
  explicit LineCounter(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF")
      offset_ = line_start_ = 3; // columns count from after the byte order mark
  }
  Position at(std::size_t offset) {
    offset = std::min(offset, text_.size());
    if (offset < offset_) // an error may point back at a value's start
      return recount(offset);
    for (; offset_ < offset; ++offset_)
      if (text_[offset_] == '\n') {
        ++line_;
        line_start_ = offset_ + 1;
      }
    return Position{line_, static_cast<int>(offset - line_start_) + 1};
  }

private:
  Position recount(std::size_t offset) const {
    LineCounter fresh(text_);
    return fresh.at(offset);
  }
  std::string_view text_;
  std::size_t offset_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
};

using Sax = nlohmann::json_sax<nlohmann::json>;

class Builder final : public Sax {
public:
  Builder(std::string_view text, const ParseOptions& options)
      : text_(text), options_(options), lines_(text),
        consumed_(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0), read_to_(text.data()) {}

  /// The text to parse, as iterators that tell this builder how far the parser has read.
  TrackedIterator begin() { return TrackedIterator(text_.data(), &read_to_); }
  TrackedIterator end() { return TrackedIterator(text_.data() + text_.size(), &read_to_); }

  Value take_result() { return std::move(result_); }
  /// The error the parse stopped at (when sax_parse returned false).
  [[noreturn]] void throw_error() {
    if (error_)
      throw *error_;
    throw ParseError(lines_.at(read_offset()), "invalid JSON");
  }

  bool null() override { return add(Value::null(start_of())); }
  bool boolean(bool b) override { return add(Value::boolean(b, start_of())); }
  bool number_integer(number_integer_t n) override {
    return integer_number(static_cast<double>(n));
  }
  bool number_unsigned(number_unsigned_t n) override {
    return integer_number(static_cast<double>(n));
  }
  bool number_float(number_float_t d, const string_t& literal) override {
    // nlohmann reads integer literals beyond 64 bits as floats; they stay integer literals.
    const bool integer = literal.find_first_of(".eE") == std::string::npos;
    return add(Value::number(d, literal, integer, start_of()));
  }
  bool string(string_t& s) override { return add(Value::string(std::move(s), start_of())); }
  bool binary(binary_t&) override { return fail(start_of(), "binary values are not JSON"); }

  bool start_object(std::size_t) override { return open(true); }
  bool key(string_t& k) override {
    const Position at = start_of();
    Open& o = open_[depth_ - 1];
    if (o.has_key(k))
      return fail(at, "duplicate key " + quote(k));
    o.key = std::move(k);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    // `position` counts the bytes read, the offending one last.
    return fail(lines_.at(position == 0 ? 0 : position - 1), message_of(e));
  }

private:
  /// A container being read. Their storage is reused level by level.
  struct Open {
    bool object = false;
    Position at;
    Value::Array items;
    Value::Object members;
    std::unordered_set<std::string> keys; ///< the members' keys, once there are many
    std::string key;                      ///< the key of the member being read

    bool has_key(const std::string& k) {
      constexpr std::size_t kLinear = 16; // below this, a search of the members is cheaper
      if (members.size() < kLinear)
        return std::any_of(members.begin(), members.end(),
                           [&](const Value::Member& m) { return m.first == k; });
      if (keys.empty())
        for (const Value::Member& m : members)
          keys.insert(m.first);
      return !keys.insert(k).second;
    }
  };

  std::size_t read_offset() const { return static_cast<std::size_t>(read_to_ - text_.data()); }

  /// Where the token of the current event starts: the first byte after the previous event
  /// that is not whitespace or a separator. Marks the bytes read so far as consumed.
  std::size_t token_start() {
    std::size_t at = consumed_;
    while (at < text_.size() && is_between_tokens(text_[at]))
      ++at;
    consumed_ = read_offset();
    return at;
  }
  Position start_of() { return lines_.at(token_start()); }

  static bool is_between_tokens(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':';
  }

  /// An integer literal (nlohmann gives its value, not its text).
  bool integer_number(double value) {
    const std::size_t begin = token_start();
    std::size_t end = begin;
    while (end < text_.size() && ((text_[end] >= '0' && text_[end] <= '9') || text_[end] == '-'))
      ++end;
    return add(Value::number(value, std::string(text_.substr(begin, end - begin)), true,
                             lines_.at(begin)));
  }

  bool open(bool object) {
    const Position at = start_of();
    if (depth_ >= options_.max_depth)
      return fail(at, "nesting deeper than " + std::to_string(options_.max_depth) + " levels");
    if (open_.size() == static_cast<std::size_t>(depth_))
      open_.emplace_back();
    Open& o = open_[depth_++];
    o.object = object;
    o.at = at;
    o.items.clear();
    o.members.clear();
    o.keys.clear();
    return true;
  }

  bool close() {
    consumed_ = read_offset();
    Open& o = open_[--depth_];
    return add(o.object ? Value::object(std::move(o.members), o.at)
                        : Value::array(std::move(o.items), o.at));
  }

  bool add(Value v) {
    if (depth_ == 0) {
      result_ = std::move(v);
      return true;
    }
    Open& parent = open_[depth_ - 1];
    if (parent.object)
      parent.members.emplace_back(std::move(parent.key), std::move(v));
    else
      parent.items.push_back(std::move(v));
    return true;
  }

  bool fail(Position at, std::string message) {
    if (!error_)
      error_.emplace(at, message);
    return false;
  }

  /// nlohmann's message without its "[json.exception...] parse error at line L, column C: "
  /// prefix (the position is given separately, counted here).
  static std::string message_of(const nlohmann::detail::exception& e) {
    std::string_view what = e.what();
    if (const auto close = what.find("] "); close != std::string_view::npos)
      what.remove_prefix(close + 2);
    if (what.starts_with("parse error"))
      if (const auto colon = what.find(": "); colon != std::string_view::npos)
        what.remove_prefix(colon + 2);
    return std::string(what);
  }

  std::string_view text_;
  ParseOptions options_;
  LineCounter lines_;
  std::size_t consumed_;   ///< bytes read up to the previous event
  const char* read_to_;    ///< where the parser has read to
  std::vector<Open> open_; ///< the containers being read are open_[0, depth_)
  int depth_ = 0;
  Value result_;
  std::optional<ParseError> error_;
};

} // namespace

Value parse(std::string_view text, const ParseOptions& options) {
  Builder builder(text, options);
  if (!nlohmann::json::sax_parse(builder.begin(), builder.end(), &builder))
    builder.throw_error();
  return builder.take_result();
}

// ---------------------------------------------------------------------------------------------
// Writing: an nlohmann::ordered_json tree, written out by str().

namespace {

std::string dump(const nlohmann::ordered_json& j, int indent) {
  return j.dump(indent > 0 ? indent : -1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

std::string quote(std::string_view s) {
  return dump(nlohmann::ordered_json(std::string(s)), 0);
}

struct Writer::Document {
  int indent = 2;
  nlohmann::ordered_json root;
  bool started = false;
  std::vector<nlohmann::ordered_json*> open; ///< the containers not yet closed, innermost last
  std::string key;                           ///< the key of the next member, when given

  /// Places `v` where the next value goes and returns it there.
  nlohmann::ordered_json& place(nlohmann::ordered_json v) {
    if (open.empty()) {
      root = std::move(v);
      started = true;
      return root;
    }
    nlohmann::ordered_json& parent = *open.back();
    if (parent.is_object()) {
      nlohmann::ordered_json& slot = parent[key];
      slot = std::move(v);
      return slot;
    }
    parent.push_back(std::move(v));
    return parent.back();
  }
};

Writer::Writer(int indent) : doc_(std::make_unique<Document>()) {
  doc_->indent = indent;
}
Writer::~Writer() = default;
Writer::Writer(Writer&&) noexcept = default;
Writer& Writer::operator=(Writer&&) noexcept = default;

Writer& Writer::begin_object() {
  doc_->open.push_back(&doc_->place(nlohmann::ordered_json::object()));
  return *this;
}

Writer& Writer::end_object() {
  doc_->open.pop_back();
  return *this;
}

Writer& Writer::begin_array() {
  doc_->open.push_back(&doc_->place(nlohmann::ordered_json::array()));
  return *this;
}

Writer& Writer::end_array() {
  doc_->open.pop_back();
  return *this;
}

Writer& Writer::key(std::string_view k) {
  doc_->key = std::string(k);
  return *this;
}

Writer& Writer::value(std::string_view s) {
  doc_->place(std::string(s));
  return *this;
}

Writer& Writer::value(bool b) {
  doc_->place(b);
  return *this;
}

Writer& Writer::integer(std::int64_t n) {
  doc_->place(n);
  return *this;
}

Writer& Writer::number(double d) {
  if (!std::isfinite(d))
    return null();
  doc_->place(d);
  return *this;
}

Writer& Writer::null() {
  doc_->place(nullptr);
  return *this;
}

std::string Writer::str() const {
  return doc_->started ? dump(doc_->root, doc_->indent) : "";
}

} // namespace battgpu::json
