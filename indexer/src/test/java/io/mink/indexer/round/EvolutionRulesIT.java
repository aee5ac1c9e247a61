package io.mink.indexer.round;

import static io.mink.indexer.round.EvolutionColumns.assertAdded;
import static io.mink.indexer.round.EvolutionColumns.assertKept;
import static io.mink.indexer.round.EvolutionColumns.assertPromoted;
import static io.mink.indexer.round.EvolutionColumns.assertRenamed;
import static io.mink.indexer.round.EvolutionTopic.fields;
import static io.mink.indexer.round.EvolutionTopic.keyed;
import static io.mink.indexer.round.EvolutionTopic.names;
import static io.mink.indexer.round.EvolutionTopic.raw;
import static io.mink.indexer.round.EvolutionTopic.row;
import static io.mink.indexer.round.EvolutionTopic.typedColumns;
import static io.mink.indexer.round.EvolutionType.Primitive.DOUBLE;
import static io.mink.indexer.round.EvolutionType.Primitive.FLOAT;
import static io.mink.indexer.round.EvolutionType.Primitive.INT;
import static io.mink.indexer.round.EvolutionType.Primitive.LONG;
import static io.mink.indexer.round.EvolutionType.Primitive.STRING;
import static io.mink.indexer.round.EvolutionType.decimal;
import static io.mink.indexer.round.EvolutionType.listOf;
import static io.mink.indexer.round.EvolutionType.mapOf;
import static io.mink.indexer.round.EvolutionType.optional;
import static io.mink.indexer.round.EvolutionType.required;
import static io.mink.indexer.round.EvolutionType.struct;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.round.EvolutionTopic.Version;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.table.TableColumns;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each schema evolution rule of docs/schema.md on its own, in Avro, Protobuf and JSON Schema:
 * records of a first schema version indexed, then a second version's records mixed with more of
 * the first (producers upgrade one by one), through a real broker and registry into Iceberg.
 */
class EvolutionRulesIT {
  private static final String UNMERGEABLE = "value.unmergeable-schema";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static Warehouse warehouse;
  private static FakeSchemaRegistry registry;
  private static InProcessSidecar sidecar;

  private final List<EvolutionTopic> topics = new ArrayList<>();

