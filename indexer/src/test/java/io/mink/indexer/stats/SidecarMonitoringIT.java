package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.config.MonitoringSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A sidecar's monitoring on a real broker and lake: the lag probed between rounds, counters, the status topic. */
class SidecarMonitoringIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void metricsShowLagGrowingBetweenRoundsAndTheStatusIsPublished() throws Exception {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    String tiered = "tiered_" + suffix;
    String fresh = "fresh_" + suffix;
    KAFKA.createTopic(tiered, 1);
    KAFKA.createTopic(fresh, 1);
    long twentySecondsAgo = System.currentTimeMillis() - 20_000;
    KAFKA.produce(tiered, records(10, twentySecondsAgo));
    KAFKA.produce(fresh, records(3, twentySecondsAgo));
    LakeTables lake = new LakeTables(warehouse.catalog());
    lake.create(TableIdentifier.of("kafka", fresh), Map.of());
    KafkaClientFactory clients = new KafkaClientFactory(
        Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "monitoring-test");
    StatusTopic statusTopic = new StatusTopic(clients, "_status_" + suffix);
    statusTopic.ensure(KAFKA.admin());
    StatusBoard board = new StatusBoard();
    Instant roundEnded = Instant.now().minusSeconds(60);
    board.put(status(
        "kafka." + tiered,
        tiered,
        List.of(new PartitionLag(0, 4, 4, Duration.ZERO)),
        new RoundSummary(roundEnded, true, 4, 4, 4000, 1, Duration.ofSeconds(2), false, Map.of()),
        roundEnded));
    board.put(status("kafka." + fresh, fresh, List.of(), null, Instant.now()));
    int port = freePort();

    try (SidecarMonitoring monitoring = SidecarMonitoring.start(
        new MonitoringSettings(statusTopic.name(), port, "127.0.0.1"),
        clients,
        lake,
        board,
        () -> Optional.of("joining"),
        Clock.systemUTC())) {
      assertThat(monitoring.httpAddress())
          .hasValueSatisfying(address -> assertThat(address.getPort()).isEqualTo(port));

      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(metrics(port))
              .contains(
                  "mink_partition_offset_lag{partition=\"0\",table=\"kafka." + tiered + "\"} 6.0\n")
              .contains("mink_partition_offset_lag{partition=\"0\",table=\"kafka." + fresh
                  + "\"} 3.0\n"));
      String text = metrics(port);
      assertThat(timeLag(text, "kafka." + tiered)).isBetween(16.0, 60.0);
      assertThat(text)
          .contains(
              "mink_ready 0.0\n",
              "mink_owned_tables 2.0\n",
              "mink_table_state{state=\"tiered\",table=\"kafka." + tiered + "\"} 1.0\n");
      assertThat(statusTopic.read(Duration.ofSeconds(10)))
          .containsKeys("kafka." + tiered, "kafka." + fresh);

      board.put(status(
          "kafka." + tiered,
          tiered,
          List.of(new PartitionLag(0, 10, 10, Duration.ZERO)),
          new RoundSummary(
              Instant.now(),
              true,
              6,
              6,
              6000,
              1,
              Duration.ofSeconds(1),
              false,
              Map.of("value.undecodable-bytes", 2L)),
          Instant.now()));

      String afterRound = metrics(port);
      assertThat(afterRound)
          .contains(
              "mink_partition_offset_lag{partition=\"0\",table=\"kafka." + tiered + "\"} 0.0\n",
              "mink_rounds_committed_total{table=\"kafka." + tiered + "\"} 1.0\n",
              "mink_tiered_rows_total{table=\"kafka." + tiered + "\"} 6.0\n",
              "mink_raw_parts_total{part=\"value\",reason=\"undecodable-bytes\",table=\"kafka."
                  + tiered + "\"} 2.0\n");
      assertThat(get(port, "/ready").statusCode()).isEqualTo(503);
      assertThat(get(port, "/health").statusCode()).isEqualTo(200);
    }
  }

  private String metrics(int port) {
    try {
      HttpResponse<String> response = get(port, "/metrics");
      assertThat(response.statusCode()).isEqualTo(200);
      return response.body();
    } catch (IOException | InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static double timeLag(String metrics, String table) {
    Matcher matcher = Pattern.compile("mink_partition_time_lag_seconds\\{partition=\"0\",table=\""
            + Pattern.quote(table) + "\"} ([0-9.E]+)")
        .matcher(metrics);
    assertThat(matcher.find()).as("a time lag of %s in%n%s", table, metrics).isTrue();
    return Double.parseDouble(matcher.group(1));
  }

  private static TableStatus status(
      String table, String topic, List<PartitionLag> partitions, RoundSummary round, Instant at) {
    return new TableStatus(
        table,
        topic,
        TableState.TIERED,
        "me",
        1,
        round == null ? null : round.finishedAt(),
        at.plusSeconds(120),
        partitions,
        round,
        null,
        List.of(),
        at);
  }

  private static List<TestRecord> records(int count, long timestamp) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          0, null, ("record " + i).getBytes(StandardCharsets.UTF_8), List.of(), timestamp + i));
    }
    return records;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
