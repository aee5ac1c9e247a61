package io.mink.bench.audit;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.Throughput;
import io.mink.cli.Main;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.query.audit.AuditReport;
import io.mink.query.audit.TableAudit;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.UnionRead;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;

/**
 * How fast {@code mink table audit} runs against the lake read limit measured in the same run: a raw table of
 * {@code records} records in 4 partitions, with committed and aborted transactions among them (markers and aborted
 * records the audit must ask Kafka about), indexed by rounds; then, alternately, a plain lake read of the two
 * columns the audit reads ({@code _kafka_partition}, {@code _kafka_offset}, through the same reader as {@code mink
 * read --mode lake}) and the whole audit, each timed three times after a warm-up. Prints rows per second of both and
 * their ratio. A command, not a test: it fails when the audit does not account for every offset, never when the
 * machine is slow. Run it with {@code bench/audit [records]}; docs/benchmarks/audit.md explains the figures.
 */
public final class AuditBenchmark {
  static final int DEFAULT_RECORDS = 10_000_000;
  static final int PARTITIONS = 4;
  static final int VALUE_BYTES = 200;
  static final int COMMITTED_TRANSACTIONS = 400;
  static final int ABORTED_TRANSACTIONS = 40;
  static final int TRANSACTION_RECORDS = 10;
  static final int RUNS = 3;
  static final String TOPIC = "bench-audit";

