package io.mink.indexer.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.producer.RecordMetadata;

/** A random walk over a keyed topic for upsert tables, recorded in an {@link UpsertModel}, and the lake's rows. */
public final class UpsertWalk {
  private UpsertWalk() {}

  /**
   * Produces {@code count} records over {@code keys} keys: mostly new values, 15 % tombstones and 2 % records
   * without a key, each recorded in the model where Kafka placed it.
   */
  public static void produce(
      KafkaBroker kafka, String topic, UpsertModel model, Random random, int count, int keys) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int choice = random.nextInt(100);
      String key = choice < 2 ? null : "key-" + random.nextInt(keys);
      String value = choice >= 2 && choice < 17 ? null : "value-" + random.nextLong();
      records.add(TestRecord.of(key, value));
    }
    List<RecordMetadata> sent = kafka.produce(topic, records);
    for (int i = 0; i < records.size(); i++) {
      model.add(
          sent.get(i).partition(),
          sent.get(i).offset(),
          UpsertModel.text(records.get(i).key()),
          UpsertModel.text(records.get(i).value()));
    }
  }

  /** The table's live rows as Iceberg's reader reads them, deletes applied, by key; a key twice fails. */
  public static Map<String, UpsertModel.Row> lakeRows(Table table) {
    Map<String, UpsertModel.Row> rows = new TreeMap<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record record : records) {
        UpsertModel.Row row = new UpsertModel.Row(
            UpsertModel.text(bytes(record.getField(KafkaColumns.KEY))),
            UpsertModel.text(bytes(record.getField(KafkaColumns.VALUE))),
            (Integer) record.getField(KafkaColumns.PARTITION),
            (Long) record.getField(KafkaColumns.OFFSET));
        assertThat(rows.put(row.key(), row)).as("key %s twice", row.key()).isNull();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  /** A binary column's value as bytes; null stays null. */
  public static byte[] bytes(Object buffer) {
    if (buffer == null) {
      return null;
    }
    ByteBuffer copy = ((ByteBuffer) buffer).duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }
}
