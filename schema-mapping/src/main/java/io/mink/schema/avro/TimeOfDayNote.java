package io.mink.schema.avro;

import io.mink.schema.decode.TimeOfDay;
import org.apache.avro.Schema;

/**
 * The doc of a column whose values are times of day stored as a long or a string: the field's own
 * doc followed by what the values are, such as "pickup (time of day in microseconds since
 * midnight)" or "list elements: time of day as HH:MM:SS.ffffff" for an array of times.
 */
final class TimeOfDayNote {
  private TimeOfDayNote() {}

  static String doc(Schema.Field field, TimeOfDay timeOfDay) {
    String note = timeOfDay.columnNote() == null ? null : note(field.schema(), "", timeOfDay);
    if (note == null) {
      return field.doc();
    }
    return field.doc() == null || field.doc().isBlank() ? note : field.doc() + " (" + note + ")";
  }

  /** What the time values inside an option, array or map are; null when the schema holds no time there. */
  private static String note(Schema schema, String where, TimeOfDay timeOfDay) {
    return switch (schema.getType()) {
      case UNION -> {
        Schema only = onlyNonNull(schema);
        yield only == null ? null : note(only, where, timeOfDay);
      }
      case ARRAY ->
        note(schema.getElementType(), where.isEmpty() ? "list elements: " : where, timeOfDay);
      case MAP -> note(schema.getValueType(), where.isEmpty() ? "map values: " : where, timeOfDay);
      case INT, LONG -> {
        AvroLeaf leaf = AvroLeaf.of(schema);
        yield leaf == AvroLeaf.TIME_MILLIS || leaf == AvroLeaf.TIME_MICROS
            ? where + timeOfDay.columnNote()
            : null;
      }
      default -> null;
    };
  }

  private static Schema onlyNonNull(Schema union) {
    Schema only = null;
    for (Schema branch : union.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        if (only != null) {
          return null;
        }
        only = branch;
      }
    }
    return only;
  }
}
