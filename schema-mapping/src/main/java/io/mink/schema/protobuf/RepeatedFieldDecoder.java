package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;

/** A repeated field: every occurrence is appended, whether written packed or one by one. */
final class RepeatedFieldDecoder extends FieldDecoder {
  private final ValueReader element;

  RepeatedFieldDecoder(ProtoField protoField, int position, ValueReader element) {
    super(protoField, position, new int[0]);
    this.element = element;
  }

  @Override
  boolean read(ProtoInput in, int wireType, GenericRecord record, int depth)
      throws UndecodableException {
    if (wireType == element.wireType()) {
      listIn(record).add(element.read(in, field, depth));
      return true;
    }
    if (wireType == ProtoInput.LEN && element.isPackable()) {
      int length = in.readLength(field);
      int outerLimit = in.enter(length);
      List<Object> list = listIn(record);
      while (in.hasRemaining()) {
        list.add(element.read(in, field, depth));
      }
      in.exit(outerLimit);
      return true;
    }
    return false;
  }

  @SuppressWarnings("unchecked")
  private List<Object> listIn(GenericRecord record) {
    if (record.get(position) instanceof ArrayList<?> list) {
      return (List<Object>) list;
    }
    List<Object> list = new ArrayList<>();
    record.set(position, list);
    return list;
  }
}
