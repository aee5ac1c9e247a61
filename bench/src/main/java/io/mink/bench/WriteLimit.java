package io.mink.bench;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
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
 * memory a chunk at a time and only the conversion to rows, the writing and the closing of the
 * files are timed, so fetch costs nothing here. No snapshot is committed.
 */
public final class WriteLimit {
  /** Bytes of records a chunk holds in memory, about; the per-partition quota follows from it. */
  private static final long CHUNK_BYTES = 96L * 1024 * 1024;
  /** What a fetched record costs in memory beyond its value: ConsumerRecord, key, headers. */
  private static final int RECORD_OVERHEAD_BYTES = 300;

  private WriteLimit() {}

  public static Throughput write(KafkaBroker broker, String topic, Map<Integer, Long> ends, int valueBytes,
      int threads, long targetFileSizeBytes, Map<String, String> tableOptions) {
    AtomicInteger threadNumber = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
      Thread thread = new Thread(task, "bench-writer-" + threadNumber.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    });
    try (Warehouse warehouse = Warehouse.create()) {
      Table table = new LakeTables(warehouse.catalog()).create(TableIdentifier.of("bench", "write_limit"),
          MinkTableLayout.properties(topic, null, targetFileSizeBytes, tableOptions));
      FileWriterFactory<Record> factory = new GenericFileWriterFactory.Builder(table)
          .dataFileFormat(FileFormat.PARQUET)
          .build();
      List<Lane> lanes = new ArrayList<>();
      for (int lane = 0; lane < threads; lane++) {
        lanes.add(new Lane(table, factory, targetFileSizeBytes));
      }
      long records = 0;
      long bytes = 0;
      long nanos = 0;
      int quota = (int) Math.max(1_000, Math.min(100_000,
          CHUNK_BYTES / ends.size() / (valueBytes + RECORD_OVERHEAD_BYTES)));
      try (ChunkReader reader = new ChunkReader(broker, topic, ends, quota)) {
        while (reader.hasNext()) {
          Map<Integer, List<ConsumerRecord<byte[], byte[]>>> chunk = reader.next();
          for (List<ConsumerRecord<byte[], byte[]>> partitionRecords : chunk.values()) {
            records += partitionRecords.size();
            for (ConsumerRecord<byte[], byte[]> record : partitionRecords) {
              bytes += RecordSize.of(record);
            }
          }
          long started = System.nanoTime();
          onEveryLane(pool, lanes, lane -> () -> lane.timed(() -> {
            chunk.forEach((partition, partitionRecords) -> {
              if (lanes.get(Math.floorMod(partition, lanes.size())) == lane) {
                lane.write(partition, partitionRecords);
              }
            });
            return null;
          }));
          nanos += System.nanoTime() - started;
        }
      }
      long started = System.nanoTime();
      List<List<DataFile>> files = onEveryLane(pool, lanes, lane -> () -> lane.timed(lane::close));
      nanos += System.nanoTime() - started;
      long written = files.stream().flatMap(List::stream).mapToLong(DataFile::recordCount).sum();
      if (written != records) {
        throw new IllegalStateException("The write-limit files hold " + written + " rows, not the " + records
            + " records read: the measurement is void");
      }
      long cpu = lanes.stream().mapToLong(Lane::cpuNanos).sum();
      return new Throughput(records, bytes, nanos, new CpuSplit(-1, cpu));
    } finally {
      pool.shutdownNow();
    }
  }

  private interface LaneTask<T> {
    Callable<T> on(Lane lane);
  }

  /** Runs a task on every lane at once and waits for all of them. */
  private static <T> List<T> onEveryLane(ExecutorService pool, List<Lane> lanes, LaneTask<T> task) {
    List<Future<T>> futures = new ArrayList<>();
    for (Lane lane : lanes) {
      futures.add(pool.submit(task.on(lane)));
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

  /** One writer thread's partitions: an open rolling writer each, and one row assembler. */
  private static final class Lane {
    private final Table table;
    private final FileWriterFactory<Record> factory;
    private final long targetFileSizeBytes;
    private final String operationId = UUID.randomUUID().toString();
    private final RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    private final Map<Integer, RollingDataWriter<Record>> writers = new HashMap<>();
    private long cpuNanos;

    Lane(Table table, FileWriterFactory<Record> factory, long targetFileSizeBytes) {
      this.table = table;
      this.factory = factory;
      this.targetFileSizeBytes = targetFileSizeBytes;
    }

    /** Runs work on this lane's thread, adding its CPU time to the lane's. */
    <T> T timed(Supplier<T> work) {
      long before = CpuSplit.currentThreadNanos();
      try {
        return work.get();
      } finally {
        cpuNanos = before < 0 || cpuNanos < 0 ? -1 : cpuNanos + CpuSplit.currentThreadNanos() - before;
      }
    }

    long cpuNanos() {
      return cpuNanos;
    }

    void write(int partition, List<ConsumerRecord<byte[], byte[]>> records) {
      RollingDataWriter<Record> writer = writers.computeIfAbsent(partition, this::open);
      for (ConsumerRecord<byte[], byte[]> record : records) {
        writer.write(rows.rawRow(record));
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
