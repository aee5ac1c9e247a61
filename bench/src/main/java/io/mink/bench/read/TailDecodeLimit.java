package io.mink.bench.read;

import io.mink.bench.ChunkReader;
import io.mink.bench.CpuSplit;
import io.mink.bench.RecordSize;
import io.mink.bench.Throughput;
import io.mink.indexer.round.RegistryWaitingParts;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.RowSegment;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.MinkTableLayout;
import io.mink.query.read.UnionRead;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.iceberg.HasTableOperations;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The tail read's decode limit: the records of the topic, fetched into memory a chunk at a time (untimed), built
 * into column batches by the row builder a read builds them with (the fresh table's schema, the registry's decoder,
 * the table's mapping options), {@link #RECORDS_PER_BUILD} records of one partition per call, as many as one poll
 * of {@code mink read}'s consumer returns. Only the building is timed: decode and row assembly without fetch.
 */
public final class TailDecodeLimit {
  /** Records per call of the row builder: Kafka's default max.poll.records, which mink read's consumer keeps. */
  static final int RECORDS_PER_BUILD = 500;

  private static final int CHUNK_RECORDS_PER_PARTITION = 20_000;

  private TailDecodeLimit() {}

  static Throughput decode(KafkaBroker broker, ReadSubject fresh, Map<Integer, Long> ends) {
    return decode(broker, fresh.sidecar(), fresh.descriptor(), fresh.decoders(), ends);
  }

  /** The decode limit of {@code table}'s records up to {@code ends}, built as a read of it would build them. */
  public static Throughput decode(
      KafkaBroker broker,
      InProcessSidecar sidecar,
      TableDescriptor table,
      Supplier<PartDecoder> decoders,
      Map<Integer, Long> ends) {
    RowBuilder rows = rowBuilder(sidecar, table, decoders);
    String topic = table.topic();
    long records = 0;
    long bytes = 0;
    long nanos = 0;
    long cpu = 0;
    try (ChunkReader chunks = new ChunkReader(broker, topic, ends, CHUNK_RECORDS_PER_PARTITION)) {
      while (chunks.hasNext()) {
        for (List<ConsumerRecord<byte[], byte[]>> partition : chunks.next().values()) {
          for (int from = 0; from < partition.size(); from += RECORDS_PER_BUILD) {
            List<ConsumerRecord<byte[], byte[]>> polled =
                partition.subList(from, Math.min(partition.size(), from + RECORDS_PER_BUILD));
            long cpuAtStart = CpuSplit.currentThreadNanos();
            long started = System.nanoTime();
            build(rows, polled, topic);
            nanos += System.nanoTime() - started;
            cpu += CpuSplit.currentThreadNanos() - cpuAtStart;
            records += polled.size();
            for (ConsumerRecord<byte[], byte[]> record : polled) {
              bytes += RecordSize.of(record);
            }
          }
        }
      }
    }
    return new Throughput(records, bytes, nanos, new CpuSplit(cpu, -1));
  }

  private static void build(
      RowBuilder rows, List<ConsumerRecord<byte[], byte[]>> records, String topic) {
    RowBuilder.Built built;
    try {
      built = rows.build(records);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while decoding topic " + topic, e);
    }
    built.segments().forEach(RowSegment::close);
    if (built.records() < records.size() || !rows.rawCounts().isEmpty()) {
      throw new IllegalStateException("The decode limit left records of topic " + topic
          + " undecoded or raw " + rows.rawCounts() + ": the registry path was not measured");
    }
  }

  /** The row builder a read of the fresh table starts with, as UnionRead makes it. */
  private static RowBuilder rowBuilder(
      InProcessSidecar sidecar, TableDescriptor table, Supplier<PartDecoder> decoders) {
    String name = table.qualifiedName();
    MappingOptions options = MinkTableLayout.mappingOptions(table.options());
    TableSchema start =
        TableSchema.of(((HasTableOperations) sidecar.table(table)).operations().current());
    RegistryWaitingParts parts = new RegistryWaitingParts(
        name,
        decoders.get(),
        options,
        System::nanoTime,
        System.nanoTime() + UnionRead.REGISTRY_WAIT.toNanos(),
        wait -> {});
    return new RowBuilder(name, start, parts, options);
  }
}
