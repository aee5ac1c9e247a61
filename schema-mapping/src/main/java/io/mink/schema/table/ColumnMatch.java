package io.mink.schema.table;

import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Which column of a table struct takes a source field: the column of the field's name when the
 * field's values fit it, else the newest column that keeps earlier values of that name
 * ({@link RenamedColumns}) and fits. Schema merging and row building both ask here, so a record of
 * an old schema version lands in the column its type was merged into, and never churns columns.
 */
final class ColumnMatch {
  private ColumnMatch() {}

  /** The column that takes the field's values as they are, or null when the table has none. */
  static Types.NestedField columnFor(Types.StructType table, Types.NestedField source) {
    Types.NestedField named = table.field(source.name());
    if (named != null && !RenamedColumns.isRenamed(named) && fits(named.type(), source.type())) {
      return named;
    }
    for (Types.NestedField renamed : RenamedColumns.of(table, source.name())) {
      if (fits(renamed.type(), source.type())) {
        return renamed;
      }
    }
    return null;
  }

  /** Whether values of the source type can be written to the column as it is. */
  static boolean fits(Type column, Type source) {
    if (column.isPrimitiveType() && source.isPrimitiveType()) {
      return Promotions.canPromote(source.asPrimitiveType(), column.asPrimitiveType());
    }
    if (column.isStructType() && source.isStructType()) {
      for (Types.NestedField field : source.asStructType().fields()) {
        if (columnFor(column.asStructType(), field) == null) {
          return false;
        }
      }
      return true;
    }
    if (column.isListType() && source.isListType()) {
      return fits(column.asListType().elementType(), source.asListType().elementType());
    }
    if (column.isMapType() && source.isMapType()) {
      return column.asMapType().keyType().equals(source.asMapType().keyType())
          && fits(column.asMapType().valueType(), source.asMapType().valueType());
    }
    return false;
  }

  /**
   * Whether the column can take the source type after promotions, new nested fields and renames
   * inside its structs: the same kind of type at every level, map keys of the same type, and
   * primitives equal or one promotable to the other.
   */
  static boolean mergeable(Type column, Type source) {
    if (column.isPrimitiveType() && source.isPrimitiveType()) {
      return Promotions.canPromote(source.asPrimitiveType(), column.asPrimitiveType())
          || Promotions.canPromote(column.asPrimitiveType(), source.asPrimitiveType());
    }
    if (column.isStructType() && source.isStructType()) {
      return true;
    }
    if (column.isListType() && source.isListType()) {
      return mergeable(column.asListType().elementType(), source.asListType().elementType());
    }
    if (column.isMapType() && source.isMapType()) {
      return column.asMapType().keyType().equals(source.asMapType().keyType())
          && mergeable(column.asMapType().valueType(), source.asMapType().valueType());
    }
    return false;
  }
}
