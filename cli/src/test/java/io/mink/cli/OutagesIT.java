package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.RestCatalogServer;
import io.mink.testkit.S3MockServer;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long outages of what the sidecar writes through, while records keep arriving: the REST catalog killed inside a
 * commit and down for two heartbeat timeouts, the object store down for two, the schema registry answering 503 for
 * four. Each has a sidecar and table of its own and they run at the same time; each outage ends by itself. The
 * sidecar waits every one out without stopping the table or writing a record raw, and afterwards every offset is
 * exactly one row.
 *
 * <p>An outage is long when it outlasts the sidecar's {@code heartbeat_timeout}, past which a round hung in it is
 * timed out and its table taken again. The sidecars here run with a heartbeat timeout of 15 s instead of the default
 * 30 s, so the outages keep their length in heartbeat timeouts (60 s and 2 minutes at the default) in half the
 * time.
 */
class OutagesIT {
  private static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(15);
  private static final Duration CATALOG_DOWN = HEARTBEAT_TIMEOUT.multipliedBy(2);
  private static final Duration STORE_DOWN = HEARTBEAT_TIMEOUT.multipliedBy(2);
  private static final Duration REGISTRY_DOWN = HEARTBEAT_TIMEOUT.multipliedBy(4);
  private static final Map<String, String> SIDECAR_ENVIRONMENT =
      Map.of("MINK_INDEXER_HEARTBEAT_TIMEOUT", HEARTBEAT_TIMEOUT.toSeconds() + "s");
  private static final Duration CATCH_UP = Duration.ofSeconds(90);
  private static final Duration MARKER_WAIT = Duration.ofSeconds(60);
  private static final long COMMIT_PAUSE_MILLIS = 300;
  private static final int PARTITIONS = 3;
  private static final int BATCH = 30;
  private static final String STOPPED = "is stopped";
  private static final String SWAPPING = "mink-commit-hook: swapping catalog metadata";
  private static final String SWAPPED = "mink-commit-hook: swapped catalog metadata";

  @RegisterExtension
  static final KafkaBroker KAFKA = SharedBroker.KAFKA;

  @TempDir
  Path directory;

  @Test
  void catalogObjectStoreAndRegistryOutagesAreWaitedOutWithExactlyOneRowPerOffset()
      throws Exception {
    ExecutorService scenarios = Executors.newFixedThreadPool(3);
    try {
      List<Future<String>> outcomes = new ArrayList<>();
      outcomes.add(scenarios.submit(named("catalog", this::catalogKilledInsideACommit)));
      outcomes.add(scenarios.submit(named("object store", this::objectStoreDown)));
      outcomes.add(scenarios.submit(named("registry", this::registryDown)));
      for (Future<String> outcome : outcomes) {
        System.out.println("outages: " + outcome.get(8, TimeUnit.MINUTES));
      }
    } finally {
      scenarios.shutdownNow();
    }
  }

  /**
   * The REST catalog is killed while a commit waits to swap the metadata, and comes back two heartbeat timeouts
   * later.
   */
  private String catalogKilledInsideACommit() throws Exception {
    try (RestCatalogServer catalog =
            RestCatalogServer.start(directory.resolve("rest-warehouse").toString());
        FaultRun run = new FaultRun(
            KAFKA,
            directory,
            "catalog_down",
            restLake(catalog.uri(), catalog.warehouse(), Map.of()),
            catalog.lakeSettings(Map.of()),
            "")) {
      run.addTable(PARTITIONS);
      SidecarProcess sidecar = run.startSidecar(COMMIT_PAUSE_MILLIS, SIDECAR_ENVIRONMENT);
      run.produce(batch -> TestRecords.mixed(batch, BATCH, PARTITIONS));
      run.awaitCommit();
      assertThat(sidecar.awaitNext(SWAPPING, MARKER_WAIT)).as("a commit began").isTrue();
      catalog.kill();
      Thread.sleep(CATALOG_DOWN.toMillis());
      catalog.startAgain();
      run.awaitCommit();
      long rows = run.awaitExactlyOneRowPerOffset(CATCH_UP);
      assertWaitedOut(sidecar, run.topic());
      return "REST catalog killed inside a commit, down " + CATALOG_DOWN.toSeconds() + " s: " + rows
          + " rows, one per offset (" + run.produced() + ")";
    }
  }

  /**
   * S3Mock is killed right after a commit, so the next rounds write their files into a dead store, for two heartbeat
   * timeouts.
   */
  private String objectStoreDown() throws Exception {
    String warehouse = "s3://lake/warehouse";
    try (S3MockServer s3 = S3MockServer.start("lake");
        RestCatalogServer catalog = RestCatalogServer.start(warehouse, serverFileIo(s3));
        FaultRun run = new FaultRun(
            KAFKA,
            directory,
            "store_down",
            restLake(catalog.uri(), warehouse, s3.fileIoProperties()),
            catalog.lakeSettings(s3.fileIoProperties()),
            "")) {
      run.addTable(PARTITIONS);
      SidecarProcess sidecar = run.startSidecar(COMMIT_PAUSE_MILLIS, SIDECAR_ENVIRONMENT);
      run.produce(batch -> TestRecords.mixed(batch, BATCH, PARTITIONS));
      run.awaitCommit();
      assertThat(sidecar.awaitNext(SWAPPED, MARKER_WAIT)).as("a commit ended").isTrue();
      s3.kill();
      Thread.sleep(STORE_DOWN.toMillis());
      s3.startAgain();
      run.awaitCommit();
      long rows = run.awaitExactlyOneRowPerOffset(CATCH_UP);
      assertWaitedOut(sidecar, run.topic());
      return "object store down " + STORE_DOWN.toSeconds() + " s: " + rows
          + " rows, one per offset (" + run.produced() + ")";
    }
  }

