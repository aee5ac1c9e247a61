package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;

/** A map field: each occurrence is one entry; a key written again takes the later value. */
final class MapFieldDecoder extends FieldDecoder {
  private final MapEntryReader entry;

  MapFieldDecoder(ProtoField protoField, int position, MapEntryReader entry) {
    super(protoField, position, new int[0]);
    this.entry = entry;
  }

  @Override
  boolean read(ProtoInput in, int wireType, GenericRecord record, int depth)
      throws UndecodableException {
    if (wireType != ProtoInput.LEN) {
      return false;
    }
    Map.Entry<Object, Object> read = entry.read(in, field, depth);
    mapIn(record).put(read.getKey(), read.getValue());
    return true;
  }

  @SuppressWarnings("unchecked")
  private Map<Object, Object> mapIn(GenericRecord record) {
    if (record.get(position) instanceof LinkedHashMap<?, ?> map) {
      return (Map<Object, Object>) map;
    }
    Map<Object, Object> map = new LinkedHashMap<>();
    record.set(position, map);
    return map;
  }
}
