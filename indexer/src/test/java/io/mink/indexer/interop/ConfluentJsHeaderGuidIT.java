package io.mink.indexer.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.interop.ConfluentJsGolden.KafkaRecord;
import io.mink.indexer.interop.ConfluentJsGolden.Topic;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.table.TableColumns;
import io.mink.schema.wire.SchemaIdDetector;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestHeader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import io.mink.testkit.registry.FakeSchemaRegistry.Registered;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schema-id header format as Confluent's own JavaScript serializers write it (npm
 * {@code @confluentinc/schemaregistry}, {@code HeaderSchemaIdSerializer}): golden records for Avro,
 * Protobuf and JSON Schema, produced byte for byte to the broker and indexed by a Mink round that
 * resolves the GUIDs in {@code __key_schema_id} / {@code __value_schema_id} through the registry.
 * The golden files and the script that writes them: testing/testkit/src/test/js/confluent-golden.
 */
class ConfluentJsHeaderGuidIT {
  private static final List<String> GOLDEN_FILES =
      List.of("avro.json", "protobuf.json", "json-schema.json");

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private FakeSchemaRegistry registry;

  @BeforeEach
  void startRegistry() {
    registry = FakeSchemaRegistry.start();
  }

  @AfterEach
  void stopRegistry() {
    registry.close();
  }

