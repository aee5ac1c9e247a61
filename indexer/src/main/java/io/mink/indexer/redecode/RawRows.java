package io.mink.indexer.redecode;

import io.mink.schema.KafkaColumns;
import io.mink.schema.table.TableColumns;
import java.nio.ByteBuffer;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;

/**
 * The lake rows of one table schema read as the Kafka records they came from, and rows put together again after a
 * redecode; pure. A part is raw when the lake holds its bytes and not its typed columns: a value whose
 * {@code _kafka_value} is set, a key whose {@code _kafka_key} is set and whose {@code _kafka_decoded_key} is not (an
 * upsert table keeps the raw key of a decoded key too).
 */
final class RawRows {
  private final Schema schema;
  private final boolean hasDecodedKey;

  RawRows(Schema schema) {
    this.schema = schema;
    this.hasDecodedKey = schema.findField(TableColumns.DECODED_KEY) != null;
  }

  Schema schema() {
    return schema;
  }

  /** The raw key bytes of the row, or null when its key is null or decoded. */
  byte[] rawKey(Record row) {
    if (hasDecodedKey && row.getField(TableColumns.DECODED_KEY) != null) {
      return null;
    }
    return bytes(row.getField(KafkaColumns.KEY));
  }

  /** The raw value bytes of the row, or null when its value is null or decoded. */
  byte[] rawValue(Record row) {
    return bytes(row.getField(KafkaColumns.VALUE));
  }

  /** The row's Kafka record with only the given parts: a part passed as null is not decoded again. */
  ConsumerRecord<byte[], byte[]> record(String topic, Record row, byte[] key, byte[] value) {
    RecordHeaders headers = new RecordHeaders();
    @SuppressWarnings("unchecked")
    List<Record> kept = (List<Record>) row.getField(KafkaColumns.HEADERS);
    if (kept != null) {
      for (Record header : kept) {
        headers.add(
            (String) header.getField(KafkaColumns.HEADER_KEY),
            bytes(header.getField(KafkaColumns.HEADER_VALUE)));
      }
    }
    OffsetDateTime timestamp = (OffsetDateTime) row.getField(KafkaColumns.TIMESTAMP);
    return new ConsumerRecord<>(
        topic,
        (Integer) row.getField(KafkaColumns.PARTITION),
        (Long) row.getField(KafkaColumns.OFFSET),
        timestamp == null ? ConsumerRecord.NO_TIMESTAMP : toMillis(timestamp),
        TimestampType.CREATE_TIME,
        key == null ? ConsumerRecord.NULL_SIZE : key.length,
        value == null ? ConsumerRecord.NULL_SIZE : value.length,
        key,
        value,
        headers,
        Optional.empty());
  }

  /** The header value a part's schema id may be in, or null. */
  static byte[] header(ConsumerRecord<byte[], byte[]> record, String name) {
    var header = record.headers().lastHeader(name);
    return header == null ? null : header.value();
  }

  /** Whether the rebuilt row decoded the key its lake row held raw. */
  boolean keyDecoded(Record rebuilt) {
    return hasDecodedKey(rebuilt) && rebuilt.getField(TableColumns.DECODED_KEY) != null;
  }

  /** Whether the rebuilt row decoded the value its lake row held raw. */
  static boolean valueDecoded(Record rebuilt) {
    return rebuilt.getField(KafkaColumns.VALUE) == null;
  }

  private static boolean hasDecodedKey(Record rebuilt) {
    return rebuilt.struct().field(TableColumns.DECODED_KEY) != null;
  }

  /**
   * The lake row with the decoded parts of the rebuilt one: its key columns when the key decoded, its value columns
   * (every column but the Kafka ones and the decoded key) when the value did; both rows of this schema.
   */
  Record merge(Record lake, Record rebuilt, boolean key, boolean value) {
    GenericRecord merged = GenericRecord.create(schema);
    List<Types.NestedField> columns = schema.columns();
    for (int i = 0; i < columns.size(); i++) {
      String name = columns.get(i).name();
      boolean fromRebuilt = isKeyColumn(name) ? key : (isValueColumn(name) && value);
      merged.set(i, fromRebuilt ? rebuilt.get(i) : lake.get(i));
    }
    return merged;
  }

  private static boolean isKeyColumn(String name) {
    return name.equals(KafkaColumns.KEY) || name.equals(TableColumns.DECODED_KEY);
  }

  private static boolean isValueColumn(String name) {
    return !isKeyColumn(name)
        && !name.equals(KafkaColumns.PARTITION)
        && !name.equals(KafkaColumns.OFFSET)
        && !name.equals(KafkaColumns.TIMESTAMP)
        && !name.equals(KafkaColumns.HEADERS);
  }

  private static long toMillis(OffsetDateTime timestamp) {
    return Math.floorDiv(
        timestamp.toEpochSecond() * 1_000_000L + timestamp.getNano() / 1_000, 1_000L);
  }

  private static byte[] bytes(Object value) {
    if (value == null) {
      return null;
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
