package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * A topic of one schema language and its table, for {@link EvolutionRulesIT}: schema versions
 * registered under {@code <topic>-value} and {@code <topic>-key}, records written with them, rounds
 * of the shared sidecar, and the table's rows read back as plain maps.
 */
final class EvolutionTopic implements AutoCloseable {
  /** The metadata columns every row has, left out of {@link #rows()}. */
  private static final Set<String> ALWAYS_SET = Set.of(
      KafkaColumns.PARTITION, KafkaColumns.OFFSET, KafkaColumns.TIMESTAMP, KafkaColumns.HEADERS);

  private final KafkaBroker kafka;
  private final FakeSchemaRegistry registry;
  private final InProcessSidecar sidecar;
  private final KafkaConsumer<ByteBuffer, ByteBuffer> consumer;
  private final EvolutionLanguage language;
  private final String name;
  private final TableDescriptor table;

  EvolutionTopic(
      KafkaBroker kafka,
      FakeSchemaRegistry registry,
      InProcessSidecar sidecar,
      EvolutionLanguage language) {
    this.kafka = kafka;
    this.registry = registry;
    this.sidecar = sidecar;
    this.language = language;
    this.name =
        InProcessSidecar.uniqueTopic("evolution-" + language.name().toLowerCase(Locale.ROOT));
    kafka.createTopic(name, 1);
    this.table = sidecar.add(name, Duration.ofMinutes(3));
    this.consumer = sidecar.newConsumer();
  }

  /** A schema version written by producers, registered under {@code <topic>-value} or {@code <topic>-key}. */
  record Version(EvolutionLanguage language, int id, EvolutionLanguage.Writer writer) {
    /** The value or key in the Confluent wire format. */
    byte[] bytes(Object value) {
      return language.confluent(id, writer.write(value));
    }

    /** A record without a key whose value has these fields. */
    TestRecord record(Object... namesAndValues) {
      return new TestRecord(0, null, bytes(fields(namesAndValues)), List.of(), null);
    }
  }

  /** A record with this key and value, as Kafka bytes. */
  static TestRecord keyed(byte[] key, byte[] value) {
    return new TestRecord(0, key, value, List.of(), null);
  }

  /** A value schema version: a struct, or in Avro and JSON Schema any type, whose values go to the value column. */
  Version value(EvolutionType schema) {
    return register(name + "-value", language.writer(schema));
  }

  /** A value schema version of this writer, of a form {@link EvolutionLanguage#writer} does not write. */
  Version value(EvolutionLanguage.Writer writer) {
    return register(name + "-value", writer);
  }

  Version key(EvolutionType schema) {
    return register(name + "-key", language.writer(schema));
  }

  private Version register(String subject, EvolutionLanguage.Writer writer) {
    return new Version(
        language,
        registry.register(subject, language.schemaType(), writer.schemaText()).id(),
        writer);
  }

  void produce(TestRecord... records) {
    kafka.produce(name, List.of(records));
  }

  /**
   * Runs a round and checks that it made exactly one snapshot, written with the table's current
   * schema: a schema change is committed with the rows that need it.
   */
  RoundResult round() {
    int snapshots = snapshotCount();
    RoundResult result = sidecar.runRound(table, consumer);
    Table current = table();
    assertThat(result.committed()).as("round committed").isTrue();
    assertThat(snapshotCount()).as("snapshots after the round").isEqualTo(snapshots + 1);
    assertThat(current.currentSnapshot().schemaId())
        .as("schema id of the round's snapshot")
        .isEqualTo(current.schema().schemaId());
    return result;
  }

  Table table() {
    return sidecar.table(table);
  }

  Schema schema() {
    return table().schema();
  }

  int snapshotCount() {
    int count = 0;
    for (Snapshot ignored : table().snapshots()) {
      count++;
    }
    return count;
  }

  /** The fields of a struct column, such as "address" or a list's "addresses.element". */
  Types.StructType struct(String path) {
    return schema().findField(path).type().asStructType();
  }

  /**
   * Every row in offset order, read with Iceberg's generic reader under the current schema, as a
   * map of its non-null columns other than partition, offset, timestamp and headers; values as
   * {@link #normalize} makes them.
   */
  List<Map<String, Object>> rows() {
    List<Record> records = new ArrayList<>(sidecar.rows(table));
    records.sort(Comparator.comparingLong(row -> (Long) row.getField(KafkaColumns.OFFSET)));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Record record : records) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (Types.NestedField column : record.struct().fields()) {
        Object value = normalize(record.getField(column.name()));
        if (value != null && !ALWAYS_SET.contains(column.name())) {
          row.put(column.name(), value);
        }
      }
      rows.add(row);
    }
    return rows;
  }

  /** Closes the topic's consumer, which its rounds share as a sidecar's tiering loop does. */
  @Override
  public void close() {
    consumer.close(CloseOptions.timeout(Duration.ZERO));
  }

  /** The names of the columns after the six {@code _kafka_*} metadata columns, in order. */
  static List<String> typedColumns(Schema schema) {
    return names(schema.asStruct())
        .subList(KafkaColumns.SCHEMA.columns().size(), schema.columns().size());
  }

  static List<String> names(Types.StructType struct) {
    return struct.fields().stream().map(Types.NestedField::name).toList();
  }

  /** A struct's value: names and values in turn. */
  static Map<String, Object> fields(Object... namesAndValues) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      fields.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return fields;
  }

  /** A row as {@link #rows()} gives it: these columns set, every other one null. */
  static Map<String, Object> row(Object... namesAndValues) {
    @SuppressWarnings("unchecked")
    Map<String, Object> row = (Map<String, Object>) normalize(fields(namesAndValues));
    return row;
  }

  /** The row of a record whose value kept its raw bytes: every typed column null. */
  static Map<String, Object> raw(TestRecord record) {
    return row(KafkaColumns.VALUE, ByteBuffer.wrap(record.value()));
  }

  /**
   * A value with structs as maps of their non-null fields, ints as longs and floats as doubles, so
   * that one expectation fits every language (JSON Schema has no int); the columns' types are
   * checked on the schema.
   */
  static Object normalize(Object value) {
    if (value instanceof Record record) {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (Types.NestedField field : record.struct().fields()) {
        Object fieldValue = normalize(record.getField(field.name()));
        if (fieldValue != null) {
          fields.put(field.name(), fieldValue);
        }
      }
      return fields;
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> normalized = new LinkedHashMap<>();
      map.forEach((k, v) -> {
        Object normalizedValue = normalize(v);
        if (normalizedValue != null) {
          normalized.put(normalize(k), normalizedValue);
        }
      });
      return normalized;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(EvolutionTopic::normalize).toList();
    }
    if (value instanceof Integer integer) {
      return integer.longValue();
    }
    if (value instanceof Float number) {
      return number.doubleValue();
    }
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    return value;
  }
}
