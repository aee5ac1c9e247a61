package io.mink.query.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.junit.jupiter.api.Test;

class WhereParserTest {
  @Test
  void everyComparisonOperatorBecomesItsPredicate() {
    assertThat(parsed("a = 1")).isEqualTo("ref(name=\"a\") == 1");
    assertThat(parsed("a != 1")).isEqualTo("ref(name=\"a\") != 1");
    assertThat(parsed("a <> 1")).isEqualTo("ref(name=\"a\") != 1");
    assertThat(parsed("a < 1")).isEqualTo("ref(name=\"a\") < 1");
    assertThat(parsed("a <= 1")).isEqualTo("ref(name=\"a\") <= 1");
    assertThat(parsed("a > 1")).isEqualTo("ref(name=\"a\") > 1");
    assertThat(parsed("a >= 1")).isEqualTo("ref(name=\"a\") >= 1");
  }

  @Test
  void aValueOnTheLeftFlipsTheOperator() {
    assertThat(parsed("1 < a")).isEqualTo("ref(name=\"a\") > 1");
    assertThat(parsed("1 <= a")).isEqualTo("ref(name=\"a\") >= 1");
    assertThat(parsed("1 > a")).isEqualTo("ref(name=\"a\") < 1");
    assertThat(parsed("1 >= a")).isEqualTo("ref(name=\"a\") <= 1");
    assertThat(parsed("'x' = a")).isEqualTo("ref(name=\"a\") == \"x\"");
    assertThat(parsed("'x' <> a")).isEqualTo("ref(name=\"a\") != \"x\"");
  }

  @Test
  void inNotInAndNullTests() {
    assertThat(parsed("a IN (1, 2, 3)")).isEqualTo("ref(name=\"a\") in (1, 2, 3)");
    assertThat(parsed("a NOT IN ('x')")).isEqualTo("ref(name=\"a\") not in (\"x\")");
    assertThat(parsed("a IS NULL")).isEqualTo("is_null(ref(name=\"a\"))");
    assertThat(parsed("a IS NOT NULL")).isEqualTo("not_null(ref(name=\"a\"))");
  }

  @Test
  void andBindsTighterThanOrAndParenthesesOverrideIt() {
    assertThat(parsed("a = 1 OR b = 2 AND c = 3"))
        .isEqualTo("(ref(name=\"a\") == 1 or (ref(name=\"b\") == 2 and ref(name=\"c\") == 3))");
    assertThat(parsed("(a = 1 OR b = 2) AND c = 3"))
        .isEqualTo("((ref(name=\"a\") == 1 or ref(name=\"b\") == 2) and ref(name=\"c\") == 3)");
    assertThat(parsed("a = 1 AND b = 2 OR c = 3 AND d = 4"))
        .isEqualTo(
            "((ref(name=\"a\") == 1 and ref(name=\"b\") == 2) or (ref(name=\"c\") == 3 and ref(name=\"d\") == 4))");
    assertThat(parsed("a = 1 OR b = 2 OR c = 3"))
        .isEqualTo("((ref(name=\"a\") == 1 or ref(name=\"b\") == 2) or ref(name=\"c\") == 3)");
  }

  @Test
  void notBindsTighterThanAndAndNests() {
    assertThat(parsed("NOT a = 1 AND b = 2"))
        .isEqualTo("(not(ref(name=\"a\") == 1) and ref(name=\"b\") == 2)");
    assertThat(parsed("NOT (a = 1 OR b = 2)"))
        .isEqualTo("not((ref(name=\"a\") == 1 or ref(name=\"b\") == 2))");
    assertThat(parsed("NOT NOT a = 1")).isEqualTo("ref(name=\"a\") == 1");
  }

  @Test
  void keywordsAreCaseInsensitive() {
    assertThat(parsed("a is not null and b not in (1) or not c in (2)"))
        .isEqualTo(
            "((not_null(ref(name=\"a\")) and ref(name=\"b\") not in (1)) or not(ref(name=\"c\") in (2)))");
  }

  @Test
  void quotedNamesHoldAnyCharacterAndADoubledQuote() {
    assertThat(parsed("\"weird name\" = 1")).isEqualTo("ref(name=\"weird name\") == 1");
    assertThat(parsed("\"say \"\"hi\"\"\" = 1")).isEqualTo("ref(name=\"say \"hi\"\") == 1");
    assertThat(parsed("\"and\" = 1")).isEqualTo("ref(name=\"and\") == 1");
  }

  @Test
  void dotsNameFieldsOfStructs() {
    assertThat(parsed("payload.amount > 1")).isEqualTo("ref(name=\"payload.amount\") > 1");
    assertThat(parsed("payload.\"Big Field\".x IS NULL"))
        .isEqualTo("is_null(ref(name=\"payload.Big Field.x\"))");
    assertThat(parsed("payload.in = 1")).isEqualTo("ref(name=\"payload.in\") == 1");
  }

  @Test
  void integersAreLongsAndOtherNumbersDecimals() {
    assertThat(value("a = 1")).isEqualTo(1L);
    assertThat(value("a = -2")).isEqualTo(-2L);
    assertThat(value("a = 1.5")).isEqualTo(new BigDecimal("1.5"));
    assertThat(value("a = -0.25")).isEqualTo(new BigDecimal("-0.25"));
    assertThat(value("a = 1e3")).isEqualTo(new BigDecimal("1E+3"));
    assertThat(value("a = 2.5E-1")).isEqualTo(new BigDecimal("0.25"));
    assertThat(value("a = 99999999999999999999")).isEqualTo(new BigDecimal("99999999999999999999"));
  }

  @Test
  void stringsBooleansAndTimestamps() {
    assertThat(value("a = 'it''s'")).isEqualTo("it's");
    assertThat(value("a = ''")).isEqualTo("");
    assertThat(value("a = TRUE")).isEqualTo(true);
    assertThat(value("a = false")).isEqualTo(false);
    assertThat(value("a >= TIMESTAMP '2026-01-01 00:00:00Z'")).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(value("a >= timestamp '2026-01-01T08:30:00.5+01:00'"))
        .isEqualTo("2026-01-01T08:30:00.5+01:00");
    assertThat(value("a < TIMESTAMP '2026-01-01 00:00:00'")).isEqualTo("2026-01-01T00:00:00");
  }

  @Test
  void timestampIsAColumnNameWhereNoStringFollows() {
    assertThat(parsed("timestamp > 5")).isEqualTo("ref(name=\"timestamp\") > 5");
    assertThat(parsed("TIMESTAMP '2026-01-01 00:00:00Z' < timestamp"))
        .isEqualTo("ref(name=\"timestamp\") > \"2026-01-01T00:00:00Z\"");
  }

  @Test
  void whitespaceIsFreeAndOptionalBetweenTokens() {
    assertThat(parsed("  a>=1\tAND\n(b<>'x')  "))
        .isEqualTo("(ref(name=\"a\") >= 1 and ref(name=\"b\") != \"x\")");
  }

  private static String parsed(String where) {
    return WhereParser.parse(where).toString();
  }

  private static Object value(String where) {
    Expression expression = WhereParser.parse(where);
    Object value = ((UnboundPredicate<?>) expression).literal().value();
    return value instanceof CharSequence chars ? chars.toString() : value;
  }
}
