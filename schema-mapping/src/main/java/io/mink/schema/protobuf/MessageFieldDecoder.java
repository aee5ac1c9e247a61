package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import org.apache.iceberg.data.GenericRecord;

/** A message field: a second occurrence merges into the first, as Protobuf readers do. */
final class MessageFieldDecoder extends FieldDecoder {
  private final StructReader reader;

  MessageFieldDecoder(
      ProtoField protoField, int position, int[] oneOfMembers, StructReader reader) {
    super(protoField, position, oneOfMembers);
    this.reader = reader;
  }

  @Override
  boolean read(ProtoInput in, int wireType, GenericRecord record, int depth)
      throws UndecodableException {
    if (wireType != ProtoInput.LEN) {
      return false;
    }
    if (record.get(position) instanceof GenericRecord earlier) {
      reader.readInto(in, field, earlier, depth);
    } else {
      GenericRecord value = reader.read(in, field, depth);
      clearOneOf(record);
      record.set(position, value);
    }
    return true;
  }
}
