package io.mink.samples;

import io.mink.cli.Environment;
import io.mink.cli.Main;
import io.mink.lake.CatalogLoader;
import io.mink.lake.LakeOffsets;
import io.mink.lake.LakeSettings;
import io.mink.lake.MinkSnapshot;
import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * The quickstart: starts a real single-node Kafka broker, produces sample orders, runs the sidecar
 * on the embedded lake (a JDBC catalog on SQLite), adds the topic and shows the resulting table.
 */
public final class Quickstart {
  private static final String TOPIC = "orders";
  private static final int RECORDS = 10_000;
  private static final Duration WAIT = Duration.ofMinutes(3);

  private Quickstart() {}

  public static void main(String[] args) throws Exception {
    Main.useMinkLogging();
    Path home = Path.of(args.length > 0 ? args[0] : "mink-quickstart").toAbsolutePath();
    deleteRecursively(home);
    Files.createDirectories(home);
    PrintWriter out = new PrintWriter(System.out, true);

    out.println("== Starting a single-node Kafka broker (KRaft)");
    try (KafkaBroker broker = new KafkaBroker().start()) {
      out.println("   bootstrap servers: " + broker.bootstrapServers());
      broker.createTopic(TOPIC, 3);
      broker.produce(TOPIC, SampleOrders.generate(7, RECORDS, System.currentTimeMillis() - RECORDS));
      out.printf("== Produced %,d sample orders to topic '%s' (3 partitions)%n", RECORDS, TOPIC);

      Map<String, String> variables = new HashMap<>(System.getenv());
      variables.put("MINK_KAFKA_BOOTSTRAP_SERVERS", broker.bootstrapServers());
      variables.put("MINK_INDEXER_POLL_INTERVAL", "1s");
      Environment environment = new Environment(variables, home, out, new PrintWriter(System.err, true));

      out.println("== mink serve   (embedded lake: " + home.resolve(LakeSettings.EMBEDDED_DIRECTORY) + ")");
      Thread sidecar = new Thread(() -> {
        int exit = Main.run(new String[] {"serve"}, environment);
        if (exit != 0) {
          System.err.println("mink serve stopped with exit code " + exit);
          System.exit(exit);
        }
      }, "mink-serve");
      sidecar.setDaemon(true);
      sidecar.start();

      out.println("== mink table add " + TOPIC + " --freshness 10s");
      int code = Main.run(new String[] {"table", "add", TOPIC, "--freshness", "10s"}, environment);
      if (code != 0) {
        throw new IllegalStateException("mink table add failed with exit code " + code);
      }

      LakeSettings lake = LakeSettings.embedded(home.resolve(LakeSettings.EMBEDDED_DIRECTORY));
      Catalog catalog = CatalogLoader.load(lake);
      TableIdentifier identifier = TableIdentifier.of("kafka", TOPIC);
      Map<Integer, Long> ends = broker.endOffsets(TOPIC);
      Table table = waitForOffsets(catalog, identifier, ends);
      show(out, table, lake);
      out.println("== Done. The table stays in " + home.resolve(LakeSettings.EMBEDDED_DIRECTORY)
          + "; run 'mink serve' against your own Kafka next (see README).");
    }
    System.exit(0);
  }

  private static Table waitForOffsets(Catalog catalog, TableIdentifier identifier, Map<Integer, Long> ends)
      throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    LakeOffsets expected = LakeOffsets.of(ends);
    while (System.nanoTime() < deadline) {
      Table table = catalog.loadTable(identifier);
      Optional<MinkSnapshot> newest = MinkSnapshot.newest(((HasTableOperations) table).operations().current());
      if (newest.isPresent() && newest.get().offsets().equals(expected)) {
        return table;
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException("The sidecar did not index " + identifier + " to offsets " + expected
        + " within " + WAIT.toMinutes() + " minutes: see its log above");
  }

  private static void show(PrintWriter out, Table table, LakeSettings lake) throws IOException {
    Snapshot snapshot = table.currentSnapshot();
    long rows = 0;
    List<Record> sample = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record record : records) {
        rows++;
        if (sample.size() < 5) {
          sample.add(record.copy());
        }
      }
    }
    out.println();
    out.println("== Table " + table.name() + " (" + lake.catalog() + " catalog " + lake.uri() + ")");
    out.printf("   rows:      %,d%n", rows);
    out.println("   snapshot:  " + snapshot.snapshotId() + " (sequence " + snapshot.sequenceNumber() + ", "
        + snapshot.operation() + ")");
    out.println("   summary:   commit-user=" + snapshot.summary().get(MinkSnapshot.COMMIT_USER_PROPERTY)
        + " mink-offsets=" + snapshot.summary().get(MinkSnapshot.OFFSETS_PROPERTY)
        + " added-files=" + snapshot.summary().get("added-data-files"));
    out.println("   schema:");
    table.schema().columns().forEach(column -> out.println("     " + column));
    out.println("   first rows:");
    for (Record record : sample) {
      out.printf("     partition=%s offset=%s timestamp=%s key=%s headers=%d value=%s%n",
          record.getField("_kafka_partition"), record.getField("_kafka_offset"), record.getField("_kafka_timestamp"),
          text(record.getField("_kafka_key")), ((List<?>) record.getField("_kafka_headers")).size(),
          text(record.getField("_kafka_value")));
    }
    out.println();
  }

  private static String text(Object bytes) {
    if (bytes == null) {
      return "null";
    }
    ByteBuffer buffer = ((ByteBuffer) bytes).duplicate();
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    String text = new String(copy, StandardCharsets.UTF_8);
    return text.length() > 90 ? text.substring(0, 87) + "..." : text;
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (var paths = Files.walk(path)) {
      for (Path each : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(each);
      }
    }
  }
}
