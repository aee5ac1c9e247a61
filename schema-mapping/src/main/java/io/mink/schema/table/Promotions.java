package io.mink.schema.table;

import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** The type changes that promote a column in place: int to long, float to double, wider decimal precision. */
final class Promotions {
  private Promotions() {}

  /** Whether values of {@code from} can be written to a column of type {@code to}. */
  static boolean canPromote(Type.PrimitiveType from, Type.PrimitiveType to) {
    if (from.equals(to)) {
      return true;
    }
    return switch (from.typeId()) {
      case INTEGER -> to.typeId() == Type.TypeID.LONG;
      case FLOAT -> to.typeId() == Type.TypeID.DOUBLE;
      case DECIMAL ->
        to.typeId() == Type.TypeID.DECIMAL
            && ((Types.DecimalType) from).scale() == ((Types.DecimalType) to).scale()
            && ((Types.DecimalType) from).precision() <= ((Types.DecimalType) to).precision();
      default -> false;
    };
  }
}
