package io.mink.query.read;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.query.filter.WhereParser;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class KeyMergeTest {
  private static final Schema ROWS = new Schema(
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()),
      Types.NestedField.required(4, KafkaColumns.KEY, Types.BinaryType.get()),
      Types.NestedField.optional(
          5, KafkaColumns.HEADERS, Types.ListType.ofRequired(7, KafkaColumns.HEADER)),
      Types.NestedField.optional(20, "amount", Types.IntegerType.get()));

  @Test
  void lakeRowsOfKeysTheTailChangedAreDroppedTheOthersKeptInOrder() {
    TailChanges changes = new TailChanges();
    changes.add(key("b"), 10, false);
    changes.add(key("d"), 11, true);

    try (RowBatch merged = new KeyMerge(changes)
        .lake(batch(row(0, "a", 1), row(1, "b", 2), row(2, "c", 3), row(3, "d", 4)))) {
      assertThat(keys(merged)).containsExactly("a", "c");
    }
  }

  @Test
  void tailRowsAreEachKeysLastChangeThatIsNoDeleteInLogOrder() {
    TailChanges changes = new TailChanges();
    changes.add(key("a"), 10, false);
    changes.add(key("b"), 11, false);
    changes.add(key("a"), 12, false);
    changes.add(key("c"), 13, false);
    changes.add(key("c"), 14, true);
    changes.add(key("b"), 15, false);

    try (RowBatch merged = new KeyMerge(changes)
        .tail(batch(
            row(10, "a", 1),
            row(11, "b", 2),
            row(12, "a", 3),
            row(13, "c", 4),
            row(14, "c", null),
            row(15, "b", 5)))) {
      assertThat(keys(merged)).containsExactly("a", "b");
      assertThat(merged.toRecords())
          .extracting(record -> record.getField("amount"))
          .containsExactly(3, 5);
    }
  }

  @Test
  void theFilterSeesTheMergedRowsSoAReplacedLakeRowNeverComesBack() {
    TailChanges changes = new TailChanges();
    changes.add(key("k1"), 10, false);
    changes.add(key("k2"), 11, false);
    changes.add(key("k3"), 12, true);
    changes.add(key("k5"), 13, false);
    changes.add(key("k6"), 14, false);
    changes.add(key("k6"), 15, false);
    KeyMerge merge = new KeyMerge(changes);
    RowFilter filter = RowFilter.bind(ROWS, WhereParser.parse("amount > 50"));

    try (RowBatch lake = filter.select(merge.lake(
            batch(row(0, "k1", 100), row(1, "k2", 10), row(2, "k3", 100), row(3, "k4", 100))));
        RowBatch tail = filter.select(merge.tail(batch(
            row(10, "k1", 5),
            row(11, "k2", 70),
            row(12, "k3", null),
            row(13, "k5", 60),
            row(14, "k6", 60),
            row(15, "k6", 1))))) {
      assertThat(keys(lake)).containsExactly("k4");
      assertThat(keys(tail)).containsExactly("k2", "k5");
    }
  }

  @Test
  void keptRowsCarryTheirNestedValues() {
    TailChanges changes = new TailChanges();
    changes.add(key("a"), 10, true);
    Record header = GenericRecord.create(KafkaColumns.HEADER);
    header.setField(KafkaColumns.HEADER_KEY, "trace");
    header.setField(KafkaColumns.HEADER_VALUE, ByteBuffer.wrap(key("x")));
    Record kept = row(1, "b", 7);
    kept.setField(KafkaColumns.HEADERS, List.of(header, header));

    try (RowBatch merged = new KeyMerge(changes).lake(batch(row(0, "a", 1), kept))) {
      assertThat(merged.toRecords()).containsExactly(kept);
    }
  }

  @Test
  void aBatchWithoutTheKeyColumnIsRefusedNamingIt() {
    Schema offsets = new Schema(ROWS.findField(KafkaColumns.OFFSET));
    Record row = GenericRecord.create(offsets);
    row.setField(KafkaColumns.OFFSET, 1L);

    try (RowBatch batch = RowBatch.of(offsets, List.of(row))) {
      assertThatThrownBy(() -> new KeyMerge(new TailChanges()).lake(batch))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("it has no _kafka_key");
    }
  }

  private static RowBatch batch(Record... rows) {
    return RowBatch.of(ROWS, List.of(rows));
  }

  private static Record row(long offset, String key, Integer amount) {
    Record row = GenericRecord.create(ROWS);
    row.setField(KafkaColumns.OFFSET, offset);
    row.setField(KafkaColumns.KEY, ByteBuffer.wrap(key(key)));
    row.setField("amount", amount);
    return row;
  }

  private static List<String> keys(RowBatch batch) {
    List<String> keys = new ArrayList<>();
    for (Record record : batch.toRecords()) {
      ByteBuffer key = (ByteBuffer) record.getField(KafkaColumns.KEY);
      keys.add(UTF_8.decode(key.duplicate()).toString());
    }
    return keys;
  }

  private static byte[] key(String text) {
    return text.getBytes(UTF_8);
  }
}
