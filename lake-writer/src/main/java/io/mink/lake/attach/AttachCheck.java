package io.mink.lake.attach;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.TableMode;
import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * What an existing table must be before Mink attaches to it (docs/layout.md,
 * "Attaching an existing table"). Pure: each method takes what it checks and returns the
 * problems, one sentence each that says what is wrong and what to do; none means the check passes.
 */
public final class AttachCheck {
  private AttachCheck() {}

  /** The problems of the table's format version, schema, partition spec and owner topic. */
  public static List<String> problems(String tableName, TableMetadata metadata, String topic) {
    return problems(tableName, metadata, topic, TableMode.APPEND);
  }

  /** The problems of the table's format version, schema, partition spec and owner topic in the mode. */
  public static List<String> problems(
      String tableName, TableMetadata metadata, String topic, TableMode mode) {
    return problems(tableName, metadata, topic, mode, false);
  }

  /**
   * The problems in the mode; with {@code adopted}, a table {@link TableAdopt} evolved, whose _kafka_* columns may be
   * optional as the rows there before have none.
   */
  public static List<String> problems(
      String tableName, TableMetadata metadata, String topic, TableMode mode, boolean adopted) {
    List<String> problems = new ArrayList<>();
    problems.addAll(formatVersionProblems(tableName, metadata.formatVersion()));
    problems.addAll(schemaProblems(tableName, metadata.schema(), mode, adopted));
    problems.addAll(specProblems(tableName, metadata.spec()));
    problems.addAll(modeProblems(tableName, metadata, mode));
    String owner = metadata.properties().get(MinkTableLayout.TOPIC_PROPERTY);
    if (owner != null && !owner.equals(topic)) {
      problems.add(
          "it is the table of topic '" + owner + "' (property " + MinkTableLayout.TOPIC_PROPERTY
              + "): attach it to that topic, or pick another table with --namespace and --name");
    }
    return problems;
  }

  static List<String> formatVersionProblems(String tableName, int formatVersion) {
    if (MinkTableLayout.FORMAT_VERSIONS.contains(formatVersion)) {
      return List.of();
    }
    String fix = formatVersion < MinkTableLayout.DEFAULT_FORMAT_VERSION
        ? "upgrade it first (Spark: ALTER TABLE " + tableName
            + " SET TBLPROPERTIES ('format-version'='2'))"
        : "attach a table of version 2 or 3";
    return List.of("it has Iceberg format version " + formatVersion
        + " and Mink writes versions 2 and 3: " + fix);
  }

  /**
   * The six metadata columns first, in order, with the names, types and nullability of
   * {@link io.mink.schema.KafkaColumns}; any other column optional, as Mink leaves a column null when a record does not
   * fill it. Field ids may differ.
   */
  static List<String> schemaProblems(String tableName, Schema schema) {
    return schemaProblems(tableName, schema, TableMode.APPEND);
  }

  /** The schema problems in the mode; an upsert table's key is checked by {@link #modeProblems}. */
  static List<String> schemaProblems(String tableName, Schema schema, TableMode mode) {
    return schemaProblems(tableName, schema, mode, false);
  }

  /** The schema problems; {@code adopted} lets the _kafka_* columns be optional (Mink still fills them). */
  static List<String> schemaProblems(
      String tableName, Schema schema, TableMode mode, boolean adopted) {
    List<String> problems = new ArrayList<>();
    List<Types.NestedField> columns = schema.columns();
    boolean allPresent = true;
    boolean inOrder = true;
    for (int i = 0; i < KafkaColumns.SCHEMA.columns().size(); i++) {
      Types.NestedField expected = KafkaColumns.SCHEMA.columns().get(i);
      Types.NestedField actual = schema.asStruct().field(expected.name());
      if (actual == null) {
        allPresent = false;
        problems.add("it has no column " + expected.name() + " (" + describe(expected)
            + "): the six _kafka_* " + "columns of docs/layout.md must be its first columns");
        continue;
      }
      String expectedType = render(expected.type());
      String actualType = render(actual.type());
      if (!expectedType.equals(actualType)) {
        problems.add("column " + expected.name() + " is " + actualType + ", not " + expectedType
            + ": Mink writes " + expected.name() + " as " + expectedType);
      }
      boolean upsertKey = mode == TableMode.UPSERT && expected.name().equals(KafkaColumns.KEY);
      boolean adoptedOptional = adopted && actual.isOptional();
      if (expected.isOptional() != actual.isOptional() && !upsertKey && !adoptedOptional) {
        problems.add("column " + expected.name() + " is " + nullability(actual) + ", not "
            + nullability(expected)
            + ": "
            + (expected.isOptional()
                ? "Mink writes null into it (Spark: ALTER TABLE " + tableName + " ALTER COLUMN "
                    + expected.name() + " DROP NOT NULL)"
                : "Mink's metadata columns have the nullability of docs/layout.md"));
      }
      if (i >= columns.size() || columns.get(i).fieldId() != actual.fieldId()) {
        inOrder = false;
      }
    }
    if (allPresent && !inOrder) {
      StringJoiner order = new StringJoiner(", ");
      columns.stream()
          .limit(KafkaColumns.SCHEMA.columns().size())
          .forEach(column -> order.add(column.name()));
      problems.add("its first columns are " + order
          + ": the six _kafka_* columns must come first, in the order "
          + "_kafka_partition, _kafka_offset, _kafka_timestamp, _kafka_key, _kafka_headers, _kafka_value "
          + "(Spark: ALTER TABLE " + tableName + " ALTER COLUMN ... AFTER ...)");
    }
    for (Types.NestedField column : columns) {
      if (KafkaColumns.SCHEMA.findField(column.name()) == null && column.isRequired()) {
        problems.add("column " + column.name()
            + " is required, but Mink leaves a column null when a record does "
            + "not fill it: make it optional (Spark: ALTER TABLE " + tableName + " ALTER COLUMN "
            + column.name()
            + " DROP NOT NULL)");
      }
    }
    return problems;
  }

