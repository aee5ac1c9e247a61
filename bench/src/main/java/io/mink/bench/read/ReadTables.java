package io.mink.bench.read;

import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * The two tables of the benchmark's topic, each in a warehouse of its own (the embedded SQLite lake) with a sidecar
 * in this JVM that decodes through the registry: the tiered table, which rounds index step by step, and the fresh
 * table, added and never indexed, so that its whole log is its tail.
 */
final class ReadTables implements AutoCloseable {
  /** So long that no round is cut short for freshness. */
  private static final Duration FRESHNESS = Duration.ofHours(1);

  private static final int MAX_ROUNDS = 100;

  /**
   * What the rounds of one step committed.
   *
   * @param snapshotId the snapshot that carries the step's end offsets
   * @param totalRows the snapshot's total-records
   * @param dataFiles the snapshot's total-data-files
   * @param parquetBytes the snapshot's total-files-size: the bytes of its Parquet files
   */
  record Tiered(
      long snapshotId, long totalRows, long dataFiles, long parquetBytes, int rounds, long nanos) {}

  private final Warehouse tieredWarehouse = Warehouse.create();
  private final Warehouse freshWarehouse = Warehouse.create();
  private final InProcessSidecar tiered;
  private final InProcessSidecar fresh;
  private final TableDescriptor tieredTable;
  private final TableDescriptor freshTable;
  private final Supplier<PartDecoder> decoders;
  private final Map<String, Object> consumerSettings;

  /**
   * @param decoders makes a new decoder for each sidecar and each read, as each process builds its own
   * @param consumerSettings the reads' consumer properties over mink read's
   */
  ReadTables(
      KafkaBroker broker,
      String topic,
      Supplier<PartDecoder> decoders,
      Map<String, Object> consumerSettings) {
    this.decoders = decoders;
    this.consumerSettings = Map.copyOf(consumerSettings);
    String servers = broker.bootstrapServers();
    tiered = new InProcessSidecar(
        servers, tieredWarehouse.lakeSettings(), "_tables_tiered", decoders.get());
    fresh = new InProcessSidecar(
        servers, freshWarehouse.lakeSettings(), "_tables_fresh", decoders.get());
    tieredTable = tiered.add(topic, FRESHNESS);
    freshTable = fresh.add(topic, FRESHNESS);
  }

  /** Runs rounds of the tiered table until its newest Mink snapshot carries {@code ends}. */
  Tiered tierTo(Map<Integer, Long> ends) {
    LakeOffsets target = LakeOffsets.of(ends);
    int rounds = 0;
    long started = System.nanoTime();
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = tiered.newConsumer()) {
      while (!tiered.offsets(tieredTable).equals(target)) {
        if (rounds == MAX_ROUNDS) {
          throw new IllegalStateException("Mink did not reach the offsets " + target + " of "
              + tieredTable.qualifiedName() + " in " + MAX_ROUNDS + " rounds; it is at "
              + tiered.offsets(tieredTable));
        }
        RoundResult round = tiered.runRound(tieredTable, consumer);
        if (!round.rawParts().isEmpty()) {
          throw new IllegalStateException("Mink left parts raw: " + round.rawParts()
              + "; the benchmark's lake would not be typed");
        }
        rounds++;
      }
    }
    long nanos = System.nanoTime() - started;
    Snapshot snapshot = tiered.table(tieredTable).currentSnapshot();
    Map<String, String> summary = snapshot.summary();
    return new Tiered(
        snapshot.snapshotId(),
        Long.parseLong(summary.get(SnapshotSummary.TOTAL_RECORDS_PROP)),
        Long.parseLong(summary.get(SnapshotSummary.TOTAL_DATA_FILES_PROP)),
        Long.parseLong(summary.get(SnapshotSummary.TOTAL_FILE_SIZE_PROP)),
        rounds,
        nanos);
  }

  ReadSubject tiered() {
    return new ReadSubject(tiered, tieredTable, decoders, consumerSettings);
  }

  ReadSubject fresh() {
    return new ReadSubject(fresh, freshTable, decoders, consumerSettings);
  }

  Table tieredTable() {
    return tiered.table(tieredTable);
  }

  /** The tiered table's top-level columns of primitive types, in table order: what a vectorized read can take. */
  List<String> primitiveColumns() {
    return tieredTable().schema().columns().stream()
        .filter(column -> column.type().isPrimitiveType())
        .map(Types.NestedField::name)
        .toList();
  }

  @Override
  public void close() {
    tiered.close();
    fresh.close();
    tieredWarehouse.close();
    freshWarehouse.close();
  }
}
