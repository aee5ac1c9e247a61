package io.mink.lake.write.duckdb;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The {@code FIELD_IDS} option of DuckDB's {@code COPY ... TO (FORMAT parquet)} for an Iceberg schema: every
 * column and nested field carries its Iceberg field id, so Iceberg readers match the file's columns by id.
 * A nested type's own id goes in {@code __duckdb_field_id}.
 */
public final class DuckDbFieldIds {
  private DuckDbFieldIds() {}

  /** The struct literal of the schema's field ids, such as {@code {"id": 1, "point": {__duckdb_field_id: 2, "x": 3}}}. */
  public static String of(Schema schema) {
    return schema.columns().stream()
        .map(field -> quote(field.name()) + ": " + id(field.fieldId(), field.type()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String id(int id, Type type) {
    if (type.isPrimitiveType()) {
      return Integer.toString(id);
    }
    List<String> parts = new ArrayList<>();
    parts.add("__duckdb_field_id: " + id);
    if (type.isStructType()) {
      for (Types.NestedField child : type.asStructType().fields()) {
        parts.add(quote(child.name()) + ": " + id(child.fieldId(), child.type()));
      }
    } else if (type.isListType()) {
      Types.ListType list = type.asListType();
      parts.add("element: " + id(list.elementId(), list.elementType()));
    } else if (type.isMapType()) {
      Types.MapType map = type.asMapType();
      parts.add("key: " + id(map.keyId(), map.keyType()));
      parts.add("value: " + id(map.valueId(), map.valueType()));
    }
    return parts.stream().collect(Collectors.joining(", ", "{", "}"));
  }

  static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
