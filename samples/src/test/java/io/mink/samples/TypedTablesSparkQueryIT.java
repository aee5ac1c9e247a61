package io.mink.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.samples.local.InProcessMink;
import io.mink.samples.local.LakeWatch;
import io.mink.samples.local.LocalStack;
import io.mink.samples.produce.SampleOrder;
import io.mink.samples.produce.SchemaLanguage;
import io.mink.samples.produce.WireFormat;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.SparkReader;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The quickstart's typed topics, written by the sample producers in every schema language and wire format, indexed
 * by {@code mink serve} into the embedded lake and read back with Spark SQL: every order is a typed row whatever
 * wrote it, and the queries of docs/querying.md give what the orders say.
 */
class TypedTablesSparkQueryIT {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
  private static final DateTimeFormatter SPARK_TIMESTAMPTZ =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  @TempDir
  static Path home;

  private static LocalStack stack;
  private static SidecarProcess sidecar;
  private static SparkReader spark;
  private static Set<WireFormat> written;
  private static InProcessMink mink;

  @BeforeAll
  static void indexTheTypedTopics() {
    PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());
    stack = LocalStack.start();
    written = TypedSampleTopics.produce(stack, out);
    mink = new InProcessMink(stack.minkVariables(), home, out);
    sidecar = mink.serveLogging(Path.of("target", "mink-serve-TypedTablesSparkQueryIT.log"));
    LakeWatch lake = new LakeWatch(mink.lake(), sidecar);
    for (SchemaLanguage language : SchemaLanguage.values()) {
      mink.runOrFail("table", "add", TypedSampleTopics.topic(language), "--freshness", "1s");
    }
    try {
      for (SchemaLanguage language : SchemaLanguage.values()) {
        lake.awaitOffsets(
            "kafka",
            TypedSampleTopics.tableName(language),
            stack.broker().endOffsets(TypedSampleTopics.topic(language)));
      }
    } catch (IllegalStateException e) {
      throw new AssertionError(e.getMessage() + "\n" + sidecar.output(), e);
    }
    spark = SparkReader.start(mink.lake());
  }

  @AfterAll
  static void stop() {
    for (AutoCloseable closeable : new AutoCloseable[] {spark, sidecar, stack}) {
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
  void everyWireFormatWasWrittenWhenNodeIsHere() {
    assertThat(written).contains(WireFormat.CONFLUENT_PREFIX, WireFormat.GLUE_PREFIX);
    if (!written.contains(WireFormat.HEADER_GUID)) {
      System.err.println(
          "Header GUIDs were not written here: node or its npm packages are missing");
    }
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void everyOrderIsOneTypedRowWhicheverSerializerWroteIt(SchemaLanguage language) {
    List<Map<String, Object>> rows =
        spark.sql("""
        SELECT _kafka_partition, _kafka_key, _kafka_value, _kafka_decoded_key, order_id, customer, placed_at, status,
               total, lines, shipping, note
        FROM mink.kafka.%s
        ORDER BY order_id""".formatted(TypedSampleTopics.tableName(language)));

    List<Map<String, Object>> expected = new ArrayList<>();
    for (WireFormat format : written) {
      for (SampleOrder order : TypedSampleTopics.orders(format)) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("_kafka_partition", (long) TypedSampleTopics.partition(format));
        row.put("_kafka_key", null);
        row.put("_kafka_value", null);
        row.put("_kafka_decoded_key", Map.of("order_id", order.orderId()));
        row.put("order_id", order.orderId());
        row.put("customer", order.customer());
        row.put("placed_at", SPARK_TIMESTAMPTZ.format(order.placedAt()));
        row.put("status", order.status().name());
        row.put("total", order.total());
        row.put(
            "lines",
            order.lines().stream()
                .map(line -> Map.of("sku", line.sku(), "quantity", (long) line.quantity()))
                .toList());
        row.put(
            "shipping",
            Map.of("city", order.shipping().city(), "country", order.shipping().country()));
        row.put("note", order.note());
        expected.add(row);
      }
    }
    expected.sort(Comparator.comparing(row -> (Long) row.get("order_id")));
    assertThat(rows).as("rows of %s", language).containsExactlyElementsOf(expected);
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void minkReadOfTheLakeIsWhatSparkReadsRowForRowAndTheUnionTheSameOnceTiered(
      SchemaLanguage language) throws Exception {
    String table = "kafka." + TypedSampleTopics.tableName(language);
    List<Map<String, Object>> sparkRows = spark.read(table);

    List<Map<String, Object>> lake =
        jsonLines(mink.capture("read", table, "--mode", "lake", "--output", "json"));
    List<Map<String, Object>> union = jsonLines(mink.capture("read", table, "--output", "json"));

    assertThat(lake)
        .as("mink read --mode lake of %s", table)
        .hasSize(TypedSampleTopics.ORDERS_PER_FORMAT * written.size())
        .containsExactlyElementsOf(sparkRows);
    assertThat(union).as("mink read of %s", table).isEqualTo(lake);
  }

  private static List<Map<String, Object>> jsonLines(String text) throws Exception {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String line : text.lines().toList()) {
      rows.add(JSON.readValue(line, new TypeReference<Map<String, Object>>() {}));
    }
    return rows;
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void typedColumnsQueryFiltersOnANestedField(SchemaLanguage language) {
    List<Map<String, Object>> rows = run(SampleQuery.TYPED_COLUMNS, language);

    List<SampleOrder> norwegian = orders().stream()
        .filter(order -> order.shipping().country().equals("NO"))
        .sorted(Comparator.comparingLong(SampleOrder::orderId))
        .toList();
    assertThat(norwegian).isNotEmpty();
    assertThat(rows).hasSameSizeAs(norwegian);
    for (int i = 0; i < rows.size(); i++) {
      SampleOrder order = norwegian.get(i);
      Map<String, Object> expected = new LinkedHashMap<>();
      expected.put("key_id", order.orderId());
      expected.put("order_id", order.orderId());
      expected.put("customer", order.customer());
      expected.put("placed_at", SPARK_TIMESTAMPTZ.format(order.placedAt()));
      expected.put("status", order.status().name());
      expected.put("total", order.total());
      expected.put("city", "Oslo");
      expected.put("note", order.note());
      assertThat(rows.get(i)).as("row %d of %s", i, language).isEqualTo(expected);
    }
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void revenueByStatusQuerySumsTheOrders(SchemaLanguage language) {
    List<Map<String, Object>> rows = run(SampleQuery.REVENUE_BY_STATUS, language);

    Map<String, List<SampleOrder>> byStatus = orders().stream()
        .collect(Collectors.groupingBy(
            order -> order.status().name(), TreeMap::new, Collectors.toList()));
    assertThat(rows)
        .extracting(row -> row.get("status"))
        .containsExactlyElementsOf(byStatus.keySet());
    for (Map<String, Object> row : rows) {
      List<SampleOrder> orders = byStatus.get((String) row.get("status"));
      assertThat(row.get("orders")).isEqualTo((long) orders.size());
      assertThat((Double) row.get("revenue"))
          .isCloseTo(orders.stream().mapToDouble(SampleOrder::total).sum(), within(0.006));
    }
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void unitsPerSkuQueryUnnestsTheLines(SchemaLanguage language) {
    List<Map<String, Object>> rows = run(SampleQuery.UNITS_PER_SKU, language);

    Map<String, Long> units = new TreeMap<>();
    orders()
        .forEach(order -> order
            .lines()
            .forEach(line -> units.merge(line.sku(), (long) line.quantity(), Long::sum)));
    List<Map<String, Object>> expected = units.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue()
            .reversed()
            .thenComparing(Map.Entry.comparingByKey()))
        .map(entry -> Map.<String, Object>of("sku", entry.getKey(), "units", entry.getValue()))
        .toList();
    assertThat(rows).containsExactlyElementsOf(expected);
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void recordsPerPartitionQueryShowsNothingLeftRaw(SchemaLanguage language) {
    List<Map<String, Object>> rows = run(SampleQuery.RECORDS_PER_PARTITION, language);

    List<Map<String, Object>> expected = written.stream()
        .map(format -> Map.<String, Object>of(
            "_kafka_partition",
            (long) TypedSampleTopics.partition(format),
            "records",
            (long) TypedSampleTopics.ORDERS_PER_FORMAT,
            "end_offset",
            (long) TypedSampleTopics.ORDERS_PER_FORMAT,
            "values_left_raw",
            0L))
        .toList();
    assertThat(rows).containsExactlyElementsOf(expected);
  }

  @ParameterizedTest
  @EnumSource(SchemaLanguage.class)
  void lakeOffsetsQueryShowsTheEndOffsets(SchemaLanguage language) {
    List<Map<String, Object>> rows = run(SampleQuery.LAKE_OFFSETS, language);

    String offsets = Arrays.stream(WireFormat.values())
        .sorted(Comparator.comparingInt(TypedSampleTopics::partition))
        .map(format -> "\"" + TypedSampleTopics.partition(format) + "\":"
            + (written.contains(format) ? TypedSampleTopics.ORDERS_PER_FORMAT : 0))
        .collect(Collectors.joining(",", "{", "}"));
    assertThat(rows).singleElement().extracting(row -> row.get("mink_offsets")).isEqualTo(offsets);
  }

  @Test
  void docsShowEveryQueryForSparkTrinoAndDuckDb() throws Exception {
    String docs = Files.readString(repositoryRoot().resolve("docs/querying.md"));
    for (SampleQuery query : SampleQuery.ALL) {
      assertThat(docs).as("docs/querying.md: %s for Spark", query).contains(query.spark());
      assertThat(docs).as("docs/querying.md: %s for Trino", query).contains(query.trino());
      if (query.duckDb() != null) {
        assertThat(docs).as("docs/querying.md: %s for DuckDB", query).contains(query.duckDb());
      }
    }
  }

  private static List<Map<String, Object>> run(SampleQuery query, SchemaLanguage language) {
    return spark.sql(query.sparkOn(TypedSampleTopics.tableName(language)));
  }

  private static List<SampleOrder> orders() {
    return written.stream()
        .flatMap(format -> TypedSampleTopics.orders(format).stream())
        .toList();
  }

  private static Path repositoryRoot() {
    for (Path at = Path.of("").toAbsolutePath(); at != null; at = at.getParent()) {
      if (Files.isDirectory(at.resolve("docs")) && Files.isDirectory(at.resolve("samples"))) {
        return at;
      }
    }
    throw new IllegalStateException("No Mink checkout above " + Path.of("").toAbsolutePath());
  }
}
