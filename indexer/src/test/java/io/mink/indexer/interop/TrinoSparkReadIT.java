package io.mink.indexer.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.UpsertModel;
import io.mink.indexer.testing.UpsertWalk;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.RestCatalogServer;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TrinoReader;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trino, a second independent engine, reads the tables Mink's rounds wrote into Iceberg's REST catalog exactly as
 * Spark reads them: every column of every row of the all-types table (every Iceberg type Mink's mapping produces,
 * for Avro, Protobuf and JSON Schema) and of a format-3 upsert table whose updates and tombstones left deletion
 * vectors. Trino 483 runs on Java 25 in a process of its own (see TrinoReader); its values are shaped as Spark's
 * reader hands them back, converting only what the transports force (see TrinoValues).
 */
class TrinoSparkReadIT {
  /**
   * Records per round of the upsert table: mostly new keys first, then updates and tombstones of a few of them, too
   * few for a round to rewrite a data file (at 30 % deleted rows), so that the deletion vectors stay.
   */
  private static final List<Integer> UPSERT_ROUNDS = List.of(2_000, 250, 250);

  private static final int UPSERT_KEYS = 2_000;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  static Path directory;

  private static RestCatalogServer rest;
  private static CompletableFuture<TrinoReader> trinoStarting;
  private static TrinoReader trino;
  private static SparkReader spark;

  @BeforeAll
  static void startTheCatalogAndTheEngines() {
    rest = RestCatalogServer.start("file:" + directory.resolve("warehouse"));
    trinoStarting = CompletableFuture.supplyAsync(() -> TrinoReader.start(rest.uri()));
    spark = SparkReader.start(lakeSettings());
  }

  @AfterAll
  static void stop() {
    for (AutoCloseable closeable : new AutoCloseable[] {
      spark,
      trinoStarting == null ? null : (AutoCloseable) () -> trinoStarting.join().close(),
      rest
    }) {
      try {
        if (closeable != null) {
          closeable.close();
        }
      } catch (Exception e) {
        System.err.println("Cannot stop " + closeable + ": " + e);
      }
    }
  }

  @Test
  void trinoReadsEveryColumnOfTheAllTypesTableAsSparkDoes() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("all_types");
    KAFKA.createTopic(topic, 1);
    TableDescriptor table;
    int produced;
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start()) {
      produced = AllTypesTopic.produceInterleaved(KAFKA, topic, registry).size();
      RoutingSchemaRegistry minkRegistry = new RoutingSchemaRegistry(
          Optional.of(ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))),
          Optional.empty());
      try (InProcessSidecar sidecar = new InProcessSidecar(
          KAFKA.bootstrapServers(),
          lakeSettings(),
          "_tables_all_types",
          RegistryDecoders.forRegistry(minkRegistry))) {
        table = sidecar.add(topic, Duration.ofMinutes(3));
        RoundResult round = sidecar.runRound(table);
        assertThat(round.rawParts()).isEmpty();
        assertThat(round.rows()).isEqualTo(produced);
      }
    }

    assertTrinoReadsAsSpark(table, produced);
  }

  @Test
  void trinoReadsTheFormatThreeUpsertTableThroughItsDeletionVectorsAsSparkDoes() {
    String topic = InProcessSidecar.uniqueTopic("upserts");
    KAFKA.createTopic(topic, 3);
    UpsertModel model = new UpsertModel();
    Random random = new Random(14);
    TableDescriptor descriptor;
    Map<String, UpsertModel.Row> live;
    List<DeleteFile> deletes;
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), lakeSettings(), "_tables_upserts")) {
      descriptor = sidecar.add(
          topic, Duration.ofMinutes(3), Map.of("mode", "upsert", "iceberg.format-version", "3"));
      for (int records : UPSERT_ROUNDS) {
        UpsertWalk.produce(KAFKA, topic, model, random, records, UPSERT_KEYS);
        sidecar.runRound(descriptor);
      }
      Table table = sidecar.table(descriptor);
      live = model.liveBelow(sidecar.offsets(descriptor).nextOffsets());
      assertThat(UpsertWalk.lakeRows(table)).isEqualTo(live);
      deletes = deleteFiles(table);
    }
    assertThat(deletes)
        .as("the live rows are read through deletion vectors")
        .isNotEmpty()
        .allSatisfy(file -> assertThat(file.format()).isEqualTo(FileFormat.PUFFIN));
    assertThat(deletes.stream().mapToLong(DeleteFile::recordCount).sum())
        .as("rows the deletion vectors delete")
        .isGreaterThan(100);

    assertTrinoReadsAsSpark(descriptor, live.size());
  }

  /** Spark and Trino read the same rows, column for column, and as many as {@code rows}. */
  private static void assertTrinoReadsAsSpark(TableDescriptor table, int rows) {
    List<Map<String, Object>> sparkRows =
        spark.sql("SELECT * FROM mink.`%s`.`%s` ORDER BY".formatted(table.namespace(), table.name())
            + " _kafka_partition, _kafka_offset");
    List<Map<String, Object>> trinoRows = trino()
        .sql("SELECT * FROM mink.\"%s\".\"%s\" ORDER BY".formatted(table.namespace(), table.name())
            + " _kafka_partition, _kafka_offset");

    assertThat(sparkRows).as("Spark's rows of %s", table.qualifiedName()).hasSize(rows);
    assertThat(trinoRows).as("Trino's rows of %s", table.qualifiedName()).hasSize(rows);
    SoftAssertions softly = new SoftAssertions();
    for (int i = 0; i < rows; i++) {
      Map<String, Object> spark = sparkRows.get(i);
      Map<String, Object> trino = trinoRows.get(i);
      String where =
          "partition " + spark.get("_kafka_partition") + ", offset " + spark.get("_kafka_offset");
      softly
          .assertThat(List.copyOf(trino.keySet()))
          .as("Trino's columns at %s", where)
          .isEqualTo(List.copyOf(spark.keySet()));
      for (Map.Entry<String, Object> column : spark.entrySet()) {
        softly
            .assertThat(TrinoValues.sparkShaped(trino.get(column.getKey())))
            .as("%s at %s", column.getKey(), where)
            .isEqualTo(column.getValue());
      }
    }
    softly.assertAll();
  }

  private static TrinoReader trino() {
    if (trino == null) {
      trino = trinoStarting.join();
    }
    return trino;
  }

  private static LakeSettings lakeSettings() {
    return rest.lakeSettings(Map.of());
  }

  private static List<DeleteFile> deleteFiles(Table table) {
    List<DeleteFile> deletes = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> deletes.addAll(task.deletes()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return deletes;
  }
}