  @BeforeAll
  static void startSidecar() {
    warehouse = Warehouse.create();
    registry = FakeSchemaRegistry.start();
    SchemaRegistrySettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url()),
            warehouse.directory())
        .schemaRegistry();
    sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.from(settings).orElseThrow());
  }

  @AfterEach
  void closeTopics() {
    topics.forEach(EvolutionTopic::close);
  }

  @AfterAll
  static void stopSidecar() {
    sidecar.close();
    registry.close();
    warehouse.close();
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void unchangedFieldsKeepTheirColumnsAndIdsWhenALaterSchemaReordersThem(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("customer", STRING),
        optional("address", struct("Address", required("city", STRING), optional("zip", INT)))));
    topic.produce(
        v1.record("id", 1, "customer", "ann", "address", fields("city", "Oslo", "zip", 150)));
    topic.round();
    Schema before = topic.schema();
    Version v2 = topic.value(struct(
        "Order",
        optional("address", struct("Address", optional("zip", INT), required("city", STRING))),
        optional("customer", STRING),
        required("id", LONG)));

    topic.produce(
        v2.record("address", fields("zip", 250, "city", "Bergen"), "customer", "bob", "id", 2),
        v1.record("id", 3, "customer", "cat"),
        v2.record("id", 4, "address", fields("city", "Moss")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(schema.schemaId()).isEqualTo(before.schemaId());
    assertThat(schema.sameSchema(before))
        .as("same columns, ids, types and optionality")
        .isTrue();
    assertThat(typedColumns(schema)).containsExactly("id", "customer", "address");
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "customer", "ann", "address", fields("city", "Oslo", "zip", 150)),
            row("id", 2, "customer", "bob", "address", fields("city", "Bergen", "zip", 250)),
            row("id", 3, "customer", "cat"),
            row("id", 4, "address", fields("city", "Moss")));
  }

  @ParameterizedTest
  @EnumSource(
      value = EvolutionLanguage.class,
      names = {"AVRO", "PROTOBUF"})
  void intToLongPromotesTheColumnInPlaceInLanguagesWithAnIntType(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Reading",
        required("id", LONG),
        optional("count", INT),
        optional("sensor", struct("Sensor", required("level", INT))),
        optional("samples", listOf(INT)),
        optional("peaks", mapOf(INT))));
    topic.produce(v1.record(
        "id",
        1,
        "count",
        7,
        "sensor",
        fields("level", 3),
        "samples",
        List.of(1, 2),
        "peaks",
        Map.of("mon", 10)));
    topic.round();
    Schema before = topic.schema();
    Version v2 = topic.value(struct(
        "Reading",
        required("id", LONG),
        optional("count", LONG),
        optional("sensor", struct("Sensor", required("level", LONG))),
        optional("samples", listOf(LONG)),
        optional("peaks", mapOf(LONG))));

    topic.produce(
        v1.record(
            "id",
            2,
            "count",
            8,
            "sensor",
            fields("level", 2),
            "samples",
            List.of(3),
            "peaks",
            Map.of("mon", 12)),
        v2.record(
            "id",
            3,
            "count",
            5_000_000_000L,
            "sensor",
            fields("level", 6_000_000_000L),
            "samples",
            List.of(7_000_000_000L),
            "peaks",
            Map.of("tue", 8_000_000_000L)),
        v1.record(
            "id",
            4,
            "count",
            9,
            "sensor",
            fields("level", 4),
            "samples",
            List.of(5),
            "peaks",
            Map.of("wed", 11)));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", "count", "sensor", "samples", "peaks");
    assertThat(names(topic.struct("sensor"))).containsExactly("level");
    assertPromoted(before, schema, "count", Types.LongType.get());
    assertPromoted(before, schema, "sensor.level", Types.LongType.get());
    assertPromoted(before, schema, "samples.element", Types.LongType.get());
    assertPromoted(before, schema, "peaks.value", Types.LongType.get());
    assertThat(schema.findField("sensor.level").isRequired()).isTrue();
    assertThat(topic.rows())
        .containsExactly(
            row(
                "id",
                1,
                "count",
                7,
                "sensor",
                fields("level", 3),
                "samples",
                List.of(1, 2),
                "peaks",
                Map.of("mon", 10)),
            row(
                "id",
                2,
                "count",
                8,
                "sensor",
                fields("level", 2),
                "samples",
                List.of(3),
                "peaks",
                Map.of("mon", 12)),
            row(
                "id",
                3,
                "count",
                5_000_000_000L,
                "sensor",
                fields("level", 6_000_000_000L),
                "samples",
                List.of(7_000_000_000L),
                "peaks",
                Map.of("tue", 8_000_000_000L)),
            row(
                "id",
                4,
                "count",
                9,
                "sensor",
                fields("level", 4),
                "samples",
                List.of(5),
                "peaks",
                Map.of("wed", 11)));
  }

  @ParameterizedTest
  @EnumSource(
      value = EvolutionLanguage.class,
      names = {"AVRO", "PROTOBUF"})
  void floatToDoublePromotesTheColumnInPlaceInLanguagesWithAFloatType(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct("Reading", required("id", LONG), optional("ratio", FLOAT)));
    topic.produce(v1.record("id", 1, "ratio", 1.5f));
    topic.round();
    Schema before = topic.schema();
    Version v2 = topic.value(struct("Reading", required("id", LONG), optional("ratio", DOUBLE)));

    topic.produce(v2.record("id", 2, "ratio", 0.1), v1.record("id", 3, "ratio", 0.75f));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", "ratio");
    assertPromoted(before, schema, "ratio", Types.DoubleType.get());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "ratio", 1.5), row("id", 2, "ratio", 0.1), row("id", 3, "ratio", 0.75));
  }

  @Test
  void widerDecimalPrecisionPromotesTheColumnInPlaceInAvroTheOnlyLanguageWithDecimals() {
    EvolutionTopic topic = topic(EvolutionLanguage.AVRO);
    Version v1 =
        topic.value(struct("Price", required("id", LONG), optional("amount", decimal(9, 2))));
    topic.produce(v1.record("id", 1, "amount", new BigDecimal("1234567.89")));
    topic.round();
    Schema before = topic.schema();
    Version v2 =
        topic.value(struct("Price", required("id", LONG), optional("amount", decimal(18, 2))));

    topic.produce(
        v2.record("id", 2, "amount", new BigDecimal("1234567890123456.78")),
        v1.record("id", 3, "amount", new BigDecimal("0.05")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", "amount");
    assertPromoted(before, schema, "amount", Types.DecimalType.of(18, 2));
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "amount", new BigDecimal("1234567.89")),
            row("id", 2, "amount", new BigDecimal("1234567890123456.78")),
            row("id", 3, "amount", new BigDecimal("0.05")));
  }

  @Test
  void decimalScaleChangeIsATypeChangeInAvroTheOnlyLanguageWithDecimals() {
    EvolutionTopic topic = topic(EvolutionLanguage.AVRO);
    Version v1 =
        topic.value(struct("Price", required("id", LONG), optional("amount", decimal(9, 2))));
    topic.produce(v1.record("id", 1, "amount", new BigDecimal("12.34")));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    Version v2 =
        topic.value(struct("Price", required("id", LONG), optional("amount", decimal(9, 3))));

    topic.produce(
        v2.record("id", 2, "amount", new BigDecimal("1.234")),
        v1.record("id", 3, "amount", new BigDecimal("0.05")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", "amount_s" + n, "amount");
    assertRenamed(before, schema, "amount", "amount_s" + n, n, null);
    assertAdded(before, schema, "amount", Types.DecimalType.of(9, 3));
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "amount_s" + n, new BigDecimal("12.34")),
            row("id", 2, "amount", new BigDecimal("1.234")),
            row("id", 3, "amount_s" + n, new BigDecimal("0.05")));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void otherTypeChangeRenamesTheOldColumnAndOldVersionsKeepWritingToIt(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Payment",
        required("id", LONG),
        optional("amount", INT).withDoc("Amount in cents"),
        optional("note", STRING)));
    topic.produce(v1.record("id", 1, "amount", 100, "note", "first"));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    String renamed = "amount_s" + n;
    Version v2 = topic.value(struct(
        "Payment",
        required("id", LONG),
        optional("amount", STRING).withDoc("Amount with its currency"),
        optional("note", STRING)));

    topic.produce(
        v1.record("id", 2, "amount", 200),
        v2.record("id", 3, "amount", "3 EUR", "note", "third"),
        v1.record("id", 4, "amount", 400),
        v2.record("id", 5, "amount", "5 NOK"));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", renamed, "note", "amount");
    assertRenamed(before, schema, "amount", renamed, n, "Amount in cents");
    assertAdded(before, schema, "amount", Types.StringType.get());
    assertThat(schema.findField("amount").doc()).isEqualTo("Amount with its currency");
    assertKept(before, schema, "id", "note");
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, renamed, 100, "note", "first"),
            row("id", 2, renamed, 200),
            row("id", 3, "amount", "3 EUR", "note", "third"),
            row("id", 4, renamed, 400),
            row("id", 5, "amount", "5 NOK"));

    int schemas = topic.table().schemas().size();
    topic.produce(v1.record("id", 6, "amount", 600, "note", "sixth"));
    topic.round();

    assertThat(topic.schema().schemaId()).isEqualTo(schema.schemaId());
    assertThat(topic.table().schemas()).hasSize(schemas);
    assertThat(topic.rows())
        .hasSize(6)
        .last()
        .isEqualTo(row("id", 6, renamed, 600, "note", "sixth"));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void structToScalarAndListElementTypeChangesRenameTheColumnsLikeAnyOtherTypeChange(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("address", struct("Address", required("city", STRING))),
        optional("tags", listOf(INT))));
    topic.produce(v1.record("id", 1, "address", fields("city", "Oslo"), "tags", List.of(1, 2)));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    Version v2 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("address", STRING),
        optional("tags", listOf(STRING))));

    topic.produce(
        v2.record("id", 2, "address", "Bergen", "tags", List.of("a")),
        v1.record("id", 3, "address", fields("city", "Moss"), "tags", List.of(3)));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema))
        .containsExactly("id", "address_s" + n, "tags_s" + n, "address", "tags");
    assertRenamed(before, schema, "address", "address_s" + n, n, null);
    assertRenamed(before, schema, "tags", "tags_s" + n, n, null);
    assertAdded(before, schema, "address", Types.StringType.get());
    assertThat(schema.findField("tags").type().asListType().elementType())
        .isEqualTo(Types.StringType.get());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "address_s" + n, fields("city", "Oslo"), "tags_s" + n, List.of(1, 2)),
            row("id", 2, "address", "Bergen", "tags", List.of("a")),
            row("id", 3, "address_s" + n, fields("city", "Moss"), "tags_s" + n, List.of(3)));
  }

  @Test
  void mapKeyTypeChangeRenamesTheColumnInProtobufTheOnlyLanguageWithNonStringMapKeys() {
    EvolutionTopic topic = topic(EvolutionLanguage.PROTOBUF);
    Version v1 =
        topic.value(struct("Stock", required("id", LONG), optional("bins", mapOf(INT, STRING))));
    topic.produce(v1.record("id", 1, "bins", Map.of(7, "bolts")));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    Version v2 =
        topic.value(struct("Stock", required("id", LONG), optional("bins", mapOf(STRING, STRING))));

    topic.produce(
        v2.record("id", 2, "bins", Map.of("A7", "nuts")),
        v1.record("id", 3, "bins", Map.of(9, "nails")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", "bins_s" + n, "bins");
    assertRenamed(before, schema, "bins", "bins_s" + n, n, null);
    assertThat(schema.findField("bins").type().asMapType().keyType())
        .isEqualTo(Types.StringType.get());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "bins_s" + n, Map.of(7, "bolts")),
            row("id", 2, "bins", Map.of("A7", "nuts")),
            row("id", 3, "bins_s" + n, Map.of(9, "nails")));
  }

  static Stream<Arguments> languagesAndNestings() {
    return Stream.of(EvolutionLanguage.values())
        .flatMap(language ->
            Stream.of(EvolutionNesting.values()).map(nesting -> Arguments.of(language, nesting)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("languagesAndNestings")
  void typeChangeOfANestedFieldRenamesItInsideItsStruct(
      EvolutionLanguage language, EvolutionNesting nesting) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        nesting.field(struct("Address", required("city", STRING), required("zip", INT)))));
    topic.produce(
        v1.record("id", 1, nesting.column, nesting.value(fields("city", "Oslo", "zip", 150))));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    String renamed = "zip_s" + n;
    Version v2 = topic.value(struct(
        "Order",
        required("id", LONG),
        nesting.field(struct("Address", required("city", STRING), required("zip", STRING)))));

    topic.produce(
        v2.record(
            "id", 2, nesting.column, nesting.value(fields("city", "Bergen", "zip", "B-5007"))),
        v1.record("id", 3, nesting.column, nesting.value(fields("city", "Moss", "zip", 1530))));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", nesting.column);
    assertThat(names(topic.struct(nesting.structPath))).containsExactly("city", renamed, "zip");
    assertRenamed(before, schema, nesting.structPath + ".zip", renamed, n, null);
    assertAdded(before, schema, nesting.structPath + ".zip", Types.StringType.get());
    assertKept(before, schema, "id", nesting.structPath + ".city");
    assertThat(schema.findField(nesting.column).fieldId())
        .isEqualTo(before.findField(nesting.column).fieldId());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, nesting.column, nesting.value(fields("city", "Oslo", renamed, 150))),
            row("id", 2, nesting.column, nesting.value(fields("city", "Bergen", "zip", "B-5007"))),
            row("id", 3, nesting.column, nesting.value(fields("city", "Moss", renamed, 1530))));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void newFieldBecomesAnOptionalColumnAtTheEndOfItsStruct(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    EvolutionType.Struct address = struct("Address", required("city", STRING));
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("customer", STRING),
        optional("address", address),
        optional("addresses", listOf(address)),
        optional("addressesByName", mapOf(address))));
    topic.produce(v1.record(
        "id",
        1,
        "customer",
        "ann",
        "address",
        fields("city", "Oslo"),
        "addresses",
        List.of(fields("city", "Oslo")),
        "addressesByName",
        Map.of("home", fields("city", "Oslo"))));
    topic.round();
    Schema before = topic.schema();
    EvolutionType.Struct withCountry =
        struct("Address", required("country", STRING), required("city", STRING));
    Version v2 = topic.value(struct(
        "Order",
        required("note", STRING),
        required("id", LONG),
        optional("customer", STRING),
        optional("address", withCountry),
        optional("addresses", listOf(withCountry)),
        optional("addressesByName", mapOf(withCountry))));

    Map<String, Object> bergen = fields("country", "NO", "city", "Bergen");
    Map<String, Object> moss = fields("city", "Moss");
    topic.produce(
        v2.record(
            "note",
            "gift",
            "id",
            2,
            "customer",
            "bob",
            "address",
            bergen,
            "addresses",
            List.of(bergen),
            "addressesByName",
            Map.of("home", bergen)),
        v1.record(
            "id",
            3,
            "customer",
            "cat",
            "address",
            moss,
            "addresses",
            List.of(moss),
            "addressesByName",
            Map.of("home", moss)));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema))
        .containsExactly("id", "customer", "address", "addresses", "addressesByName", "note");
    assertAdded(before, schema, "note", Types.StringType.get());
    assertKept(before, schema, "id", "customer");
    for (EvolutionNesting nesting : EvolutionNesting.values()) {
      assertThat(names(topic.struct(nesting.structPath))).containsExactly("city", "country");
      assertAdded(before, schema, nesting.structPath + ".country", Types.StringType.get());
      assertKept(before, schema, nesting.structPath + ".city");
      assertThat(schema.findField(nesting.column).fieldId())
          .isEqualTo(before.findField(nesting.column).fieldId());
    }
    Map<String, Object> oslo = fields("city", "Oslo");
    assertThat(topic.rows())
        .containsExactly(
            row(
                "id",
                1,
                "customer",
                "ann",
                "address",
                oslo,
                "addresses",
                List.of(oslo),
                "addressesByName",
                Map.of("home", oslo)),
            row(
                "id",
                2,
                "customer",
                "bob",
                "address",
                bergen,
                "addresses",
                List.of(bergen),
                "addressesByName",
                Map.of("home", bergen),
                "note",
                "gift"),
            row(
                "id",
                3,
                "customer",
                "cat",
                "address",
                moss,
                "addresses",
                List.of(moss),
                "addressesByName",
                Map.of("home", moss)));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void removedFieldKeepsItsColumnAndIsNullForNewRecords(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("customer", STRING),
        optional("note", STRING),
        optional("address", struct("Address", required("city", STRING), optional("zip", INT)))));
    topic.produce(v1.record(
        "id",
        1,
        "customer",
        "ann",
        "note",
        "first",
        "address",
        fields("city", "Oslo", "zip", 150)));
    topic.round();
    Schema before = topic.schema();
    Version v2 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("customer", STRING),
        optional("address", struct("Address", required("city", STRING)))));

    topic.produce(
        v2.record("id", 2, "customer", "bob", "address", fields("city", "Bergen")),
        v1.record("id", 3, "note", "third", "address", fields("city", "Moss", "zip", 1530)));
    topic.round();

    Schema schema = topic.schema();
    assertThat(schema.schemaId()).isEqualTo(before.schemaId());
    assertThat(schema.sameSchema(before))
        .as("same columns, ids, types and optionality")
        .isTrue();
    assertThat(topic.rows())
        .containsExactly(
            row(
                "id",
                1,
                "customer",
                "ann",
                "note",
                "first",
                "address",
                fields("city", "Oslo", "zip", 150)),
            row("id", 2, "customer", "bob", "address", fields("city", "Bergen")),
            row("id", 3, "note", "third", "address", fields("city", "Moss", "zip", 1530)));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void requiredNestedFieldsBecomeOptionalWhenALaterSchemaOmitsThemOrMakesThemOptional(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional(
            "address",
            struct(
                "Address",
                required("city", STRING),
                required("zip", INT),
                required("street", STRING)))));
    topic.produce(
        v1.record("id", 1, "address", fields("city", "Oslo", "zip", 150, "street", "Storgata")));
    topic.round();
    Schema before = topic.schema();
    assertThat(before.findField("id").isOptional())
        .as("top-level columns are optional")
        .isTrue();
    assertThat(before.findField("address.city").isRequired()).isTrue();
    assertThat(before.findField("address.zip").isRequired()).isTrue();
    assertThat(before.findField("address.street").isRequired()).isTrue();
    Version v2 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional(
            "address", struct("Address", required("city", STRING), optional("street", STRING)))));

    topic.produce(
        v2.record("id", 2, "address", fields("city", "Bergen")),
        v1.record(
            "id", 3, "address", fields("city", "Moss", "zip", 1530, "street", "Dronningens gate")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(names(topic.struct("address"))).containsExactly("city", "zip", "street");
    assertThat(schema.findField("address.city")).isEqualTo(before.findField("address.city"));
    for (String path : List.of("address.zip", "address.street")) {
      assertThat(schema.findField(path).isOptional()).as("%s is optional", path).isTrue();
      assertThat(schema.findField(path).fieldId())
          .isEqualTo(before.findField(path).fieldId());
      assertThat(schema.findField(path).type()).isEqualTo(before.findField(path).type());
    }
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "address", fields("city", "Oslo", "zip", 150, "street", "Storgata")),
            row("id", 2, "address", fields("city", "Bergen")),
            row(
                "id",
                3,
                "address",
                fields("city", "Moss", "zip", 1530, "street", "Dronningens gate")));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void fieldsNamedLikeAKafkaOrIcebergMetadataColumnLeaveTheirRecordsRaw(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct("Order", required("id", LONG), optional("customer", STRING)));
    topic.produce(v1.record("id", 1, "customer", "ann"));
    topic.round();
    Schema before = topic.schema();
    Version kafkaNamed = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("customer", STRING),
        optional("_kafka_offset", LONG)));
    Version icebergNamed = topic.value(struct(
        "Order", required("id", LONG), optional("customer", STRING), optional("_file", STRING)));
    TestRecord kafkaNamedRecord =
        kafkaNamed.record("id", 2, "customer", "bob", "_kafka_offset", 99);
    TestRecord icebergNamedRecord = icebergNamed.record("id", 4, "_file", "x.parquet");

    topic.produce(kafkaNamedRecord, v1.record("id", 3, "customer", "cat"), icebergNamedRecord);
    RoundResult result = topic.round();

    assertThat(result.rawParts()).isEqualTo(Map.of(UNMERGEABLE, 2L));
    assertThat(topic.table().currentSnapshot().summary())
        .containsEntry("mink-raw." + UNMERGEABLE, "2");
    assertThat(topic.schema().sameSchema(before)).isTrue();
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "customer", "ann"),
            raw(kafkaNamedRecord),
            row("id", 3, "customer", "cat"),
            raw(icebergNamedRecord));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void fieldNamedLikeARenamedColumnLeavesItsRecordsRaw(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct("Payment", required("id", LONG), optional("amount", INT)));
    topic.produce(v1.record("id", 1, "amount", 100));
    topic.round();
    String renamed = "amount_s" + topic.schema().schemaId();
    Version v2 = topic.value(struct("Payment", required("id", LONG), optional("amount", STRING)));
    topic.produce(v2.record("id", 2, "amount", "2 EUR"), v1.record("id", 3, "amount", 300));
    topic.round();
    Schema before = topic.schema();
    assertThat(typedColumns(before)).containsExactly("id", renamed, "amount");
    Version v3 = topic.value(struct(
        "Payment", required("id", LONG), optional("amount", STRING), optional(renamed, INT)));
    TestRecord namedLikeRenamed = v3.record("id", 4, "amount", "4 NOK", renamed, 400);

    topic.produce(
        namedLikeRenamed, v1.record("id", 5, "amount", 500), v2.record("id", 6, "amount", "6 SEK"));
    RoundResult result = topic.round();

    assertThat(result.rawParts()).isEqualTo(Map.of(UNMERGEABLE, 1L));
    assertThat(topic.schema().schemaId()).isEqualTo(before.schemaId());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, renamed, 100),
            row("id", 2, "amount", "2 EUR"),
            row("id", 3, renamed, 300),
            raw(namedLikeRenamed),
            row("id", 5, renamed, 500),
            row("id", 6, "amount", "6 SEK"));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void typeChangeWhoseRenamedNameIsTakenLeavesItsRecordsRaw(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct("Payment", required("id", LONG), optional("amount", INT)));
    topic.produce(v1.record("id", 1, "amount", 100));
    topic.round();
    int nextSchemaId = topic.schema().schemaId() + 1;
    String taken = "amount_s" + nextSchemaId;
    Version v2 = topic.value(
        struct("Payment", required("id", LONG), optional("amount", INT), optional(taken, STRING)));
    topic.produce(
        v2.record("id", 2, "amount", 200, taken, "two hundred"), v1.record("id", 3, "amount", 300));
    topic.round();
    Schema before = topic.schema();
    assertThat(before.schemaId())
        .as("the schema a type change would name the old column after")
        .isEqualTo(nextSchemaId);
    Version v3 = topic.value(struct("Payment", required("id", LONG), optional("amount", STRING)));
    TestRecord changed = v3.record("id", 4, "amount", "4 NOK");

    topic.produce(changed, v1.record("id", 5, "amount", 500), v2.record("id", 6, taken, "six"));
    RoundResult result = topic.round();

    assertThat(result.rawParts()).isEqualTo(Map.of(UNMERGEABLE, 1L));
    assertThat(topic.schema().sameSchema(before)).isTrue();
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "amount", 100),
            row("id", 2, "amount", 200, taken, "two hundred"),
            row("id", 3, "amount", 300),
            raw(changed),
            row("id", 5, "amount", 500),
            row("id", 6, taken, "six"));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void namesDifferingOnlyInCaseLeaveTheirRecordsRaw(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct("Customer", required("id", LONG), optional("name", STRING)));
    topic.produce(v1.record("id", 1, "name", "ann"));
    topic.round();
    Schema before = topic.schema();
    Version bothCases = topic.value(struct(
        "Customer", required("id", LONG), optional("name", STRING), optional("Name", STRING)));
    Version otherCase =
        topic.value(struct("Customer", required("id", LONG), optional("Name", STRING)));
    TestRecord bothCasesRecord = bothCases.record("id", 2, "name", "bob", "Name", "Bob");
    TestRecord otherCaseRecord = otherCase.record("id", 4, "Name", "Dan");

    topic.produce(bothCasesRecord, v1.record("id", 3, "name", "cat"), otherCaseRecord);
    RoundResult result = topic.round();

    assertThat(result.rawParts()).isEqualTo(Map.of(UNMERGEABLE, 2L));
    assertThat(topic.schema().sameSchema(before)).isTrue();
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "name", "ann"),
            raw(bothCasesRecord),
            row("id", 3, "name", "cat"),
            raw(otherCaseRecord));
  }

  @ParameterizedTest
  @EnumSource(
      value = EvolutionLanguage.class,
      names = {"AVRO", "JSON_SCHEMA"})
  void keyTypeChangeRenamesTheDecodedKeyColumnInLanguagesWithScalarKeys(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version value = topic.value(struct("Event", required("n", LONG)));
    Version k1 = topic.key(STRING);
    topic.produce(keyed(k1.bytes("alice"), value.bytes(fields("n", 1))));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    String renamed = TableColumns.DECODED_KEY + "_s" + n;
    Version k2 = topic.key(LONG);

    topic.produce(
        keyed(k2.bytes(42), value.bytes(fields("n", 2))),
        keyed(k1.bytes("bob"), value.bytes(fields("n", 3))));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly(renamed, "n", TableColumns.DECODED_KEY);
    assertRenamed(before, schema, TableColumns.DECODED_KEY, renamed, n, null);
    assertAdded(before, schema, TableColumns.DECODED_KEY, Types.LongType.get());
    assertThat(topic.rows())
        .containsExactly(
            row(renamed, "alice", "n", 1),
            row(TableColumns.DECODED_KEY, 42, "n", 2),
            row(renamed, "bob", "n", 3));

    topic.produce(keyed(k1.bytes("cat"), value.bytes(fields("n", 4))));
    topic.round();

    assertThat(topic.schema().schemaId()).isEqualTo(schema.schemaId());
    assertThat(topic.rows()).hasSize(4).last().isEqualTo(row(renamed, "cat", "n", 4));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void keyFieldTypeChangeRenamesTheFieldInsideTheDecodedKey(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version value = topic.value(struct("Event", required("n", LONG)));
    Version k1 = topic.key(struct("EventKey", required("id", INT)));
    topic.produce(keyed(k1.bytes(fields("id", 7)), value.bytes(fields("n", 1))));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    String keyId = TableColumns.DECODED_KEY + ".id";
    Version k2 = topic.key(struct("EventKey", required("id", STRING)));

    topic.produce(
        keyed(k2.bytes(fields("id", "k-8")), value.bytes(fields("n", 2))),
        keyed(k1.bytes(fields("id", 9)), value.bytes(fields("n", 3))));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly(TableColumns.DECODED_KEY, "n");
    assertThat(names(topic.struct(TableColumns.DECODED_KEY))).containsExactly("id_s" + n, "id");
    assertRenamed(before, schema, keyId, "id_s" + n, n, null);
    assertAdded(before, schema, keyId, Types.StringType.get());
    assertThat(topic.rows())
        .containsExactly(
            row(TableColumns.DECODED_KEY, fields("id_s" + n, 7), "n", 1),
            row(TableColumns.DECODED_KEY, fields("id", "k-8"), "n", 2),
            row(TableColumns.DECODED_KEY, fields("id_s" + n, 9), "n", 3));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void typeChangeInTheRoundThatAddsTheColumnRenamesItAfterTheSchemaThatRoundMade(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    int initialSchemaId = topic.schema().schemaId();
    Version v1 = topic.value(struct("Payment", required("id", LONG), optional("amount", INT)));
    Version v2 = topic.value(struct("Payment", required("id", LONG), optional("amount", STRING)));

    topic.produce(
        v1.record("id", 1, "amount", 100),
        v2.record("id", 2, "amount", "2 EUR"),
        v1.record("id", 3, "amount", 300));
    topic.round();

    int n = initialSchemaId + 1;
    String renamed = "amount_s" + n;
    Schema schema = topic.schema();
    Schema addedBy = topic.table().schemas().get(n);
    assertThat(typedColumns(addedBy)).containsExactly("id", "amount");
    assertThat(typedColumns(schema)).containsExactly("id", renamed, "amount");
    assertRenamed(addedBy, schema, "amount", renamed, n, null);
    assertAdded(addedBy, schema, "amount", Types.StringType.get());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, renamed, 100),
            row("id", 2, "amount", "2 EUR"),
            row("id", 3, renamed, 300));
  }

  @Test
  void jsonSchemaIntegerToNumberIsATypeChangeNotAPromotion() {
    EvolutionTopic topic = topic(EvolutionLanguage.JSON_SCHEMA);
    Version v1 = topic.value(struct("Reading", required("id", LONG), optional("value", LONG)));
    topic.produce(v1.record("id", 1, "value", 10));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    Version v2 = topic.value(struct("Reading", required("id", LONG), optional("value", DOUBLE)));

    topic.produce(v2.record("id", 2, "value", 2.5), v1.record("id", 3, "value", 30));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly("id", "value_s" + n, "value");
    assertRenamed(before, schema, "value", "value_s" + n, n, null);
    assertAdded(before, schema, "value", Types.DoubleType.get());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "value_s" + n, 10),
            row("id", 2, "value", 2.5),
            row("id", 3, "value_s" + n, 30));
  }

  @Test
  void proto3ImplicitFieldOfANestedMessageBecomesOptionalWhenALaterSchemaOmitsIt() {
    EvolutionTopic topic = topic(EvolutionLanguage.PROTOBUF);
    Version v1 = topic.value(EvolutionProtobuf.proto3(struct(
        "Order",
        required("id", LONG),
        optional("address", struct("Address", required("city", STRING), required("zip", INT))))));
    topic.produce(v1.record("id", 1, "address", fields("city", "Oslo", "zip", 150)));
    topic.round();
    Schema before = topic.schema();
    assertThat(before.findField("address.zip").isRequired()).isTrue();
    Version v2 = topic.value(EvolutionProtobuf.proto3(struct(
        "Order",
        required("id", LONG),
        optional("address", struct("Address", required("city", STRING))))));

    topic.produce(
        v2.record("id", 2, "address", fields("city", "Bergen")),
        v1.record("id", 3, "address", fields("city", "Moss", "zip", 1530)));
    topic.round();

    Schema schema = topic.schema();
    assertThat(schema.findField("address.zip").isOptional()).isTrue();
    assertThat(schema.findField("address.zip").fieldId())
        .isEqualTo(before.findField("address.zip").fieldId());
    assertKept(before, schema, "id", "address.city");
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "address", fields("city", "Oslo", "zip", 150)),
            row("id", 2, "address", fields("city", "Bergen")),
            row("id", 3, "address", fields("city", "Moss", "zip", 1530)));
  }

  @ParameterizedTest
  @EnumSource(
      value = EvolutionLanguage.class,
      names = {"AVRO", "JSON_SCHEMA"})
  void scalarValueTypeChangeRenamesTheValueColumnInLanguagesWithScalarValues(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(STRING);
    topic.produce(keyed(null, v1.bytes("first")));
    topic.round();
    Schema before = topic.schema();
    int n = before.schemaId();
    String renamed = TableColumns.VALUE + "_s" + n;
    Version v2 = topic.value(LONG);

    topic.produce(keyed(null, v2.bytes(2)), keyed(null, v1.bytes("third")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema)).containsExactly(renamed, TableColumns.VALUE);
    assertRenamed(before, schema, TableColumns.VALUE, renamed, n, null);
    assertAdded(before, schema, TableColumns.VALUE, Types.LongType.get());
    assertThat(topic.rows())
        .containsExactly(row(renamed, "first"), row(TableColumns.VALUE, 2), row(renamed, "third"));
  }

  @ParameterizedTest
  @EnumSource(EvolutionLanguage.class)
  void laterSchemaChangingAFieldBackToAStructRenamesTheCurrentColumn(EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional("address", struct("Address", required("city", STRING)))));
    topic.produce(v1.record("id", 1, "address", fields("city", "Oslo")));
    topic.round();
    int n1 = topic.schema().schemaId();
    Version v2 = topic.value(struct("Order", required("id", LONG), optional("address", STRING)));
    topic.produce(v2.record("id", 2, "address", "Bergen"));
    topic.round();
    Schema before = topic.schema();
    int n2 = before.schemaId();
    Version v3 = topic.value(struct(
        "Order",
        required("id", LONG),
        optional(
            "address", struct("Address", required("city", STRING), optional("country", STRING)))));

    topic.produce(v3.record("id", 3, "address", fields("city", "Moss", "country", "NO")));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema))
        .containsExactly("id", "address_s" + n1, "address_s" + n2, "address");
    assertThat(names(topic.struct("address_s" + n1))).containsExactly("city");
    assertRenamed(before, schema, "address", "address_s" + n2, n2, null);
    assertThat(names(topic.struct("address"))).containsExactly("city", "country");
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "address_s" + n1, fields("city", "Oslo")),
            row("id", 2, "address_s" + n2, "Bergen"),
            row("id", 3, "address", fields("city", "Moss", "country", "NO")));
  }

  @ParameterizedTest
  @EnumSource(
      value = EvolutionLanguage.class,
      names = {"AVRO", "PROTOBUF"})
  void laterSchemaWideningARenamedTypeRenamesTheCurrentColumnInLanguagesWithAnIntType(
      EvolutionLanguage language) {
    EvolutionTopic topic = topic(language);
    Version v1 = topic.value(struct("Payment", required("id", LONG), optional("amount", INT)));
    topic.produce(v1.record("id", 1, "amount", 100));
    topic.round();
    Schema first = topic.schema();
    int n1 = first.schemaId();
    Version v2 = topic.value(struct("Payment", required("id", LONG), optional("amount", STRING)));
    topic.produce(v2.record("id", 2, "amount", "2 EUR"));
    topic.round();
    Schema before = topic.schema();
    int n2 = before.schemaId();
    Version v3 = topic.value(struct("Payment", required("id", LONG), optional("amount", LONG)));

    topic.produce(v3.record("id", 3, "amount", 3_000_000_000L));
    topic.round();

    Schema schema = topic.schema();
    assertThat(typedColumns(schema))
        .containsExactly("id", "amount_s" + n1, "amount_s" + n2, "amount");
    assertThat(schema.findField("amount_s" + n1).type()).isEqualTo(Types.IntegerType.get());
    assertRenamed(before, schema, "amount", "amount_s" + n2, n2, null);
    assertAdded(before, schema, "amount", Types.LongType.get());
    assertThat(topic.rows())
        .containsExactly(
            row("id", 1, "amount_s" + n1, 100),
            row("id", 2, "amount_s" + n2, "2 EUR"),
            row("id", 3, "amount", 3_000_000_000L));
  }

  private EvolutionTopic topic(EvolutionLanguage language) {
    EvolutionTopic topic = new EvolutionTopic(KAFKA, registry, sidecar, language);
    topics.add(topic);
    return topic;
  }
}
