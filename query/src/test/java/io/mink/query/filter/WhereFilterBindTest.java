package io.mink.query.filter;

import static io.mink.query.filter.WhereTables.TABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.apache.iceberg.expressions.Binder;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.junit.jupiter.api.Test;

class WhereFilterBindTest {
  @Test
  void columnsAreFoundCaseInsensitivelyAndWrittenAsTheTableSpellsThem() {
    assertThat(expression("AMOUNT > 1")).isEqualTo("ref(name=\"amount\") > 1");
    assertThat(expression("Payload.\"big field\" IS NULL"))
        .isEqualTo("is_null(ref(name=\"payload.Big Field\"))");
  }

  @Test
  void numbersAreFittedToTheColumnsNumericType() {
    assertThat(value("amount > 1.5")).isEqualTo(1.5d);
    assertThat(value("ratio > 1e-1")).isEqualTo(0.1d);
    assertThat(value("amount > 2")).isEqualTo(2L);
    assertThat(value("price > 1.5")).isEqualTo(new BigDecimal("1.50"));
    assertThat(value("price > 1.500")).isEqualTo(new BigDecimal("1.50"));
    assertThat(value("price > 1e1")).isEqualTo(new BigDecimal("10.00"));
    assertThat(value("_kafka_partition = 2")).isEqualTo(2L);
    assertThat(value("_kafka_partition = 2.0")).isEqualTo(2L);
    assertThat(value("count > 1e3")).isEqualTo(1000L);
  }

  @Test
  void stringsForTimesStayStringsThatIcebergConverts() {
    assertThat(value("_kafka_timestamp >= '2026-01-01T00:00:00Z'"))
        .isEqualTo("2026-01-01T00:00:00Z");
    assertThat(value("day = '2026-01-31'")).isEqualTo("2026-01-31");
    assertThat(value("at > '13:45:00'")).isEqualTo("13:45:00");
    assertThat(value("local_ts > '2026-01-31T13:45:00.5'")).isEqualTo("2026-01-31T13:45:00.5");
    assertThat(value("id = '123e4567-e89b-12d3-a456-426614174000'"))
        .isEqualTo("123e4567-e89b-12d3-a456-426614174000");
  }

  @Test
  void notIsPushedIntoThePredicatesAndComparisonsTrueForANullAreGuarded() {
    assertThat(expression("NOT amount >= 2"))
        .isEqualTo("(not_null(ref(name=\"amount\")) and ref(name=\"amount\") < 2)");
    assertThat(expression("amount <= 2"))
        .isEqualTo("(not_null(ref(name=\"amount\")) and ref(name=\"amount\") <= 2)");
    assertThat(expression("NOT (customer = 'a' OR customer IS NULL)"))
        .isEqualTo(
            "((not_null(ref(name=\"customer\")) and ref(name=\"customer\") != \"a\") and not_null(ref(name=\"customer\")))");
    assertThat(expression("customer NOT IN ('a', 'b')"))
        .isEqualTo(
            "(not_null(ref(name=\"customer\")) and ref(name=\"customer\") not in (\"a\", \"b\"))");
    assertThat(expression("amount > 2")).isEqualTo("ref(name=\"amount\") > 2");
    assertThat(expression("customer IN ('a')")).isEqualTo("ref(name=\"customer\") in (\"a\")");
  }

  @Test
  void theExpressionBindsToTheTableForPushdown() {
    WhereFilter filter = WhereFilter.bind(
        TABLE,
        WhereParser.parse(
            "_kafka_partition IN (0, 2) AND price > 1.5 AND _kafka_timestamp < '2026-01-01T00:00:00Z'"));

    assertThat(Binder.bind(TABLE.asStruct(), filter.expression(), true).toString())
        .isEqualTo(
            "((ref(id=1, accessor-type=int) in (0, 2) and ref(id=11, accessor-type=decimal(10, 2)) > 1.50)"
                + " and (not_null(ref(id=3, accessor-type=timestamptz)) and ref(id=3, accessor-type=timestamptz) < 1767225600000000))");
  }

  @Test
  void theReferencedColumnsAreTheOnesTheFilterReads() {
    WhereFilter filter =
        WhereFilter.bind(TABLE, WhereParser.parse("payload.amount > 1 OR Customer IS NULL"));

    assertThat(filter.referencedColumns()).containsExactly("customer", "payload.amount");
    assertThat(filter.referencedFieldIds()).containsExactlyInAnyOrder(12, 15);
  }

  @Test
  void anUnknownColumnListsTheColumns() {
    assertError(
        "amout > 1",
        "Column \"amout\" in --where is not a column of the table (columns: _kafka_partition, _kafka_offset,"
            + " _kafka_timestamp, _kafka_key, _kafka_headers, _kafka_value, amount, price, customer, paid, payload,"
            + " day, at, local_ts, id, ratio, lines, count)");
    assertError(
        "payload.amout > 1",
        "Column \"payload.amout\" in --where is not a field of payload (fields: payload.amount, payload.Big Field)");
  }

  @Test
  void fieldsInsideListsCannotBeFiltered() {
    assertError(
        "lines.sku = 'x'",
        "Column lines.element.sku in --where is inside a list or a map: --where filters on top-level columns and on"
            + " fields of structs");
  }

