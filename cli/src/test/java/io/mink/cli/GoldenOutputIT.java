package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exact help of every command and the exact errors of common mistakes, against the files in
 * src/test/resources/golden. Run with -Dgolden.update=true to write the files from what the commands print now, then
 * review the diff. Only the broker's address and the test's directory are replaced, by {@code <bootstrap>} and
 * {@code <dir>}.
 */
class GoldenOutputIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  static Stream<Arguments> commands() {
    return Stream.of(
        Arguments.of("mink", new String[] {"--help"}),
        Arguments.of("serve", new String[] {"serve", "--help"}),
        Arguments.of("table", new String[] {"table", "--help"}),
        Arguments.of("table-add", new String[] {"table", "add", "--help"}),
        Arguments.of("table-list", new String[] {"table", "list", "--help"}),
        Arguments.of("table-show", new String[] {"table", "show", "--help"}),
        Arguments.of("table-alter", new String[] {"table", "alter", "--help"}),
        Arguments.of("table-remove", new String[] {"table", "remove", "--help"}),
        Arguments.of("table-resume", new String[] {"table", "resume", "--help"}),
        Arguments.of("table-redecode", new String[] {"table", "redecode", "--help"}),
        Arguments.of("read", new String[] {"read", "--help"}),
        Arguments.of("cluster", new String[] {"cluster", "--help"}),
        Arguments.of("cluster-stats", new String[] {"cluster", "stats", "--help"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("commands")
  void helpOfEveryCommand(String name, String[] args) throws IOException {
    CommandRun run = mink.run(args);

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertGolden("help-" + name + ".txt", run.out());
  }

  @Test
  void unknownTable() throws IOException {
    assertError("error-unknown-table.txt", "table", "show", "kafka.no_such_table");
  }

  @Test
  void badFreshness() throws IOException {
    assertError("error-bad-freshness.txt", "table", "add", "orders", "--freshness", "3x");
  }

  @Test
  void badTableOption() throws IOException {
    assertError("error-bad-option.txt", "table", "add", "orders", "--option", "format-version=3");
  }

  @Test
  void badOutputFormat() throws IOException {
    assertError("error-bad-output.txt", "table", "list", "--output", "yaml");
  }

  @Test
  void unknownSubcommand() throws IOException {
    assertError("error-unknown-subcommand.txt", "table", "lst");
  }

  @Test
  void topicDoesNotExist() throws IOException {
    assertError("error-topic-does-not-exist.txt", "table", "add", "no_such_topic");
  }

  @Test
  void tableAlreadyAdded() throws IOException {
    KAFKA.createTopic("golden_payments", 1);
    assertThat(mink.run("table", "add", "golden_payments").exitCode()).isZero();

    assertError("error-table-already-added.txt", "table", "add", "golden_payments");
  }

  @Test
  void addingARemovingTable() throws IOException {
    removing("golden_refunds");

    assertError("error-add-removing-table.txt", "table", "add", "golden_refunds");
  }

  @Test
  void alteringARemovingTable() throws IOException {
    removing("golden_invoices");

    assertError(
        "error-alter-removing-table.txt",
        "table",
        "alter",
        "kafka.golden_invoices",
        "--freshness",
        "1m");
  }

  @Test
  void removeWithoutYes() throws IOException {
    assertError("error-remove-without-yes.txt", "table", "remove", "kafka.orders");
  }

  @Test
  void alterOfThePartitionSpec() throws IOException {
    assertError(
        "error-alter-partition-by.txt",
        "table",
        "alter",
        "kafka.orders",
        "--partition-by",
        "hour(_kafka_timestamp)");
  }

  @Test
  void alterOfTheMode() throws IOException {
    assertError("error-alter-mode.txt", "table", "alter", "kafka.orders", "--mode", "upsert");
  }

  @Test
  void appendModeWithCdc() throws IOException {
    assertError(
        "error-add-append-cdc.txt",
        "table",
        "add",
        "orders",
        "--mode",
        "append",
        "--cdc",
        "debezium");
  }

  @Test
  void unreadableCommandConfig() throws IOException {
    assertError(
        "error-unreadable-command-config.txt",
        "table",
        "list",
        "--command-config",
        "client.properties");
  }

  @Test
  void unresolvableBootstrapServers() throws IOException {
    assertError(
        "error-unresolvable-bootstrap.txt",
        "table",
        "list",
        "--bootstrap",
        "no-such-host.invalid:9092");
  }

  @Test
  void missingConfigFileNamedByTheVariable() throws IOException {
    CommandRun run = CommandRun.of(
        workingDirectory, java.util.Map.of("MINK_CONFIG", "mink.toml"), "table", "list");

    assertThat(run.out()).isEmpty();
    assertGolden(
        "error-missing-config-variable.txt",
        "$ MINK_CONFIG=mink.toml mink table list\nexit code " + run.exitCode() + "\n" + run.err());
  }

  /** An added table that a removal left in the removing state, as while a sidecar owns it. */
  private void removing(String topic) {
    KAFKA.createTopic(topic, 1);
    assertThat(mink.run("table", "add", topic).exitCode()).isZero();
    try (KafkaTableStore store = mink.store()) {
      TableDescriptor added = store.find("kafka." + topic).orElseThrow();
      assertThat(store.replace(
              added,
              added.withLifecycle(new Lifecycle(
                  LifecycleState.REMOVING, Instant.now(), "removed by mink table remove (test)"))))
          .isTrue();
    }
  }

  private void assertError(String file, String... args) throws IOException {
    CommandRun run = mink.run(args);

    assertThat(run.out()).isEmpty();
    assertGolden(
        file,
        "$ mink " + String.join(" ", args) + "\nexit code " + run.exitCode() + "\n" + run.err());
  }

  private void assertGolden(String file, String actual) throws IOException {
    String normalized = actual
        .replace(KAFKA.bootstrapServers(), "<bootstrap>")
        .replace(workingDirectory.toString(), "<dir>");
    Path golden = GOLDEN.resolve(file);
    if (UPDATE) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, normalized, StandardCharsets.UTF_8);
      return;
    }
    assertThat(golden)
        .as("golden file %s: run the test with -Dgolden.update=true to write it", golden)
        .exists();
    assertThat(normalized)
        .as("output against %s (-Dgolden.update=true rewrites it)", golden)
        .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }
}
