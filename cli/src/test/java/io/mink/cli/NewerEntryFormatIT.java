package io.mink.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table whose entry a newer Mink wrote, in an entry format this one does not read, beside a table this one reads:
 * mink serve keeps indexing the other table, reports the newer entry and leaves it as it is; table list lists the
 * other table and reports it (exit 4); table show refuses it (exit 4); mink-query runs statements on the other table.
 */
class NewerEntryFormatIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path directory;

  @Test
  void serveAndTheCommandsLeaveANewerEntryAloneAndServeTheOtherTables() throws Exception {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    String newer = "newer_" + suffix;
    String older = "older_" + suffix;
    KAFKA.createTopic(newer, 1);
    KAFKA.createTopic(older, 1);
    KAFKA.produce(older, TestRecords.mixed(0, 50, 1));
    Path config = writeConfig(suffix);
    assertThat(run("table", "add", newer, "--freshness", "1s", "--config", config.toString())
            .exitCode())
        .isZero();
    assertThat(run("table", "add", older, "--freshness", "1s", "--config", config.toString())
            .exitCode())
        .isZero();
    String entry = "{\"version\":2,\"revision\":9,\"namespace\":\"kafka\",\"name\":\"" + newer
        + "\",\"topic\":\"" + newer + "\",\"freshness_ms\":1000,"
        + "\"added_at\":\"2026-11-30T10:00:00Z\",\"sink\":{\"kind\":\"new\"}}";
    String tablesTopic = "_tables_" + suffix;
    writeRaw(tablesTopic, "kafka." + newer, entry);
    String refusal = "Table kafka." + newer + " in the tables topic " + tablesTopic
        + " has entry format version 2, and this Mink reads entry formats up to version 1: upgrade"
        + " Mink to a version that reads entry format 2 on every instance";

    try (SidecarProcess sidecar = CliSidecars.start(config, 0)) {
      sidecar.await(refusal, TIMEOUT);
      await().atMost(TIMEOUT).until(() -> snapshotOf("kafka." + older) != null);
      assertThat(sidecar.isAlive()).as(sidecar.tail()).isTrue();
      assertThat(lake().exists(TableIdentifier.of("kafka", newer)))
          .as("the table is not taken for removed")
          .isTrue();
    }
    assertThat(lastValue(tablesTopic, "kafka." + newer))
        .as("the newer entry is never rewritten in the older format")
        .isEqualTo(entry);

    CommandRun list = run("table", "list", "--config", config.toString());
    assertThat(list.exitCode()).as(list.err()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(list.out()).contains("kafka." + older).doesNotContain(newer);
    assertThat(list.err()).startsWith("Error: " + refusal);

    CommandRun show = run("table", "show", "kafka." + newer, "--config", config.toString());
    assertThat(show.exitCode()).as(show.err()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(show.err()).contains(refusal);

    CommandRun query = runQuery(
        "exec", "-e", "SELECT count(*) FROM kafka." + older, "--config", config.toString());
    assertThat(query.exitCode()).as(query.err()).isZero();
    assertThat(query.out()).contains("50");
  }

  /** One run of mink-query in this JVM, without input. */
  private CommandRun runQuery(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        Map.of(), directory, new PrintWriter(out, true), new PrintWriter(err, true));
    int code = QueryMain.run(
        args, new QueryConsole(environment, new ByteArrayInputStream(new byte[0]), false));
    return new CommandRun(code, out.toString(), err.toString());
  }

  private Table snapshotOf(String table) {
    Table loaded = lake().load(TableIdentifier.parse(table));
    return loaded.currentSnapshot() == null ? null : loaded;
  }

  private CommandRun run(String... args) {
    return CommandRun.of(directory, Map.of(), args);
  }

  private LakeTables lake() {
    return new LakeTables(CatalogLoader.load(lakeSettings()));
  }

  private LakeSettings lakeSettings() {
    return LakeSettings.embedded(directory.resolve("mink-warehouse"));
  }

  private static void writeRaw(String topic, String key, String value) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer()) {
      producer
          .send(new ProducerRecord<>(topic, 0, key.getBytes(UTF_8), value.getBytes(UTF_8)))
          .get();
    }
  }

  private static String lastValue(String topic, String key) {
    TopicPartition partition = new TopicPartition(topic, 0);
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        KAFKA.newConsumer(Map.of("isolation.level", "read_committed"))) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (consumer.position(partition) < end && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records.stream()
        .filter(record -> key.equals(new String(record.key(), UTF_8)))
        .reduce((first, second) -> second)
        .map(record -> new String(record.value(), UTF_8))
        .orElseThrow();
  }

  private Path writeConfig(String suffix) throws IOException {
    return Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        poll_interval = "200ms"
        writer_threads = 2
        tables_topic = "_tables_%s"
        group_id = "mink_%s"
        """.formatted(
            KAFKA.bootstrapServers(),
            lakeSettings().uri(),
            lakeSettings().warehouse(),
            suffix,
            suffix));
  }
}
