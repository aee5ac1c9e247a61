package io.mink.schema.avro;

import java.util.HashMap;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.avro.Schema;

/**
 * What an element of an Avro array or map costs, for checking block counts before allocating.
 *
 * @param minimumBytes the fewest bytes one element can be encoded in
 * @param zeroByteWeight for elements that can take no bytes (null, fixed of size 0, records of
 *     those), how many values one element allocates; counted against the payload's length
 */
record ElementSize(int minimumBytes, int zeroByteWeight) {
  static ElementSize ofArrayElement(Schema element) {
    int minimum = clamp(minimumBytes(element, new HashMap<>()));
    return new ElementSize(minimum, minimum == 0 ? clamp(weight(element, new HashMap<>())) : 0);
  }

  /** A map entry is a string key, at least one byte, then the value. */
  static ElementSize ofMapEntry(Schema value) {
    return new ElementSize(clamp(1 + minimumBytes(value, new HashMap<>())), 0);
  }

  private static long minimumBytes(Schema schema, Map<String, Long> records) {
    return switch (schema.getType()) {
      case NULL -> 0;
      case FLOAT -> 4;
      case DOUBLE -> 8;
      case FIXED -> schema.getFixedSize();
      case UNION ->
        1
            + schema.getTypes().stream()
                .mapToLong(branch -> minimumBytes(branch, records))
                .min()
                .orElse(0);
      case RECORD -> sumOverFields(schema, 0, records, field -> minimumBytes(field, records));
      default -> 1;
    };
  }

  private static long weight(Schema schema, Map<String, Long> records) {
    if (schema.getType() != Schema.Type.RECORD) {
      return 1;
    }
    return sumOverFields(schema, 1, records, field -> weight(field, records));
  }

  /**
   * Sums over a record's fields once per record name; a record met again inside itself counts as 0,
   * which only underestimates.
   */
  private static long sumOverFields(
      Schema record, long base, Map<String, Long> records, ToLongFunction<Schema> ofField) {
    Long known = records.get(record.getFullName());
    if (known != null) {
      return known;
    }
    records.put(record.getFullName(), 0L);
    long sum = base;
    for (Schema.Field field : record.getFields()) {
      sum = Math.min(Integer.MAX_VALUE, sum + ofField.applyAsLong(field.schema()));
    }
    records.put(record.getFullName(), sum);
    return sum;
  }

  private static int clamp(long value) {
    return (int) Math.min(Integer.MAX_VALUE, value);
  }
}
