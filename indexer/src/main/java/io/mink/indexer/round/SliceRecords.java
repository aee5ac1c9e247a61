package io.mink.indexer.round;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Records whose key and value are slices of Kafka's fetch buffer, as the round's consumer reads them, copied
 * into records of their own arrays for the steps that keep or decode whole arrays: a typed table's decoders and
 * an upsert table's fold.
 */
final class SliceRecords {
  private SliceRecords() {}

  /** The records with their keys and values copied out of the slices. */
  static List<ConsumerRecord<byte[], byte[]>> copies(
      List<ConsumerRecord<ByteBuffer, ByteBuffer>> records) {
    List<ConsumerRecord<byte[], byte[]>> copies = new ArrayList<>(records.size());
    for (ConsumerRecord<ByteBuffer, ByteBuffer> record : records) {
      copies.add(copy(record));
    }
    return copies;
  }

  /** The record with its key and value copied out of the slices; every other field as it is. */
  static ConsumerRecord<byte[], byte[]> copy(ConsumerRecord<ByteBuffer, ByteBuffer> record) {
    return new ConsumerRecord<>(
        record.topic(),
        record.partition(),
        record.offset(),
        record.timestamp(),
        record.timestampType(),
        record.serializedKeySize(),
        record.serializedValueSize(),
        bytes(record.key()),
        bytes(record.value()),
        record.headers(),
        record.leaderEpoch(),
        record.deliveryCount());
  }

  /** The slice's remaining bytes in an array of their own, the slice left as it was; null for null. */
  static byte[] bytes(ByteBuffer slice) {
    if (slice == null) {
      return null;
    }
    byte[] bytes = new byte[slice.remaining()];
    slice.duplicate().get(bytes);
    return bytes;
  }

  /** The bytes of the slices' keys and values, for sizing the columns that take them. */
  static long keyBytes(List<ConsumerRecord<ByteBuffer, ByteBuffer>> records) {
    long bytes = 0;
    for (ConsumerRecord<ByteBuffer, ByteBuffer> record : records) {
      bytes += record.key() == null ? 0 : record.key().remaining();
    }
    return bytes;
  }

  static long valueBytes(List<ConsumerRecord<ByteBuffer, ByteBuffer>> records) {
    long bytes = 0;
    for (ConsumerRecord<ByteBuffer, ByteBuffer> record : records) {
      bytes += record.value() == null ? 0 : record.value().remaining();
    }
    return bytes;
  }
}
