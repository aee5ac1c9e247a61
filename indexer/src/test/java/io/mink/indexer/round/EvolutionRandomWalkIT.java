package io.mink.indexer.round;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.TypeUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A long seeded random walk over the Avro schema versions of one topic's value, through a real
 * broker, the fake registry and Mink's rounds into Iceberg, read back after every step by Iceberg's
 * generic reader and by Spark. Each step derives a version from the latest mergeable one
 * ({@link WalkMutations}), sometimes an unmergeable one, registers it, produces records of it and of
 * older versions (producers upgrade one by one) and runs one round. Then every row is checked
 * against {@link WalkTable}, the walk's own model of the evolution rules of docs/schema.md: one row per record,
 * each value in the column the rules give it and every other typed column null, unmergeable
 * versions' rows raw with their exact bytes and counted; every row read the step before reads the
 * same by field id; no field id disappears or changes; the schema is the model's; and Spark reads
 * the same rows as Iceberg's generic reader, old files included.
 *
 * <p>{@code -Dmink.walk.seed=...} and {@code -Dmink.walk.steps=...} replay or lengthen a walk; a
 * failure names the seed, the step, the version history and the offending row.
 */
class EvolutionRandomWalkIT {
  private static final long DEFAULT_SEED = 20_261_130L;
  private static final int DEFAULT_STEPS = 40;
  private static final int NEW_VERSION_RECORDS = 4;
  private static final int OLD_VERSION_RECORDS = 6;
  private static final int POISON_PERCENT = 15;
  private static final int TWO_VERSIONS_PERCENT = 20;
  private static final Set<String> METADATA = KafkaColumns.SCHEMA.columns().stream()
      .map(column -> column.name())
      .collect(Collectors.toSet());

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static Warehouse warehouse;
  private static CompletableFuture<SparkReader> spark;

  /** A version as registered: the model, its Avro schema, its registry id and the mutations that made it. */
  private record Version(WalkSchema schema, Schema avro, int id, List<String> mutations) {}

  /** A produced record: its version and value, its bytes, and where the model put its values (null: raw). */
  private record Produced(
      long offset,
      Version version,
      Map<String, Object> value,
      byte[] bytes,
      int step,
      Map<WalkTable.Column, Object> placed) {}

  private final WalkTable model = new WalkTable();
  private final List<String> history = new ArrayList<>();
  private final List<Version> versions = new ArrayList<>();
  private final List<Version> mergeable = new ArrayList<>();
  private final Map<Long, Produced> produced = new TreeMap<>();
  private final Map<Long, Map<Integer, Object>> previousRows = new HashMap<>();
  private final List<Long> roundMillis = new ArrayList<>();
  private final List<Long> sparkMillis = new ArrayList<>();
  private Set<Integer> previousFieldIds = Set.of();
  private int unmergeableVersions;
  private long seed;
  private int step;

  @BeforeAll
  static void startSpark() {
    warehouse = Warehouse.create();
    warehouse.catalog();
    spark = CompletableFuture.supplyAsync(() -> SparkReader.start(warehouse.lakeSettings()));
  }

  @AfterAll
  static void stopSpark() {
    try {
      spark.join().close();
    } finally {
      warehouse.close();
    }
  }

