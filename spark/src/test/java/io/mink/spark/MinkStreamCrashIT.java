package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream into a transactional sink survives its driver being killed: a user's driver ({@link
 * StreamToIcebergDriver}) in a process of its own streams a Mink table into an Iceberg table with a checkpoint while
 * a producer writes; the driver is killed with SIGKILL twice at random points and started again, and in the end the
 * Iceberg table holds every offset Kafka holds exactly once.
 */
class MinkStreamCrashIT {
  private static final String TABLES_TOPIC = "_tables";
  private static final int PARTITIONS = 3;
  private static final Duration DRIVER_TIMEOUT = Duration.ofMinutes(4);

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @TempDir
  Path work;

  /** The drivers' output, kept after the test for a look when it fails. */
  private final Path logs = Path.of("target", "stream-crash-logs");

  @Test
  void aDriverKilledTwiceWritesEveryOffsetOnceIntoAnIcebergTable() throws Exception {
    Files.createDirectories(logs);
    long seed = System.nanoTime();
    Random random = new Random(seed);
    String topic = InProcessSidecar.uniqueTopic("crash");
    KAFKA.createTopic(topic, PARTITIONS);
    long[] produced = new long[PARTITIONS];
    for (int partition = 0; partition < PARTITIONS; partition++) {
      produce(topic, partition, produced, 50);
    }
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), TABLES_TOPIC)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      AtomicBoolean producing = new AtomicBoolean(true);
      Thread producer = new Thread(() -> {
        int partition = 0;
        while (producing.get()) {
          produce(topic, partition, produced, 20);
          partition = (partition + 1) % PARTITIONS;
          sleep(30);
        }
      });
      producer.start();
      try {
        for (int kill = 0; kill < 2; kill++) {
          Process driver = driver("run", table, "run-" + kill);
          awaitLine(driver, "run-" + kill, "BATCH ");
          long delay = 500L + random.nextInt(4000);
          Thread.sleep(delay);
          driver.destroyForcibly().waitFor();
          if (kill == 0) {
            sidecar.runRound(table);
          }
        }
      } finally {
        producing.set(false);
        producer.join();
      }
      Process drain = driver("drain", table, "drain");
      assertThat(drain.waitFor(DRIVER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS))
          .as("the draining driver ends, seed %s", seed)
          .isTrue();
      List<String> out = Files.readAllLines(logs.resolve("drain.log"));
      assertThat(drain.exitValue()).as("exit of the driver, output %s", out).isZero();

      long total = Arrays.stream(produced).sum();
      List<String> expected = new ArrayList<>();
      expected.add("VERIFY rows=" + total + " duplicates=0");
      for (int partition = 0; partition < PARTITIONS; partition++) {
        expected.add("PARTITION " + partition + " rows=" + produced[partition] + " min=0 max="
            + (produced[partition] - 1));
      }
      assertThat(out.stream()
              .filter(line -> line.startsWith("VERIFY ") || line.startsWith("PARTITION "))
              .toList())
          .as("seed %s", seed)
          .containsExactlyElementsOf(expected);
    }
  }

  private Process driver(String mode, TableDescriptor table, String name) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx768m");
    command.addAll(
        Arrays.asList(System.getProperty("mink.spark.executor.options").trim().split("\\s+")));
    command.add("-cp");
    command.add(System.getProperty("java.class.path")
        + java.io.File.pathSeparator
        + System.getProperty("mink.iceberg.spark.runtime.jar"));
    command.add(StreamToIcebergDriver.class.getName());
    command.addAll(List.of(
        mode,
        KAFKA.bootstrapServers(),
        TABLES_TOPIC,
        warehouse.lakeSettings().catalog(),
        warehouse.lakeSettings().uri(),
        warehouse.lakeSettings().warehouse(),
        table.name(),
        work.resolve("checkpoint").toString(),
        work.resolve("sink").toString()));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(logs.resolve(name + ".log").toFile())
        .start();
  }

  /** Waits until the driver printed a line that starts with {@code prefix}. */
  private void awaitLine(Process driver, String name, String prefix) throws Exception {
    long deadline = System.nanoTime() + DRIVER_TIMEOUT.toNanos();
    Path log = logs.resolve(name + ".log");
    while (System.nanoTime() < deadline) {
      if (Files.exists(log)
          && Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream()
              .anyMatch(line -> line.startsWith(prefix))) {
        return;
      }
      if (!driver.isAlive()) {
        throw new AssertionError("The driver " + name + " ended with " + driver.exitValue() + ": "
            + Files.readString(log, StandardCharsets.ISO_8859_1));
      }
      Thread.sleep(100);
    }
    driver.destroyForcibly();
    throw new AssertionError("The driver " + name + " printed no line starting with " + prefix);
  }

  private static void produce(String topic, int partition, long[] produced, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      long offset = produced[partition] + n;
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + offset).getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
    }
    KAFKA.produce(topic, records);
    synchronized (produced) {
      produced[partition] += count;
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
