package io.mink.schema.table;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Which column of a table struct takes a source field. First a column that takes the field's values
 * exactly as it is, nullability included: the column of the field's name, else the newest column
 * that keeps earlier values of that name ({@link RenamedColumns}). Then one that takes them once a
 * required column inside it is made optional, in the same order. Schema merging and row building
 * both ask here, so a record of an old schema version lands in the column its type was merged into
 * and never churns columns.
 */
final class ColumnMatch {
  private ColumnMatch() {}

  /** The column that takes the field's values, or null when no column can without a type change. */
  static Types.NestedField columnFor(Types.StructType table, Types.NestedField source) {
    Types.NestedField named = table.field(source.name());
    if (named != null && RenamedColumns.isRenamed(named)) {
      named = null;
    }
    List<Types.NestedField> renamed = RenamedColumns.of(table, source.name());
    for (boolean exact : new boolean[] {true, false}) {
      if (named != null && fits(named, source, exact)) {
        return named;
      }
      for (Types.NestedField column : renamed) {
        if (fits(column, source, exact)) {
          return column;
        }
      }
    }
    return null;
  }

  /** Whether values of the source type can be written to the column as it is. */
  static boolean fits(Type column, Type source) {
    return fits(column, source, false);
  }

  private static boolean fits(Types.NestedField column, Types.NestedField source, boolean exact) {
    if (exact && column.isRequired() && source.isOptional()) {
      return false;
    }
    return fits(column.type(), source.type(), exact);
  }

  /**
   * Whether values of the source type can be written to the column: primitives equal or promotable,
   * every source field of a struct into a column, lists and maps element by element. Exact also
   * asks that no null reaches a required column.
   */
  private static boolean fits(Type column, Type source, boolean exact) {
    if (column.isPrimitiveType() && source.isPrimitiveType()) {
      return Promotions.canPromote(source.asPrimitiveType(), column.asPrimitiveType());
    }
    if (column.isStructType() && source.isStructType()) {
      return structFits(column.asStructType(), source.asStructType(), exact);
    }
    if (column.isListType() && source.isListType()) {
      Types.ListType columnList = column.asListType();
      Types.ListType sourceList = source.asListType();
      if (exact && columnList.isElementRequired() && sourceList.isElementOptional()) {
        return false;
      }
      return fits(columnList.elementType(), sourceList.elementType(), exact);
    }
    if (column.isMapType() && source.isMapType()) {
      Types.MapType columnMap = column.asMapType();
      Types.MapType sourceMap = source.asMapType();
      if (exact && columnMap.isValueRequired() && sourceMap.isValueOptional()) {
        return false;
      }
      return columnMap.keyType().equals(sourceMap.keyType())
          && fits(columnMap.valueType(), sourceMap.valueType(), exact);
    }
    return false;
  }

  private static boolean structFits(
      Types.StructType column, Types.StructType source, boolean exact) {
    Set<Integer> written = new HashSet<>();
    for (Types.NestedField field : source.fields()) {
      Types.NestedField target = columnFor(column, field);
      if (target == null || (exact && !fits(target, field, true))) {
        return false;
      }
      written.add(target.fieldId());
    }
    if (exact) {
      for (Types.NestedField nested : column.fields()) {
        if (nested.isRequired() && !written.contains(nested.fieldId())) {
          return false;
        }
      }
    }
    return true;
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
