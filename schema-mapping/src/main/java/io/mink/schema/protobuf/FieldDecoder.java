package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import org.apache.iceberg.data.GenericRecord;

/** Reads the occurrences of one field of a message into its position of the message's record. */
abstract class FieldDecoder {
  final int number;
  final int position;
  final String field;
  private final int[] oneOfMembers;

  /**
   * @param protoField the field
   * @param position the field's position in the record
   * @param oneOfMembers the positions of the members of the field's oneof, cleared before it is set
   */
  FieldDecoder(ProtoField protoField, int position, int[] oneOfMembers) {
    this.number = protoField.number();
    this.position = position;
    this.field = protoField.label();
    this.oneOfMembers = oneOfMembers;
  }

  /**
   * Reads one occurrence at the cursor, just after its tag.
   *
   * @return false, having read nothing, when the wire type is not the field's: the caller skips it
   *     as an unknown field, as protobuf-java does
   */
  abstract boolean read(ProtoInput in, int wireType, GenericRecord record, int depth)
      throws UndecodableException;

  /** The positions of every member of the field's oneof, the field's included; none when it is in no oneof. */
  final int[] oneOfMembers() {
    return oneOfMembers.clone();
  }

  /** A oneof has one value at most: the member written last. */
  final void clearOneOf(GenericRecord record) {
    for (int member : oneOfMembers) {
      record.set(member, null);
    }
  }
}
