package io.mink.indexer.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Spark, an independent Iceberg reader, reads a Mink table holding every Iceberg type Mink's mapping produces
 * (docs/type-mapping.md) for Avro, Protobuf and JSON Schema, and every value reads back as it was written.
 *
 * <p>One topic carries records of all three languages, written by Apicurio's serializers through one registry
 * and interleaved; each language's fields have a prefix of their own ({@code avro_}, {@code proto_},
 * {@code json_}), so the table is the merge of the three schemas and a record's columns of the other languages
 * are null. The test checks the Iceberg type of every column, then compares every column of every row Spark
 * reads with the value the producer wrote. Avro's time-millis and time-micros are longs, as a table without
 * mink.time-as stores them; TimeOfDaySparkReadIT reads each setting.
 */
class AllTypesSparkReadIT {
  private static final List<AllTypesLanguage> LANGUAGES = AllTypesTopic.LANGUAGES;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void sparkReadsEveryMappedTypeOfEveryLanguageAsItWasWritten() throws Exception {
    String topic = "all-types-" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1);
    List<AllTypesColumn> columns =
        LANGUAGES.stream().flatMap(language -> language.columns().stream()).toList();
    List<Map<String, Object>> expectedRows;
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start()) {
      expectedRows = AllTypesTopic.produceInterleaved(KAFKA, topic, registry);

      try (InProcessSidecar sidecar = sidecar(registry)) {
        TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
        RoundResult round = sidecar.runRound(table);

        assertThat(round.rawParts()).isEmpty();
        assertThat(round.rows()).isEqualTo(expectedRows.size());
        assertThat(typedColumnTypes(sidecar.table(table).schema()))
            .isEqualTo(columns.stream()
                .collect(Collectors.toMap(AllTypesColumn::name, AllTypesColumn::icebergType)));

        try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
          List<Map<String, Object>> rows = spark.read(table.qualifiedName());

          assertThat(rows).hasSize(expectedRows.size());
          SoftAssertions softly = new SoftAssertions();
          for (int offset = 0; offset < rows.size(); offset++) {
            Map<String, Object> row = rows.get(offset);
            Map<String, Object> expected = expectedRows.get(offset);
            softly
                .assertThat(row.get(KafkaColumns.OFFSET))
                .as("offset of row %d", offset)
                .isEqualTo((long) offset);
            softly
                .assertThat(row.get(KafkaColumns.VALUE))
                .as("raw value of offset %d", offset)
                .isNull();
            softly
                .assertThat(typedColumnNames(row))
                .as("columns of offset %d", offset)
                .containsExactlyInAnyOrderElementsOf(expected.keySet());
            for (Map.Entry<String, Object> column : expected.entrySet()) {
              softly
                  .assertThat(SparkValues.parsedLike(column.getValue(), row.get(column.getKey())))
                  .as("%s of offset %d", column.getKey(), offset)
                  .isEqualTo(column.getValue());
            }
          }
          softly.assertAll();
        }
      }
    }
  }

  private InProcessSidecar sidecar(FakeSchemaRegistry registry) {
    RoutingSchemaRegistry minkRegistry = new RoutingSchemaRegistry(
        Optional.of(ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))),
        Optional.empty());
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.forRegistry(minkRegistry));
  }

  private static List<String> typedColumnNames(Map<String, Object> row) {
    return row.keySet().stream().filter(name -> !name.startsWith("_kafka_")).toList();
  }

  /** The typed columns' types as docs/type-mapping.md writes them, nested optionality included. */
  private static Map<String, String> typedColumnTypes(Schema schema) {
    return schema.columns().stream()
        .filter(column -> !column.name().startsWith("_kafka_"))
        .collect(Collectors.toMap(Types.NestedField::name, column -> describe(column.type())));
  }

  private static String describe(Type type) {
    if (type instanceof Types.StructType struct) {
      return struct.fields().stream()
          .map(field -> field.name() + ": " + (field.isOptional() ? "optional " : "")
              + describe(field.type()))
          .collect(Collectors.joining(", ", "struct<", ">"));
    }
    if (type instanceof Types.ListType list) {
      return "list<" + (list.isElementOptional() ? "optional " : "") + describe(list.elementType())
          + ">";
    }
    if (type instanceof Types.MapType map) {
      return "map<" + describe(map.keyType()) + ", " + (map.isValueOptional() ? "optional " : "")
          + describe(map.valueType()) + ">";
    }
    return type.toString();
  }
}
