package io.mink.bench.registry;

import io.mink.bench.Throughput;
import io.mink.bench.WriteLimit;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.util.Map;

/**
 * The typed write limit: a topic of Confluent-prefixed Avro orders decoded into the rows a round builds,
 * {@link #CHUNK_RECORDS_PER_PARTITION} per partition at a time and untimed, then written to Parquet through
 * Iceberg's writer (timed), as {@link WriteLimit} writes raw rows.
 */
public final class TypedWriteLimit {
  /**
   * Records the write path is warmed up with before the limit is timed, so that no timed run pays for
   * compiling Parquet's encoders.
   */
  public static final long WARM_UP_RECORDS = 200_000;
  /**
   * Records per partition in a chunk: 6 partitions × 5,000 typed rows are about 50 MB of heap, beside the open
   * Parquet writers' buffers. 1,000 to 10,000 gave the same write CPU per row.
   */
  static final int CHUNK_RECORDS_PER_PARTITION = 5_000;

  private TypedWriteLimit() {}

  /** Writes the topic's rows on {@code threads} threads, stopping after the chunk that reaches {@code maxRecords}. */
  public static Throughput write(
      KafkaBroker broker,
      FakeSchemaRegistry registry,
      String topic,
      Map<Integer, Long> ends,
      int threads,
      long targetFileSize,
      long maxRecords) {
    return WriteLimit.write(
        broker,
        topic,
        ends,
        new TypedRows(OrderSchemas.decoder(registry)),
        CHUNK_RECORDS_PER_PARTITION,
        threads,
        targetFileSize,
        Map.of(),
        maxRecords);
  }
}
