package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The table commands beside a real sidecar: a watched backfill the sidecar does, and a removal it finishes. */
class TableSidecarIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path directory;

  @Test
  void watchFollowsTheSidecarsBackfillAndRemoveWaitsForTheSidecarToDeleteTheTable()
      throws Exception {
    String topic = "backfill_" + UUID.randomUUID().toString().substring(0, 8);
    String table = "kafka." + topic;
    KAFKA.createTopic(topic, 3);
    KAFKA.produce(topic, TestRecords.mixed(0, 3_000, 3));
    Path config = writeConfig();
    assertThat(run("table", "add", topic, "--freshness", "1s", "--config", config.toString())
            .exitCode())
        .isZero();
    RunningCommand watch = RunningCommand.start(
        directory,
        Map.of(),
        false,
        "table",
        "show",
        table,
        "--watch",
        "--interval",
        "300ms",
        "--config",
        config.toString());
    watch.awaitOut("backfill towards", TIMEOUT);

    try (SidecarProcess sidecar = CliSidecars.start(config, 0)) {
      assertThat(sidecar.await("Read the tables topic in ", TIMEOUT))
          .endsWith(" ms (added tables: 1)");
      CommandRun watched = watch.await(TIMEOUT);

      assertThat(watched.exitCode()).as(watched.err()).isZero();
      assertThat(watched.out())
          .contains(table + " reached the end offsets it started towards: 3000 rows in ");

      CommandRun remove =
          run("table", "remove", table, "--yes", "--wait=60s", "--config", config.toString());

      assertThat(remove.exitCode()).as(remove.err()).isZero();
      assertThat(remove.out())
          .startsWith("Table " + table + " is removing: the sidecar that owns it (group ")
          .endsWith("Removed table " + table + ".\n");
      assertThat(new LakeTables(CatalogLoader.load(lake())).exists(TableIdentifier.parse(table)))
          .isFalse();
      assertThat(run("table", "show", table, "--config", config.toString()).exitCode())
          .isEqualTo(ExitCode.CONFLICT.code());
      assertThat(sidecar.isAlive()).isTrue();
    }
  }

  private CommandRun run(String... args) {
    return CommandRun.of(directory, Map.of(), args);
  }

  private LakeSettings lake() {
    return LakeSettings.embedded(directory.resolve("mink-warehouse"));
  }

  private Path writeConfig() throws IOException {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
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
            KAFKA.bootstrapServers(), lake().uri(), lake().warehouse(), suffix, suffix));
  }
}
