package io.mink.schema.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DetachedSchemaUpdate;
import org.apache.iceberg.Schema;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Merges the type of a decoded key or value into the table schema, by name, at every depth. Pure
 * and deterministic: the same table schema and source type always give the same changes, field ids
 * and schema ids (Iceberg's own, see {@link DetachedSchemaUpdate}), so two sidecars planning the
 * same change agree, and a round's files carry the ids its commit assigns.
 *
 * <p>An unchanged field keeps its column; int to long, float to double and wider decimal precision
 * promote the column; any other type change renames the column {@code {name}_s{N}}, N being the
 * table's schema id, and adds a new column of the new type under the name; a new field becomes a
 * new optional column at the end of its struct; a field the source lacks keeps its column, and a
 * required one becomes optional. A field whose name's column cannot take it as it is, but a column
 * renamed by an earlier change can, goes to that column ({@link ColumnMatch}), so records of old
 * schema versions change nothing; renamed columns themselves never change.
 *
 * <p>Renames are one schema update and the rest a second (Iceberg refuses to add a name that an
 * update renames away), so a type change makes two schemas. A value field named like a column Mink
 * owns or Iceberg reserves, an empty name or one with a '.', names that differ only in case, a field
 * named like a renamed column, and a rename whose name is taken make the source unmergeable.
 */
public final class SchemaMerge {
  private SchemaMerge() {}

  /** Merges a decoded key's type as the {@code _kafka_decoded_key} column. */
  public static MergeResult mergeKey(TableSchema table, Type keyType) {
    return merge(table, List.of(Types.NestedField.optional(-1, TableColumns.DECODED_KEY, keyType)));
  }

  /** Merges a decoded value's type: a struct's fields as top-level columns, any other type as {@code value}. */
  public static MergeResult mergeValue(TableSchema table, Type valueType) {
    List<Types.NestedField> columns = valueType.isStructType()
        ? valueType.asStructType().fields()
        : List.of(Types.NestedField.optional(-1, TableColumns.VALUE, valueType));
    for (Types.NestedField column : columns) {
      if (TableColumns.isReserved(column.name())) {
        return new MergeResult.Unmergeable("field '" + column.name()
            + "' is named like a column Mink owns or " + "Iceberg reserves");
      }
    }
    return merge(table, columns);
  }

  private static MergeResult merge(TableSchema table, List<Types.NestedField> sourceColumns) {
    Plan plan = new Plan(table.schemaId());
    try {
      plan.mergeStruct(null, table.schema().asStruct(), sourceColumns, true);
    } catch (Conflict conflict) {
      return new MergeResult.Unmergeable(conflict.getMessage());
    }
    if (plan.renames.isEmpty() && plan.changes.isEmpty()) {
      return new MergeResult.Merged(table, List.of());
    }
    try {
      List<SchemaStep> steps = new ArrayList<>();
      TableSchema merged = table;
      if (!plan.renames.isEmpty()) {
        merged = apply(merged, plan.renames, steps);
      }
      if (!plan.changes.isEmpty()) {
        merged = apply(merged, plan.changes, steps);
      }
      return new MergeResult.Merged(merged, steps);
    } catch (RuntimeException e) {
      return new MergeResult.Unmergeable("Iceberg refuses the change: " + e.getMessage());
    }
  }

  private static TableSchema apply(
      TableSchema table, List<SchemaChange> changes, List<SchemaStep> steps) {
    UpdateSchema update = DetachedSchemaUpdate.of(table.schema(), table.lastColumnId());
    changes.forEach(change -> change.applyTo(update));
    Schema applied = update.apply();
    int schemaId = table.highestSchemaId() + 1;
    Schema numbered = new Schema(schemaId, applied.columns(), applied.identifierFieldIds());
    steps.add(new SchemaStep(changes, schemaId));
    return new TableSchema(
        numbered, Math.max(table.lastColumnId(), numbered.highestFieldId()), schemaId);
  }

  /** The changes one merge plans: renames first, as their own step, then everything else. */
  private static final class Plan {
    private final int schemaId;
    private final List<SchemaChange> renames = new ArrayList<>();
    private final List<SchemaChange> changes = new ArrayList<>();

    Plan(int schemaId) {
      this.schemaId = schemaId;
    }

    void mergeStruct(
        String path, Types.StructType table, List<Types.NestedField> source, boolean topLevel) {
      Map<String, Types.NestedField> tableByLowerName = new HashMap<>();
      for (Types.NestedField column : table.fields()) {
        tableByLowerName.put(lower(column.name()), column);
      }
      Set<String> sourceLowerNames = new HashSet<>();
      for (Types.NestedField field : source) {
        checkName(field.name());
        if (!sourceLowerNames.add(lower(field.name()))) {
          throw new Conflict("fields named '" + field.name() + "' differ only in case");
        }
      }
      Set<Integer> written = new HashSet<>();
      for (Types.NestedField field : source) {
        Types.NestedField target =
            mergeField(path, table, tableByLowerName, sourceLowerNames, field, topLevel);
        if (target != null) {
          written.add(target.fieldId());
        }
      }
      if (!topLevel) {
        for (Types.NestedField column : table.fields()) {
          if (column.isRequired() && !written.contains(column.fieldId())) {
            changes.add(new SchemaChange.MakeOptional(join(path, column.name())));
          }
        }
      }
    }

    /**
     * Plans the field's merge and returns the existing column it settles: the one it goes to, or
     * the one a rename makes optional; null for a new column.
     */
    private Types.NestedField mergeField(
        String path,
        Types.StructType table,
        Map<String, Types.NestedField> tableByLowerName,
        Set<String> sourceLowerNames,
        Types.NestedField field,
        boolean topLevel) {
      String name = field.name();
      Types.NestedField named = tableByLowerName.get(lower(name));
      if (named == null) {
        checkNewType(join(path, name), field.type());
        changes.add(new SchemaChange.AddColumn(path, name, field.type(), field.doc()));
        return null;
      }
      if (!named.name().equals(name)) {
        throw new Conflict(
            "field '" + name + "' differs only in case from column '" + named.name() + "'");
      }
      if (RenamedColumns.isRenamed(named)) {
        throw new Conflict("field '" + name
            + "' is named like the column that keeps earlier values of another " + "field");
      }
      Types.NestedField target = target(table, named, field);
      if (target == null) {
        rename(path, named, field, tableByLowerName, sourceLowerNames);
        return named;
      }
      String targetPath = join(path, target.name());
      mergeType(targetPath, target.type(), field.type());
      if (target.isRequired() && (topLevel || field.isOptional())) {
        changes.add(new SchemaChange.MakeOptional(targetPath));
      }
      return target;
    }

    /**
     * The column the field goes to: the named column if the field fits it as it is, else the newest
     * renamed one it fits as it is (a record of an older version), else the named column if a
     * promotion or new nested fields make it fit; null when its type changed, and the named column
     * is renamed. Renamed columns never change. {@link ColumnMatch#columnFor} finds the same column
     * once the changes are made.
     */
    private static Types.NestedField target(
        Types.StructType table, Types.NestedField named, Types.NestedField field) {
      Types.NestedField fitting = ColumnMatch.columnFor(table, field);
      if (fitting != null) {
        return fitting;
      }
      return ColumnMatch.mergeable(named.type(), field.type()) ? named : null;
    }

    private void rename(
        String path,
        Types.NestedField column,
        Types.NestedField field,
        Map<String, Types.NestedField> tableByLowerName,
        Set<String> sourceLowerNames) {
      String newName = RenamedColumns.name(column.name(), schemaId);
      if (tableByLowerName.containsKey(lower(newName))
          || sourceLowerNames.contains(lower(newName))) {
        throw new Conflict("field '" + join(path, field.name()) + "' changes type from "
            + column.type() + " to " + field.type() + ", but '" + newName
            + "', the name its old column would take, is taken");
      }
      checkNewType(join(path, field.name()), field.type());
      renames.add(new SchemaChange.Rename(
          join(path, column.name()),
          newName,
          RenamedColumns.doc(column.name(), schemaId, column.doc())));
      changes.add(new SchemaChange.AddColumn(path, field.name(), field.type(), field.doc()));
    }

    private void mergeType(String path, Type table, Type source) {
      if (table.isStructType()) {
        mergeStruct(path, table.asStructType(), source.asStructType().fields(), false);
      } else if (table.isListType()) {
        Types.ListType list = table.asListType();
        mergeType(path + ".element", list.elementType(), source.asListType().elementType());
        if (!list.isElementOptional() && source.asListType().isElementOptional()) {
          changes.add(new SchemaChange.MakeOptional(path + ".element"));
        }
      } else if (table.isMapType()) {
        Types.MapType map = table.asMapType();
        mergeType(path + ".value", map.valueType(), source.asMapType().valueType());
        if (!map.isValueOptional() && source.asMapType().isValueOptional()) {
          changes.add(new SchemaChange.MakeOptional(path + ".value"));
        }
      } else if (!Promotions.canPromote(source.asPrimitiveType(), table.asPrimitiveType())) {
        changes.add(new SchemaChange.Promote(path, source.asPrimitiveType()));
      }
    }
  }

  /** Checks the names of every struct inside a type that becomes a new column. */
  private static void checkNewType(String path, Type type) {
    if (type.isStructType()) {
      Set<String> lowerNames = new HashSet<>();
      for (Types.NestedField field : type.asStructType().fields()) {
        checkName(field.name());
        if (!lowerNames.add(lower(field.name()))) {
          throw new Conflict("fields named '" + join(path, field.name()) + "' differ only in case");
        }
        checkNewType(join(path, field.name()), field.type());
      }
    } else if (type.isListType()) {
      checkNewType(path + ".element", type.asListType().elementType());
    } else if (type.isMapType()) {
      checkNewType(path + ".value", type.asMapType().valueType());
    }
  }

  private static void checkName(String name) {
    if (name.isEmpty()) {
      throw new Conflict("a field has an empty name, which Iceberg columns cannot have");
    }
    if (name.contains(".")) {
      throw new Conflict(
          "field '" + name + "' has a '.' in its name, which Iceberg column paths cannot hold");
    }
  }

  private static String join(String path, String name) {
    return path == null ? name : path + "." + name;
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private static final class Conflict extends RuntimeException {
    Conflict(String message) {
      super(message, null, false, false);
    }
  }
}
