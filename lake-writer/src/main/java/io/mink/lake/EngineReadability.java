package io.mink.lake;

import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Which common engines cannot read a table, from its schema (docs/querying.md "Engines"). Only a
 * {@code time} column keeps an engine out today: Iceberg's Spark runtime refuses to load a table
 * that has one, at any depth, whatever the query selects.
 */
public final class EngineReadability {
  private EngineReadability() {}

  /** The ids of the fields of Iceberg type time at any depth, in order. */
  public static List<Integer> timeFieldIds(Schema schema) {
    return TypeUtil.indexById(schema.asStruct()).values().stream()
        .filter(field -> field.type().typeId() == Type.TypeID.TIME)
        .map(Types.NestedField::fieldId)
        .sorted()
        .toList();
  }

  /** The columns of Iceberg type time at any depth, by field id: "pickup", "stops.element", "slots.value". */
  public static List<String> timeColumns(Schema schema) {
    return timeFieldIds(schema).stream().map(schema::findColumnName).toList();
  }

  /** What {@code table show} and {@code cluster stats} say about the table; empty when every engine reads it. */
  public static Optional<String> warning(Schema schema) {
    List<String> columns = timeColumns(schema);
    if (columns.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "Spark cannot read this table: " + (columns.size() == 1 ? "column " : "columns ")
            + String.join(", ", columns) + (columns.size() == 1 ? " is" : " are")
            + " of Iceberg type time, which "
            + "Iceberg's Spark runtime refuses; Trino, Flink, DuckDB, Snowflake and BigQuery read it (docs/querying.md). Columns "
            + "keep their type: a table added with --option mink.time-as=long or mink.time-as=string stores times of "
            + "day as a type every engine reads");
  }
}
