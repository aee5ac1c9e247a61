package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.S3MockServer;
import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecord;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Known secret values in every section of the configuration never come out: not in the sidecar's logs at DEBUG, its
 * /metrics, /ready and /health, the status topic, the warehouse's metadata, nor in any command's output, failures and
 * --help included. Where a secret setting is shown, it shows as [hidden].
 */
class SecretsNeverLeakIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final String SASL_PASSWORD = "sasl-Pw+7f3a91";
  private static final String SSL_KEY_PASSWORD = "sslkey-Pw-2b8c47";
  private static final String REGISTRY_PASSWORD = "reg-Pw@5d1e63";
  private static final String BEARER_TOKEN = "bearer-Tok-3c7b58";
  private static final String S3_KEY_ID = "AKIAMINKTEST4E2D";
  private static final String S3_SECRET = "s3-Secret/8f6a2c";
  private static final String JDBC_PASSWORD = "jdbc-Pw-1e9d74";
  private static final String QUERY_PASSWORD = "query-Pw-0c5a38";
  private static final String REST_PASSWORD = "rest-Pw-6b3f05";
  private static final String BUCKET = "lake";

  @TempDir
  Path directory;

  private S3MockServer s3;

  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private final Map<String, String> produced = new LinkedHashMap<>();

  @Test
  void noSecretOfTheConfigurationComesOutAnywhere() throws Exception {
    String plain = "kafka.plain_" + suffix;
    String avro = "kafka.avro_" + suffix;
    KAFKA.createTopic("plain_" + suffix, 1);
    KAFKA.createTopic("avro_" + suffix, 1);
    KAFKA.produce("plain_" + suffix, List.of(TestRecord.of("k", "v"), TestRecord.of("k", "w")));
    try (S3MockServer store = S3MockServer.start(BUCKET);
        FakeSchemaRegistry registry =
            FakeSchemaRegistry.startWithBasicAuth("mink", "the-right-one")) {
      s3 = store;
      produceAvro(
          "avro_" + suffix,
          registry
              .register("avro_" + suffix + "-value", SchemaType.AVRO, "\"string\"")
              .id());
      String refusedUrl = registry
          .url()
          .replace(
              "://",
              "://mink:" + URLEncoder.encode(REGISTRY_PASSWORD, StandardCharsets.UTF_8) + "@");
      Map<String, String> variables =
          variables(config("mink.toml", "url = \"" + refusedUrl + "\""));
      int httpPort = freePort();
      keepSucceeded(
          "table add plain",
          run(variables, "table", "add", "plain_" + suffix, "--freshness", "1s"));
      keepSucceeded(
          "table add avro", run(variables, "table", "add", "avro_" + suffix, "--freshness", "1s"));

      Map<String, String> serveVariables = new HashMap<>(variables);
      serveVariables.put("MINK_LOG_LEVEL", "DEBUG");
      serveVariables.put("MINK_INDEXER_HTTP_PORT", Integer.toString(httpPort));
      serveVariables.put("MINK_INDEXER_SESSION_TIMEOUT", "1s");
      try (SidecarProcess sidecar = SidecarProcess.start(SidecarLaunch.serve()
          .withJvmOptions(CliSidecars.JVM_OPTIONS)
          .withEnvironment(serveVariables))) {
        sidecar.await("Committed " + plain, TIMEOUT);
        produced.put(
            "status topic",
            statusRecords(variables.get("MINK_INDEXER_STATUS_TOPIC"), avro, "registryWait"));
        for (String path : List.of("/metrics", "/ready", "/health")) {
          produced.put("GET " + path, get("http://127.0.0.1:" + httpPort + path));
        }
        runEveryCommand(variables, plain, registry.url());
        sidecar.stop();
        produced.put("mink serve output", sidecar.output());
      }
      keepWarehouseMetadata();
    }

    assertThat(produced.get("status topic")).contains("rejected Mink's credentials");
    assertThat(produced.get("table show --output json")).contains(plain);
    assertThat(produced.get("mink-query exec")).contains("records\n2\n");
    assertThat(produced.get("cluster stats, rest catalog URL with a password"))
        .contains("ftp://mink:[hidden]@127.0.0.1:1");
    assertThat(produced.get("bearer token of the wrong type"))
        .contains("Invalid value [hidden] for schema_registry.bearer_token");
    for (Map.Entry<String, String> output : produced.entrySet()) {
      for (String secret : secretForms()) {
        assertThat(output.getValue())
            .as(output.getKey() + " shows a secret")
            .doesNotContain(secret);
      }
    }
  }

  private void runEveryCommand(Map<String, String> variables, String table, String registryUrl)
      throws Exception {
    for (List<String> command : List.<List<String>>of(
        List.of(),
        List.of("table"),
        List.of("table", "add"),
        List.of("table", "list"),
        List.of("table", "show"),
        List.of("table", "alter"),
        List.of("table", "remove"),
        List.of("table", "resume"),
        List.of("read"),
        List.of("cluster"),
        List.of("cluster", "stats"),
        List.of("serve"))) {
      List<String> help = new ArrayList<>(command);
      help.add("--help");
      keep(String.join(" ", help), run(variables, help.toArray(String[]::new)));
    }
    keep("table list", run(variables, "table", "list"));
    keep("table show --output json", run(variables, "table", "show", table, "--output", "json"));
    keep("table alter", run(variables, "table", "alter", table, "--freshness", "2s"));
    keep("table resume", run(variables, "table", "resume", table));
    keep("read union", run(variables, "read", table, "--output", "json"));
    keep("read log", run(variables, "read", table, "--mode", "log", "--output", "csv"));
    keep("cluster stats", run(variables, "cluster", "stats"));
    keep("cluster stats json", run(variables, "cluster", "stats", "--output", "json"));
    keep(
        "mink-query exec",
        query(variables, "exec", "-e", "SELECT count(*) AS records FROM " + table));
    keep("mink-query --help", query(variables, "--help"));
    keep("mink-query exec --help", query(variables, "exec", "--help"));
    keep(
        "mink-query exec unknown table",
        query(variables, "exec", "-e", "SELECT * FROM kafka.nothing"));
    keep("unknown table", run(variables, "table", "show", "kafka.nothing_" + suffix));
    keep("bad argument", run(variables, "table", "add", table, "--freshness", "soon"));
    keep("unknown command", run(variables, "tables", "lst"));
    keep("remove without --yes", run(variables, "table", "remove", table));
    Map<String, String> token = variables(config(
        "token.toml", "url = \"" + registryUrl + "\"\nbearer_token = \"" + BEARER_TOKEN + "\""));
    keep("table list, bearer token", run(token, "table", "list"));
    keep("cluster stats, bearer token", run(token, "cluster", "stats"));
    keep(
        "bearer token of the wrong type",
        run(
            variables(config("bad-token.toml", "url = \"" + registryUrl + "\"\nbearer_token = 42")),
            "table",
            "list"));
    Map<String, String> restCatalog = new HashMap<>(variables);
    restCatalog.put("MINK_LAKE_CATALOG", "rest");
    restCatalog.put("MINK_LAKE_URI", "ftp://mink:" + REST_PASSWORD + "@127.0.0.1:1");
    keep("cluster stats, rest catalog URL with a password", run(restCatalog, "cluster", "stats"));
  }

  /** Each secret as written, URL-encoded, and as the base64 of user:password that basic auth sends. */
  private static List<String> secretForms() {
    List<String> forms = new ArrayList<>();
    for (String secret : List.of(
        SASL_PASSWORD,
        SSL_KEY_PASSWORD,
        REGISTRY_PASSWORD,
        BEARER_TOKEN,
        S3_KEY_ID,
        S3_SECRET,
        JDBC_PASSWORD,
        QUERY_PASSWORD,
        REST_PASSWORD)) {
      forms.add(secret);
      forms.add(URLEncoder.encode(secret, StandardCharsets.UTF_8));
      forms.add(
          Base64.getEncoder().encodeToString(("mink:" + secret).getBytes(StandardCharsets.UTF_8)));
    }
    return forms;
  }

  /**
   * A config file with every section's secrets; {@code registry} is the body of [schema_registry]. The warehouse is in
   * the object store, reached with the secret keys (S3Mock takes any), so its traffic is in the DEBUG log.
   */
  private Path config(String name, String registry) throws Exception {
    Path lake = directory.resolve("lake");
    Files.createDirectories(lake);
    Path file = directory.resolve(name);
    Files.writeString(file, """
        [kafka]
        "ssl.key.password" = "%s"

        [lake]
        catalog = "jdbc"
        uri = "jdbc:sqlite:%s"
        warehouse = "%s"

        [lake.properties]
        "jdbc.user" = "mink"
        "jdbc.password" = "%s"
        "s3.access-key-id" = "%s"
        "s3.secret-access-key" = "%s"
        "s3.endpoint" = "%s"
        "s3.path-style-access" = "true"
        "client.region" = "%s"

        [schema_registry]
        %s

        [query]
        user = "mink"
        password = "%s"
        """.formatted(
            SSL_KEY_PASSWORD,
            lake.resolve("catalog.db"),
            "s3://" + BUCKET + "/warehouse",
            JDBC_PASSWORD,
            S3_KEY_ID,
            S3_SECRET,
            s3.endpoint(),
            S3MockServer.REGION,
            registry,
            QUERY_PASSWORD));
    return file;
  }

  /** The test's own topics and group, the config file, and the SASL settings in a variable. */
  private Map<String, String> variables(Path config) {
    return Map.of(
        "MINK_CONFIG",
        config.toString(),
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        KAFKA.bootstrapServers(),
        "MINK_KAFKA_SASL_JAAS_CONFIG",
        "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"mink\" "
            + "password=\"" + SASL_PASSWORD + "\";",
        "MINK_INDEXER_TABLES_TOPIC",
        "_tables_" + suffix,
        "MINK_INDEXER_STATUS_TOPIC",
        "_status_" + suffix,
        "MINK_INDEXER_GROUP_ID",
        "mink_" + suffix);
  }

  private CommandRun run(Map<String, String> variables, String... args) {
    return CommandRun.of(directory, variables, args);
  }

  private CommandRun query(Map<String, String> variables, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        variables, directory, new PrintWriter(out, true), new PrintWriter(err, true));
    int code = QueryMain.run(
        args, new QueryConsole(environment, new ByteArrayInputStream(new byte[0]), false));
    return new CommandRun(code, out.toString(), err.toString());
  }

  private void keep(String what, CommandRun run) {
    produced.put(what, run.out() + run.err());
  }

  private void keepSucceeded(String what, CommandRun run) {
    keep(what, run);
    assertThat(run.exitCode()).as(what + ": " + run.err()).isZero();
  }

  private static void produceAvro(String topic, int schemaId) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      byte[] value =
          ByteBuffer.allocate(6).put((byte) 0).putInt(schemaId).put((byte) 0).array();
      records.add(new TestRecord(0, null, value, List.of(), null));
    }
    KAFKA.produce(topic, records);
  }

  /** The status topic's records once one names {@code table} and holds {@code text}. */
  private static String statusRecords(String statusTopic, String table, String text) {
    StringBuilder records = new StringBuilder();
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      List<TopicPartition> partitions = consumer.partitionsFor(statusTopic).stream()
          .map(info -> new TopicPartition(statusTopic, info.partition()))
          .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      await().atMost(TIMEOUT).until(() -> {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          records.append(new String(record.value(), StandardCharsets.UTF_8)).append('\n');
        }
        return records
            .toString()
            .lines()
            .anyMatch(line -> line.contains(table) && line.contains(text));
      });
    }
    return records.toString();
  }

  private void keepWarehouseMetadata() {
    List<String> metadata = s3.keys(BUCKET, "warehouse/").stream()
        .filter(key -> key.endsWith(".json"))
        .toList();
    assertThat(metadata).isNotEmpty();
    try (S3Client client = s3.newClient()) {
      for (String key : metadata) {
        produced.put(
            key,
            client.getObjectAsBytes(request -> request.bucket(BUCKET).key(key)).asUtf8String());
      }
    }
  }

  private static String get(String url) throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + "\n" + response.body();
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
