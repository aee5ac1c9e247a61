package io.mink.cli.query;

import java.util.stream.Collectors;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** The SQL name of a column's Arrow type, as the shell's {@code \d TABLE} shows it: BIGINT, VARCHAR, INTEGER[]. */
final class SqlTypeNames {
  private SqlTypeNames() {}

  static String of(Field field) {
    ArrowType type = field.getType();
    return switch (type.getTypeID()) {
      case Null -> "NULL";
      case Bool -> "BOOLEAN";
      case Int -> integer((ArrowType.Int) type);
      case FloatingPoint ->
        ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE
            ? "DOUBLE"
            : "REAL";
      case Decimal -> {
        ArrowType.Decimal decimal = (ArrowType.Decimal) type;
        yield "DECIMAL(" + decimal.getPrecision() + ", " + decimal.getScale() + ")";
      }
      case Utf8, LargeUtf8, Utf8View -> "VARCHAR";
      case Binary, LargeBinary, BinaryView -> "BLOB";
      case FixedSizeBinary -> "BLOB(" + ((ArrowType.FixedSizeBinary) type).getByteWidth() + ")";
      case Date -> "DATE";
      case Time -> "TIME";
      case Timestamp ->
        ((ArrowType.Timestamp) type).getTimezone() == null
            ? "TIMESTAMP"
            : "TIMESTAMP WITH TIME ZONE";
      case Interval -> "INTERVAL";
      case Struct ->
        "STRUCT("
            + field.getChildren().stream()
                .map(child -> child.getName() + " " + of(child))
                .collect(Collectors.joining(", "))
            + ")";
      case Map -> {
        Field entries = field.getChildren().get(0);
        yield "MAP(" + of(entries.getChildren().get(0)) + ", "
            + of(entries.getChildren().get(1)) + ")";
      }
      case List, LargeList, FixedSizeList, ListView, LargeListView ->
        of(field.getChildren().get(0)) + "[]";
      default -> type.toString();
    };
  }

  private static String integer(ArrowType.Int type) {
    String name = switch (type.getBitWidth()) {
      case 8 -> "TINYINT";
      case 16 -> "SMALLINT";
      case 32 -> "INTEGER";
      default -> "BIGINT";
    };
    return type.getIsSigned() ? name : "U" + name;
  }
}
