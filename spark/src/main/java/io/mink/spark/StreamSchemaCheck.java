package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Checks that a micro-batch's read schema is the stream's: Spark fixes a stream's columns when the query starts, so a
 * column the read settles besides them (a new schema version in the tail, or one a round committed) or a column whose
 * type changed stops the query, which reads them once restarted. Pure.
 *
 * @param table the table's qualified name, for messages
 * @param columns the stream's columns, as Spark was told when the query started
 */
record StreamSchemaCheck(String table, StructType columns) implements Serializable {
  private static final long serialVersionUID = 1L;

  StreamSchemaCheck {
    requireNonNull(table, "table is null");
    requireNonNull(columns, "columns is null");
  }

  /**
   * @throws MinkException when the settled read schema has columns the stream does not, or other types
   */
  void require(Schema settled) {
    StructType read = SparkTypes.struct(settled, table);
    Map<String, StructField> known = fields(columns);
    List<String> added = new ArrayList<>();
    List<String> changed = new ArrayList<>();
    for (StructField field : read.fields()) {
      StructField before = known.get(field.name());
      if (before == null) {
        added.add(field.name());
      } else if (!before.dataType().equals(field.dataType())) {
        changed.add(field.name() + " (" + before.dataType().simpleString() + " is now "
            + field.dataType().simpleString() + ")");
      }
    }
    List<String> missing = new ArrayList<>(known.keySet());
    missing.removeAll(fields(read).keySet());
    if (added.isEmpty() && changed.isEmpty() && missing.isEmpty()) {
      if (java.util.Arrays.equals(read.fieldNames(), columns.fieldNames())) {
        return;
      }
      changed.add("the order of the columns");
    }
    List<String> what = new ArrayList<>();
    if (!added.isEmpty()) {
      what.add("new columns " + added);
    }
    if (!changed.isEmpty()) {
      what.add("changed columns " + changed);
    }
    if (!missing.isEmpty()) {
      what.add("columns no longer read " + missing);
    }
    throw MinkException.conflict("The columns of table " + table
        + " changed while the stream read it: " + String.join(", ", what)
        + ". Spark fixes a stream's columns when the query starts: restart the query to read them "
        + "(it goes on from its checkpoint, with the columns of the table as it is then)");
  }

  private static Map<String, StructField> fields(StructType struct) {
    return java.util.Arrays.stream(struct.fields())
        .collect(Collectors.toMap(
            StructField::name, Function.identity(), (a, b) -> a, java.util.LinkedHashMap::new));
  }
}
