package io.mink.bench.registry;

import io.mink.bench.ChunkReader;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.RollingDataWriter;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Phase (b), the write limit for typed rows: the topic's records decoded into the same rows a Mink
 * round builds (the decoded key, the 20 value columns, the metadata columns) and written to Parquet
 * through Iceberg's own writer ({@link GenericFileWriterFactory}, {@link RollingDataWriter}) into a
 * fresh table with Mink's layout, on {@code threads} threads, each writing the Kafka partitions a
 * Mink writer lane would get (partition mod threads), one open file per partition. Records are read
 * and decoded a chunk at a time, untimed; only writing the rows and closing the files are timed.
 * No snapshot is committed.
 */
final class TypedWriteLimit {
  /**
   * Records per partition in a chunk: 6 partitions × 5,000 typed rows are about 50 MB of heap, beside
   * the open Parquet writers' buffers. 1,000 to 10,000 gave the same write CPU per row.
   */
  static final int CHUNK_RECORDS_PER_PARTITION = 5_000;

  private TypedWriteLimit() {}

  static Throughput write(KafkaBroker broker, String topic, Map<Integer, Long> ends, PartDecoder decoder,
      int threads, long targetFileSizeBytes) {
    return write(broker, topic, ends, decoder, threads, targetFileSizeBytes, Long.MAX_VALUE);
  }

  /** Like {@link #write}, stopping after the chunk that reaches {@code maxRecords}: a warm-up of the write path. */
  static Throughput write(KafkaBroker broker, String topic, Map<Integer, Long> ends, PartDecoder decoder,
      int threads, long targetFileSizeBytes, long maxRecords) {
    AtomicInteger threadNumber = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
      Thread thread = new Thread(task, "bench-typed-writer-" + threadNumber.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    });
    try (Warehouse warehouse = Warehouse.create()) {
      Table table = new LakeTables(warehouse.catalog()).create(TableIdentifier.of("bench", "typed_write_limit"),
          MinkTableLayout.properties(topic, null, targetFileSizeBytes, Map.of()));
      TypedRows typedRows = new TypedRows(decoder,
          TableSchema.of(((HasTableOperations) table).operations().current()));
      List<Lane> lanes = null;
      long records = 0;
      long bytes = 0;
      long nanos = 0;
      try (ChunkReader chunks = new ChunkReader(broker, topic, ends, CHUNK_RECORDS_PER_PARTITION)) {
        while (chunks.hasNext() && records < maxRecords) {
          Map<Integer, List<Record>> rows = new LinkedHashMap<>();
          for (Map.Entry<Integer, List<ConsumerRecord<byte[], byte[]>>> partition : chunks.next().entrySet()) {
            rows.put(partition.getKey(), typedRows.rows(partition.getValue()));
            records += partition.getValue().size();
            for (ConsumerRecord<byte[], byte[]> record : partition.getValue()) {
              bytes += RegistryTopic.sizeOf(record);
            }
          }
          if (lanes == null) {
            FileWriterFactory<Record> factory = new GenericFileWriterFactory.Builder(table)
                .dataSchema(typedRows.schema())
                .dataFileFormat(FileFormat.PARQUET)
                .build();
            lanes = new ArrayList<>();
            for (int lane = 0; lane < threads; lane++) {
              lanes.add(new Lane(table, factory, targetFileSizeBytes));
            }
          }
          List<Lane> allLanes = lanes;
          long started = System.nanoTime();
          onEveryLane(pool, lanes, lane -> () -> {
            rows.forEach((partition, partitionRows) -> {
              if (allLanes.get(Math.floorMod(partition, allLanes.size())) == lane) {
                lane.write(partition, partitionRows);
              }
            });
            return null;
          });
          nanos += System.nanoTime() - started;
        }
      }
      if (lanes == null) {
        throw new IllegalStateException("Topic " + topic + " is empty: nothing to write");
      }
      long started = System.nanoTime();
      List<List<DataFile>> files = onEveryLane(pool, lanes, lane -> lane::close);
      nanos += System.nanoTime() - started;
      long written = files.stream().flatMap(List::stream).mapToLong(DataFile::recordCount).sum();
      if (written != records) {
        throw new IllegalStateException("The write-limit files hold " + written + " rows, not the " + records
            + " records read: the measurement is void");
      }
      long cpu = lanes.stream().mapToLong(Lane::cpuNanos).sum();
      return new Throughput(records, bytes, nanos, -1, cpu < 0 ? -1 : cpu);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Runs a task on every lane at once and waits for all of them. */
  private static <T> List<T> onEveryLane(ExecutorService pool, List<Lane> lanes, Function<Lane, Callable<T>> task) {
    List<Future<T>> futures = new ArrayList<>();
    for (Lane lane : lanes) {
      Callable<T> work = task.apply(lane);
      futures.add(pool.submit(() -> lane.timed(work)));
    }
    List<T> results = new ArrayList<>();
    try {
      for (Future<T> future : futures) {
        results.add(future.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while writing Parquet files", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot write the write-limit Parquet files: " + e.getCause(), e.getCause());
    }
    return results;
  }

  /** One writer thread's partitions: an open rolling writer each. */
  private static final class Lane {
    private final Table table;
    private final FileWriterFactory<Record> factory;
    private final long targetFileSizeBytes;
    private final String operationId = UUID.randomUUID().toString();
    private final Map<Integer, RollingDataWriter<Record>> writers = new HashMap<>();
    private long cpuNanos;

    Lane(Table table, FileWriterFactory<Record> factory, long targetFileSizeBytes) {
      this.table = table;
      this.factory = factory;
      this.targetFileSizeBytes = targetFileSizeBytes;
    }

    /** Runs work on this lane's thread, adding its CPU time to the lane's. */
    <T> T timed(Callable<T> work) throws Exception {
      long before = PhaseMeter.threadCpuNanos();
      try {
        return work.call();
      } finally {
        cpuNanos = before < 0 || cpuNanos < 0 ? -1 : cpuNanos + PhaseMeter.threadCpuNanos() - before;
      }
    }

    long cpuNanos() {
      return cpuNanos;
    }

    void write(int partition, List<Record> rows) {
      RollingDataWriter<Record> writer = writers.computeIfAbsent(partition, this::open);
      for (Record row : rows) {
        writer.write(row);
      }
    }

    private RollingDataWriter<Record> open(int partition) {
      OutputFileFactory files = OutputFileFactory.builderFor(table, partition, System.currentTimeMillis())
          .format(FileFormat.PARQUET)
          .operationId(operationId)
          .build();
      return new RollingDataWriter<>(factory, files, table.io(), targetFileSizeBytes, table.spec(),
          PartitionFileWriter.kafkaPartitionKey(table.spec(), table.schema(), partition));
    }

    List<DataFile> close() {
      List<DataFile> files = new ArrayList<>();
      for (RollingDataWriter<Record> writer : writers.values()) {
        try {
          writer.close();
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot close a write-limit Parquet file", e);
        }
        files.addAll(writer.result().dataFiles());
      }
      return files;
    }
  }
}
