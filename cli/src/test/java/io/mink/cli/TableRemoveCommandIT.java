package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.KafkaTableStore;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink table remove against a real broker and the embedded lake, with and without a sidecar in the owners group. */
class TableRemoveCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @Test
  void withNoSidecarRunningRemoveDeletesTheIcebergTableItsFilesAndTheEntry() throws Exception {
    String orders = indexed("orders");
    Path location = Path.of(URI.create(mink.icebergTable(orders).location()));
    assertThat(files(location)).isNotEmpty();

    CommandRun run = mink.run("table", "remove", orders, "--yes");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo("Removed table " + orders + ": dropped the Iceberg table with its data and "
            + "metadata, and deleted its entry.\n");
    assertThat(mink.lake().exists(TableIdentifier.parse(orders))).isFalse();
    assertThat(files(location)).isEmpty();
    try (KafkaTableStore store = mink.store()) {
      assertThat(store.find(orders)).isEmpty();
    }
    assertThat(mink.run("table", "add", orders.substring("kafka.".length())).exitCode())
        .isZero();
  }

  @Test
  void keepTableDeletesOnlyTheEntryAndAttachTakesTheTableOverAgain() throws Exception {
    String orders = indexed("orders");
    String topic = orders.substring("kafka.".length());

    CommandRun run = mink.run("table", "remove", orders, "--keep-table");
    CommandRun addAgain = mink.run("table", "add", topic);
    CommandRun attach = mink.run("table", "add", topic, "--attach");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "Removed table " + orders + ": deleted its entry; the Iceberg table stays in the "
                + "catalog (mink table add " + topic + " --attach takes it over again).\n");
    assertThat(addAgain.exitCode()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(addAgain.err())
        .isEqualTo("Error: Table " + orders + " exists in the catalog for topic " + topic
            + " but is not added (an earlier mink table add was cut short, or mink table remove --keep-table kept it): "
            + "attach to it with --attach, or drop it\n");
    assertThat(attach.exitCode()).isZero();
    assertThat(attach.out()).contains("indexing starts at offsets {\"0\":30}");
  }

  @SuppressWarnings("try") // the consumer only needs to be a member of the group meanwhile
  @Test
  void withASidecarRunningTheTableStaysRemovingForItAndWaitRunsOut() throws Exception {
    String orders = indexed("orders");
    try (KafkaConsumer<byte[], byte[]> sidecar = ownersGroupMember()) {
      CommandRun run = mink.run("table", "remove", orders, "--yes", "--wait=2s");

      assertThat(run.exitCode()).isEqualTo(ExitCode.UNAVAILABLE.code());
      assertThat(run.out())
          .isEqualTo("Table " + orders + " is removing: the sidecar that owns it (group "
              + mink.ownersGroup()
              + " has 1 member) stops indexing it and deletes the Iceberg table with its data and "
              + "metadata, then the entry once its round has stopped. mink table show " + orders
              + " finds it until "
              + "then.\n");
      assertThat(run.err())
          .isEqualTo("Waiting up to 2s for the sidecar to finish removing table " + orders + "\n"
              + "Error: Table " + orders
              + " is still removing after 2s: check that the sidecars run (mink cluster "
              + "stats), or stop them and run mink table remove " + orders
              + " again to finish it here\n");
      TableDescriptor entry = mink.entry(orders);
      assertThat(entry.state()).isEqualTo(LifecycleState.REMOVING);
      assertThat(entry.lifecycle().reason()).startsWith("removed by mink table remove (");
      assertThat(mink.lake().exists(TableIdentifier.parse(orders))).isTrue();
      assertThat(mink.run("table", "list").out())
          .endsWith("1 more table is not indexing (removing 1): mink table " + "list --all\n");
    }

    CommandRun again = mink.run("table", "remove", orders, "--yes");

    assertThat(again.exitCode()).isZero();
    assertThat(again.err())
        .matches("Table " + orders + " is being removed already, since (now|\\d+s ago) \\(removed "
            + "by mink table remove .*\\)\\.\n");
    assertThat(again.out())
        .isEqualTo("Removed table " + orders + ": dropped the Iceberg table with its data and "
            + "metadata, and deleted its entry.\n");
    assertThat(mink.lake().exists(TableIdentifier.parse(orders))).isFalse();
  }

  @Test
  void removeWithoutYesSaysWhatItWouldDelete() {
    CommandRun run = mink.run("table", "remove", "kafka.orders");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(run.err())
        .isEqualTo("Error: mink table remove deletes the Iceberg table kafka.orders with its data "
            + "and metadata: add --yes to go ahead, or --keep-table to keep the Iceberg table\n");
  }

  /** A table with 30 rows in the lake. */
  private String indexed(String prefix) {
    String topic = mink.topic(prefix, 1);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    mink.produce(topic, 0, 30);
    assertThat(mink.round("kafka." + topic).rows()).isEqualTo(30);
    return "kafka." + topic;
  }

  /** A member of the owners group, as a running sidecar is; it leaves the group when closed. */
  private KafkaConsumer<byte[], byte[]> ownersGroupMember() throws InterruptedException {
    String topic = mink.topic("owners", 1);
    KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer(Map.of(
        ConsumerConfig.GROUP_ID_CONFIG,
        mink.ownersGroup(),
        ConsumerConfig.GROUP_PROTOCOL_CONFIG,
        "classic"));
    consumer.subscribe(List.of(topic));
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (consumer.assignment().isEmpty()) {
      assertThat(System.nanoTime()).as("joined the owners group within 30 s").isLessThan(deadline);
      consumer.poll(Duration.ofMillis(100));
    }
    return consumer;
  }

  private static List<Path> files(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return List.of();
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      return paths.filter(Files::isRegularFile).toList();
    }
  }
}
