package io.mink.indexer.round;

import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Compares a table's Iceberg schemas with the {@link WalkTable} model: the current schema has the
 * six {@code _kafka_*} columns then exactly the model's columns, in order, with its names, types,
 * optionality and docs; each model column keeps the field id it had when first seen (learnt then);
 * no field id of an earlier schema is missing; and a column renamed {@code {name}_s{N}} is
 * {@code name} in schema N and {@code {name}_s{N}} in schema N + 1.
 */
final class WalkTableCheck {
  private final List<String> problems = new ArrayList<>();

  private WalkTableCheck() {}

  /** What differs, empty when the table matches the model. */
  static List<String> problems(
      WalkTable model,
      Schema current,
      Map<Integer, Schema> schemasById,
      Set<Integer> earlierFieldIds) {
    WalkTableCheck check = new WalkTableCheck();
    check.top(model.root(), current);
    if (current.schemaId() != model.schemaId()) {
      check.problems.add("the current schema id is " + current.schemaId() + ", the model expects "
          + model.schemaId());
    }
    Set<Integer> ids = TypeUtil.indexById(current.asStruct()).keySet();
    for (Integer id : earlierFieldIds) {
      if (!ids.contains(id)) {
        check.problems.add("field id " + id + " of an earlier schema is gone");
      }
    }
    for (WalkTable.Column renamed : model.renamedColumns()) {
      check.renameHistory(renamed, schemasById);
    }
    return check.problems;
  }

  private void top(WalkTable.Column root, Schema schema) {
    List<Types.NestedField> fields = schema.columns();
    List<Types.NestedField> metadata = KafkaColumns.SCHEMA.columns();
    if (fields.size() < metadata.size() || !fields.subList(0, metadata.size()).equals(metadata)) {
      problems.add("the table does not start with Mink's six _kafka_* columns: " + schema);
      return;
    }
    struct("", root, fields.subList(metadata.size(), fields.size()));
  }

  private void struct(String path, WalkTable.Column struct, List<Types.NestedField> fields) {
    List<String> expected = struct.fields.stream().map(column -> column.name).toList();
    List<String> actual = fields.stream().map(Types.NestedField::name).toList();
    if (!expected.equals(actual)) {
      problems.add("columns of " + (path.isEmpty() ? "the table" : path) + " are " + actual
          + ", the model expects " + expected);
      return;
    }
    for (int i = 0; i < fields.size(); i++) {
      WalkTable.Column column = struct.fields.get(i);
      Types.NestedField field = fields.get(i);
      String where = path.isEmpty() ? column.name : path + "." + column.name;
      id(where, column, field.fieldId());
      if (column.optional != field.isOptional()) {
        problems.add(where + " is " + (field.isOptional() ? "optional" : "required")
            + ", the model expects " + (column.optional ? "optional" : "required"));
      }
      if (!Objects.equals(column.expectedDoc(), field.doc())) {
        problems.add(where + " has doc " + quoted(field.doc()) + ", the model expects "
            + quoted(column.expectedDoc()));
      }
      type(where, column, field.type());
    }
  }

  private void type(String where, WalkTable.Column column, Type type) {
    switch (column.shape) {
      case PRIM -> {
        Type expected = icebergType(column.prim);
        if (!expected.equals(type)) {
          problems.add(where + " has type " + type + ", the model expects " + expected);
        }
      }
      case STRUCT -> {
        if (type.isStructType()) {
          struct(where, column, type.asStructType().fields());
        } else {
          problems.add(where + " has type " + type + ", the model expects a struct");
        }
      }
      case LIST -> {
        if (type.isListType()) {
          element(
              where + ".element",
              column.element,
              type.asListType().elementId(),
              type.asListType().isElementOptional(),
              type.asListType().elementType());
        } else {
          problems.add(where + " has type " + type + ", the model expects a list");
        }
      }
      case MAP -> {
        if (type.isMapType() && type.asMapType().keyType().equals(Types.StringType.get())) {
          if (column.keyId < 0) {
            column.keyId = type.asMapType().keyId();
          } else if (column.keyId != type.asMapType().keyId()) {
            problems.add(where + ".key has field id " + type.asMapType().keyId() + ", it had "
                + column.keyId);
          }
          element(
              where + ".value",
              column.element,
              type.asMapType().valueId(),
              type.asMapType().isValueOptional(),
              type.asMapType().valueType());
        } else {
          problems.add(where + " has type " + type + ", the model expects a map with string keys");
        }
      }
    }
  }

  private void element(
      String where, WalkTable.Column element, int fieldId, boolean optional, Type type) {
    id(where, element, fieldId);
    if (element.optional != optional) {
      problems.add(where + " is " + (optional ? "optional" : "required")
          + ", the model expects the opposite");
    }
    type(where, element, type);
  }

  private void id(String where, WalkTable.Column column, int fieldId) {
    if (column.fieldId < 0) {
      column.fieldId = fieldId;
    } else if (column.fieldId != fieldId) {
      problems.add(where + " has field id " + fieldId + ", it had " + column.fieldId);
    }
  }

  private void renameHistory(WalkTable.Column renamed, Map<Integer, Schema> schemasById) {
    if (renamed.fieldId < 0) {
      return;
    }
    Schema last = schemasById.get(renamed.renamedAt);
    Schema next = schemasById.get(renamed.renamedAt + 1);
    Types.NestedField inLast = last == null ? null : last.findField(renamed.fieldId);
    Types.NestedField inNext = next == null ? null : next.findField(renamed.fieldId);
    if (inLast == null || !inLast.name().equals(renamed.renamedFrom)) {
      problems.add("column " + renamed.name + " (id " + renamed.fieldId + ") should be named "
          + renamed.renamedFrom + " in schema " + renamed.renamedAt
          + ", its last schema under that name, but is " + inLast);
    }
    if (inNext == null || !inNext.name().equals(renamed.name)) {
      problems.add("column " + renamed.name + " (id " + renamed.fieldId
          + ") should be renamed in schema " + (renamed.renamedAt + 1) + ", but is " + inNext);
    }
  }

  static Type icebergType(WalkSchema.Prim prim) {
    return switch (prim.kind()) {
      case INT -> Types.IntegerType.get();
      case LONG -> Types.LongType.get();
      case FLOAT -> Types.FloatType.get();
      case DOUBLE -> Types.DoubleType.get();
      case STRING -> Types.StringType.get();
      case BOOLEAN -> Types.BooleanType.get();
      case DECIMAL -> Types.DecimalType.of(prim.precision(), 2);
    };
  }

  private static String quoted(String text) {
    return text == null ? "none" : "'" + text + "'";
  }
}
