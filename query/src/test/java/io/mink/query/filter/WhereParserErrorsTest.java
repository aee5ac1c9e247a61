package io.mink.query.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WhereParserErrorsTest {
  @Test
  void aMissingColumnIsReportedWhereItShouldBe() {
    assertError("a = 1 AND AND b = 2", "at position 11 (\"AND b = 2\"): expected a column name");
    assertError("", "at position 1 (end of input): expected a column name");
    assertError("a = 1 OR", "at position 9 (end of input): expected a column name");
    assertError("1 = 2", "at position 5 (\"2\"): expected a column name");
    assertError(
        "\"\" = 1", "at position 1 (\"\"\" = 1\"): expected a column name between the quotes");
    assertError("payload. = 1", "at position 10 (\"= 1\"): expected a field name after the dot");
  }

  @Test
  void aMissingValueIsReportedWhereItShouldBe() {
    assertError(
        "a >",
        "at position 4 (end of input): expected a value (a number, a 'string', TRUE or FALSE)");
    assertError(
        "a = )", "at position 5 (\")\"): expected a value (a number, a 'string', TRUE or FALSE)");
    assertError(
        "a = NULL",
        "at position 5 (\"NULL\"): expected a value: NULL goes only in IS NULL and IS NOT NULL");
    assertError(
        "a = b",
        "at position 5 (\"b\"): expected a value: --where compares a column with a value, not with another column");
    assertError(
        "a IN ()", "at position 7 (\")\"): expected a value (a number, a 'string', TRUE or FALSE)");
  }

  @Test
  void aMissingOperatorOrKeywordIsReportedWhereItShouldBe() {
    assertError(
        "a LIKE 'x'",
        "at position 3 (\"LIKE 'x'\"): expected a comparison operator (=, !=, <>, <, <=, >, >=), IN, NOT IN or IS"
            + " after the column");
    assertError(
        "5 IN (a)",
        "at position 3 (\"IN (a)\"): expected a comparison operator (=, !=, <>, <, <=, >, >=)");
    assertError("a IN 1", "at position 6 (\"1\"): expected ( to open the list of values");
    assertError("a IN (1 2)", "at position 9 (\"2)\"): expected , or ) in the list of values");
    assertError("a NOT 1", "at position 7 (\"1\"): expected IN after NOT");
    assertError("a IS 1", "at position 6 (\"1\"): expected NULL or NOT NULL after IS");
    assertError("a IS NOT 1", "at position 10 (\"1\"): expected NULL after IS NOT");
    assertError("(a = 1", "at position 7 (end of input): expected ) to close the ( at position 1");
    assertError(
        "a = 1 b = 2", "at position 7 (\"b = 2\"): expected AND, OR or the end of the filter");
    assertError("a = 1)", "at position 6 (\")\"): expected AND, OR or the end of the filter");
  }

  @Test
  void unclosedQuotesAndStrayCharactersAreReportedWhereTheyStart() {
    assertError(
        "a = 'abc", "at position 5 (\"'abc\"): expected ' to close the string that starts here");
    assertError(
        "\"abc = 1",
        "at position 1 (\"\"abc = 1\"): expected \" to close the column name that starts here");
    assertError("a = 1 # x", "at position 7 (\"# x\"): unexpected character #");
    assertError("a ! 1", "at position 3 (\"! 1\"): unexpected character !");
  }

  @Test
  void aTimestampAfterTimestampMustReadAsOne() {
    assertError(
        "t > TIMESTAMP '2026-13-01'",
        "at position 15 (\"'2026-13-01'\"): expected a timestamp such as '2026-01-31 13:45:00Z' after TIMESTAMP");
  }

  @Test
  void aLongRestIsCutAfterTwentyCharacters() {
    assertError(
        "a = 1 OR OR customer_name = 'somebody'",
        "at position 10 (\"OR customer_name = '...\"): expected a column name");
  }

  @Test
  void theExceptionIsAnIllegalArgumentWithThePosition() {
    assertThatThrownBy(() -> WhereParser.parse("a = 1 AND AND b = 2"))
        .isInstanceOf(IllegalArgumentException.class)
        .isInstanceOfSatisfying(
            WhereSyntaxException.class, e -> assertThat(e.position()).isEqualTo(11));
  }

  private static void assertError(String where, String message) {
    assertThatThrownBy(() -> WhereParser.parse(where))
        .isInstanceOf(WhereSyntaxException.class)
        .hasMessage("Cannot parse --where " + message);
  }
}
