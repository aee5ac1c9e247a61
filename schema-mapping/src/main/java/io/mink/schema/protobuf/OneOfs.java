package io.mink.schema.protobuf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** The oneofs of a message: setting one member clears the others. */
final class OneOfs {
  private static final int[] NONE = new int[0];

  private final Map<String, int[]> positionsByName = new HashMap<>();

  /** @param fields a message's fields, whose positions are their indexes in this list */
  OneOfs(List<ProtoField> fields) {
    for (ProtoField field : fields) {
      if (field.oneOf() != null) {
        positionsByName.computeIfAbsent(
            field.oneOf(),
            name -> IntStream.range(0, fields.size())
                .filter(i -> name.equals(fields.get(i).oneOf()))
                .toArray());
      }
    }
  }

  /** The positions of every member of the field's oneof, the field's included; none when it is in no oneof. */
  int[] membersOf(ProtoField field) {
    return field.oneOf() == null ? NONE : positionsByName.get(field.oneOf());
  }
}
