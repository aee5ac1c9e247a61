package io.mink.schema.json;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The property names of an object schema as UTF-8 bytes, found by the bytes of a name as a payload writes it
 * without escapes: first the name expected next (objects are mostly written in schema order), else through a
 * hash table. A name that is not well-formed UTF-16 (a lone surrogate) has no UTF-8 form: only an escaped
 * name can spell it, so it is never found here.
 */
final class PropertyNames {
  private final byte[][] names;
  private final int[] slots;
  private final int mask;

  PropertyNames(List<String> names) {
    this.names = new byte[names.size()][];
    int size = Integer.highestOneBit(Math.max(names.size(), 1) * 2) * 2;
    this.slots = new int[size];
    this.mask = size - 1;
    for (int position = 0; position < names.size(); position++) {
      byte[] utf8 = utf8(names.get(position));
      this.names[position] = utf8;
      if (utf8 != null) {
        int slot = hash(utf8, 0, utf8.length) & mask;
        while (slots[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        slots[slot] = position + 1;
      }
    }
  }

  /**
   * The position of the property named by the bytes between {@code from} and {@code to}, or -1; {@code
   * expected} is the position tried first.
   */
  int find(byte[] data, int from, int to, int expected) {
    if (expected < names.length && matches(names[expected], data, from, to)) {
      return expected;
    }
    for (int slot = hash(data, from, to) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
      int position = slots[slot] - 1;
      if (matches(names[position], data, from, to)) {
        return position;
      }
    }
    return -1;
  }

  private static boolean matches(byte[] name, byte[] data, int from, int to) {
    return name != null && Arrays.equals(name, 0, name.length, data, from, to);
  }

  private static int hash(byte[] data, int from, int to) {
    int hash = 1;
    for (int i = from; i < to; i++) {
      hash = 31 * hash + data[i];
    }
    return hash ^ (hash >>> 16);
  }

  private static byte[] utf8(String name) {
    try {
      ByteBuffer encoded = StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(name));
      byte[] bytes = new byte[encoded.remaining()];
      encoded.get(bytes);
      return bytes;
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
