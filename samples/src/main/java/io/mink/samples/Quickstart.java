package io.mink.samples;

import io.mink.cli.Main;
import io.mink.lake.catalog.LakeSettings;
import io.mink.samples.local.InProcessMink;
import io.mink.samples.local.LakeWatch;
import io.mink.samples.local.LocalStack;
import io.mink.samples.local.ShellWords;
import io.mink.samples.local.TablePrinter;
import io.mink.samples.produce.SchemaLanguage;
import io.mink.testkit.SidecarProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;

/**
 * The quickstart: starts a Kafka broker, a schema registry and an AWS Glue stand-in in this JVM, produces raw sample
 * orders and typed ones (Avro, Protobuf and JSON Schema, each in the three wire formats), runs the sidecar on the
 * embedded lake, adds the four topics and shows the tables; then produces three orders more and reads them from the
 * Kafka tail, with {@code mink read} and with SQL in {@code mink-query exec}, and tells how to connect a Flight SQL
 * client.
 */
public final class Quickstart {
  private static final String RAW_TOPIC = "orders";
  private static final int RAW_RECORDS = 10_000;

  /** The Mink checkout the quickstart runs from, which the {@code quickstart} script sets. */
  static final String CHECKOUT_PROPERTY = "mink.samples.checkout";

  private Quickstart() {}

  public static void main(String[] args) throws Exception {
    Main.useMinkLogging();
    Path home = Path.of(args.length > 0 ? args[0] : "mink-quickstart").toAbsolutePath();
    deleteRecursively(home);
    Files.createDirectories(home);
    PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());

    out.println(
        "== Starting a single-node Kafka broker (KRaft), a schema registry and an AWS Glue registry stand-in");
    try (LocalStack stack = LocalStack.start()) {
      out.println("   bootstrap servers: " + stack.bootstrapServers());
      out.println("   schema registry:   " + stack.registryUrl()
          + " (Confluent's API; Apicurio's at /apis/registry/v3)");
      out.println(
          "   Glue stand-in:     " + stack.glueEndpoint() + " (" + LocalStack.GLUE_REGION + ")");
      stack.broker().createTopic(RAW_TOPIC, 3);
      long firstTimestamp = System.currentTimeMillis() - RAW_RECORDS;
      stack.broker().produce(RAW_TOPIC, SampleOrders.generate(7, RAW_RECORDS, firstTimestamp));
      out.printf(
          "== Produced %,d sample orders to topic '%s' (3 partitions, JSON without a schema)%n",
          RAW_RECORDS, RAW_TOPIC);
      out.println("== Producing typed orders with the registries' own serializers");
      TypedSampleTopics.produce(stack, out);

      InProcessMink mink = new InProcessMink(stack.minkVariables(), home, out);
      out.println("== mink serve   (embedded lake: " + home.resolve(LakeSettings.EMBEDDED_DIRECTORY)
          + "; [schema_registry] url and glue_region/glue_endpoint from MINK_SCHEMA_REGISTRY_*)");
      try (SidecarProcess sidecar = mink.serve()) {
        mink.runOrFail("table", "add", RAW_TOPIC);
        for (SchemaLanguage language : SchemaLanguage.values()) {
          mink.runOrFail("table", "add", TypedSampleTopics.topic(language), "--freshness", "10s");
        }
        showTables(stack, new LakeWatch(mink.lake(), sidecar), new TablePrinter(out));
        Instant freshSince = readFreshOrders(stack, mink, out);
        countWithSql(mink, freshSince, out);
      }
      out.println();
      printFlightSql(home, out);
      out.println();
      out.println(
          "== Done. The tables stay in " + home.resolve(LakeSettings.EMBEDDED_DIRECTORY)
              + "; query them (docs/querying.md), or run 'mink serve' against your own Kafka (docs/getting-started.md).");
    }
    System.exit(0);
  }

  private static void showTables(LocalStack stack, LakeWatch lake, TablePrinter printer) {
    printer.printRaw(
        lake.awaitOffsets("kafka", RAW_TOPIC, stack.broker().endOffsets(RAW_TOPIC)),
        lake.settings());
    for (SchemaLanguage language : SchemaLanguage.values()) {
      String topic = TypedSampleTopics.topic(language);
      printer.printTyped(
          lake.awaitOffsets(
              "kafka", TypedSampleTopics.tableName(language), stack.broker().endOffsets(topic)),
          language + " orders from topic " + topic,
          TypedSampleTopics::partitionLabel);
    }
  }

  /**
   * Three orders produced now, after the raw table's first round; its next round is one freshness (3 minutes) later,
   * so mink read finds them in the Kafka tail.
   *
   * @return the timestamp of the first of them; the others are later
   */
  private static Instant readFreshOrders(LocalStack stack, InProcessMink mink, PrintWriter out) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    stack.broker().produce(RAW_TOPIC, SampleOrders.generate(11, 3, now.toEpochMilli()));
    out.println("== Three orders produced just now: the next round of kafka." + RAW_TOPIC
        + " is 3 minutes (the default freshness) after its first, so they are in the Kafka tail;"
        + " mink read gives the table as it is now, the lake and then the tail");
    mink.runOrFail(
        "read",
        "kafka." + RAW_TOPIC,
        "--columns",
        "_kafka_partition,_kafka_offset,_kafka_timestamp",
        "--where",
        "_kafka_timestamp >= '" + now + "'");
    return now;
  }

  /**
   * SQL over the same table: the orders produced before, in the lake, and the three produced just now, in the Kafka
   * tail, counted apart, with the items of each from the raw JSON values.
   */
  private static void countWithSql(InProcessMink mink, Instant freshSince, PrintWriter out) {
    out.println(
        "== SQL over the lake and the Kafka tail: mink-query exec counts the orders produced before,"
            + " in the lake, and the three produced just now, in the tail");
    String produced = "CASE WHEN _kafka_timestamp >= TIMESTAMPTZ '" + freshSince
        + "' THEN 'just now' ELSE 'before' END";
    mink.queryOrFail(
        "exec",
        "-e",
        "SELECT " + produced + " AS produced, count(*) AS orders,"
            + " sum(CAST(decode(_kafka_value)->>'quantity' AS INTEGER)) AS items"
            + " FROM orders GROUP BY produced ORDER BY produced");
  }

  /** How to serve the tables to Flight SQL clients, such as a JDBC tool, on this machine. */
  private static void printFlightSql(Path home, PrintWriter out) {
    String checkout = System.getProperty(CHECKOUT_PROPERTY, ".");
    out.println(
        "== Flight SQL: mink-query serve answers JDBC, ADBC and Arrow Flight SQL clients on port 9130");
    out.println(
        "   This quickstart's Kafka stops when it ends. Beside a running Kafka and sidecar, serve the tables"
            + " of the embedded lake in " + home + " with:");
    out.println("     cd " + ShellWords.quote(home.toString())
        + " && MINK_KAFKA_BOOTSTRAP_SERVERS=<bootstrap servers> "
        + ShellWords.quote(Path.of(checkout, "bin", "mink-query").toString()) + " serve");
    out.println(
        "   and connect a client on the same machine with the Arrow Flight SQL JDBC driver:");
    out.println("     jdbc:arrow-flight-sql://localhost:9130?useEncryption=false");
    out.println(
        "   Clients on other machines need TLS and a login (docs/querying.md, Connecting a Flight SQL"
            + " client).");
  }

  static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (var paths = Files.walk(path)) {
      for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(each);
      }
    }
  }
}
