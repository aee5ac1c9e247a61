package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.registry.SchemaType;
import io.mink.spark.submit.SqlLines;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mink's runtime jar as a user adds it: Spark's own launcher ({@code SparkSubmit}) in a child JVM whose classpath
 * is Spark's jars alone (testing/spark-classpath), Mink's shaded jar passed with {@code --jars} beside Iceberg's own
 * Spark runtime, two executors in JVMs of their own that fetch both from the driver. The application is a jar of one
 * class that knows only Spark's API; it reads an Avro table decoded through a schema registry, lake rows and the
 * Kafka tail through Mink's catalog ({@code fresh}), and the lake alone through Iceberg's ({@code mink}, the name of
 * Mink's JDBC catalog).
 */
class SparkSubmitIT {
  private static final String TABLES_TOPIC = "_tables";
  private static final String ORDER = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"},
        {"name": "quantity", "type": "int"}]}""";
  private static final Duration SUBMIT_TIMEOUT = Duration.ofMinutes(5);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Warehouse WAREHOUSE = Warehouse.create();
  private static FakeSchemaRegistry registry;

  @TempDir
  Path work;

  @BeforeAll
  static void startRegistry() {
    registry = FakeSchemaRegistry.start();
  }

  @AfterAll
  static void stop() {
    if (registry != null) {
      registry.close();
    }
    WAREHOUSE.close();
  }

  @Test
  void sparkSubmitWithTheRuntimeJarReadsARegistryTableLakeAndTail() throws Exception {
    Path runtimeJar = Paths.get(System.getProperty("mink.spark.runtime.jar"));
    Path icebergJar = Paths.get(System.getProperty("mink.iceberg.spark.runtime.jar"));
    List<String> sparkClasspath = sparkClasspath();
    String topic = InProcessSidecar.uniqueTopic("submit");
    KAFKA.createTopic(topic, 2);
    int valueId = registry.register(topic + "-value", SchemaType.AVRO, ORDER).id();
    for (int id = 1; id <= 8; id++) {
      produce(topic, id <= 4 ? 0 : 1, valueId, id, id % 2 == 1 ? "alice" : "bob");
    }

    List<String> printed;
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, valueId, 9, "alice");
      produce(topic, 1, valueId, 10, "carol");
      assertThat(sidecar.rows(table)).hasSize(8);
      String name = "fresh.kafka.`" + table.name() + "`";

      printed = submit(
          List.of(runtimeJar, icebergJar),
          sparkClasspath,
          "SELECT count(*) FROM mink.kafka.`" + table.name() + "`",
          "SELECT count(*) FROM " + name,
          "SELECT customer, count(*), sum(quantity) FROM " + name
              + " GROUP BY customer ORDER BY customer",
          "SELECT _kafka_partition, _kafka_offset, id, customer FROM " + name
              + " WHERE id >= 4 AND id <> 6 ORDER BY id");
    }

    assertThat(printed)
        .contains("catalog: " + runtimeJar.toUri().toURL())
        .filteredOn(line -> line.startsWith("row: "))
        .containsExactly(
            "row: 8",
            "row: 10",
            "row: alice|5|25",
            "row: bob|4|20",
            "row: carol|1|10",
            "row: 0|3|4|bob",
            "row: 1|0|5|alice",
            "row: 1|2|7|alice",
            "row: 1|3|8|bob",
            "row: 0|4|9|alice",
            "row: 1|4|10|carol");
  }

  /** Spark's own jars, without Mink's modules or the libraries Mink adds to Spark's. */
  private static List<String> sparkClasspath() throws IOException {
    Path file = Paths.get(System.getProperty("mink.spark.classpath.file"));
    assertThat(file)
        .withFailMessage(
            "%s is missing: build the testing/spark-classpath module first (mvn -pl testing/spark-classpath,spark"
                + " verify)",
            file)
        .exists();
    List<String> jars =
        Arrays.asList(Files.readString(file).trim().split(java.io.File.pathSeparator));
    assertThat(jars)
        .anyMatch(
            jar -> jar.endsWith("spark-sql_2.13-" + System.getProperty("spark.version") + ".jar"))
        .noneMatch(jar ->
            jar.contains("mink-") || jar.contains("kafka-clients") || jar.contains("iceberg"));
    return jars;
  }

  private List<String> submit(List<Path> jars, List<String> sparkClasspath, String... statements)
      throws IOException, InterruptedException {
    for (Path jar : jars) {
      assertThat(jar)
          .withFailMessage(
              "%s is missing: the shade plugin builds Mink's in the package phase, before the integration tests;"
                  + " testing/spark-classpath copies Iceberg's",
              jar)
          .exists();
    }
    String classpath = String.join(java.io.File.pathSeparator, sparkClasspath);
    String javaOptions = System.getProperty("mink.spark.executor.options");
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.addAll(Arrays.asList(javaOptions.trim().split("\\s+")));
    command.addAll(List.of("-cp", classpath, "org.apache.spark.deploy.SparkSubmit"));
    command.addAll(List.of("--master", "local-cluster[2,1,1024]"));
    command.addAll(List.of("--class", SqlLines.class.getName()));
    command.addAll(
        List.of("--jars", String.join(",", jars.stream().map(Path::toString).toList())));
    Map<String, String> conf = Map.ofEntries(
        Map.entry("spark.ui.enabled", "false"),
        Map.entry("spark.sql.shuffle.partitions", "2"),
        Map.entry("spark.executor.extraClassPath", classpath),
        Map.entry("spark.executor.extraJavaOptions", javaOptions),
        Map.entry("spark.sql.catalog.fresh", "io.mink.spark.MinkCatalog"),
        Map.entry("spark.sql.catalog.fresh.kafka.bootstrap.servers", KAFKA.bootstrapServers()),
        // Kafka's own name of a class every client loads: found, though the jar relocates Kafka's
        // classes
        Map.entry(
            "spark.sql.catalog.fresh.kafka.metric.reporters",
            "org.apache.kafka.common.metrics.JmxReporter"),
        Map.entry("spark.sql.catalog.fresh.indexer.tables_topic", TABLES_TOPIC),
        Map.entry("spark.sql.catalog.fresh.schema_registry.url", registry.url()),
        Map.entry(
            "spark.sql.catalog.fresh.lake.catalog", WAREHOUSE.lakeSettings().catalog()),
        Map.entry("spark.sql.catalog.fresh.lake.uri", WAREHOUSE.lakeSettings().uri()),
        Map.entry(
            "spark.sql.catalog.fresh.lake.warehouse", WAREHOUSE.lakeSettings().warehouse()),
        // Iceberg's catalog of the same lake, from Iceberg's runtime jar, named as Mink's JDBC
        // catalog is
        Map.entry("spark.sql.catalog.mink", "org.apache.iceberg.spark.SparkCatalog"),
        Map.entry("spark.sql.catalog.mink.type", "jdbc"),
        Map.entry("spark.sql.catalog.mink.uri", WAREHOUSE.lakeSettings().uri()),
        Map.entry("spark.sql.catalog.mink.warehouse", WAREHOUSE.lakeSettings().warehouse()),
        Map.entry("spark.sql.catalog.mink.jdbc.schema-version", "V1"),
        Map.entry("spark.sql.catalog.mink.cache-enabled", "false"));
    conf.forEach((key, value) -> command.addAll(List.of("--conf", key + "=" + value)));
    command.add(applicationJar().toString());
    command.addAll(List.of(statements));

    Path out = work.resolve("spark-submit.out");
    Path err = work.resolve("spark-submit.err");
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(work.toFile())
        .redirectOutput(out.toFile())
        .redirectError(err.toFile());
    builder.environment().put("SPARK_TESTING", "1");
    builder.environment().put("SPARK_SCALA_VERSION", "2.13");
    builder.environment().remove("SPARK_HOME");
    builder.environment().remove("SPARK_CONF_DIR");
    Process process = builder.start();
    boolean ended = process.waitFor(SUBMIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    if (!ended) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    List<String> printed = Files.readAllLines(out, StandardCharsets.UTF_8);
    List<String> log = Files.readAllLines(err, StandardCharsets.UTF_8);
    assertThat(ended && process.exitValue() == 0)
        .withFailMessage(
            "spark-submit %s; its output:%n%s%nits log (last 80 lines):%n%s",
            ended ? "exited with " + process.exitValue() : "did not end in " + SUBMIT_TIMEOUT,
            String.join("\n", printed),
            String.join("\n", log.subList(Math.max(0, log.size() - 80), log.size())))
        .isTrue();
    return printed;
  }

  /** A jar holding {@link SqlLines} alone, as a user's application jar holds their code and not Mink's. */
  private Path applicationJar() throws IOException {
    String entry = SqlLines.class.getName().replace('.', '/') + ".class";
    Path jar = work.resolve("sql-lines.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        var in = SqlLines.class.getClassLoader().getResourceAsStream(entry)) {
      assertThat(in).withFailMessage("%s is not on the test classpath", entry).isNotNull();
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
      out.closeEntry();
    }
    return jar;
  }

  /** A sidecar whose decoder comes from the configuration, as {@code mink serve} builds it. */
  private static InProcessSidecar sidecar() {
    SchemaRegistrySettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url()),
            WAREHOUSE.directory())
        .schemaRegistry();
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        WAREHOUSE.lakeSettings(),
        TABLES_TOPIC,
        RegistryDecoders.from(settings).orElseThrow());
  }

  private static void produce(String topic, int partition, int schemaId, long id, String customer)
      throws IOException {
    Schema schema = new Schema.Parser().parse(ORDER);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    order.put("customer", customer);
    order.put("quantity", (int) id);
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(payload, null);
    new GenericDatumWriter<GenericData.Record>(schema).write(order, encoder);
    encoder.flush();
    byte[] value = ByteBuffer.allocate(5 + payload.size())
        .put((byte) 0)
        .putInt(schemaId)
        .put(payload.toByteArray())
        .array();
    KAFKA.produce(topic, List.of(new TestRecord(partition, null, value, List.of(), null)));
  }
}