  @Test
  void everyValueOfARandomWalkOfSchemaVersionsStaysInItsColumnForIcebergAndSpark() {
    seed = Long.getLong("mink.walk.seed", DEFAULT_SEED);
    int steps = Integer.getInteger("mink.walk.steps", DEFAULT_STEPS);
    System.out.println("Evolution random walk: seed " + seed + ", " + steps
        + " steps (-Dmink.walk.seed=" + seed + " -Dmink.walk.steps=" + steps + ")");
    Random random = new Random(seed);
    WalkMutations mutations = new WalkMutations(random);
    String topic = InProcessSidecar.uniqueTopic("walk");
    KAFKA.createTopic(topic, 1);
    long started = System.nanoTime();

    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        InProcessSidecar sidecar = sidecar(registry)) {
      TableDescriptor descriptor = sidecar.add(topic, Duration.ofMinutes(3));
      for (step = 1; step <= steps; step++) {
        try {
          List<Version> fresh = register(
              registry, topic, mutations, sidecar.table(descriptor).schema().schemaId(), random);
          List<Version> batch = batch(fresh, random);
          long raw = produce(topic, fresh, batch, random);
          runRoundAndCheck(sidecar, descriptor, batch.size(), raw);
        } catch (RuntimeException e) {
          AssertionError failure = failure("unexpected " + e);
          failure.initCause(e);
          throw failure;
        }
      }
    }
    System.out.println("Evolution random walk done in " + (System.nanoTime() - started) / 1_000_000
        + " ms: seed "
        + seed + ", " + steps + " steps, " + versions.size() + " versions (" + unmergeableVersions
        + " unmergeable), "
        + produced.size() + " rows, " + model.renamedColumns().size() + " renamed columns; rounds "
        + summary(roundMillis) + "; Spark reads " + summary(sparkMillis) + "\nfinal table: "
        + model);
  }

  /**
   * Derives the step's version from the latest mergeable one and registers it; sometimes a second
   * one derived from the first, so one round merges two new versions (neither unmergeable on purpose).
   */
  private List<Version> register(
      FakeSchemaRegistry registry,
      String topic,
      WalkMutations mutations,
      int schemaId,
      Random random) {
    boolean twice = step > 1 && random.nextInt(100) < TWO_VERSIONS_PERCENT;
    List<Version> fresh = new ArrayList<>();
    WalkSchema base =
        versions.isEmpty() ? null : mergeable.get(mergeable.size() - 1).schema();
    for (int i = twice ? 2 : 1; i > 0; i--) {
      boolean poison = !twice && step > 2 && random.nextInt(100) < POISON_PERCENT;
      Version derived = derive(mutations, base, poison, schemaId);
      int id = registry
          .register(topic + "-value", SchemaType.AVRO, derived.avro().toString())
          .id();
      Version version = new Version(derived.schema(), derived.avro(), id, derived.mutations());
      versions.add(version);
      fresh.add(version);
      base = version.schema();
    }
    return fresh;
  }

  /**
   * Produces the batch and runs the model's round over it: each version merged when the round
   * first meets it, each record placed under the model's schema at that point. Returns how many
   * records the model leaves raw.
   */
  private long produce(String topic, List<Version> fresh, List<Version> batch, Random random) {
    List<TestRecord> records = new ArrayList<>();
    List<Map<String, Object>> values = new ArrayList<>();
    for (Version of : batch) {
      Map<String, Object> value = WalkPayloads.randomValue(of.schema(), random);
      values.add(value);
      records.add(new TestRecord(
          0,
          null,
          WalkPayloads.confluent(of.id(), WalkPayloads.avro(of.avro(), value)),
          List.of(),
          null));
    }
    long firstOffset = KAFKA.produce(topic, records).get(0).offset();
    Map<Version, Optional<String>> refusals = new LinkedHashMap<>();
    long raw = 0;
    for (int i = 0; i < batch.size(); i++) {
      Version of = batch.get(i);
      boolean merged = refusals
          .computeIfAbsent(of, v -> Optional.ofNullable(model.merge(v.schema())))
          .isEmpty();
      raw += merged ? 0 : 1;
      produced.put(
          firstOffset + i,
          new Produced(
              firstOffset + i,
              of,
              values.get(i),
              records.get(i).value(),
              step,
              merged ? model.place(of.schema(), values.get(i)) : null));
    }
    for (Version version : fresh) {
      Optional<String> refusal = refusals.get(version);
      if (refusal.isPresent()) {
        unmergeableVersions++;
      } else if (version.schema().poison() == null) {
        mergeable.add(version);
      }
      history.add(
          "step " + step + ": " + version.schema() + "\n      mutations " + version.mutations()
              + "\n      " + refusal.map(why -> "unmergeable: " + why).orElse("merges") + "; batch "
              + batch.stream().map(v -> "v" + v.schema().number()).toList());
    }
    return raw;
  }

  private void runRoundAndCheck(
      InProcessSidecar sidecar, TableDescriptor descriptor, int records, long raw) {
    long start = System.nanoTime();
    RoundResult result = sidecar.runRound(descriptor);
    roundMillis.add((System.nanoTime() - start) / 1_000_000);
    check(
        result.rows() == records,
        "the round wrote " + result.rows() + " rows for " + records + " records: " + result);
    Map<String, Long> expectedRaw = raw == 0 ? Map.of() : Map.of("value.unmergeable-schema", raw);
    check(
        result.rawParts().equals(expectedRaw),
        "the round counts raw parts " + result.rawParts() + ", the model expects " + expectedRaw);

    Table table = sidecar.table(descriptor);
    List<String> problems =
        WalkTableCheck.problems(model, table.schema(), table.schemas(), previousFieldIds);
    check(
        problems.isEmpty(),
        "the table's schema differs from the model:\n  " + String.join("\n  ", problems)
            + "\nmodel: " + model + "\ntable: " + table.schema());
    previousFieldIds = Set.copyOf(TypeUtil.indexById(table.schema().asStruct()).keySet());

    start = System.nanoTime();
    Map<Long, Map<String, Object>> icebergRows = checkRows(sidecar.rows(descriptor));
    long icebergMillis = (System.nanoTime() - start) / 1_000_000;
    start = System.nanoTime();
    List<Map<String, Object>> sparkRows = spark.join().read(descriptor.qualifiedName());
    sparkMillis.add((System.nanoTime() - start) / 1_000_000);
    checkSpark(sparkRows, icebergRows);
    System.out.println("walk step " + step + ": v"
        + versions.get(versions.size() - 1).schema().number() + ", schema "
        + table.schema().schemaId() + ", " + produced.size() + " rows (" + raw
        + " raw this round); round "
        + roundMillis.get(roundMillis.size() - 1) + " ms, Iceberg read and checks " + icebergMillis
        + " ms, Spark read " + sparkMillis.get(sparkMillis.size() - 1) + " ms");
  }

  private Version derive(WalkMutations mutations, WalkSchema base, boolean poison, int schemaId) {
    for (int attempt = 0; ; attempt++) {
      WalkMutations.Derived derived = base == null
          ? new WalkMutations.Derived(mutations.first(), List.of("first"))
          : mutations.next(base, versions.size() + 1, poison, model::renamedNames, schemaId);
      Schema avro = new Schema.Parser().parse(WalkRenderer.avro(derived.version()));
      boolean seen = versions.stream().anyMatch(v -> v.avro().equals(avro));
      if (!seen || attempt == 10) {
        return new Version(derived.version(), avro, -1, derived.mutations());
      }
    }
  }

  /**
   * Records of the new versions and of older mergeable ones in random order, the new ones in the
   * order they were derived; now and then a record of a version named like a Mink column.
   */
  private List<Version> batch(List<Version> fresh, Random random) {
    List<Version> batch = new ArrayList<>();
    for (int i = 0; i < OLD_VERSION_RECORDS && !mergeable.isEmpty(); i++) {
      int back = Math.min(
          mergeable.size() - 1, (int) Math.abs(random.nextGaussian() * mergeable.size() / 2));
      batch.add(mergeable.get(mergeable.size() - 1 - back));
    }
    versions.stream()
        .filter(v -> v.schema().poison() != null && v.schema().poison().startsWith("top-level"))
        .filter(v -> random.nextInt(10) == 0)
        .findFirst()
        .ifPresent(batch::add);
    for (Version version : fresh) {
      for (int i = 0; i < NEW_VERSION_RECORDS; i++) {
        batch.add(version);
      }
    }
    Collections.shuffle(batch, random);
    int at = 0;
    for (Version version : fresh) {
      int first = batch.indexOf(version);
      if (first < at) {
        batch.remove(first);
        batch.add(at, version);
        first = at;
      }
      at = first + 1;
    }
    return batch;
  }

  private Map<Long, Map<String, Object>> checkRows(List<Record> rows) {
    Map<Long, Map<String, Object>> byOffset = new TreeMap<>();
    Map<Long, Map<Integer, Object>> byId = new HashMap<>();
    for (Record row : rows) {
      long offset = (Long) row.getField(KafkaColumns.OFFSET);
      @SuppressWarnings("unchecked")
      Map<String, Object> normalized = (Map<String, Object>) WalkJson.normalize(row);
      check(
          byOffset.put(offset, normalized) == null,
          "two rows have offset " + offset + ", one is " + normalized);
      byId.put(offset, WalkJson.byFieldId(row));
    }
    check(
        byOffset.keySet().equals(produced.keySet()),
        "Iceberg's generic reader reads rows at offsets " + byOffset.keySet()
            + ", records were produced at " + produced.keySet());
    for (Produced record : produced.values()) {
      Map<String, Object> row = byOffset.get(record.offset());
      Map<String, Object> typed = new LinkedHashMap<>(row);
      typed.keySet().removeAll(METADATA);
      Map<String, Object> expected = model.expectedColumns(record.placed());
      checkRow(
          typed.equals(expected),
          record,
          "its typed columns are not the model's: "
              + WalkJson.firstDifference(expected, typed, "row"),
          expected,
          row);
      Object rawValue =
          record.placed() == null ? Base64.getEncoder().encodeToString(record.bytes()) : null;
      checkRow(
          Objects.equals(row.get(KafkaColumns.VALUE), rawValue),
          record,
          KafkaColumns.VALUE + " should be "
              + (rawValue == null
                  ? "null: the value was decoded"
                  : "the produced bytes " + rawValue),
          expected,
          row);
      checkRow(
          row.get(KafkaColumns.KEY) == null
              && Long.valueOf(0).equals(row.get(KafkaColumns.PARTITION)),
          record,
          "it should have no raw key and partition 0",
          expected,
          row);
      Map<Integer, Object> before = previousRows.get(record.offset());
      String instability =
          before == null ? null : WalkJson.instability(before, byId.get(record.offset()), "row");
      checkRow(
          instability == null,
          record,
          "it reads, by field id, differently than at the step before: " + instability,
          expected,
          row);
    }
    previousRows.clear();
    previousRows.putAll(byId);
    return byOffset;
  }

  private void checkSpark(
      List<Map<String, Object>> sparkRows, Map<Long, Map<String, Object>> icebergRows) {
    Map<Long, Map<String, Object>> byOffset = new TreeMap<>();
    for (Map<String, Object> row : sparkRows) {
      check(
          byOffset.put((Long) row.get(KafkaColumns.OFFSET), row) == null,
          "Spark reads two rows with offset " + row.get(KafkaColumns.OFFSET));
    }
    check(
        byOffset.keySet().equals(icebergRows.keySet()),
        "Spark reads rows at offsets " + byOffset.keySet() + ", Iceberg's generic reader at "
            + icebergRows.keySet());
    for (Map.Entry<Long, Map<String, Object>> entry : icebergRows.entrySet()) {
      Map<String, Object> sparkRow = byOffset.get(entry.getKey());
      checkRow(
          entry.getValue().equals(sparkRow),
          produced.get(entry.getKey()),
          "Spark reads it differently than Iceberg's generic reader: "
              + WalkJson.firstDifference(entry.getValue(), sparkRow, "row"),
          entry.getValue(),
          sparkRow);
    }
  }

  private void check(boolean ok, String problem) {
    if (!ok) {
      throw failure(problem);
    }
  }

  private void checkRow(
      boolean ok, Produced record, String problem, Object expected, Map<String, Object> row) {
    if (!ok) {
      throw failure("the row at offset " + record.offset() + " (v"
          + record.version().schema().number()
          + ", produced at step " + record.step() + "): " + problem + "\n  record: "
          + record.value()
          + "\n  expected: " + expected + "\n  read:     " + row + "\nmodel table: " + model);
    }
  }

  private AssertionError failure(String problem) {
    return new AssertionError("Evolution random walk failed at step " + step + " (seed " + seed
        + "; replay with -Dmink.walk.seed=" + seed + " -Dmink.walk.steps=" + step + "):\n" + problem
        + "\nVersion history:\n  " + String.join("\n  ", history));
  }

  private static String summary(List<Long> millis) {
    List<Long> sorted = millis.stream().sorted().toList();
    return "min " + sorted.get(0) + " ms, median " + sorted.get(sorted.size() / 2) + " ms, max "
        + sorted.get(sorted.size() - 1) + " ms, total "
        + sorted.stream().mapToLong(Long::longValue).sum() + " ms";
  }

  /** A sidecar whose decoder comes from the configuration, as {@code mink serve} builds it. */
  private static InProcessSidecar sidecar(FakeSchemaRegistry registry) {
    SchemaRegistrySettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url()),
            warehouse.directory())
        .schemaRegistry();
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.from(settings).orElseThrow());
  }
}
