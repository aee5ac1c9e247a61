package io.mink.schema.protobuf;

import static java.util.Objects.requireNonNull;

/**
 * A field of a message read as JSON.
 *
 * @param number the field's number
 * @param label the field as error messages name it
 * @param presence how the field tells whether it has a value
 * @param quotedName the field's JSON name, quoted
 * @param key the reader of a map's keys, or null for other fields
 * @param value the reader of the field's value, a list's elements or a map's values
 * @param oneOfMembers the indexes of the other members of the field's oneof
 */
record JsonField(
    int number,
    String label,
    Presence presence,
    String quotedName,
    JsonValueReader key,
    JsonValueReader value,
    int[] oneOfMembers) {
  JsonField {
    requireNonNull(label, "label is null");
    requireNonNull(presence, "presence is null");
    requireNonNull(quotedName, "quotedName is null");
    requireNonNull(value, "value is null");
    requireNonNull(oneOfMembers, "oneOfMembers is null");
  }
}
