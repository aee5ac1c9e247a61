package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decoders of Avro arrays and maps: blocks of elements, each block's count checked against the
 * remaining bytes before anything is allocated, until a block of 0.
 */
final class CollectionDecoders {
  private CollectionDecoders() {}

  record ListDecoder(ValueDecoder element, ElementSize size, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int count = in.readBlockCount(size, where);
      List<Object> list = new ArrayList<>(count);
      while (count > 0) {
        for (int i = 0; i < count; i++) {
          list.add(element.decode(in));
        }
        count = in.readBlockCount(size, where);
      }
      return list;
    }
  }

  /** A map, keys in the order written; a repeated key keeps its last value. */
  record MapDecoder(ValueDecoder value, ElementSize size, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int count = in.readBlockCount(size, where);
      Map<String, Object> map = new LinkedHashMap<>(capacityFor(count));
      while (count > 0) {
        for (int i = 0; i < count; i++) {
          String key = in.readString(where);
          map.put(key, value.decode(in));
        }
        count = in.readBlockCount(size, where);
      }
      return map;
    }

    private static int capacityFor(int entries) {
      return (int) Math.min(1 << 30, entries * 4L / 3 + 1);
    }
  }
}
