package io.mink.indexer.tiering;

import io.mink.lake.PartitionFileWriter;
import io.mink.schema.RawRowConverter;
import java.util.List;
import java.util.function.Supplier;
import org.apache.iceberg.DataFile;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The rows of one partition in one round, written on the partition's writer lane. A failure is
 * kept, not thrown, so the lane keeps serving other partitions; the round checks it at the end.
 */
final class PartitionSink {
  private final int partition;
  private final Supplier<PartitionFileWriter> opener;
  private final RawRowConverter converter = new RawRowConverter();
  private PartitionFileWriter writer;
  private volatile RuntimeException failure;
  private long rows;
  private long bytes;
  private List<DataFile> files = List.of();

  PartitionSink(int partition, Supplier<PartitionFileWriter> opener) {
    this.partition = partition;
    this.opener = opener;
  }

  int partition() {
    return partition;
  }

  /** Runs on the lane: converts and writes the batch. */
  void write(List<ConsumerRecord<byte[], byte[]>> batch) {
    if (failure != null) {
      return;
    }
    try {
      if (writer == null) {
        writer = opener.get();
      }
      for (ConsumerRecord<byte[], byte[]> record : batch) {
        writer.write(converter.convert(record));
        bytes += sizeOf(record);
      }
      rows += batch.size();
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  /** Runs on the lane: closes the open file. */
  void complete() {
    if (failure != null || writer == null) {
      return;
    }
    try {
      files = writer.complete();
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  /** Runs on the lane: deletes what was written. */
  void abort() {
    if (writer != null) {
      writer.abort();
    }
  }

  RuntimeException failure() {
    return failure;
  }

  List<DataFile> files() {
    return files;
  }

  long rows() {
    return rows;
  }

  long bytes() {
    return bytes;
  }

  private static long sizeOf(ConsumerRecord<byte[], byte[]> record) {
    long size = Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    for (Header header : record.headers()) {
      size += header.key().length() + (header.value() == null ? 0 : header.value().length);
    }
    return size;
  }
}
