package io.mink.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * A record a test sends to Kafka. Arrays are shared, not copied: do not change them after building the record.
 *
 * @param partition the partition to send to, or null to let the producer's partitioner choose
 * @param key the key bytes, or null
 * @param value the value bytes, or null for a tombstone
 * @param headers the headers in the order they are sent; keys may repeat
 * @param timestamp the create time in epoch milliseconds, or null to let the producer stamp the send time
 */
public record TestRecord(
    Integer partition, byte[] key, byte[] value, List<TestHeader> headers, Long timestamp) {
  public TestRecord {
    if (partition != null && partition < 0) {
      throw new IllegalArgumentException(
          "partition is " + partition + ": use 0 or more, or null to let the producer choose");
    }
    if (timestamp != null && timestamp < 0) {
      throw new IllegalArgumentException("timestamp is " + timestamp
          + ": Kafka accepts only 0 or more, or null for the send time");
    }
    headers = List.copyOf(requireNonNull(headers, "headers is null"));
  }

  /** A record with no headers, no fixed partition and the producer's send time. */
  public static TestRecord of(byte[] key, byte[] value) {
    return new TestRecord(null, key, value, List.of(), null);
  }

  /** Like {@link #of(byte[], byte[])} with UTF-8 text; either may be null. */
  public static TestRecord of(String key, String value) {
    return of(
        key == null ? null : key.getBytes(UTF_8), value == null ? null : value.getBytes(UTF_8));
  }

  public ProducerRecord<byte[], byte[]> toProducerRecord(String topic) {
    requireNonNull(topic, "topic is null");
    List<Header> kafkaHeaders = headers.stream().map(TestHeader::toHeader).toList();
    return new ProducerRecord<>(topic, partition, timestamp, key, value, kafkaHeaders);
  }
}
