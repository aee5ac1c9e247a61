package io.mink.samples;

import io.mink.cli.Main;
import io.mink.lake.catalog.LakeSettings;
import io.mink.samples.local.InProcessMink;
import io.mink.samples.local.LakeWatch;
import io.mink.samples.local.LocalStack;
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
 * embedded lake, adds the four topics and shows the tables.
 */
public final class Quickstart {
  private static final String RAW_TOPIC = "orders";
  private static final int RAW_RECORDS = 10_000;

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
        mink.runOrFail("table", "add", RAW_TOPIC, "--freshness", "10s");
        for (SchemaLanguage language : SchemaLanguage.values()) {
          mink.runOrFail("table", "add", TypedSampleTopics.topic(language), "--freshness", "10s");
        }
        showTables(stack, new LakeWatch(mink.lake(), sidecar), new TablePrinter(out));
        readFreshOrders(stack, mink, out);
      }
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

  /** Three orders produced now, read by mink read before any round tiers them: they come from the Kafka tail. */
  private static void readFreshOrders(LocalStack stack, InProcessMink mink, PrintWriter out) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    stack.broker().produce(RAW_TOPIC, SampleOrders.generate(11, 3, now.toEpochMilli()));
    out.println(
        "== Three orders produced just now: mink read gives the table as it is now, the lake and the Kafka "
            + "tail the next round will tier");
    mink.runOrFail(
        "read",
        "kafka." + RAW_TOPIC,
        "--columns",
        "_kafka_partition,_kafka_offset,_kafka_timestamp",
        "--where",
        "_kafka_timestamp >= '" + now + "'");
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
