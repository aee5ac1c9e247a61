package io.mink.bench.read;

import io.mink.bench.BenchmarkReport;
import io.mink.bench.CpuSplit;
import io.mink.bench.FetchLimit;
import io.mink.bench.PhaseResult;
import io.mink.bench.Throughput;
import io.mink.cli.read.ReadOutput;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.UnionRead;
import io.mink.testkit.KafkaBroker;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The measured phases of the union read benchmark, on a topic whose tiered table holds two snapshots (all but the
 * last records, then all) and whose fresh table none. Each phase runs on this thread between a start and a read of
 * the resource meter, prints its line as it ends, and must return every row of the topic.
 */
final class ReadPhases {
  /**
   * The topic, its tables and what the rounds committed.
   *
   * @param typical the tiered table's first snapshot: all but the last 5% of the records
   * @param all its second snapshot: every record
   * @param kafkaBytes the key and value bytes of every record
   * @param tailKafkaBytes those of the records after {@code typical}
   */
  record Setup(
      KafkaBroker broker,
      String topic,
      ReadTables tables,
      Map<Integer, Long> ends,
      long records,
      ReadTables.Tiered typical,
      ReadTables.Tiered all,
      long kafkaBytes,
      long tailKafkaBytes) {}

  private final Setup setup;
  private final BenchmarkReport phases;
  private final ReadReport reads;

  ReadPhases(Setup setup, BenchmarkReport phases, ReadReport reads) {
    this.setup = setup;
    this.phases = phases;
    this.reads = reads;
  }

  /** Untimed passes over part of every path measured, so no timed phase pays for JIT compilation. */
  void warmUp(long rows) {
    phases.warmUp(FetchLimit.read(setup.broker(), setup.topic(), setup.ends()));
    ReadRequest lake = ReadRequest.of(ReadMode.lake).withLimit(rows);
    TimedRead.run(setup.tables().tiered(), lake, UnionRead.TAIL_MEMORY_BYTES, 1, BatchSink.NONE);
    TimedRead.run(
        setup.tables().tiered(),
        lake,
        UnionRead.TAIL_MEMORY_BYTES,
        1,
        new OutputSink(ReadOutput.json));
    IcebergGenericRead.read(
        setup.tables().tieredTable(), setup.all().snapshotId(), List.of(), 1, rows);
    TimedRead.run(
        setup.tables().tiered(),
        ReadRequest.of(ReadMode.lake)
            .withColumns(setup.tables().primitiveColumns())
            .withLimit(rows),
        UnionRead.TAIL_MEMORY_BYTES,
        1,
        BatchSink.NONE);
    TimedRead.run(
        setup.tables().fresh(),
        ReadRequest.of(ReadMode.union).withLimit(rows),
        UnionRead.TAIL_MEMORY_BYTES,
        1,
        BatchSink.NONE);
  }

  /**
   * (a) Mink's lake read of every row, then Iceberg's generic reader on the same snapshot; with {@code columns}
   * (empty for all) as {@code --columns} names them.
   */
  PhaseResult lake(String name, List<String> columns) {
    return read(
        name,
        setup.tables().tiered(),
        ReadRequest.of(ReadMode.lake).withColumns(columns),
        UnionRead.TAIL_MEMORY_BYTES,
        setup.all().parquetBytes());
  }

  PhaseResult icebergLimit(String name, List<String> columns) {
    return phases.phase(PhaseResult.measure(
        name,
        setup.records(),
        () -> IcebergGenericRead.read(
            setup.tables().tieredTable(),
            setup.all().snapshotId(),
            columns,
            setup.all().parquetBytes(),
            Long.MAX_VALUE)));
  }

  /** The tiered table's columns of primitive types, which (a) also reads alone; printed. */
  List<String> primitiveColumns() {
    List<String> primitive = setup.tables().primitiveColumns();
    reads.primitiveColumns(
        primitive, setup.tables().tieredTable().schema().columns().size());
    return primitive;
  }

  /** (b)'s limits: the plain fetch of the records, and their decoding alone. */
  PhaseResult fetchLimit() {
    return phases.phase(PhaseResult.measure(
        "(b) limit: Kafka fetch",
        setup.records(),
        () -> FetchLimit.read(setup.broker(), setup.topic(), setup.ends())));
  }

  PhaseResult decodeLimit() {
    return phases.phase(PhaseResult.measure(
        "(b) limit: decode alone",
        setup.records(),
        () -> TailDecodeLimit.decode(setup.broker(), setup.tables().fresh(), setup.ends())));
  }

  /** (b) A union read of the fresh table, its whole log a tail, with mink read's tail memory or none. */
  PhaseResult tail(String name, long tailMemoryBytes) {
    return read(
        name,
        setup.tables().fresh(),
        ReadRequest.of(ReadMode.union),
        tailMemoryBytes,
        setup.kafkaBytes());
  }

  /** (c) A union read of the tiered table's first snapshot, the last 5% of the records its tail. */
  PhaseResult union() {
    return read(
        "(c) union read, 5% tail",
        setup.tables().tiered(),
        ReadRequest.of(ReadMode.union).withSnapshot(setup.typical().snapshotId()),
        UnionRead.TAIL_MEMORY_BYTES,
        setup.typical().parquetBytes() + setup.tailKafkaBytes());
  }

  /** (d) The lake read of (a) printed in the format given. */
  PhaseResult output(ReadOutput format) {
    OutputSink sink = new OutputSink(format);
    AtomicReference<ReadOutcome> outcome = new AtomicReference<>();
    PhaseResult phase = phases.phase(PhaseResult.measure(
        "(d) lake read --output " + format, setup.records(), () -> {
          outcome.set(TimedRead.run(
              setup.tables().tiered(),
              ReadRequest.of(ReadMode.lake),
              UnionRead.TAIL_MEMORY_BYTES,
              0,
              sink));
          return new Throughput(
              outcome.get().rows(),
              sink.bytes(),
              outcome.get().nanos(),
              new CpuSplit(outcome.get().threadCpuNanos(), sink.cpuNanos()));
        }));
    reads.output(format, outcome.get(), sink.bytes(), sink.nanos(), sink.cpuNanos());
    return phase;
  }

  private PhaseResult read(
      String name, ReadSubject subject, ReadRequest request, long tailMemoryBytes, long bytes) {
    AtomicReference<ReadOutcome> outcome = new AtomicReference<>();
    PhaseResult phase = phases.phase(PhaseResult.measure(name, setup.records(), () -> {
      outcome.set(TimedRead.run(subject, request, tailMemoryBytes, bytes, BatchSink.NONE));
      return outcome.get().throughput();
    }));
    reads.read(outcome.get(), tailMemoryBytes);
    return phase;
  }
}
