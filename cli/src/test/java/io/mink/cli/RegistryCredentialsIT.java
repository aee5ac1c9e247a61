package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecord;
import io.mink.testkit.registry.FakeSchemaRegistry;
import io.mink.testkit.tls.TestCertificates;
import io.mink.testkit.tls.TestCertificates.Party;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sidecar decoding Confluent-framed Avro, written by Apicurio's serializer, through a registry served over HTTPS
 * that requires credentials. Credentials it refuses hold the table with a status that says so, and no record is
 * written raw; once they are right again every offset has exactly one typed row.
 */
class RegistryCredentialsIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final String ORDER_V1 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"}]}""";
  private static final String ORDER_V2 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"},
        {"name": "note", "type": ["null", "string"], "default": null}]}""";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  static Path certificates;

  private static Party registryParty;

  @TempDir
  Path directory;

  private String suffix;
  private String topic;
  private String table;

  @BeforeAll
  static void registryCertificate() {
    registryParty = TestCertificates.create(certificates, "registry");
  }

  @BeforeEach
  void names() {
    suffix = UUID.randomUUID().toString().substring(0, 8);
    topic = "orders_" + suffix;
    table = "kafka." + topic;
    KAFKA.createTopic(topic, 1);
  }

  @Test
  void basicAuthTheRegistryRefusesHoldsTheTableUntilTheRegistryAcceptsIt() throws Exception {
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.builder()
        .https(registryParty)
        .basicAuth("producer", "producer-secret")
        .basicAuth("mink", "old-password")
        .start()) {
      produce(registry, ORDER_V1, 0, 20);
      Path config = writeConfig(registry, "basic_auth_user_info = \"mink:new-password\"");
      addTable(config);

      try (SidecarProcess sidecar = CliSidecars.start(config, 0)) {
        String warning = sidecar.await("rejected Mink's credentials", TIMEOUT);

        assertThat(warning)
            .contains("WARN", "aiting for the schema registry while indexing " + table)
            .contains("HTTP 401")
            .contains(
                "Mink sent the basic auth user 'mink' of schema_registry.basic_auth_user_info")
            .contains("Records that need this registry wait, none is written raw");
        assertThat(awaitStatsError(config))
            .contains("waiting for the schema registry since ")
            .contains("rejected Mink's credentials", "schema_registry.basic_auth_user_info")
            .contains("No record is left raw for it");
        String shown =
            run("table", "show", table, "--config", config.toString()).out();
        assertThat(shown).containsPattern("Registry +waiting since ");
        assertThat(shown).contains("Schema registry at " + registry.url());
        assertThat(shown).contains("rejected Mink's credentials", "with HTTP 401");
        assertThat(rows()).isEmpty();

        registry.auth().acceptBasicAuth("mink", "new-password");

        assertExactlyOneTypedRowPerOffset(awaitRows(20), 20);
        assertThat(sidecar.isAlive()).isTrue();
      }
    }
  }

  @Test
  void anExpiredTokenHoldsTheTableUntilTheRotatedTokenIsInItsFile() throws Exception {
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.builder()
        .https(registryParty)
        .basicAuth("producer", "producer-secret")
        .bearerToken("token-1")
        .start()) {
      Path tokenFile = Files.writeString(directory.resolve("registry-token"), "token-1\n");
      produce(registry, ORDER_V1, 0, 10);
      Path config = writeConfig(registry, "bearer_token_file = \"" + tokenFile + "\"");
      addTable(config);

      try (SidecarProcess sidecar = CliSidecars.start(config, 0)) {
        awaitRows(10);
        registry.auth().expireBearerToken("token-1");
        produce(registry, ORDER_V2, 10, 10);

        assertThat(sidecar.await("rejected Mink's credentials", TIMEOUT))
            .contains("HTTP 401: 401 Unauthorized: the bearer token expired at ")
            .contains("Mink sent the bearer token in " + tokenFile
                + " (schema_registry.bearer_token_file); write a valid token to " + tokenFile
                + ": Mink reads it again at every request, no restart needed");
        assertThat(awaitStatsError(config)).contains("bearer_token_file");
        assertThat(rows()).hasSize(10);
        registry.auth().acceptBearerToken("token-2");
        Files.writeString(tokenFile, "token-2\n");

        List<Record> rows = awaitRows(20);

        assertExactlyOneTypedRowPerOffset(rows, 20);
        assertThat(rows.stream().filter(row -> "note 15".equals(row.getField("note"))))
            .hasSize(1);
        assertThat(sidecar.isAlive()).isTrue();
      }
    }
  }

  /** Writes {@code count} orders with Apicurio's serializer, which registers the schema over HTTPS as the producer. */
  private void produce(FakeSchemaRegistry registry, String schemaText, int first, int count) {
    Map<String, Object> settings = new HashMap<>();
    settings.put("apicurio.registry.url", registry.apicurioUrl());
    settings.put("apicurio.registry.auto-register", true);
    settings.put("apicurio.registry.serde.send-type-ref", false);
    settings.put("apicurio.registry.serde.send-indexes", true);
    settings.put(
        "apicurio.registry.tls.truststore.location", registryParty.truststore().toString());
    settings.put("apicurio.registry.tls.truststore.password", TestCertificates.PASSWORD);
    settings.put("apicurio.registry.tls.truststore.type", "PKCS12");
    settings.put("apicurio.registry.auth.username", "producer");
    settings.put("apicurio.registry.auth.password", "producer-secret");
    Schema schema = new Schema.Parser().parse(schemaText);
    List<TestRecord> records = new ArrayList<>();
    try (AvroKafkaSerializer<GenericData.Record> serializer = new AvroKafkaSerializer<>()) {
      serializer.configure(settings, false);
      for (int i = first; i < first + count; i++) {
        GenericData.Record order = new GenericData.Record(schema);
        order.put("id", (long) i);
        order.put("customer", "customer " + i);
        if (schema.getField("note") != null) {
          order.put("note", "note " + i);
        }
        records.add(new TestRecord(0, null, serializer.serialize(topic, order), List.of(), null));
      }
    }
    KAFKA.produce(topic, records);
  }

  private Path writeConfig(FakeSchemaRegistry registry, String credentials) throws IOException {
    LakeSettings lake = lake();
    return Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        poll_interval = "200ms"
        tables_topic = "_tables_%s"
        status_topic = "_status_%s"
        group_id = "mink_%s"

        [schema_registry]
        url = "%s"
        ssl_truststore_location = "%s"
        ssl_truststore_password = "%s"
        request_timeout = "5s"
        %s
        """.formatted(
            KAFKA.bootstrapServers(),
            lake.uri(),
            lake.warehouse(),
            suffix,
            suffix,
            suffix,
            registry.url(),
            registryParty.truststore(),
            TestCertificates.PASSWORD,
            credentials));
  }

  private void addTable(Path config) {
    CommandRun add = run("table", "add", topic, "--freshness", "1s", "--config", config.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();
  }

  /** The registry wait that {@code mink cluster stats} prints under the table, from the status topic. */
  private String awaitStatsError(Path config) {
    return await()
        .atMost(TIMEOUT)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> run("cluster", "stats", "--config", config.toString()).out(),
            out -> out.contains("error: waiting for the schema registry"));
  }

  private List<Record> awaitRows(int count) {
    return await()
        .atMost(TIMEOUT)
        .pollInterval(Duration.ofMillis(300))
        .until(this::rows, rows -> rows.size() >= count);
  }

  private static void assertExactlyOneTypedRowPerOffset(List<Record> rows, int count) {
    assertThat(rows)
        .extracting(row -> (Long) row.getField("_kafka_offset"))
        .containsExactlyInAnyOrderElementsOf(LongStream.range(0, count).boxed().toList());
    assertThat(rows).allSatisfy(row -> {
      assertThat(row.getField("_kafka_value")).as("raw value").isNull();
      assertThat(row.getField("customer")).isEqualTo("customer " + row.getField("id"));
      assertThat(row.getField("id")).isEqualTo(row.getField("_kafka_offset"));
    });
  }

  private List<Record> rows() {
    LakeTables lake = new LakeTables(CatalogLoader.load(lake()));
    TableIdentifier identifier = TableIdentifier.parse(table);
    if (!lake.exists(identifier)) {
      return List.of();
    }
    Table iceberg = lake.load(identifier);
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(iceberg).build()) {
      records.forEach(rows::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private CommandRun run(String... args) {
    return CommandRun.of(directory, Map.of(), args);
  }

  private LakeSettings lake() {
    return LakeSettings.embedded(directory.resolve("mink-warehouse"));
  }
}