  @Test
  void aValueOfTheWrongKindSaysWhatToWrite() {
    assertError(
        "amount > 'abc'",
        "Cannot compare column amount (double) with 'abc' in --where: write a number without quotes");
    assertError(
        "count = 'it''s'",
        "Cannot compare column count (long) with 'it''s' in --where: write a whole number without quotes");
    assertError(
        "_kafka_partition > 1.5",
        "Cannot compare column _kafka_partition (int) with 1.5 in --where: the column holds whole numbers");
    assertError(
        "_kafka_offset < 99999999999999999999",
        "Cannot compare column _kafka_offset (long) with 99999999999999999999 in --where: the number is outside the range of a long");
    assertError(
        "price > '1.5'",
        "Cannot compare column price (decimal(10, 2)) with '1.5' in --where: write a number without quotes");
    assertError(
        "price > 1.234",
        "Cannot compare column price (decimal(10, 2)) with 1.234 in --where: the column has 2 digits after the decimal point");
    assertError(
        "customer = 5",
        "Cannot compare column customer (string) with 5 in --where: write the value in single quotes");
    assertError(
        "paid = 1", "Cannot compare column paid (boolean) with 1 in --where: write TRUE or FALSE");
    assertError(
        "paid IN (TRUE, 'no')",
        "Cannot compare column paid (boolean) with 'no' in --where: write TRUE or FALSE");
  }

  @Test
  void aTimeThatIcebergCannotReadSaysTheFormat() {
    String withOffset =
        "write the time with an offset, as '2026-01-31T13:45:00Z' or '2026-01-31T13:45:00.5+01:00'";
    assertError(
        "_kafka_timestamp >= '2026-01-01'",
        "Cannot compare column _kafka_timestamp (timestamptz) with '2026-01-01' in --where: "
            + withOffset);
    assertError(
        "_kafka_timestamp >= TIMESTAMP '2026-01-01 00:00:00'",
        "Cannot compare column _kafka_timestamp (timestamptz) with '2026-01-01T00:00:00' in --where: "
            + withOffset);
    assertError(
        "_kafka_timestamp > 1767225600000",
        "Cannot compare column _kafka_timestamp (timestamptz) with 1767225600000 in --where: "
            + withOffset);
    assertError(
        "local_ts > '2026-01-01T00:00:00Z'",
        "Cannot compare column local_ts (timestamp) with '2026-01-01T00:00:00Z' in --where: write the time without an"
            + " offset, as '2026-01-31T13:45:00' or '2026-01-31T13:45:00.5'");
    assertError(
        "day = '31.01.2026'",
        "Cannot compare column day (date) with '31.01.2026' in --where: write a date as '2026-01-31'");
    assertError(
        "at = 1",
        "Cannot compare column at (time) with 1 in --where: write a time as '13:45:00' or '13:45:00.123456'");
    assertError(
        "id = 'x'",
        "Cannot compare column id (uuid) with 'x' in --where: write a UUID as '123e4567-e89b-12d3-a456-426614174000'");
  }

  @Test
  void binaryAndNestedColumnsOnlyTakeNullTests() {
    assertError(
        "_kafka_value = 'abc'",
        "Cannot compare column _kafka_value (binary) with 'abc' in --where: binary columns can only be tested with IS NULL or IS NOT NULL");
    assertError(
        "payload = 1",
        "Cannot compare column payload (struct) with 1 in --where: a struct column can only be tested with IS NULL or IS NOT NULL");
    assertError(
        "_kafka_headers IN (1)",
        "Cannot compare column _kafka_headers (list) with 1 in --where: a list column can only be tested with IS NULL or IS NOT NULL");
    assertThat(expression("_kafka_value IS NOT NULL AND payload IS NULL"))
        .isEqualTo("(not_null(ref(name=\"_kafka_value\")) and is_null(ref(name=\"payload\")))");
  }

  @Test
  void anExpressionOutsideTheLanguageIsRefused() {
    assertThatThrownBy(() -> WhereFilter.bind(TABLE, Expressions.startsWith("customer", "a")))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot bind ref(name=\"customer\") startsWith \"\"a\"\" as --where: the language has no such predicate");
    assertThatThrownBy(() ->
            WhereFilter.bind(TABLE, Expressions.equal(Expressions.day("_kafka_timestamp"), 3)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot bind day(ref(name=\"_kafka_timestamp\")) == 3 as --where: the language has no such predicate");
    assertThatThrownBy(() -> WhereFilter.bind(
            TABLE, Binder.bind(TABLE.asStruct(), Expressions.equal("count", 3L), true)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot bind ref(id=25, accessor-type=long) == 3 as --where: it is bound already; pass the unbound expression");
  }

  private static String expression(String where) {
    return WhereFilter.bind(TABLE, WhereParser.parse(where)).expression().toString();
  }

  private static Object value(String where) {
    UnboundPredicate<?> predicate =
        (UnboundPredicate<?>) WhereFilter.bind(TABLE, WhereParser.parse(where)).expression();
    Object value = predicate.literal().value();
    return value instanceof CharSequence chars ? chars.toString() : value;
  }

  private static void assertError(String where, String message) {
    assertThatThrownBy(() -> WhereFilter.bind(TABLE, WhereParser.parse(where)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }
}
