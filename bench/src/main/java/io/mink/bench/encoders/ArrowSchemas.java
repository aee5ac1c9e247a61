package io.mink.bench.encoders;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The Iceberg field ids of a schema as DuckDB's {@code FIELD_IDS} option of {@code COPY ... (FORMAT parquet)}.
 * Arrow fields carry them as {@code PARQUET:field_id} ({@link io.mink.schema.batch.ArrowSchemas}), which Arrow
 * C++'s Parquet writer turns into Parquet field ids.
 */
final class ArrowSchemas {
  private ArrowSchemas() {}

  /** DuckDB's FIELD_IDS value for the schema: {@code {name: id, nested: {__duckdb_field_id: id, child: id}}}. */
  static String duckDbFieldIds(org.apache.iceberg.Schema schema) {
    return schema.columns().stream()
        .map(field -> quote(field.name()) + ": " + duckDbId(field.fieldId(), field.type()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String duckDbId(int id, Type type) {
    if (type.isPrimitiveType()) {
      return Integer.toString(id);
    }
    List<String> parts = new ArrayList<>();
    parts.add("__duckdb_field_id: " + id);
    if (type.isStructType()) {
      for (Types.NestedField child : type.asStructType().fields()) {
        parts.add(quote(child.name()) + ": " + duckDbId(child.fieldId(), child.type()));
      }
    } else if (type.isListType()) {
      parts.add("element: "
          + duckDbId(type.asListType().elementId(), type.asListType().elementType()));
    } else if (type.isMapType()) {
      Types.MapType map = type.asMapType();
      parts.add("key: " + duckDbId(map.keyId(), map.keyType()));
      parts.add("value: " + duckDbId(map.valueId(), map.valueType()));
    }
    return parts.stream().collect(Collectors.joining(", ", "{", "}"));
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
