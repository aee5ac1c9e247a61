package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.TopicListing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user deletes topics on a broker with Kafka's default settings ({@code auto.create.topics.enable=true}) while a
 * sidecar indexes them and every read-only command and /metrics are polled: nothing Mink runs creates a topic again.
 *
 * <p>The sidecars poll their tables (and so check their topics) every second, and measure lag and publish every
 * status every second, instead of every 30 s, 5 s, 15 s and 10 s: the {@link #WATCH} of a deleted topic goes
 * through more of each of those steps than a minute at the defaults does.
 */
class DeletedTopicIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(90);
  /** How long the deleted topic is watched: 20 polls, topic checks, lag measurements and status publications. */
  private static final Duration WATCH = Duration.ofSeconds(20);

  private static final List<String> SIDECAR_JVM_OPTIONS =
      List.of("-D" + ServeCommand.MONITORING_INTERVAL_PROPERTY + "=1000");
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path directory;

  @Test
  void aDeletedTopicMakesItsTableMissingAndStaysDeletedUntilTheUserCreatesItAgain()
      throws Exception {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    String topic = "zz_" + suffix;
    String table = "kafka." + topic;
    KAFKA.createTopic(topic, 3);
    KAFKA.produce(topic, TestRecords.mixed(0, 3_000, 3));
    int httpPort = freePort();
    Path config = writeConfig(suffix);
    assertThat(run(config, "table", "add", topic, "--freshness", "1s").exitCode())
        .isZero();

    try (SidecarProcess sidecar = CliSidecars.start(
        config,
        0,
        Map.of("MINK_INDEXER_HTTP_PORT", String.valueOf(httpPort)),
        SIDECAR_JVM_OPTIONS)) {
      awaitState(config, table, "indexing", TIMEOUT);
      sidecar.await("Committed " + table + ": 3000 rows", TIMEOUT);
      List<String> observed = new ArrayList<>();

      long deleted = System.nanoTime();
      Instant deletedAt = Instant.now();
      KAFKA.deleteTopic(topic);
      Duration toMissing = null;
      while (System.nanoTime() - deleted < WATCH.toNanos()) {
        observed.add(poll(config, table, httpPort));
        String state = state(config, table);
        if (toMissing == null && state.equals("missing")) {
          toMissing = Duration.between(deletedAt, stateSince(config, table));
        }
        assertThat(topics())
            .as(
                "topics %s after the delete; what the commands saw: %s",
                Duration.ofNanos(System.nanoTime() - deleted), observed)
            .doesNotContain(topic);
        Thread.sleep(500);
      }
      assertThat(toMissing)
          .as("time from the delete until the sidecar marked the table missing")
          .isNotNull()
          .isLessThan(Duration.ofSeconds(10));
      assertThat(metrics(httpPort)).contains("mink_tables{state=\"missing\"} 1");
      assertThat(run(config, "table", "show", table).out()).contains("missing");

      KAFKA.createTopic(topic, 1);

      awaitState(config, table, "replaced", Duration.ofSeconds(30));
      assertThat(sidecar.isAlive()).isTrue();
      System.out.printf(
          "deleted topic: missing after %d ms, absent for %d s while polled%n",
          toMissing.toMillis(), WATCH.toSeconds());
    }
  }

  @Test
  void theTablesTopicDeletedUnderASidecarIsAnErrorAndIsNotCreatedAgain() throws Exception {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    String topic = "orders_" + suffix;
    String tablesTopic = "_tables_" + suffix;
    KAFKA.createTopic(topic, 1);
    KAFKA.produce(topic, TestRecords.mixed(0, 10, 1));
    Path config = writeConfig(suffix);
    assertThat(run(config, "table", "add", topic, "--freshness", "1s").exitCode())
        .isZero();

    try (SidecarProcess sidecar = CliSidecars.start(config, 0, Map.of(), SIDECAR_JVM_OPTIONS)) {
      sidecar.await("Committed kafka." + topic + ": 10 rows", TIMEOUT);

      KAFKA.deleteTopic(tablesTopic);

      String error;
      try {
        error = sidecar.await("was deleted while Mink used it", TIMEOUT);
      } catch (AssertionError e) {
        throw new AssertionError("topics now: " + topics(), e);
      }
      assertThat(error)
          .contains("The tables topic " + tablesTopic + " was deleted while Mink used it. It holds "
              + "every added table, so Mink does not create it again by itself");
      CommandRun alter = run(config, "table", "alter", "kafka." + topic, "--freshness", "2s");
      assertThat(alter.exitCode()).isNotZero();
      for (int i = 0; i < 20; i++) {
        assertThat(topics()).as("the tables topic stays deleted").doesNotContain(tablesTopic);
        Thread.sleep(500);
      }
      assertThat(sidecar.isAlive()).isTrue();
    }
  }

  /** One look at the table the way a user and their monitoring look: show, cluster stats, /metrics. */
  private String poll(Path config, String table, int httpPort) {
    CommandRun show = run(config, "table", "show", table);
    CommandRun stats = run(config, "cluster", "stats");
    String metricsLine = metrics(httpPort)
        .lines()
        .filter(line -> line.startsWith("mink_tables{"))
        .toList()
        .toString();
    return "show " + show.exitCode() + ", stats " + stats.exitCode() + ", " + metricsLine;
  }

  private void awaitState(Path config, String table, String state, Duration timeout) {
    await()
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(() ->
            assertThat(state(config, table)).as("state of table %s", table).isEqualTo(state));
  }

  /** When the table entered its state, as its entry records it. */
  private Instant stateSince(Path config, String table) {
    JsonNode entry = entry(config, table);
    if (entry == null) {
      throw new AssertionError("table list does not show " + table);
    }
    return Instant.parse(entry.get("state").get("since").asText());
  }

  private String state(Path config, String table) {
    JsonNode entry = entry(config, table);
    return entry == null ? "absent" : entry.get("state").get("name").asText();
  }

  /** The table's entry as {@code table list --all --output json} prints it; null when it is not listed. */
  private JsonNode entry(Path config, String table) {
    CommandRun list = run(config, "table", "list", "--all", "--output", "json");
    try {
      for (JsonNode entry : JSON.readTree(list.out())) {
        if (entry.get("table").asText().equals(table)) {
          return entry;
        }
      }
      return null;
    } catch (IOException e) {
      throw new AssertionError("table list printed no JSON: " + list.out() + list.err(), e);
    }
  }

  private static Set<String> topics() throws ExecutionException, InterruptedException {
    return KAFKA.admin().listTopics().listings().get().stream()
        .map(TopicListing::name)
        .collect(java.util.stream.Collectors.toSet());
  }

  private static String metrics(int port) {
    try {
      HttpResponse<String> response = HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/metrics"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return response.body();
    } catch (IOException e) {
      return "unreachable: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private CommandRun run(Path config, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--config");
    all.add(config.toString());
    return CommandRun.of(directory, Map.of(), all.toArray(String[]::new));
  }

  private Path writeConfig(String suffix) throws IOException {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("mink-warehouse-" + suffix));
    return Files.writeString(directory.resolve("mink-" + suffix + ".toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        poll_interval = "1s"
        tables_topic = "_tables_%s"
        group_id = "mink_%s"
        status_topic = "_status_%s"
        """.formatted(
            KAFKA.bootstrapServers(), lake.uri(), lake.warehouse(), suffix, suffix, suffix));
  }
}
