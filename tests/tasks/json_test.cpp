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

/// True when parsing `text` fails at `position` ("LINE:COL") with a message containing `words`.
::testing::AssertionResult fails_at(std::string_view text, const std::string& position,
                                    const std::string& words) {
  const std::string error = parse_error(text);
  if (error.starts_with(position + ": ") && error.find(words) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "parse error was \"" << error << "\"";
}

TEST(Json, RejectsMalformedTextWithPositions) {
  EXPECT_TRUE(fails_at("", "1:1", "unexpected end of input"));
  EXPECT_TRUE(fails_at("  \n ", "2:2", "unexpected end of input"));
  EXPECT_TRUE(fails_at("[1, 2,]", "1:7", "unexpected ']'"));
  EXPECT_TRUE(fails_at("{\"a\": 1,}", "1:9", "unexpected '}'"));
  EXPECT_TRUE(fails_at("[1 2]", "1:4", "expected ']'"));
  EXPECT_TRUE(fails_at("[1,\n 2", "2:3", "unexpected end of input"));
  EXPECT_TRUE(fails_at("{\"a\" 1}", "1:6", "expected ':'"));
  EXPECT_TRUE(fails_at("{a: 1}", "1:2", "expected string literal"));
  EXPECT_TRUE(fails_at("{\"a\": 1, \"a\": 2}", "1:10", "duplicate key \"a\""));
  EXPECT_TRUE(fails_at("[{\"k\": {}, \"k\": 2}]", "1:12", "duplicate key \"k\""));
  EXPECT_TRUE(fails_at("[01]", "1:3", "unexpected number literal"));
  EXPECT_TRUE(fails_at("[1.]", "1:4", "expected digit after '.'"));
  EXPECT_TRUE(fails_at("[1e]", "1:4", "digit after exponent"));
  EXPECT_TRUE(fails_at("[-]", "1:3", "expected digit after '-'"));
  EXPECT_TRUE(fails_at("[+1]", "1:2", "invalid literal"));
  EXPECT_TRUE(fails_at("[.5]", "1:2", "invalid literal"));
  EXPECT_TRUE(fails_at("[1e999]", "1:6", "number overflow parsing '1e999'"));
  EXPECT_TRUE(fails_at("NaN", "1:1", "invalid literal"));
  EXPECT_TRUE(fails_at("[tru]", "1:5", "invalid literal"));
  EXPECT_TRUE(fails_at("[nullx]", "1:6", "invalid literal"));
  EXPECT_TRUE(fails_at("['a']", "1:2", "invalid literal"));
  EXPECT_TRUE(fails_at("[1] // note", "1:5", "expected end of input"));
  EXPECT_TRUE(fails_at("[1] [2]", "1:5", "expected end of input"));
  EXPECT_TRUE(fails_at("\"abc", "1:5", "missing closing quote"));
  EXPECT_TRUE(fails_at("\"a\nb\"", "1:3", "control character U+000A"));
  EXPECT_TRUE(fails_at(R"("\x")", "1:3", "forbidden character after backslash"));
  EXPECT_TRUE(fails_at(R"("\u12G4")", "1:6", "4 hex digits"));
  EXPECT_TRUE(fails_at(R"("\udc00")", "1:7", "surrogate"));
  EXPECT_TRUE(fails_at(R"("\ud800x")", "1:8", "surrogate"));
  EXPECT_TRUE(fails_at("\"\xFF\"", "1:2", "ill-formed UTF-8"));
  EXPECT_TRUE(fails_at("\"\xC0\xAF\"", "1:2", "ill-formed UTF-8"));     // overlong
  EXPECT_TRUE(fails_at("\"\xED\xA0\x80\"", "1:3", "ill-formed UTF-8")); // surrogate
  EXPECT_TRUE(fails_at("[\x01]", "1:2", "invalid literal"));
  EXPECT_TRUE(fails_at("\xEF\xBB\xBF[1,]", "1:4", "unexpected ']'")); // columns after the mark
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
    EXPECT_NE(e.message().find("unexpected ']'"), std::string::npos) << e.message();
    EXPECT_EQ(std::string(e.what()), "3:10: " + e.message());
  }
}

TEST(Json, QuoteEscapesAndRepairsUtf8) {
  EXPECT_EQ(battgpu::json::quote("a\"b\\c\n\t\x01"), R"("a\"b\\c\n\t\u0001")");
  EXPECT_EQ(battgpu::json::quote("\xC3\xA9"), "\"\xC3\xA9\"");
  EXPECT_EQ(battgpu::json::quote("x\xFFy"), "\"x\xEF\xBF\xBDy\""); // U+FFFD
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
