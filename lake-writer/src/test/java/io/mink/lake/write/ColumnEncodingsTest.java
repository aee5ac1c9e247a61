package io.mink.lake.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.RowBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class ColumnEncodingsTest {
  private static final Types.StructType ADDRESS = Types.StructType.of(
      Types.NestedField.optional(8, "city", Types.StringType.get()),
      Types.NestedField.optional(9, "street", Types.StringType.get()));
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.optional(1, "_kafka_offset", Types.LongType.get()),
      Types.NestedField.optional(2, "_kafka_value", Types.BinaryType.get()),
      Types.NestedField.optional(3, "status", Types.StringType.get()),
      Types.NestedField.optional(4, "product", Types.StringType.get()),
      Types.NestedField.optional(5, "description", Types.StringType.get()),
      Types.NestedField.optional(6, "address", ADDRESS),
      Types.NestedField.optional(7, "tags", Types.ListType.ofOptional(10, Types.StringType.get())));
  private static final Map<String, String> EIGHT_MIB_GROUPS = Map.of(
      "write.parquet.row-group-size-bytes", Long.toString(8L << 20),
      "write.parquet.dict-size-bytes", Long.toString(2L << 20));

  private static Map<String, String> choose(List<Record> rows, Map<String, String> properties) {
    try (RowBatch batch = RowBatch.of(SCHEMA, rows)) {
      return ColumnEncodings.choose(SCHEMA, batch, properties);
    }
  }

  @Test
  void dictionaryStaysOnlyOnColumnsWhoseValuesRepeatWithinARowGroup() {
    Map<String, String> chosen = choose(rows(2_000), EIGHT_MIB_GROUPS);

    assertThat(chosen)
        .containsEntry("write.parquet.dict-encoding-enabled.column._kafka_offset", "false")
        .containsEntry("write.parquet.dict-encoding-enabled.column.description", "false")
        .containsEntry("write.parquet.dict-encoding-enabled.column.address.street", "false")
        .doesNotContainKey("write.parquet.dict-encoding-enabled.column.status")
        .doesNotContainKey("write.parquet.dict-encoding-enabled.column.product")
        .doesNotContainKey("write.parquet.dict-encoding-enabled.column.address.city")
        .doesNotContainKey("write.parquet.dict-encoding-enabled.column.tags.element");
  }

  @Test
  void rawValueBytesHaveNoStatistics() {
    assertThat(choose(rows(10), EIGHT_MIB_GROUPS))
        .containsEntry("write.parquet.stats-enabled.column._kafka_value", "false");
  }

  @Test
  void aMediumCardinalityColumnLosesItsDictionaryWhenRowGroupsAreTooSmallForItToRepeat() {
    Map<String, String> tiny =
        Map.of("write.parquet.row-group-size-bytes", Long.toString(256L << 10));

    assertThat(choose(rows(2_000), tiny))
        .containsEntry("write.parquet.dict-encoding-enabled.column.product", "false")
        .doesNotContainKey("write.parquet.dict-encoding-enabled.column.status");
  }

  @Test
  void aChoiceTheTablePropertiesMakeIsKept() {
    Map<String, String> properties = new java.util.HashMap<>(EIGHT_MIB_GROUPS);
    properties.put("write.parquet.dict-encoding-enabled.column.description", "true");

    assertThat(choose(rows(2_000), properties))
        .doesNotContainKey("write.parquet.dict-encoding-enabled.column.description")
        .containsKey("write.parquet.dict-encoding-enabled.column._kafka_offset");
  }

  @Test
  void anEmptySampleKeepsEveryDictionary() {
    assertThat(choose(List.of(), EIGHT_MIB_GROUPS))
        .containsOnlyKeys("write.parquet.stats-enabled.column._kafka_value");
  }

  @Test
  void chao1EstimatesTheUnseenValuesFromThoseSeenOnceAndTwice() {
    DistinctEstimate.Counter counter = DistinctEstimate.counter();
    for (Object value : List.of("a", "a", "b", "b", "c", "d", "e", "f")) {
      counter.add(value, 5);
    }
    DistinctEstimate estimate = counter.result();

    assertThat(estimate.distinct()).isEqualTo(6);
    assertThat(estimate.estimate()).isEqualTo(6 + 16 / 4.0);
    assertThat(estimate.meanBytes()).isEqualTo(5.0);
  }

  private static List<Record> rows(int count) {
    Random random = new Random(7);
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Record row = GenericRecord.create(SCHEMA);
      row.setField("_kafka_offset", (long) i);
      row.setField("_kafka_value", ByteBuffer.wrap(new byte[] {(byte) i}));
      row.setField("status", random.nextBoolean() ? "OPEN" : "SHIPPED");
      row.setField("product", "product-" + random.nextInt(5_000));
      row.setField("description", "text " + random.nextLong());
      Record address = GenericRecord.create(ADDRESS);
      address.setField("city", "city-" + random.nextInt(50));
      address.setField("street", "street " + random.nextLong());
      row.setField("address", address);
      row.setField("tags", List.of("t" + random.nextInt(3)));
      rows.add(row);
    }
    return rows;
  }
}
