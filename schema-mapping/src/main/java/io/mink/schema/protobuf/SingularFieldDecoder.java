package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import org.apache.iceberg.data.GenericRecord;

/** A field with one value: the last one written wins. */
final class SingularFieldDecoder extends FieldDecoder {
  private final ValueReader reader;

  SingularFieldDecoder(
      ProtoField protoField, int position, int[] oneOfMembers, ValueReader reader) {
    super(protoField, position, oneOfMembers);
    this.reader = reader;
  }

  ValueReader reader() {
    return reader;
  }

  @Override
  boolean read(ProtoInput in, int wireType, GenericRecord record, int depth)
      throws UndecodableException {
    if (wireType != reader.wireType()) {
      return false;
    }
    Object value = reader.read(in, field, depth);
    clearOneOf(record);
    record.set(position, value);
    return true;
  }
}
