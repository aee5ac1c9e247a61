package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.LakeRowCheck;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One sidecar and one table of a fault test: its own tables, owners and status topics and group, so several runs
 * share a broker without sharing tables. A producer thread writes batches to the table's topic until stopped; a
 * batch that fails while the broker is down is written again. At the end every offset must be exactly one row.
 */
final class FaultRun implements AutoCloseable {
  private static final Duration COMMIT_WAIT = Duration.ofSeconds(90);
  private static final Duration PRODUCE_PAUSE = Duration.ofMillis(100);

  private final String name;
  private final KafkaBroker kafka;
  private final Path directory;
  private final Path config;
  private final LakeSettings lake;
  private final AtomicBoolean producing = new AtomicBoolean();
  private final AtomicLong batches = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  private Thread producer;
  private SidecarProcess sidecar;
  private Catalog catalog;

  /**
   * @param lakeToml the {@code [lake]} section (and {@code [lake.properties]}) of the sidecar's config
   * @param lake the same lake, for the test's own reads
   * @param moreToml more sections, such as {@code [schema_registry]}
   */
  FaultRun(
      KafkaBroker kafka,
      Path directory,
      String name,
      String lakeToml,
      LakeSettings lake,
      String moreToml)
      throws IOException {
    this.name = name;
    this.kafka = kafka;
    this.directory = Files.createDirectories(directory.resolve(name));
    this.lake = lake;
    this.config = Files.writeString(this.directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        %s

        [indexer]
        poll_interval = "200ms"
        writer_threads = 1
        tables_topic = "_mink_tables_%s"
        owners_topic = "_mink_owners_%s"
        status_topic = "_mink_status_%s"
        group_id = "mink-%s"

        %s
        """.formatted(
            kafka.bootstrapServers(), lakeToml, name, name, name, name, moreToml));
  }

  /** The {@code [lake]} section of a local JDBC catalog on SQLite, as Mink's embedded default. */
  static String localLake(LakeSettings lake) {
    return """
        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"
        """.formatted(lake.uri(), lake.warehouse());
  }

  String topic() {
    return name;
  }

  Path config() {
    return config;
  }

  /** Creates the topic and adds it with a one-second freshness. */
  void addTable(int partitions) {
    kafka.createTopic(name, partitions);
    CommandRun add = addTable();
    assertThat(add.exitCode()).as(add.err()).isZero();
  }

  /** Runs {@code mink table add} of the topic with a one-second freshness. */
  CommandRun addTable() {
    return run("table", "add", name, "--freshness", "1s");
  }

  /** Runs a mink command with this run's config. */
  CommandRun run(String... arguments) {
    String[] withConfig = Arrays.copyOf(arguments, arguments.length + 2);
    withConfig[arguments.length] = "--config";
    withConfig[arguments.length + 1] = config.toString();
    return CommandRun.of(directory, Map.of(), withConfig);
  }

  /** Starts {@code mink serve}, pausing inside each commit for {@code commitPauseMillis} when above zero. */
  SidecarProcess startSidecar(long commitPauseMillis) {
    return startSidecar(commitPauseMillis, Map.of());
  }

  /** Starts {@code mink serve} as {@link #startSidecar(long)} does, with {@code environment} added to its own. */
  SidecarProcess startSidecar(long commitPauseMillis, Map<String, String> environment) {
    sidecar = CliSidecars.start(config, commitPauseMillis, environment);
    return sidecar;
  }

  SidecarProcess sidecar() {
    return sidecar;
  }

  /** Writes {@code batch.apply(n)} for n = 0, 1, 2, ... until {@link #stopProducing()}. */
  void produce(LongFunction<List<TestRecord>> batch) {
    producing.set(true);
    producer = new Thread(
        () -> {
          while (producing.get()) {
            try {
              kafka.produce(name, batch.apply(batches.get()));
              batches.incrementAndGet();
              Thread.sleep(PRODUCE_PAUSE.toMillis());
            } catch (InterruptedException e) {
              return;
            } catch (RuntimeException e) {
              failedBatches.incrementAndGet();
            }
          }
        },
        name + "-producer");
    producer.start();
  }

  void stopProducing() throws InterruptedException {
    producing.set(false);
    if (producer != null) {
      producer.join();
    }
  }

  /** The batches written, and those that failed (and may or may not be in the topic). */
  String produced() {
    return batches.get() + " batches written, " + failedBatches.get() + " failed";
  }

  /** Waits until a commit moves the table's offsets past where they are now. */
  LakeOffsets awaitCommit() {
    LakeOffsets before = offsets();
    try {
      return await(name + " to commit")
          .atMost(COMMIT_WAIT)
          .pollInterval(Duration.ofMillis(200))
          .until(this::offsets, now -> !now.equals(before));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          name + " did not commit within " + COMMIT_WAIT.toSeconds() + " s; the sidecar printed:\n"
              + sidecar.output(),
          e);
    }
  }

  /**
   * Stops producing, waits until the table holds the topic's end offsets and checks that every offset is exactly
   * one row; returns the rows.
   */
  long awaitExactlyOneRowPerOffset(Duration catchUp) throws InterruptedException {
    stopProducing();
    Map<Integer, Long> ends = kafka.endOffsets(name);
    try {
      await(name + " to catch up")
          .atMost(catchUp)
          .pollInterval(Duration.ofMillis(200))
          .until(() -> offsets().equals(LakeOffsets.of(ends)));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          name + " did not reach " + ends + " within " + catchUp.toSeconds() + " s, it is at "
              + offsets() + "; the sidecar printed:\n" + sidecar.output(),
          e);
    }
    return LakeRowCheck.verify(table(), name, ends);
  }

  LakeOffsets offsets() {
    return MinkSnapshot.newest(((HasTableOperations) table()).operations().current())
        .map(MinkSnapshot::offsets)
        .orElse(LakeOffsets.NONE);
  }

  Table table() {
    if (catalog == null) {
      catalog = CatalogLoader.load(lake);
    }
    return catalog.loadTable(TableIdentifier.of("kafka", name));
  }

  /** Stops producing and the sidecar, and keeps its output in target/faults-NAME.log. */
  @Override
  public void close() {
    producing.set(false);
    if (producer != null) {
      producer.interrupt();
    }
    if (sidecar != null) {
      sidecar.close();
      try {
        Files.writeString(Path.of("target", "faults-" + name + ".log"), sidecar.output());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