  static Stream<Arguments> goldenTopics() {
    return GOLDEN_FILES.stream()
        .map(ConfluentJsGolden::load)
        .flatMap(golden -> golden.topics().stream().map(topic -> Arguments.of(topic, golden)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenTopics")
  void recordsWrittenByConfluentJsBecomeTypedColumns(Topic golden, ConfluentJsGolden file)
      throws Exception {
    Set<UUID> guids = registerGoldenSchemas(file);
    assertThat(schemaIdHeaderGuids(golden))
        .as("GUIDs in the records' schema-id headers")
        .isNotEmpty()
        .isSubsetOf(guids);
    String topic = golden.name() + "-" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1);
    KAFKA.produce(
        topic,
        golden.records().stream()
            .map(record -> new TestRecord(0, record.key(), record.value(), record.headers(), null))
            .toList());

    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.forRegistry(
            ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))))) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.rows()).isEqualTo(golden.records().size());
      assertThat(result.rawParts())
          .as("%s: keys and values left raw, by reason", golden.name())
          .isEqualTo(expectedRawParts(golden));
      Map<String, String> summary = sidecar.table(table).currentSnapshot().summary();
      expectedRawParts(golden)
          .forEach((reason, count) ->
              assertThat(summary).containsEntry("mink-raw." + reason, Long.toString(count)));
      Schema schema = sidecar.table(table).schema();
      ConfluentJsColumns columns = new ConfluentJsColumns();
      golden
          .expectedTypes()
          .forEach((path, type) -> columns.compareType(schema.asStruct(), path, type));
      List<Record> rows = sidecar.rowsByOffset(table);
      assertThat(rows).hasSize(golden.records().size());
      for (int i = 0; i < rows.size(); i++) {
        compareRow(columns, schema, golden.records().get(i), rows.get(i));
      }
      assertThat(columns.differences())
          .as("%s: differences between the golden records and the rows", golden.name())
          .isEmpty();
    }
  }

  /** Registers the file's schemas in the order the generator did, so versions and GUIDs come out the same. */
  private Set<UUID> registerGoldenSchemas(ConfluentJsGolden file) {
    Set<UUID> guids = new HashSet<>();
    for (ConfluentJsGolden.Schema schema : file.schemas()) {
      Registered registered =
          registry.register(schema.subject(), schema.type(), schema.text(), schema.references());
      assertThat(registered.guid())
          .as("GUID of %s version %d", schema.subject(), schema.version())
          .isEqualTo(schema.guid());
      assertThat(registered.version())
          .as("version of %s", schema.subject())
          .isEqualTo(schema.version());
      guids.add(registered.guid());
    }
    return guids;
  }

  private static Set<UUID> schemaIdHeaderGuids(Topic golden) {
    Set<UUID> guids = new HashSet<>();
    for (KafkaRecord record : golden.records()) {
      for (TestHeader header : record.headers()) {
        if (header.key().equals(SchemaIdDetector.KEY_HEADER)
            || header.key().equals(SchemaIdDetector.VALUE_HEADER)) {
          UUID guid = ConfluentJsGolden.headerGuid(header.value());
          assertThat(guid).as("%s of '%s'", header.key(), record.name()).isNotNull();
          guids.add(guid);
        }
      }
    }
    return guids;
  }

  private static Map<String, Long> expectedRawParts(Topic golden) {
    Map<String, Long> raw = new TreeMap<>();
    for (KafkaRecord record : golden.records()) {
      if (record.expectedKeyRaw() != null) {
        raw.merge("key." + record.expectedKeyRaw(), 1L, Long::sum);
      }
      if (record.expectedValueRaw() != null) {
        raw.merge("value." + record.expectedValueRaw(), 1L, Long::sum);
      }
    }
    return raw;
  }

  private static void compareRow(
      ConfluentJsColumns columns, Schema schema, KafkaRecord golden, Record row) {
    String at = "'" + golden.name() + "' (offset " + row.getField(KafkaColumns.OFFSET) + ")";
    assertThat(headers(row))
        .as("_kafka_headers of %s", at)
        .containsExactlyElementsOf(headerTexts(golden.headers()));
    assertThat(row.getField(KafkaColumns.KEY))
        .as("_kafka_key of %s", at)
        .isEqualTo(golden.expectedKeyRaw() == null ? null : ByteBuffer.wrap(golden.key()));
    assertThat(row.getField(KafkaColumns.VALUE))
        .as("_kafka_value of %s", at)
        .isEqualTo(golden.expectedValueRaw() == null ? null : ByteBuffer.wrap(golden.value()));

    Types.NestedField decodedKey = schema.findField(TableColumns.DECODED_KEY);
    if (golden.expectedKey() != null || decodedKey != null) {
      assertThat(decodedKey).as("the %s column", TableColumns.DECODED_KEY).isNotNull();
      columns.compare(
          at + " " + TableColumns.DECODED_KEY,
          decodedKey.type(),
          golden.expectedKey(),
          row.getField(TableColumns.DECODED_KEY));
    }
    List<Types.NestedField> valueColumns = schema.columns().stream()
        .filter(field -> KafkaColumns.SCHEMA.findField(field.name()) == null)
        .filter(field -> !field.name().equals(TableColumns.DECODED_KEY))
        .toList();
    Types.StructType valueStruct = Types.StructType.of(valueColumns);
    StructLike values = new ValueColumns(row, valueColumns);
    if (golden.expectedValue() != null) {
      columns.compareStruct(at, valueStruct, golden.expectedValue(), values);
    } else {
      for (Types.NestedField column : valueColumns) {
        columns.compare(at + " " + column.name(), column.type(), null, row.getField(column.name()));
      }
    }
  }

  private static List<String> headers(Record row) {
    List<String> headers = new ArrayList<>();
    List<?> list = (List<?>) row.getField(KafkaColumns.HEADERS);
    for (Object element : list == null ? List.of() : list) {
      Record header = (Record) element;
      ByteBuffer value = (ByteBuffer) header.getField(KafkaColumns.HEADER_VALUE);
      headers.add(
          header.getField(KafkaColumns.HEADER_KEY) + "=" + (value == null ? "null" : hex(value)));
    }
    return headers;
  }

  private static List<String> headerTexts(List<TestHeader> headers) {
    return headers.stream()
        .map(header -> header.key() + "="
            + (header.value() == null ? "null" : hex(ByteBuffer.wrap(header.value()))))
        .toList();
  }

  private static String hex(ByteBuffer buffer) {
    StringBuilder text = new StringBuilder();
    ByteBuffer copy = buffer.duplicate();
    while (copy.hasRemaining()) {
      text.append(String.format("%02x", copy.get()));
    }
    return text.toString();
  }

  /** A row's value columns as one struct, so that they compare like the golden record's value. */
  private record ValueColumns(Record row, List<Types.NestedField> columns) implements StructLike {
    @Override
    public int size() {
      return columns.size();
    }

    @Override
    public <T> T get(int pos, Class<T> javaClass) {
      return javaClass.cast(row.getField(columns.get(pos).name()));
    }

    @Override
    public <T> void set(int pos, T value) {
      throw new UnsupportedOperationException("read-only view of a row");
    }
  }
}
