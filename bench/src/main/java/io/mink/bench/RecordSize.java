package io.mink.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.mink.testkit.TestHeader;
import io.mink.testkit.TestRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The size every phase counts for a record: key bytes + value bytes + each header's key (UTF-8) and
 * value bytes. Kafka's own framing (offsets, varints, batch headers) is not counted.
 */
public final class RecordSize {
  private RecordSize() {}

  public static long of(ConsumerRecord<byte[], byte[]> record) {
    long size =
        (long) Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    for (Header header : record.headers()) {
      size += header.key().getBytes(UTF_8).length
          + (header.value() == null ? 0 : header.value().length);
    }
    return size;
  }

  static long of(TestRecord record) {
    long size = (long) (record.key() == null ? 0 : record.key().length)
        + (record.value() == null ? 0 : record.value().length);
    for (TestHeader header : record.headers()) {
      size += header.key().getBytes(UTF_8).length
          + (header.value() == null ? 0 : header.value().length);
    }
    return size;
  }
}
