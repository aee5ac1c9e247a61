package io.mink.lake;

import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The partition spec of a Mink table (docs/layout.md): identity on {@code _kafka_partition}, then the
 * fields given with {@code --partition-by}. Pure: no catalog.
 *
 * <p>Every data file already holds the rows of one Kafka partition, so the identity field costs no
 * extra files, and it is what lets readers and compaction pair files with Kafka partitions.
 */
public final class PartitionSpecs {
  /**
   * What {@code --partition-by} may use when a table is created, by column. Only the metadata
   * columns exist then; each keeps the transforms that make sense for it.
   */
  public static final Map<String, Set<String>> ADD_TIME_TRANSFORMS = addTimeTransforms();

  private static final Set<String> TIME_TRANSFORMS = Set.of("year", "month", "day", "hour");

  private PartitionSpecs() {}

  /** The default spec: identity on _kafka_partition. */
  public static PartitionSpec kafka(Schema schema) {
    return PartitionSpec.builderFor(schema).identity(KafkaColumns.PARTITION).build();
  }

  /** Every field of the values, each value one field or several separated by commas. */
  public static List<PartitionTerm> parse(List<String> values) {
    List<PartitionTerm> terms = new ArrayList<>();
    for (String value : values) {
      for (String field : splitTopLevel(value)) {
        terms.add(PartitionTerm.parse(field));
      }
    }
    return terms;
  }

  /**
   * The spec of a new table: identity(_kafka_partition), then the given fields. The message of the
   * exception says which fields are allowed.
   */
  public static PartitionSpec forNewTable(Schema schema, List<PartitionTerm> fields) {
    PartitionSpec.Builder builder =
        PartitionSpec.builderFor(schema).identity(KafkaColumns.PARTITION);
    Map<String, PartitionTerm> timeFieldByColumn = new HashMap<>();
    Map<String, PartitionTerm> seen = new HashMap<>();
    for (PartitionTerm field : fields) {
      check(field);
      PartitionTerm same = seen.put(field.column() + "/" + field.transform(), field);
      if (same != null) {
        throw new IllegalArgumentException("Cannot partition by both " + same + " and " + field
            + ": give each transform of a column once");
      }
      if (TIME_TRANSFORMS.contains(field.transform())) {
        PartitionTerm other = timeFieldByColumn.put(field.column(), field);
        if (other != null) {
          throw new IllegalArgumentException("Cannot partition by both " + other + " and " + field
              + ": keep one of year, month, day and hour per column");
        }
      }
      field.addTo(builder);
    }
    return builder.build();
  }

  /** Whether the spec has identity on _kafka_partition, so every file's partition names its Kafka partition. */
  public static boolean hasKafkaPartitionIdentity(PartitionSpec spec) {
    return kafkaPartitionIdentity(spec) >= 0;
  }

  /** Whether every field of the spec is identity on _kafka_partition: one partition key per Kafka partition. */
  public static boolean isKafkaPartitionOnly(PartitionSpec spec) {
    return spec.isPartitioned()
        && spec.fields().stream().allMatch(field -> isKafkaPartitionIdentity(spec, field));
  }

  /** The position of the identity field on _kafka_partition in the spec's partition tuple, or -1. */
  public static int kafkaPartitionIdentity(PartitionSpec spec) {
    List<PartitionField> fields = spec.fields();
    for (int i = 0; i < fields.size(); i++) {
      if (isKafkaPartitionIdentity(spec, fields.get(i))) {
        return i;
      }
    }
    return -1;
  }

  /** The spec as a user writes it, such as {@code identity(_kafka_partition), day(_kafka_timestamp)}. */
  public static String describe(PartitionSpec spec) {
    if (spec.isUnpartitioned()) {
      return "unpartitioned";
    }
    StringJoiner joiner = new StringJoiner(", ");
    for (PartitionField field : spec.fields()) {
      Types.NestedField source = spec.schema().findField(field.sourceId());
      String column =
          source == null ? "#" + field.sourceId() : spec.schema().findColumnName(field.sourceId());
      String transform = field.transform().toString();
      int bracket = transform.indexOf('[');
      joiner.add(
          bracket < 0
              ? transform + "(" + column + ")"
              : transform.substring(0, bracket) + "("
                  + transform.substring(bracket + 1, transform.length() - 1) + ", " + column + ")");
    }
    return joiner.toString();
  }

  /** What --partition-by accepts at add time, for messages and docs. */
  public static String allowedAtAddTime() {
    StringJoiner joiner = new StringJoiner("; ");
    ADD_TIME_TRANSFORMS.forEach(
        (column, transforms) -> joiner.add(joinOr(transforms) + " of " + column));
    return joiner.toString();
  }

  private static void check(PartitionTerm field) {
    String column = field.column();
    if (column.equals(KafkaColumns.PARTITION)) {
      throw new IllegalArgumentException(
          "Cannot partition by " + field + ": identity(_kafka_partition) is always "
              + "the first partition field of a Mink table; add other fields after it");
    }
    Set<String> allowed = ADD_TIME_TRANSFORMS.get(column);
    if (allowed != null) {
      if (!allowed.contains(field.transform())) {
        throw new IllegalArgumentException(
            "Cannot partition by " + field + ": " + column + " takes " + joinOr(allowed));
      }
      return;
    }
    if (KafkaColumns.SCHEMA.findField(column) != null) {
      throw new IllegalArgumentException(
          "Cannot partition by " + field + ": " + column + " cannot be a partition "
              + "field. When a table is added, these can: " + allowedAtAddTime());
    }
    throw new IllegalArgumentException(
        "Cannot partition by " + field + ": the table has no column " + column
            + " when it is added. Typed columns appear with the first schema; partition by them later with your "
            + "engine (ALTER TABLE ... ADD PARTITION FIELD) and Mink writes by the table's current spec. When a "
            + "table is added, these can be partition fields: " + allowedAtAddTime());
  }

  private static boolean isKafkaPartitionIdentity(PartitionSpec spec, PartitionField field) {
    Types.NestedField source = spec.schema().findField(field.sourceId());
    return source != null
        && field.transform().isIdentity()
        && KafkaColumns.PARTITION.equals(spec.schema().findColumnName(field.sourceId()));
  }

  /** Splits at commas outside parentheses: {@code bucket(16, k), day(t)} is two fields. */
  private static List<String> splitTopLevel(String value) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth = Math.max(0, depth - 1);
      } else if (c == ',' && depth == 0) {
        parts.add(value.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(value.substring(start));
    return parts.stream().filter(part -> !part.isBlank()).toList();
  }

  private static String joinOr(Set<String> values) {
    List<String> list = List.copyOf(values);
    return list.size() == 1
        ? list.get(0)
        : String.join(", ", list.subList(0, list.size() - 1)) + " or " + list.get(list.size() - 1);
  }

  private static Map<String, Set<String>> addTimeTransforms() {
    Map<String, Set<String>> transforms = new LinkedHashMap<>();
    transforms.put(KafkaColumns.TIMESTAMP, orderedSet("year", "month", "day", "hour"));
    transforms.put(KafkaColumns.OFFSET, orderedSet("truncate"));
    transforms.put(KafkaColumns.KEY, orderedSet("bucket", "truncate"));
    return Collections.unmodifiableMap(transforms);
  }

  private static Set<String> orderedSet(String... values) {
    return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(values)));
  }
}
