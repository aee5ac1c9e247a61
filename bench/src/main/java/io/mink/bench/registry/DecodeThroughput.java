package io.mink.bench.registry;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.RowAssembler;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderSamples;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;

/**
 * Part 1: how fast one thread decodes a schema language's payloads with Mink's compiled decoder, and
 * how fast it decodes them and assembles table rows. {@value #PAYLOADS} orders are written once by
 * the language's reference library; the schema is compiled and merged into a fresh table schema once
 * ({@link SchemaMerge#mergeValue}); then the payloads are decoded round and round, warm-up first, in
 * {@value #RUNS} timed runs of about {@value #RUN_MILLIS} ms. Each run's speed is records over wall
 * time and over the thread's CPU time: the second barely moves when other processes share the cores.
 */
final class DecodeThroughput {
  static final int PAYLOADS = 10_000;
  static final int RUNS = 5;
  static final long RUN_MILLIS = 1_000;
  static final long WARM_UP_MILLIS = 3_000;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final SchemaRef REF = new SchemaRef.ConfluentId(1);

  /**
   * One language's figures.
   *
   * @param payloadBytes the mean payload size (the wire-format prefix not counted)
   * @param decode Mink's decoder alone: payload to Iceberg generic value
   * @param decodeToRow decoding and assembling the table row, metadata columns included
   */
  record Result(SchemaLanguage language, double payloadBytes, Speed decode, Speed decodeToRow) {}

  /**
   * The runs of one loop.
   *
   * @param best the fastest run's records per wall second, the least disturbed one
   * @param median the median run's records per wall second
   * @param perCpuSecond records per second of the thread's CPU time over all runs, or NaN if unknown
   */
  record Speed(double best, double median, double perCpuSecond) {}

  private final SchemaLanguage language;
  private final CompiledSchema schema;
  private final RowAssembler assembler;
  private final byte[][] payloads = new byte[PAYLOADS][];
  private final List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>(PAYLOADS);
  private final Object[] sink = new Object[1024];
  private final long payloadBytes;

  private DecodeThroughput(SchemaLanguage language, long seed) {
    this.language = language;
    this.schema = language.compile();
    MergeResult merged =
        SchemaMerge.mergeValue(TableSchema.initial(KafkaColumns.SCHEMA), schema.type());
    if (!(merged instanceof MergeResult.Merged ok)) {
      throw new IllegalStateException("Mink cannot merge the " + language.displayName()
          + " Order schema into a " + "table: " + ((MergeResult.Unmergeable) merged).reason());
    }
    this.assembler = new RowAssembler(ok.schema());
    PayloadWriter writer = language.newWriter();
    Random random = new Random(seed);
    long bytes = 0;
    for (int i = 0; i < PAYLOADS; i++) {
      Order order = OrderSamples.seeded(random, i);
      payloads[i] = writer.write(order);
      bytes += payloads[i].length;
      records.add(new ConsumerRecord<>(
          "bench-decode",
          0,
          i,
          1_700_000_000_000L + i,
          TimestampType.CREATE_TIME,
          -1,
          payloads[i].length,
          null,
          payloads[i],
          new RecordHeaders(),
          Optional.empty()));
      if (i < 100) {
        OrderCheck.verify(language.displayName(), row(i), order, language.orders());
      }
    }
    this.payloadBytes = bytes;
  }

  static Result measure(SchemaLanguage language, long seed) {
    DecodeThroughput bench = new DecodeThroughput(language, seed);
    long warmUpEnd = System.nanoTime() + WARM_UP_MILLIS * 1_000_000;
    while (System.nanoTime() < warmUpEnd) {
      bench.pass(false);
      bench.pass(true);
    }
    return new Result(
        language, (double) bench.payloadBytes / PAYLOADS, bench.runs(false), bench.runs(true));
  }

  private Speed runs(boolean toRows) {
    double[] speeds = new double[RUNS];
    long records = 0;
    long cpu = 0;
    for (int run = 0; run < RUNS; run++) {
      long cpuAtStart =
          THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
      long started = System.nanoTime();
      long runRecords = 0;
      long elapsed;
      do {
        runRecords += pass(toRows);
        elapsed = System.nanoTime() - started;
      } while (elapsed < RUN_MILLIS * 1_000_000);
      cpu = cpuAtStart < 0 || cpu < 0 ? -1 : cpu + THREADS.getCurrentThreadCpuTime() - cpuAtStart;
      speeds[run] = runRecords * 1e9 / elapsed;
      records += runRecords;
    }
    Arrays.sort(speeds);
    return new Speed(
        speeds[RUNS - 1], speeds[RUNS / 2], cpu <= 0 ? Double.NaN : records * 1e9 / cpu);
  }

  /** Decodes every payload once, also into a row when asked; returns how many. */
  private int pass(boolean toRows) {
    for (int i = 0; i < PAYLOADS; i++) {
      sink[i & (sink.length - 1)] = toRows ? row(i) : decode(i);
    }
    return PAYLOADS;
  }

  private Object decode(int i) {
    try {
      return schema.decode(payloads[i], 0, payloads[i].length);
    } catch (UndecodableException e) {
      throw new IllegalStateException(
          "Mink cannot decode " + language.displayName() + " payload " + i
              + " written by the reference library: " + e.getMessage(),
          e);
    }
  }

  private Record row(int i) {
    return assembler.row(
        records.get(i), PartResult.ABSENT, new PartResult.Decoded(REF, schema, decode(i)));
  }
}
