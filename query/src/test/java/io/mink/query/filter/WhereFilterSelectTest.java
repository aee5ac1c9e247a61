package io.mink.query.filter;

import static io.mink.query.filter.WhereTables.PAYLOAD;
import static io.mink.query.filter.WhereTables.TABLE;
import static io.mink.query.filter.WhereTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class WhereFilterSelectTest {
  private static final List<Record> AMOUNTS =
      List.of(row(0, "amount", 1.0), row(1, "amount", 2.0), row(2), row(3, "amount", 3.0));

  @Test
  void everyOperatorKeepsTheRowsItIsTrueForAndNoNulls() {
    assertThat(kept("amount = 2", AMOUNTS)).containsExactly(1L);
    assertThat(kept("amount != 2", AMOUNTS)).containsExactly(0L, 3L);
    assertThat(kept("amount <> 2", AMOUNTS)).containsExactly(0L, 3L);
    assertThat(kept("amount < 2", AMOUNTS)).containsExactly(0L);
    assertThat(kept("amount <= 2", AMOUNTS)).containsExactly(0L, 1L);
    assertThat(kept("amount > 2", AMOUNTS)).containsExactly(3L);
    assertThat(kept("amount >= 2", AMOUNTS)).containsExactly(1L, 3L);
    assertThat(kept("amount IN (1, 3.0)", AMOUNTS)).containsExactly(0L, 3L);
    assertThat(kept("amount NOT IN (1, 3)", AMOUNTS)).containsExactly(1L);
    assertThat(kept("amount IS NULL", AMOUNTS)).containsExactly(2L);
    assertThat(kept("amount IS NOT NULL", AMOUNTS)).containsExactly(0L, 1L, 3L);
  }

  @Test
  void notOfAComparisonWithANullIsNotTrueEither() {
    assertThat(kept("NOT amount = 2", AMOUNTS)).containsExactly(0L, 3L);
    assertThat(kept("NOT amount < 2", AMOUNTS)).containsExactly(1L, 3L);
    assertThat(kept("NOT (amount < 2 OR amount > 2)", AMOUNTS)).containsExactly(1L);
    assertThat(kept("NOT amount IN (2)", AMOUNTS)).containsExactly(0L, 3L);
    assertThat(kept("NOT amount IS NULL", AMOUNTS)).containsExactly(0L, 1L, 3L);
    assertThat(kept("amount > 2 OR amount IS NULL", AMOUNTS)).containsExactly(2L, 3L);
    assertThat(kept("2 < amount", AMOUNTS)).containsExactly(3L);
  }

  @Test
  void timestampsCompareWithIsoStringsOnRealRows() {
    List<Record> rows = List.of(
        row(
            0,
            KafkaColumns.TIMESTAMP,
            OffsetDateTime.of(2025, 12, 31, 23, 59, 59, 0, ZoneOffset.UTC)),
        row(1, KafkaColumns.TIMESTAMP, OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)),
        row(
            2,
            KafkaColumns.TIMESTAMP,
            OffsetDateTime.of(2026, 1, 1, 1, 30, 0, 0, ZoneOffset.ofHours(2))),
        row(3));

    assertThat(kept("_kafka_timestamp >= '2026-01-01T00:00:00Z'", rows)).containsExactly(1L);
    assertThat(kept("_kafka_timestamp < '2026-01-01T01:00:00+01:00'", rows))
        .containsExactly(0L, 2L);
    assertThat(kept("_KAFKA_TIMESTAMP = TIMESTAMP '2025-12-31 23:30:00Z'", rows))
        .containsExactly(2L);
    assertThat(kept("_kafka_timestamp IS NULL", rows)).containsExactly(3L);
  }

  @Test
  void integersDecimalsAndFloatsCompareWithNumbers() {
    List<Record> rows = List.of(
        row(0, "price", new BigDecimal("1.50"), "ratio", 0.25f, "count", 7L),
        row(1, "price", new BigDecimal("2.00"), "ratio", 0.5f, "count", 3_000_000_000L),
        row(2));
    rows.get(1).setField(KafkaColumns.PARTITION, 2);

    assertThat(kept("price > 1.5", rows)).containsExactly(1L);
    assertThat(kept("price IN (1.5, 2)", rows)).containsExactly(0L, 1L);
    assertThat(kept("price = 2", rows)).containsExactly(1L);
    assertThat(kept("ratio > 0.3", rows)).containsExactly(1L);
    assertThat(kept("ratio IN (0.25)", rows)).containsExactly(0L);
    assertThat(kept("_kafka_partition = 2", rows)).containsExactly(1L);
    assertThat(kept("_kafka_partition IN (0, 5)", rows)).containsExactly(0L, 2L);
    assertThat(kept("_kafka_partition < 3000000000", rows)).containsExactly(0L, 1L, 2L);
    assertThat(kept("count > 2147483647", rows)).containsExactly(1L);
    assertThat(kept("_kafka_offset >= 1", rows)).containsExactly(1L, 2L);
  }

  @Test
  void stringsBooleansDatesTimesAndUuidsCompareWithTheirLiterals() {
    UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    List<Record> rows = List.of(
        row(0, "customer", "it's", "paid", true, "day", LocalDate.of(2026, 1, 31), "id", id),
        row(
            1,
            "customer",
            "bob",
            "paid",
            false,
            "at",
            LocalTime.of(13, 45),
            "local_ts",
            LocalDateTime.of(2026, 1, 1, 0, 0)),
        row(2));

    assertThat(kept("customer = 'it''s'", rows)).containsExactly(0L);
    assertThat(kept("customer < 'c'", rows)).containsExactly(1L);
    assertThat(kept("paid = TRUE", rows)).containsExactly(0L);
    assertThat(kept("paid != TRUE", rows)).containsExactly(1L);
    assertThat(kept("day = '2026-01-31'", rows)).containsExactly(0L);
    assertThat(kept("at < '14:00:00'", rows)).containsExactly(1L);
    assertThat(kept("local_ts >= TIMESTAMP '2026-01-01 00:00:00'", rows)).containsExactly(1L);
    assertThat(kept("id = '123E4567-E89B-12D3-A456-426614174000'", rows)).containsExactly(0L);
    assertThat(kept("_kafka_value IS NULL AND _kafka_key IS NULL", rows))
        .containsExactly(0L, 1L, 2L);
  }

  @Test
  void aFieldOfANullStructIsNull() {
    Record payload = GenericRecord.create(PAYLOAD);
    payload.setField("amount", 5.0);
    List<Record> rows = List.of(row(0, "payload", payload), row(1));

    assertThat(kept("payload.amount > 1", rows)).containsExactly(0L);
    assertThat(kept("payload.amount <= 1", rows)).isEmpty();
    assertThat(kept("payload.amount IS NULL", rows)).containsExactly(1L);
    assertThat(kept("payload IS NULL OR payload.\"Big Field\" IS NULL", rows))
        .containsExactly(0L, 1L);
  }

  @Test
  void aColumnMissingFromTheBatchSchemaIsNullInEveryRow() {
    Schema older =
        WhereTables.schema(Types.NestedField.optional(10, "amount", Types.DoubleType.get()));
    List<Record> rows =
        List.of(row(older, 0, "amount", 1.0), row(older, 1, "amount", 2.0), row(older, 2));

    assertThat(kept("customer IS NULL", rows)).containsExactly(0L, 1L, 2L);
    assertThat(kept("customer = 'bob'", rows)).isEmpty();
    assertThat(kept("customer != 'bob'", rows)).isEmpty();
    assertThat(kept("NOT customer = 'bob'", rows)).isEmpty();
    assertThat(kept("customer NOT IN ('bob')", rows)).isEmpty();
    assertThat(kept("customer IS NOT NULL OR amount > 1", rows)).containsExactly(1L);
    assertThat(kept("payload.amount < 3 OR amount < 2", rows)).containsExactly(0L);
  }

  @Test
  void aBatchSchemaIsMatchedByFieldIdNotByName() {
    Schema renamed =
        WhereTables.schema(Types.NestedField.optional(12, "client", Types.StringType.get()));
    List<Record> rows = List.of(row(renamed, 0, "client", "bob"), row(renamed, 1, "client", "eve"));

    assertThat(kept("customer = 'eve'", rows)).containsExactly(1L);
  }

  @Test
  void aBatchWhoseRowsAllPassIsReturnedItself() {
    WhereFilter filter = WhereFilter.bind(TABLE, WhereParser.parse("amount > 0"));
    try (RowBatch batch =
        RowBatch.of(TABLE, List.of(row(0, "amount", 1.0), row(1, "amount", 2.0)))) {
      assertThat(filter.select(batch)).isSameAs(batch);
    }
  }

  @Test
  void aNewBatchReplacesTheInputWhichSelectCloses() {
    WhereFilter filter = WhereFilter.bind(TABLE, WhereParser.parse("amount > 1"));
    long before = RowBatch.allocatedBytes();
    RowBatch batch = RowBatch.of(TABLE, AMOUNTS);

    try (RowBatch selected = filter.select(batch)) {
      assertThat(selected).isNotSameAs(batch);
      assertThat(selected.schema()).isSameAs(TABLE);
      assertThat(selected.rows()).isEqualTo(2);
    }
    assertThat(RowBatch.allocatedBytes()).isEqualTo(before);
  }

  @Test
  void aFilterFalseForEveryRowGivesAnEmptyBatch() {
    WhereFilter filter = WhereFilter.bind(TABLE, WhereParser.parse("amount > 100"));
    try (RowBatch selected = filter.select(RowBatch.of(TABLE, AMOUNTS))) {
      assertThat(selected.rows()).isZero();
    }
  }

  private static List<Long> kept(String where, List<Record> rows) {
    Schema schema = rows.get(0).struct().asSchema();
    WhereFilter filter = WhereFilter.bind(TABLE, WhereParser.parse(where));
    try (RowBatch selected = filter.select(RowBatch.of(schema, rows))) {
      return selected.toRecords().stream()
          .map(row -> (Long) row.getField(KafkaColumns.OFFSET))
          .toList();
    }
  }
}