  /**
   * The registry answers 503 for four heartbeat timeouts while records arrive with a schema the sidecar has not seen yet:
   * they wait, and once the registry answers they become typed rows; none is written raw.
   */
  private String registryDown() throws Exception {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("registry-warehouse"));
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        FaultRun run = new FaultRun(
            KAFKA,
            directory,
            "registry_down",
            FaultRun.localLake(lake),
            lake,
            "[schema_registry]\nurl = \"" + registry.url() + "\"\n")) {
      int first = registry
          .register("registry_down-value", SchemaType.AVRO, Counted.FIRST)
          .id();
      run.addTable(PARTITIONS);
      SidecarProcess sidecar = run.startSidecar(0, SIDECAR_ENVIRONMENT);
      run.produce(batch -> Counted.records(first, batch, BATCH, PARTITIONS, false));
      run.awaitCommit();
      registry.setAvailable(false);
      int second = registry
          .register("registry_down-value", SchemaType.AVRO, Counted.SECOND)
          .id();
      run.stopProducing();
      run.produce(batch -> Counted.records(second, batch, BATCH, PARTITIONS, true));
      await("the sidecar to wait for the registry")
          .atMost(MARKER_WAIT)
          .until(() -> sidecar.printed("for the schema registry while indexing"));
      Thread.sleep(REGISTRY_DOWN.toMillis());
      registry.setAvailable(true);
      long rows = run.awaitExactlyOneRowPerOffset(CATCH_UP);
      assertEveryRowTyped(run);
      assertWaitedOut(sidecar, null);
      return "registry down " + REGISTRY_DOWN.toSeconds() + " s: " + rows
          + " typed rows, one per offset, none raw (" + run.produced() + ")";
    }
  }

  /** Every row decoded: no raw value kept, the counter column set. */
  private static void assertEveryRowTyped(FaultRun run) throws IOException {
    Map<String, Long> byState = new HashMap<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(run.table()).select(KafkaColumns.VALUE, "n").build()) {
      for (Record row : rows) {
        String state = row.getField(KafkaColumns.VALUE) != null
            ? "raw"
            : row.getField("n") == null ? "no n" : "typed";
        byState.merge(state, 1L, Long::sum);
      }
    }
    assertThat(byState.keySet()).as("rows by state: %s", byState).containsExactly("typed");
  }

  /**
   * The sidecar never stopped the table, and retried the rounds of {@code table} (when set) that failed or whose
   * worker hung in the outage.
   */
  private static void assertWaitedOut(SidecarProcess sidecar, String table) {
    sidecar.checkRunning();
    assertThat(sidecar.output()).doesNotContain(STOPPED);
    if (table != null) {
      assertThat(sidecar.output())
          .containsAnyOf(
              "Round of kafka." + table + " failed (", "Round of kafka." + table + " timed out");
    }
  }

  private static String restLake(String uri, String warehouse, Map<String, String> properties) {
    String lake = """
        [lake]
        catalog = "rest"
        uri = "%s"
        warehouse = "%s"
        """.formatted(uri, warehouse);
    if (properties.isEmpty()) {
      return lake;
    }
    return lake + "\n[lake.properties]\n"
        + properties.entrySet().stream()
            .map(property -> "\"" + property.getKey() + "\" = \"" + property.getValue() + "\"")
            .collect(Collectors.joining("\n"))
        + "\n";
  }

  private static Map<String, String> serverFileIo(S3MockServer s3) {
    Map<String, String> server = new HashMap<>(s3.fileIoProperties());
    server.put("io-impl", S3FileIO.class.getName());
    return server;
  }

  private static Callable<String> named(String name, Callable<String> scenario) {
    return () -> {
      Thread.currentThread().setName("outage-" + name);
      return scenario.call();
    };
  }

  /** Confluent-framed Avro records of a counter, with a second field in the schema's second version. */
  private static final class Counted {
    static final String FIRST = """
        {"type": "record", "name": "Counted", "fields": [{"name": "n", "type": "long"}]}""";
    static final String SECOND = """
        {"type": "record", "name": "Counted", "fields": [{"name": "n", "type": "long"},
          {"name": "m", "type": "long", "default": 0}]}""";

    static List<TestRecord> records(
        int schemaId, long batch, int count, int partitions, boolean withM) {
      List<TestRecord> records = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        long n = batch * count + i;
        ByteArrayOutputStream value = new ByteArrayOutputStream();
        value.write(0);
        value.write(schemaId >>> 24);
        value.write(schemaId >>> 16);
        value.write(schemaId >>> 8);
        value.write(schemaId);
        writeLong(value, n);
        if (withM) {
          writeLong(value, -n);
        }
        records.add(new TestRecord(i % partitions, null, value.toByteArray(), List.of(), null));
      }
      return records;
    }

    /** Avro's zig-zag variable-length long. */
    private static void writeLong(ByteArrayOutputStream out, long value) {
      long zigZag = (value << 1) ^ (value >> 63);
      while ((zigZag & ~0x7FL) != 0) {
        out.write((int) ((zigZag & 0x7F) | 0x80));
        zigZag >>>= 7;
      }
      out.write((int) zigZag);
    }
  }
}