  private AuditBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    int records = args.length == 0 ? DEFAULT_RECORDS : Integer.parseInt(args[0].replace("_", ""));
    run(records, System.out);
    System.exit(0);
  }

  static void run(int records, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "audit benchmark: %,d raw records of %d B in %d partitions, %d committed and %d aborted transactions of"
            + " %d records among them; %d timed runs each after a warm-up%n",
        records,
        VALUE_BYTES,
        PARTITIONS,
        COMMITTED_TRANSACTIONS,
        ABORTED_TRANSACTIONS,
        TRANSACTION_RECORDS,
        RUNS);
    try (KafkaBroker broker = new KafkaBroker().start();
        Warehouse warehouse = Warehouse.create()) {
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      Throughput produced =
          BenchmarkTopic.produce(broker, TOPIC, records / 2, VALUE_BYTES, PARTITIONS);
      transactions(broker);
      Throughput rest =
          BenchmarkTopic.produce(broker, TOPIC, records - records / 2, VALUE_BYTES, PARTITIONS);
      out.printf(
          Locale.ROOT,
          "produced   %,d records in %.1f s%n",
          produced.records() + rest.records(),
          (produced.nanos() + rest.nanos()) / 1e9);
      try (InProcessSidecar sidecar = new InProcessSidecar(
          broker.bootstrapServers(), warehouse.lakeSettings(), "_tables_audit")) {
        TableDescriptor table = sidecar.add(TOPIC, Duration.ofHours(1));
        long tiered = tier(sidecar, table, broker);
        out.printf(Locale.ROOT, "indexed    in %.1f s%n", tiered / 1e9);
        measure(sidecar, table, records + COMMITTED_TRANSACTIONS * TRANSACTION_RECORDS, out);
      }
    }
  }

  private static void transactions(KafkaBroker broker) {
    try (KafkaProducer<byte[], byte[]> producer = broker.newProducer(Map.of(
        ProducerConfig.TRANSACTIONAL_ID_CONFIG,
        "bench-audit",
        ProducerConfig.LINGER_MS_CONFIG,
        0))) {
      producer.initTransactions();
      for (int t = 0; t < COMMITTED_TRANSACTIONS + ABORTED_TRANSACTIONS; t++) {
        producer.beginTransaction();
        for (int i = 0; i < TRANSACTION_RECORDS; i++) {
          var unused = producer.send(new ProducerRecord<>(
              TOPIC,
              (t + i) % PARTITIONS,
              null,
              ("tx " + t + " " + i).getBytes(StandardCharsets.UTF_8)));
        }
        if (t % ((COMMITTED_TRANSACTIONS + ABORTED_TRANSACTIONS) / ABORTED_TRANSACTIONS) == 0) {
          producer.flush();
          producer.abortTransaction();
        } else {
          producer.commitTransaction();
        }
      }
    }
  }

  /** Runs rounds until the table holds every committed record; returns the nanoseconds it took. */
  private static long tier(InProcessSidecar sidecar, TableDescriptor table, KafkaBroker broker) {
    LakeOffsets target =
        LakeOffsets.of(new TreeMap<>(broker.endOffsets(TOPIC, IsolationLevel.READ_COMMITTED)));
    long started = System.nanoTime();
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = sidecar.newConsumer()) {
      for (int round = 0; !sidecar.offsets(table).equals(target); round++) {
        if (round == 200) {
          throw new IllegalStateException("The table did not reach " + target + " in 200 rounds");
        }
        sidecar.runRound(table, consumer);
      }
    }
    return System.nanoTime() - started;
  }

  private static void measure(
      InProcessSidecar sidecar, TableDescriptor descriptor, long rows, PrintStream out) {
    Table table = sidecar.table(descriptor);
    plainRead(sidecar, table, descriptor, rows);
    audit(sidecar, table, descriptor, rows);
    List<Double> reads = new ArrayList<>();
    List<Double> audits = new ArrayList<>();
    AuditReport last = null;
    for (int run = 0; run < RUNS; run++) {
      long started = System.nanoTime();
      plainRead(sidecar, table, descriptor, rows);
      reads.add(rows / ((System.nanoTime() - started) / 1e9));
      started = System.nanoTime();
      last = audit(sidecar, table, descriptor, rows);
      audits.add(rows / ((System.nanoTime() - started) / 1e9));
    }
    double read = median(reads);
    double audit = median(audits);
    long notRecords = last.partitions().stream()
        .mapToLong(AuditReport.PartitionAudit::notRecords)
        .sum();
    out.printf(
        Locale.ROOT,
        "lake read  %,.0f rows/s (median of %s): _kafka_partition, _kafka_offset, "
            + "mink read --mode lake's reader%n",
        read,
        format(reads));
    out.printf(
        Locale.ROOT,
        "audit      %,.0f rows/s (median of %s): %,d rows, %,d offsets Kafka skips checked, "
            + "every offset accounted for%n",
        audit,
        format(audits),
        last.rows(),
        notRecords);
    out.printf(Locale.ROOT, "audit / lake read  %.2f%n", audit / read);
  }

  private static long plainRead(
      InProcessSidecar sidecar, Table table, TableDescriptor descriptor, long expected) {
    try (KafkaConsumer<byte[], byte[]> consumer =
            sidecar.clients.rawConsumer("read", UnionRead.CONSUMER_SETTINGS);
        ReadResult result = new UnionRead(
                table,
                descriptor,
                consumer,
                topic -> Optional.empty(),
                Optional.empty(),
                ReadProgress.NONE)
            .read(ReadRequest.of(ReadMode.lake)
                .withColumns(List.of(KafkaColumns.PARTITION, KafkaColumns.OFFSET)))) {
      long rows = 0;
      while (result.batches().hasNext()) {
        try (RowBatch batch = result.batches().next()) {
          rows += batch.rows();
        }
      }
      if (rows != expected) {
        throw new IllegalStateException("The lake read " + rows + " rows, not " + expected);
      }
      return rows;
    }
  }

  private static AuditReport audit(
      InProcessSidecar sidecar, Table table, TableDescriptor descriptor, long expected) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        sidecar.clients.rawConsumer("audit", UnionRead.CONSUMER_SETTINGS)) {
      AuditReport report = new TableAudit(table, descriptor, consumer).run();
      if (!report.accounted() || report.rows() != expected) {
        throw new IllegalStateException(
            "The audit read " + report.rows() + " rows of " + expected + " and left "
                + report.unaccounted() + " offsets unaccounted: " + report.firstUnaccounted());
      }
      return report;
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get(sorted.size() / 2);
  }

  private static String format(List<Double> values) {
    return String.join(
        ", ", values.stream().map(v -> String.format(Locale.ROOT, "%,.0f", v)).toList());
  }
}
