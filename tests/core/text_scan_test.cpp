// The text helpers the formats share (core/text_scan.h): integers with the signs and lengths each
// format allows, and splitting that keeps empty fields (a field count is part of XGID's and FIBS's
// checks).
#include "core/text_scan.h"

#include <gtest/gtest.h>

namespace nard {
namespace {

TEST(TextScan, ParseIntTakesTheSignsAndLengthItIsGiven) {
  EXPECT_EQ(text::parse_int("42", 3, text::Sign::None), 42);
  EXPECT_EQ(text::parse_int("007", 3, text::Sign::None), 7);
  EXPECT_FALSE(text::parse_int("0007", 3, text::Sign::None));  // longer than allowed
  EXPECT_FALSE(text::parse_int("-1", 3, text::Sign::None));
  EXPECT_EQ(text::parse_int("-12", 6, text::Sign::Minus), -12);
  EXPECT_FALSE(text::parse_int("+12", 6, text::Sign::Minus));
  EXPECT_EQ(text::parse_int("+12", 6, text::Sign::PlusOrMinus), 12);
  EXPECT_EQ(text::parse_int("-99999", 6, text::Sign::PlusOrMinus), -99999);
  for (const char* bad : {"", "-", "+", "1 ", " 1", "1a", "--1", "1-"})
    EXPECT_FALSE(text::parse_int(bad, 6, text::Sign::PlusOrMinus)) << "'" << bad << "'";
}

TEST(TextScan, ParseCountIsNineDigitsWithoutSign) {
  EXPECT_EQ(text::parse_count("123456789"), 123456789);
  EXPECT_EQ(text::parse_count("0"), 0);
  for (const char* bad : {"", "1234567890", "-0", "-1", "+1", "1.5"})
    EXPECT_FALSE(text::parse_count(bad)) << "'" << bad << "'";
}

TEST(TextScan, SplitKeepsEmptyFields) {
  using V = std::vector<std::string_view>;
  EXPECT_EQ(text::split("a:b", ':'), (V{"a", "b"}));
  EXPECT_EQ(text::split("a::b:", ':'), (V{"a", "", "b", ""}));
  EXPECT_EQ(text::split("", ':'), (V{""}));
  EXPECT_EQ(text::split("abc", ':'), (V{"abc"}));
}

TEST(TextScan, WordsSkipEveryRunOfWhitespace) {
  using V = std::vector<std::string_view>;
  EXPECT_EQ(text::words(" a\tb  c \r\n"), (V{"a", "b", "c"}));
  EXPECT_EQ(text::words("one"), (V{"one"}));
  EXPECT_TRUE(text::words(" \t ").empty());
}

}  // namespace
}  // namespace nard
