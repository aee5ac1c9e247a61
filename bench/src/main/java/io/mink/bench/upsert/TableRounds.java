package io.mink.bench.upsert;

import io.mink.bench.ResourceMeter;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;

/**
 * One table of a topic and the rounds a sidecar's worker runs of it, with one consumer kept from round to round as a
 * worker keeps it: {@link #catchUp} runs rounds until the table holds the topic's end offsets, and adds their time,
 * the JVM's CPU time and the CPU time the rest of the machine took meanwhile to the table's totals.
 */
final class TableRounds implements AutoCloseable {
  /** A freshness no round of the benchmark reaches, so none is cut short. */
  static final Duration FRESHNESS = Duration.ofHours(1);

  private static final int MAX_ROUNDS_TO_CATCH_UP = 20;

  private final InProcessSidecar sidecar;
  private final TableDescriptor descriptor;
  private final KafkaConsumer<ByteBuffer, ByteBuffer> consumer;
  private long rows;
  private long nanos;
  private long cpuNanos;
  private long otherCpuNanos;
  private int rounds;
  private int catchUps;

  private TableRounds(InProcessSidecar sidecar, TableDescriptor descriptor) {
    this.sidecar = sidecar;
    this.descriptor = descriptor;
    this.consumer = sidecar.newConsumer();
  }

  /**
   * Adds the topic as a table with {@code options}, as mink table add does, named for the topic and {@code suffix}
   * so that one topic can have several tables.
   */
  static TableRounds add(
      InProcessSidecar sidecar, String topic, String suffix, Map<String, String> options) {
    TableDescriptor descriptor = new TableDescriptor(
        "kafka",
        TableDescriptor.tableNameFor(topic) + "_" + suffix,
        topic,
        null,
        FRESHNESS,
        options,
        Instant.now());
    sidecar.lake.create(
        TieringService.identifier(descriptor),
        MinkTableLayout.properties(topic, null, InProcessSidecar.TARGET_FILE_SIZE, options));
    sidecar.store.put(descriptor);
    return new TableRounds(sidecar, descriptor);
  }

  /**
   * Runs rounds until the table holds every record of the topic; normally one. Fails when that takes more than
   * {@value #MAX_ROUNDS_TO_CATCH_UP} rounds.
   */
  void catchUp(KafkaBroker broker) {
    LakeOffsets target =
        LakeOffsets.of(broker.endOffsets(descriptor.topic(), IsolationLevel.READ_COMMITTED));
    long machineAtStart = ResourceMeter.machineBusyNanos();
    long cpuAtStart = ResourceMeter.processCpuNanos();
    long started = System.nanoTime();
    LakeOffsets reached = sidecar.offsets(descriptor);
    int ran = 0;
    while (!reached.equals(target)) {
      if (ran == MAX_ROUNDS_TO_CATCH_UP) {
        throw new IllegalStateException("Table " + descriptor.qualifiedName() + " did not reach "
            + target + " in " + ran + " rounds; it is at " + reached);
      }
      RoundResult round = sidecar.runRound(descriptor, consumer);
      rows += round.rows();
      reached = round.offsets();
      ran++;
    }
    long elapsed = System.nanoTime() - started;
    long cpu = ResourceMeter.processCpuNanos() - cpuAtStart;
    nanos += elapsed;
    cpuNanos += cpu;
    otherCpuNanos += Math.max(0, ResourceMeter.machineBusyNanos() - machineAtStart - cpu);
    rounds += ran;
    catchUps++;
  }

  TableDescriptor descriptor() {
    return descriptor;
  }

  Table table() {
    return sidecar.table(descriptor);
  }

  /** The name Spark reads the table by. */
  String sparkName() {
    return "mink." + descriptor.qualifiedName();
  }

  /** The rounds' totals so far. */
  Timing timing() {
    return new Timing(rows, nanos, cpuNanos, otherCpuNanos, rounds, catchUps);
  }

  @Override
  public void close() {
    consumer.close();
  }

  /**
   * What a table's rounds took.
   *
   * @param rows the rows the rounds wrote (records folded away in a round are not rows)
   * @param nanos the rounds' wall time
   * @param cpuNanos the JVM's CPU time during them, all its threads (the in-process broker's too)
   * @param otherCpuNanos the CPU time the rest of the machine took meanwhile
   * @param rounds the rounds run
   * @param catchUps the times {@link #catchUp} ran, one per batch of records produced
   */
  record Timing(
      long rows, long nanos, long cpuNanos, long otherCpuNanos, int rounds, int catchUps) {
    double seconds() {
      return nanos / 1e9;
    }

    double perSecond(long records) {
      return records * 1e9 / nanos;
    }

    double cpuMicrosPer(long records) {
      return cpuNanos / 1e3 / records;
    }

    double otherCores() {
      return otherCpuNanos / (double) nanos;
    }

    double millisPerCatchUp() {
      return nanos / 1e6 / catchUps;
    }

    /** What the rounds took since {@code earlier}. */
    Timing since(Timing earlier) {
      return new Timing(
          rows - earlier.rows,
          nanos - earlier.nanos,
          cpuNanos - earlier.cpuNanos,
          otherCpuNanos - earlier.otherCpuNanos,
          rounds - earlier.rounds,
          catchUps - earlier.catchUps);
    }
  }
}
