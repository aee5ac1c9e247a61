package io.mink.schema.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.DetachedSchemaUpdate;
import org.apache.iceberg.Schema;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Merges the type of a decoded key or value into the table schema, by name, at every depth. Pure
 * and deterministic: the same table schema and source type always give the same changes and the
 * same field ids (Iceberg's own, see {@link DetachedSchemaUpdate}), so two sidecars planning the
 * same change agree, and a round's files carry the ids its commit assigns.
 *
 * <p>An unchanged field keeps its column; int to long, float to double and wider decimal precision
 * promote the column; a new field becomes a new optional column at the end of its struct; a field
 * the source lacks keeps its column; a required column that the source leaves optional becomes
 * optional. Any other type change, a value field named like a column Mink owns or Iceberg reserves,
 * a name with a '.', and names that differ only in case make the source unmergeable.
 */
public final class SchemaMerge {
  private SchemaMerge() {}

  /** Merges a decoded key's type as the {@code _kafka_decoded_key} column. */
  public static MergeResult mergeKey(Schema table, int lastColumnId, Type keyType) {
    return merge(table, lastColumnId, List.of(Types.NestedField.optional(-1, TableColumns.DECODED_KEY, keyType)));
  }

  /** Merges a decoded value's type: a struct's fields as top-level columns, any other type as {@code value}. */
  public static MergeResult mergeValue(Schema table, int lastColumnId, Type valueType) {
    List<Types.NestedField> columns = valueType.isStructType()
        ? valueType.asStructType().fields()
        : List.of(Types.NestedField.optional(-1, TableColumns.VALUE, valueType));
    for (Types.NestedField column : columns) {
      if (TableColumns.isReserved(column.name())) {
        return new MergeResult.Unmergeable("field '" + column.name() + "' is named like a column Mink owns or "
            + "Iceberg reserves");
      }
    }
    return merge(table, lastColumnId, columns);
  }

  private static MergeResult merge(Schema table, int lastColumnId, List<Types.NestedField> sourceColumns) {
    List<SchemaChange> changes = new ArrayList<>();
    try {
      mergeStruct(null, table.asStruct(), sourceColumns, true, changes);
    } catch (Conflict conflict) {
      return new MergeResult.Unmergeable(conflict.getMessage());
    }
    if (changes.isEmpty()) {
      return new MergeResult.Merged(table, lastColumnId, changes);
    }
    try {
      UpdateSchema update = DetachedSchemaUpdate.of(table, lastColumnId);
      changes.forEach(change -> change.applyTo(update));
      Schema merged = update.apply();
      return new MergeResult.Merged(merged, Math.max(lastColumnId, merged.highestFieldId()), changes);
    } catch (RuntimeException e) {
      return new MergeResult.Unmergeable("Iceberg refuses the change: " + e.getMessage());
    }
  }

  private static void mergeStruct(String path, Types.StructType table, List<Types.NestedField> source,
      boolean topLevel, List<SchemaChange> changes) {
    Map<String, Types.NestedField> byLowerName = new HashMap<>();
    for (Types.NestedField field : table.fields()) {
      byLowerName.put(field.name().toLowerCase(Locale.ROOT), field);
    }
    Map<String, Types.NestedField> seen = new HashMap<>();
    for (Types.NestedField sourceField : source) {
      String name = sourceField.name();
      if (name.contains(".")) {
        throw new Conflict("field '" + name + "' has a '.' in its name, which Iceberg column paths cannot hold");
      }
      if (seen.put(name.toLowerCase(Locale.ROOT), sourceField) != null) {
        throw new Conflict("fields named '" + name + "' differ only in case");
      }
      Types.NestedField existing = byLowerName.get(name.toLowerCase(Locale.ROOT));
      String fieldPath = path == null ? name : path + "." + name;
      if (existing == null) {
        changes.add(new SchemaChange.AddColumn(path, name, sourceField.type(), sourceField.doc()));
        continue;
      }
      if (!existing.name().equals(name)) {
        throw new Conflict("field '" + name + "' differs only in case from column '" + existing.name() + "'");
      }
      mergeType(fieldPath, existing.type(), sourceField.type(), changes);
      if (existing.isRequired() && (topLevel || sourceField.isOptional())) {
        changes.add(new SchemaChange.MakeOptional(fieldPath));
      }
    }
    if (!topLevel) {
      for (Types.NestedField field : table.fields()) {
        if (field.isRequired() && !seen.containsKey(field.name().toLowerCase(Locale.ROOT))) {
          changes.add(new SchemaChange.MakeOptional(path == null ? field.name() : path + "." + field.name()));
        }
      }
    }
  }

  private static void mergeType(String path, Type table, Type source, List<SchemaChange> changes) {
    if (table.isStructType() && source.isStructType()) {
      mergeStruct(path, table.asStructType(), source.asStructType().fields(), false, changes);
    } else if (table.isListType() && source.isListType()) {
      Types.ListType list = table.asListType();
      mergeType(path + ".element", list.elementType(), source.asListType().elementType(), changes);
      if (!list.isElementOptional() && source.asListType().isElementOptional()) {
        changes.add(new SchemaChange.MakeOptional(path + ".element"));
      }
    } else if (table.isMapType() && source.isMapType()) {
      Types.MapType map = table.asMapType();
      if (!map.keyType().equals(source.asMapType().keyType())) {
        throw new Conflict("map '" + path + "' changes its key type from " + map.keyType() + " to "
            + source.asMapType().keyType());
      }
      mergeType(path + ".value", map.valueType(), source.asMapType().valueType(), changes);
      if (!map.isValueOptional() && source.asMapType().isValueOptional()) {
        changes.add(new SchemaChange.MakeOptional(path + ".value"));
      }
    } else if (table.isPrimitiveType() && source.isPrimitiveType()) {
      mergePrimitive(path, table.asPrimitiveType(), source.asPrimitiveType(), changes);
    } else {
      throw new Conflict("field '" + path + "' changes type from " + table + " to " + source);
    }
  }

  private static void mergePrimitive(
      String path, Type.PrimitiveType table, Type.PrimitiveType source, List<SchemaChange> changes) {
    if (table.equals(source) || Promotions.canPromote(source, table)) {
      return;
    }
    if (Promotions.canPromote(table, source)) {
      changes.add(new SchemaChange.Promote(path, source));
      return;
    }
    throw new Conflict("field '" + path + "' changes type from " + table + " to " + source);
  }

  private static final class Conflict extends RuntimeException {
    Conflict(String message) {
      super(message, null, false, false);
    }
  }
}
