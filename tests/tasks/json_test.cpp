#include "battgpu/tasks/json.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using battgpu::json::ParseError;
using battgpu::json::Value;
using battgpu::json::Writer;

/// The "LINE:COL: message" of parsing `text`, or "" when it parses.
std::string parse_error(std::string_view text) {
  try {
    battgpu::json::parse(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(Json, ParsesScalars) {
  EXPECT_TRUE(battgpu::json::parse("null").is_null());
  EXPECT_TRUE(battgpu::json::parse(" true ").as_bool());
  EXPECT_FALSE(battgpu::json::parse("false").as_bool());
  Value n = battgpu::json::parse("-12");
  ASSERT_TRUE(n.is_number());
  EXPECT_TRUE(n.is_integer_literal());
  EXPECT_EQ(n.as_int64(), -12);
  EXPECT_EQ(n.text(), "-12");
  Value d = battgpu::json::parse("2.5e1");
  EXPECT_FALSE(d.is_integer_literal());
  EXPECT_EQ(d.as_double(), 25.0);
  EXPECT_EQ(d.as_int64(), std::nullopt);
  EXPECT_TRUE(battgpu::json::parse("0").is_integer_literal());
  EXPECT_TRUE(battgpu::json::parse("-0").is_integer_literal());
  EXPECT_EQ(battgpu::json::parse("1E+2").as_double(), 100.0);
  EXPECT_EQ(battgpu::json::parse("1e-999").as_double(), 0.0); // underflow rounds to zero
  // An integer literal too large for 64 bits is still a number, but has no int64 value.
  Value big = battgpu::json::parse("123456789012345678901234567890");
  EXPECT_TRUE(big.is_integer_literal());
  EXPECT_EQ(big.as_int64(), std::nullopt);
}

TEST(Json, ParsesStringsAndEscapes) {
  EXPECT_EQ(battgpu::json::parse(R"("a\"b\\c\/d\b\f\n\r\t")").text(), "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(battgpu::json::parse(R"("\u00e9\u20AC")").text(), "\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(battgpu::json::parse(R"("\ud83d\ude00")").text(), "\xF0\x9F\x98\x80");
  EXPECT_EQ(battgpu::json::parse("\"\xC3\xA9\"").text(), "\xC3\xA9");
  EXPECT_EQ(battgpu::json::parse(R"("")").text(), "");
}

TEST(Json, ParsesContainersKeepingOrderAndPositions) {
  Value v = battgpu::json::parse("{\"b\": [1, 2,\n   [3]], \"a\": {}}");
  ASSERT_TRUE(v.is_object());
  ASSERT_EQ(v.members().size(), 2u);
  EXPECT_EQ(v.members()[0].first, "b");
  EXPECT_EQ(v.members()[1].first, "a");
  const Value* b = v.find("b");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->items().size(), 3u);
  EXPECT_EQ(b->position().line, 1);
  EXPECT_EQ(b->position().column, 7);
  const Value& inner = b->items()[2];
  EXPECT_EQ(inner.position().line, 2);
  EXPECT_EQ(inner.position().column, 4);
  EXPECT_EQ(inner.items()[0].as_int64(), 3);
  EXPECT_TRUE(v.find("a")->is_object());
  EXPECT_EQ(v.find("missing"), nullptr);
  EXPECT_TRUE(battgpu::json::parse("[]").items().empty());
}

TEST(Json, SkipsByteOrderMark) {
  EXPECT_EQ(battgpu::json::parse("\xEF\xBB\xBF[1]").items().size(), 1u);
}

TEST(Json, RejectsMalformedTextWithPositions) {
  EXPECT_EQ(parse_error(""), "1:1: empty input: expected a JSON value");
  EXPECT_EQ(parse_error("  \n "), "2:2: empty input: expected a JSON value");
  EXPECT_EQ(parse_error("[1, 2,]"), "1:7: trailing comma before ']'");
  EXPECT_EQ(parse_error("{\"a\": 1,}"), "1:9: trailing comma before '}'");
  EXPECT_EQ(parse_error("[1 2]"),
            "1:4: unexpected '2': expected ',' or ']' after an array element");
  EXPECT_EQ(parse_error("[1,\n 2"), "1:1: unterminated array (the '[' here is never closed)");
  EXPECT_EQ(parse_error("{\"a\" 1}"), "1:6: unexpected '1': expected ':' after an object key");
  EXPECT_EQ(parse_error("{a: 1}"), "1:2: unexpected 'a': expected a string key in double quotes");
  EXPECT_EQ(parse_error("{\"a\": 1, \"a\": 2}"), "1:10: duplicate key \"a\"");
  EXPECT_EQ(parse_error("[01]"), "1:2: leading zeros are not allowed in numbers");
  EXPECT_EQ(parse_error("[1.]"), "1:4: unexpected ']': expected a digit after the decimal point");
  EXPECT_EQ(parse_error("[1e]"), "1:4: unexpected ']': expected a digit in the exponent");
  EXPECT_EQ(parse_error("[-]"), "1:3: unexpected ']': expected a digit");
  EXPECT_EQ(parse_error("[+1]"), "1:2: unexpected '+': expected a JSON value");
  EXPECT_EQ(parse_error("[.5]"), "1:2: unexpected '.': expected a JSON value");
  EXPECT_EQ(parse_error("[1e999]"), "1:2: number 1e999 is out of range");
  EXPECT_EQ(parse_error("NaN"), "1:1: unexpected 'N': expected a JSON value");
  EXPECT_EQ(parse_error("[tru]"), "1:2: invalid literal 'tru' (expected true, false or null)");
  EXPECT_EQ(parse_error("[nullx]"), "1:6: invalid literal: unexpected 'x' after 'null'");
  EXPECT_EQ(parse_error("['a']"), "1:2: unexpected ''': expected a JSON value");
  EXPECT_EQ(parse_error("[1] // note"), "1:5: unexpected '/' after the JSON value");
  EXPECT_EQ(parse_error("[1] [2]"), "1:5: unexpected '[' after the JSON value");
  EXPECT_EQ(parse_error("\"abc"), "1:1: unterminated string");
  EXPECT_EQ(parse_error("\"a\nb\""), "1:3: control character U+000A in string (must be escaped)");
  EXPECT_EQ(parse_error(R"("\x")"), "1:2: invalid escape '\\x' in string");
  EXPECT_EQ(parse_error(R"("\u12G4")"), "1:6: invalid \\u escape: 'G' is not a hex digit");
  EXPECT_EQ(parse_error(R"("\udc00")"), "1:2: invalid \\u escape: lone low surrogate");
  EXPECT_EQ(parse_error(R"("\ud800x")"),
            "1:2: invalid \\u escape: high surrogate without a low surrogate");
  EXPECT_EQ(parse_error("\"\xFF\""), "1:2: invalid UTF-8 byte 0xFF in string");
  EXPECT_EQ(parse_error("\"\xC0\xAF\""), "1:2: invalid UTF-8 byte 0xC0 in string");     // overlong
  EXPECT_EQ(parse_error("\"\xED\xA0\x80\""), "1:2: invalid UTF-8 byte 0xED in string"); // surrogate
  EXPECT_EQ(parse_error("[\x01]"), "1:2: unexpected byte 0x01: expected a JSON value");
}

TEST(Json, RejectsDeepNesting) {
  std::string deep(600, '[');
  deep += std::string(600, ']');
  EXPECT_EQ(parse_error(deep), "1:513: nesting deeper than 512 levels");
  battgpu::json::ParseOptions shallow;
  shallow.max_depth = 2;
  EXPECT_NO_THROW(battgpu::json::parse("[[1]]", shallow));
  EXPECT_THROW(battgpu::json::parse("[[[1]]]", shallow), ParseError);
}

TEST(Json, ParseErrorCarriesPositionAndMessage) {
  try {
    battgpu::json::parse("{\n  \"a\": [1,\n         ]}");
    FAIL() << "expected a ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.position().line, 3);
    EXPECT_EQ(e.position().column, 10);
    EXPECT_EQ(e.message(), "trailing comma before ']'");
  }
}

TEST(Json, QuoteEscapesAndRepairsUtf8) {
  EXPECT_EQ(battgpu::json::quote("a\"b\\c\n\t\x01"), R"("a\"b\\c\n\t\u0001")");
  EXPECT_EQ(battgpu::json::quote("\xC3\xA9"), "\"\xC3\xA9\"");
  EXPECT_EQ(battgpu::json::quote("x\xFFy"), R"("x\ufffdy")");
}

TEST(Json, WriterWritesIndentedAndCompactDocuments) {
  Writer w(2);
  w.begin_object();
  w.member("name", "a\"b");
  w.member("n", 3);
  w.key("ok").value(true);
  w.key("ratio").number(0.5);
  w.key("none").null();
  w.key("empty").begin_array().end_array();
  w.key("list").begin_array().value(1).value(2u).end_array();
  w.end_object();
  EXPECT_EQ(w.str(), "{\n"
                     "  \"name\": \"a\\\"b\",\n"
                     "  \"n\": 3,\n"
                     "  \"ok\": true,\n"
                     "  \"ratio\": 0.5,\n"
                     "  \"none\": null,\n"
                     "  \"empty\": [],\n"
                     "  \"list\": [\n"
                     "    1,\n"
                     "    2\n"
                     "  ]\n"
                     "}");

  Writer compact(0);
  compact.begin_array().begin_object().member("k", "v").end_object().number(1.0 / 0.0).end_array();
  EXPECT_EQ(compact.str(), R"([{"k":"v"},null])");
}

TEST(Json, WriterOutputReadsBack) {
  Writer w(0);
  w.begin_object().member("s", "\xE2\x82\xAC\n").key("d").number(0.1).end_object();
  Value v = battgpu::json::parse(w.str());
  EXPECT_EQ(v.find("s")->text(), "\xE2\x82\xAC\n");
  EXPECT_EQ(v.find("d")->as_double(), 0.1);
}

} // namespace
