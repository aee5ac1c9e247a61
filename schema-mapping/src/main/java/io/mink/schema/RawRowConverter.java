package io.mink.schema;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Turns a Kafka record into a row of the metadata columns, keeping the raw key and value.
 * One instance per writer thread: the returned row is reused by the next call, so write it before
 * converting the next record.
 */
public final class RawRowConverter {
  private static final Record HEADER_TEMPLATE = GenericRecord.create(KafkaColumns.HEADER);

  private final GenericRecord row = GenericRecord.create(KafkaColumns.SCHEMA);

  public Record convert(ConsumerRecord<byte[], byte[]> record) {
    row.set(KafkaColumns.PARTITION_POSITION, record.partition());
    row.set(KafkaColumns.OFFSET_POSITION, record.offset());
    row.set(KafkaColumns.TIMESTAMP_POSITION, timestamp(record.timestamp()));
    row.set(KafkaColumns.KEY_POSITION, wrap(record.key()));
    row.set(KafkaColumns.HEADERS_POSITION, headers(record.headers()));
    row.set(KafkaColumns.VALUE_POSITION, wrap(record.value()));
    return row;
  }

  /** Kafka's milliseconds as a timestamptz; -1 (no timestamp) is null. */
  static OffsetDateTime timestamp(long epochMillis) {
    if (epochMillis < 0) {
      return null;
    }
    return OffsetDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC);
  }

  private static ByteBuffer wrap(byte[] bytes) {
    return bytes == null ? null : ByteBuffer.wrap(bytes);
  }

  private static List<Record> headers(Headers headers) {
    Header[] all = headers.toArray();
    List<Record> rows = new ArrayList<>(all.length);
    for (Header header : all) {
      Record row = HEADER_TEMPLATE.copy();
      row.set(0, header.key());
      row.set(1, wrap(header.value()));
      rows.add(row);
    }
    return rows;
  }
}
