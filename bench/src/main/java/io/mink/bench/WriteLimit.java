package io.mink.bench;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.PartitionFileWriter;
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
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.RollingDataWriter;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Phase (b): the topic's rows written straight to Parquet through Iceberg's own writer
 * ({@link GenericFileWriterFactory}, {@link RollingDataWriter}) into a fresh table with Mink's
 * layout, on {@code threads} threads, each writing the Kafka partitions Mink's writer lanes would
 * give it (partition mod threads), one open file per partition as in Mink. Records are read into
 * memory a chunk at a time and made ready untimed ({@link ChunkRows#prepare}); only what the writer
 * threads do, the conversion to rows ({@link ChunkRows#converter}), the writing and the closing of the
 * files, is timed, so fetch costs nothing here. No snapshot is committed.
 */
public final class WriteLimit {
  /** Bytes of raw records a chunk holds in memory, about; the per-partition quota follows from it. */
  private static final long RAW_CHUNK_BYTES = 96L * 1024 * 1024;
  /** What a fetched record costs in memory beyond its value: ConsumerRecord, key, headers. */
  private static final int RECORD_OVERHEAD_BYTES = 300;

  private WriteLimit() {}

  /** The raw benchmark's write limit: raw rows, a chunk of about 96 MB of records at a time. */
  public static Throughput write(
      KafkaBroker broker,
      String topic,
      Map<Integer, Long> ends,
      int valueBytes,
      int threads,
      long targetFileSizeBytes,
      Map<String, String> tableOptions) {
    int quota = (int) Math.max(
        1_000,
        Math.min(100_000, RAW_CHUNK_BYTES / ends.size() / (valueBytes + RECORD_OVERHEAD_BYTES)));
    return write(
        broker,
        topic,
        ends,
        new RawChunkRows(),
        quota,
        threads,
        targetFileSizeBytes,
        tableOptions,
        Long.MAX_VALUE);
  }

  /**
   * Writes the topic's rows as {@code rows} makes them, {@code quota} records per partition a chunk, stopping after
   * the chunk that reaches {@code maxRecords} (a warm-up of the write path writes fewer than all).
   */
  public static <T> Throughput write(
      KafkaBroker broker,
      String topic,
      Map<Integer, Long> ends,
      ChunkRows<T> rows,
      int quota,
      int threads,
      long targetFileSizeBytes,
      Map<String, String> tableOptions,
      long maxRecords) {
    AtomicInteger threadNumber = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
      Thread thread = new Thread(task, "bench-writer-" + threadNumber.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    });
    try (Warehouse warehouse = Warehouse.create()) {
      Table table = new LakeTables(warehouse.catalog())
          .create(
              TableIdentifier.of("bench", "write_limit"),
              MinkTableLayout.properties(topic, null, targetFileSizeBytes, tableOptions));
      rows.open(table);
      List<Lane<T>> lanes = null;
      long records = 0;
      long bytes = 0;
      long nanos = 0;
      try (ChunkReader reader = new ChunkReader(broker, topic, ends, quota)) {
        while (reader.hasNext() && records < maxRecords) {
          Map<Integer, List<T>> chunk = new LinkedHashMap<>();
          for (Map.Entry<Integer, List<ConsumerRecord<byte[], byte[]>>> partition :
              reader.next().entrySet()) {
            chunk.put(partition.getKey(), rows.prepare(partition.getValue()));
            records += partition.getValue().size();
            for (ConsumerRecord<byte[], byte[]> record : partition.getValue()) {
              bytes += RecordSize.of(record);
            }
          }
          if (lanes == null) {
            lanes = lanes(table, rows, threads, targetFileSizeBytes);
          }
          List<Lane<T>> allLanes = lanes;
          long started = System.nanoTime();
          onEveryLane(pool, lanes, lane -> () -> {
            chunk.forEach((partition, partitionRows) -> {
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
      long written =
          files.stream().flatMap(List::stream).mapToLong(DataFile::recordCount).sum();
      if (written != records) {
        throw new IllegalStateException("The write-limit files hold " + written + " rows, not the "
            + records + " records read: the measurement is void");
      }
      long cpu = lanes.stream().mapToLong(Lane::cpuNanos).sum();
      return new Throughput(records, bytes, nanos, new CpuSplit(-1, cpu < 0 ? -1 : cpu));
    } finally {
      pool.shutdownNow();
    }
  }

  private static <T> List<Lane<T>> lanes(
      Table table, ChunkRows<T> rows, int threads, long targetFileSizeBytes) {
    FileWriterFactory<Record> factory = new GenericFileWriterFactory.Builder(table)
        .dataSchema(rows.schema())
        .dataFileFormat(FileFormat.PARQUET)
        .build();
    List<Lane<T>> lanes = new ArrayList<>();
    for (int lane = 0; lane < threads; lane++) {
      lanes.add(new Lane<>(table, factory, targetFileSizeBytes, rows.converter()));
    }
    return lanes;
  }

  /** Runs a task on every lane at once, each on a pool thread and timed there, and waits for all of them. */
  private static <T, R> List<R> onEveryLane(
      ExecutorService pool, List<Lane<T>> lanes, Function<Lane<T>, Callable<R>> task) {
    List<Future<R>> futures = new ArrayList<>();
    for (Lane<T> lane : lanes) {
      Callable<R> work = task.apply(lane);
      futures.add(pool.submit(() -> lane.timed(work)));
    }
    List<R> results = new ArrayList<>();
    try {
      for (Future<R> future : futures) {
        results.add(future.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while writing Parquet files", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "Cannot write the write-limit Parquet files: " + e.getCause(), e.getCause());
    }
    return results;
  }

  /** One writer thread's partitions: an open rolling writer each, and the thread's row converter. */
  private static final class Lane<T> {
    private final Table table;
    private final FileWriterFactory<Record> factory;
    private final long targetFileSizeBytes;
    private final Function<T, Record> converter;
    private final String operationId = UUID.randomUUID().toString();
    private final Map<Integer, RollingDataWriter<Record>> writers = new HashMap<>();
    private long cpuNanos;

    Lane(
        Table table,
        FileWriterFactory<Record> factory,
        long targetFileSizeBytes,
        Function<T, Record> converter) {
      this.table = table;
      this.factory = factory;
      this.targetFileSizeBytes = targetFileSizeBytes;
      this.converter = converter;
    }

    /** Runs work on this lane's thread, adding its CPU time to the lane's. */
    <R> R timed(Callable<R> work) throws Exception {
      long before = CpuSplit.currentThreadNanos();
      try {
        return work.call();
      } finally {
        cpuNanos =
            before < 0 || cpuNanos < 0 ? -1 : cpuNanos + CpuSplit.currentThreadNanos() - before;
      }
    }

    long cpuNanos() {
      return cpuNanos;
    }

    void write(int partition, List<T> rows) {
      RollingDataWriter<Record> writer = writers.computeIfAbsent(partition, this::open);
      for (T row : rows) {
        writer.write(converter.apply(row));
      }
    }

    private RollingDataWriter<Record> open(int partition) {
      OutputFileFactory files = OutputFileFactory.builderFor(
              table, partition, System.currentTimeMillis())
          .format(FileFormat.PARQUET)
          .operationId(operationId)
          .build();
      return new RollingDataWriter<>(
          factory,
          files,
          table.io(),
          targetFileSizeBytes,
          table.spec(),
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
