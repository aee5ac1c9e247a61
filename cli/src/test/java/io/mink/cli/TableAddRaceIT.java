package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Two clients add the same topic at the same moment: one adds it, the other is told, and nothing is doubled. */
class TableAddRaceIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @RepeatedTest(4)
  void twoClientsAddingOneTopicAtOnceAddItOnce() throws Exception {
    String topic = mink.topic("orders", 2);
    String table = "kafka." + topic;
    CyclicBarrier start = new CyclicBarrier(2);
    ExecutorService clients = Executors.newFixedThreadPool(2);
    List<CommandRun> runs = new ArrayList<>();
    try {
      List<Future<CommandRun>> adds = new ArrayList<>();
      for (int client = 0; client < 2; client++) {
        adds.add(clients.submit(() -> {
          start.await();
          return mink.run("table", "add", topic);
        }));
      }
      for (Future<CommandRun> add : adds) {
        runs.add(add.get(2, TimeUnit.MINUTES));
      }
    } finally {
      clients.shutdownNow();
    }
    runs.sort(Comparator.comparingInt(CommandRun::exitCode));

    CommandRun winner = runs.get(0);
    CommandRun loser = runs.get(1);
    assertThat(winner.exitCode()).as("winner: %s", winner).isZero();
    assertThat(winner.out())
        .startsWith("Added table " + table + " for topic " + topic + " (2 partitions");
    assertThat(loser.exitCode()).as("loser: %s", loser).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(loser.out()).isEmpty();
    assertThat(loser.err())
        .isIn(
            "Error: Table " + table
                + " was added by another client meanwhile: see it with mink table show " + table
                + "\n",
            "Error: Table " + table
                + " is already added: see it with mink table list, or pick another name with --name "
                + "or --namespace\n");
    try (KafkaTableStore store = mink.store()) {
      List<TableDescriptor> entries = store.list().stream()
          .filter(entry -> entry.qualifiedName().equals(table))
          .toList();
      assertThat(entries).hasSize(1);
      assertThat(entries.get(0).topicId()).isEqualTo(KAFKA.topicId(topic).toString());
    }
    assertThat(mink.lake().catalog().listTables(Namespace.of("kafka")))
        .filteredOn(identifier -> identifier.name().equals(topic))
        .hasSize(1);
    assertThat(mink.lake().load(TableIdentifier.parse(table)).properties())
        .containsEntry("mink.topic-id", KAFKA.topicId(topic).toString());
  }
}