  /** The spec must have identity(_kafka_partition), so every file's partition names its Kafka partition. */
  static List<String> specProblems(String tableName, PartitionSpec spec) {
    if (PartitionSpecs.hasKafkaPartitionIdentity(spec)) {
      return List.of();
    }
    String what = spec.isUnpartitioned()
        ? "it is unpartitioned"
        : "its partition spec is " + PartitionSpecs.describe(spec)
            + ", without identity(_kafka_partition)";
    return List.of(
        what + ": Mink pairs data files with Kafka partitions through identity(_kafka_partition); "
            + "add it (Spark: ALTER TABLE " + tableName + " ADD PARTITION FIELD _kafka_partition)");
  }

  /**
   * An upsert table's key: _kafka_key required and the only identifier field, and no partition
   * field but identity(_kafka_partition). A table Mink made as an upsert table is not attached as
   * an append table.
   */
  static List<String> modeProblems(String tableName, TableMetadata metadata, TableMode mode) {
    String modeProperty = MinkTableLayout.OPTION_PREFIX + MinkTableLayout.MODE_OPTION;
    if (mode == TableMode.APPEND) {
      String upsert = TableMode.UPSERT.label();
      return upsert.equals(metadata.properties().get(modeProperty))
          ? List.of("it is an upsert table (property " + modeProperty + "=" + upsert
              + "): attach it with --mode " + upsert)
          : List.of();
    }
    List<String> problems = new ArrayList<>();
    Schema schema = metadata.schema();
    Types.NestedField key = schema.findField(KafkaColumns.KEY);
    if (key != null && key.isOptional()) {
      problems.add("column _kafka_key is optional, but an upsert table needs it required and as "
          + "its identifier field, and Iceberg does not make an optional column required: add the "
          + "topic as a new upsert table (without --attach, or with another --name), or attach "
          + "this table with --mode append");
    } else if (key != null && !schema.identifierFieldIds().equals(Set.of(key.fieldId()))) {
      problems.add("its identifier fields are " + schema.identifierFieldNames()
          + ", not _kafka_key alone: an upsert table keys its rows on _kafka_key (Spark: ALTER "
          + "TABLE " + tableName + " SET IDENTIFIER FIELDS _kafka_key), or attach it with "
          + "--mode append");
    }
    PartitionSpec spec = metadata.spec();
    if (PartitionSpecs.hasKafkaPartitionIdentity(spec)
        && !PartitionSpecs.isKafkaPartitionOnly(spec)) {
      problems.add("its partition spec is " + PartitionSpecs.describe(spec) + ": "
          + MinkTableLayout.UPSERT_PARTITIONING
          + "; drop the other partition fields with your engine (Spark: ALTER TABLE "
          + tableName + " DROP PARTITION FIELD ...), or attach it with --mode append");
    }
    return problems;
  }

  /**
   * The baseline against the topic: every partition the table holds rows of exists, and no
   * partition's baseline is past its end offset. Either means the table is another topic's.
   */
  public static List<String> topicProblems(
      String topic, LakeOffsets baseline, Map<Integer, Long> endOffsets) {
    List<String> problems = new ArrayList<>();
    baseline.nextOffsets().forEach((partition, next) -> {
      Long end = endOffsets.get(partition);
      if (end == null) {
        problems.add("it holds offsets of partition " + partition + ", but topic " + topic + " has "
            + endOffsets.size() + " partitions: is it the table of another topic?");
      } else if (next > end) {
        problems.add("it holds partition " + partition + " up to offset " + (next - 1)
            + ", but topic " + topic + " ends at offset " + end
            + ": is it the table of another topic or cluster?");
      }
    });
    return problems;
  }

  /** A type as docs/layout.md writes it, without field ids: list<struct<key: string, value: optional binary>>. */
  static String render(Type type) {
    if (type.isPrimitiveType()) {
      return type.toString();
    }
    if (type.isListType()) {
      Types.ListType list = type.asListType();
      return "list<" + (list.isElementOptional() ? "optional " : "") + render(list.elementType())
          + ">";
    }
    if (type.isMapType()) {
      Types.MapType map = type.asMapType();
      return "map<" + render(map.keyType()) + ", " + (map.isValueOptional() ? "optional " : "")
          + render(map.valueType()) + ">";
    }
    StringJoiner fields = new StringJoiner(", ", "struct<", ">");
    for (Types.NestedField field : type.asStructType().fields()) {
      fields.add(
          field.name() + ": " + (field.isOptional() ? "optional " : "") + render(field.type()));
    }
    return fields.toString();
  }

  private static String describe(Types.NestedField field) {
    return render(field.type()) + ", " + nullability(field);
  }

  private static String nullability(Types.NestedField field) {
    return field.isOptional() ? "optional" : "required";
  }
}
