package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.io.NumberInput;
import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.iceberg.data.Record;

/**
 * A JSON object decoded property by property into column sinks, straight from the payload's UTF-8 bytes:
 * integers, numbers and booleans as primitives, strings as the payload's own bytes (escapes decoded), dates,
 * date-times and UUIDs parsed from the bytes as their decoders parse them; any other property is read by its
 * own decoder and handed over as a value. The payload is read in full before any sink is set.
 *
 * <p>The bytes are scanned strictly ({@link StrictJson}); a payload the scan or a property's rules refuse (not
 * RFC 8259 text, a wrong type, a number out of range, a property twice, a required property missing, an escaped
 * date or name, a byte order mark) is decoded again by the object path, which decodes it or fails with its own
 * message. So the columns hold what the object path gives, and the same payloads fail.
 */
final class ObjectColumnDecoder implements ColumnDecoder {
  private static final byte ABSENT = 0;
  private static final byte NULL = 1;
  private static final byte SET = 2;
  private static final long MIN_BEFORE_DIGIT = Long.MIN_VALUE / 10;

  private enum Kind {
    LONG,
    DOUBLE,
    BOOLEAN,
    STRING,
    DATE,
    TIMESTAMPTZ,
    UUID,
    OTHER
  }

  private final CompiledSchema objects;
  private final JsonFactory payloads;
  private final StructDecoder struct;
  private final FieldSink[] sinks;
  private final Kind[] kinds;
  private final PropertyNames names;
  private final StrictJson json;
  private final byte[] states;
  private final long[] scalars;
  private final int[] starts;
  private final int[] ends;
  private final boolean[] escaped;
  private final Object[] values;
  private char[] chars = new char[64];
  private byte[] text = new byte[64];

  ObjectColumnDecoder(
      CompiledSchema objects, JsonFactory payloads, StructDecoder struct, List<FieldSink> sinks) {
    if (struct.size() != sinks.size()) {
      throw new IllegalArgumentException(String.format(
          "Cannot decode an object of %d properties into %d column sinks",
          struct.size(), sinks.size()));
    }
    int size = struct.size();
    this.objects = objects;
    this.payloads = payloads;
    this.struct = struct;
    this.sinks = sinks.toArray(new FieldSink[0]);
    this.kinds = new Kind[size];
    List<String> propertyNames = new ArrayList<>(size);
    for (int position = 0; position < size; position++) {
      kinds[position] = kind(struct.field(position));
      propertyNames.add(struct.name(position));
    }
    this.names = new PropertyNames(propertyNames);
    this.json = new StrictJson(payloads.streamReadConstraints());
    this.states = new byte[size];
    this.scalars = new long[size];
    this.starts = new int[size];
    this.ends = new int[size];
    this.escaped = new boolean[size];
    this.values = new Object[size];
  }

  private static Kind kind(ValueDecoder decoder) {
    if (decoder instanceof LongDecoder) {
      return Kind.LONG;
    }
    if (decoder instanceof DoubleDecoder) {
      return Kind.DOUBLE;
    }
    if (decoder instanceof BooleanDecoder) {
      return Kind.BOOLEAN;
    }
    if (decoder instanceof StringDecoder) {
      return Kind.STRING;
    }
    if (decoder instanceof DateDecoder) {
      return Kind.DATE;
    }
    if (decoder instanceof TimestamptzDecoder) {
      return Kind.TIMESTAMPTZ;
    }
    if (decoder instanceof UuidDecoder) {
      return Kind.UUID;
    }
    return Kind.OTHER;
  }

  @Override
  public void decode(int row, byte[] data, int offset, int length) throws UndecodableException {
    boolean read;
    try {
      read = data != null
          && offset >= 0
          && length >= 0
          && offset <= data.length - length
          && read(data, offset, offset + length);
    } catch (RuntimeException e) {
      read = false;
    }
    if (read) {
      write(row, data);
    } else {
      Arrays.fill(values, null);
      decodeObject(row, data, offset, length);
    }
  }

  /** Reads the payload's properties into this decoder's arrays; false when the object path must decode it. */
  private boolean read(byte[] data, int from, int to) {
    json.reset(data, to);
    Arrays.fill(states, ABSENT);
    int i = json.space(from);
    if (i >= to || data[i] != '{') {
      return false;
    }
    i = json.space(i + 1);
    if (i < to && data[i] == '}') {
      i++;
    } else {
      int next = 0;
      while (true) {
        int nameEnd = json.name(i);
        if (nameEnd < 0 || json.escaped()) {
          return false;
        }
        int position = names.find(data, i + 1, nameEnd - 1, next);
        i = json.space(nameEnd);
        if (i >= to || data[i] != ':') {
          return false;
        }
        i = json.space(i + 1);
        if (i >= to) {
          return false;
        }
        if (position < 0) {
          i = json.value(i, 1);
        } else if (states[position] != ABSENT) {
          return false;
        } else {
          i = property(position, data, i);
          next = position + 1;
        }
        if (i < 0) {
          return false;
        }
        i = json.space(i);
        if (i >= to) {
          return false;
        }
        if (data[i] == '}') {
          i++;
          break;
        }
        if (data[i] != ',') {
          return false;
        }
        i = json.space(i + 1);
      }
    }
    if (json.space(i) != to) {
      return false;
    }
    for (int position = 0; position < states.length; position++) {
      if (states[position] == ABSENT && struct.isRequired(position)) {
        return false;
      }
    }
    return true;
  }

  /** Reads the value of the property at {@code position} that starts at {@code at}; its end, or -1. */
  private int property(int position, byte[] data, int at) {
    if (data[at] == 'n') {
      states[position] = NULL;
      return struct.isOptional(position) ? json.literal(at, "null") : -1;
    }
    states[position] = SET;
    return switch (kinds[position]) {
      case LONG -> integer(position, data, at);
      case DOUBLE -> number(position, data, at);
      case BOOLEAN -> bool(position, data, at);
      case STRING -> string(position, at);
      case DATE, TIMESTAMPTZ, UUID -> formatted(position, data, at);
      case OTHER -> other(position, data, at);
    };
  }

  private int integer(int position, byte[] data, int at) {
    int end = json.number(at);
    if (end < 0 || !json.integral()) {
      return -1;
    }
    boolean negative = data[at] == '-';
    long value = 0;
    for (int i = negative ? at + 1 : at; i < end; i++) {
      int digit = data[i] - '0';
      if (value < MIN_BEFORE_DIGIT || (value == MIN_BEFORE_DIGIT && digit > 8)) {
        return -1;
      }
      value = value * 10 - digit;
    }
    if (!negative) {
      if (value == Long.MIN_VALUE) {
        return -1;
      }
      value = -value;
    }
    scalars[position] = value;
    return end;
  }

  /** An integer as the double of its long, as Jackson converts one; any other number parsed as Jackson parses it. */
  private int number(int position, byte[] data, int at) {
    int end = json.number(at);
    if (end < 0) {
      return -1;
    }
    double value;
    if (json.integral()) {
      if (integer(position, data, at) < 0) {
        return -1;
      }
      value = scalars[position];
    } else {
      value = NumberInput.parseDouble(ascii(data, at, end), 0, end - at, true);
      if (Double.isInfinite(value)) {
        return -1;
      }
    }
    scalars[position] = Double.doubleToRawLongBits(value);
    return end;
  }

  private int bool(int position, byte[] data, int at) {
    boolean value = data[at] == 't';
    scalars[position] = value ? 1 : 0;
    return json.literal(at, value ? "true" : "false");
  }

  private int string(int position, int at) {
    int end = json.string(at);
    starts[position] = at + 1;
    ends[position] = end - 1;
    escaped[position] = json.escaped();
    return end;
  }

  private int formatted(int position, byte[] data, int at) {
    int end = json.string(at);
    if (end < 0 || json.escaped() || !json.ascii()) {
      return -1;
    }
    char[] content = ascii(data, at + 1, end - 1);
    int length = end - at - 2;
    Object value = switch (kinds[position]) {
      case DATE -> Rfc3339.date(content, 0, length);
      case TIMESTAMPTZ -> Rfc3339.dateTime(content, 0, length);
      default -> UuidDecoder.parse(content, 0, length);
    };
    values[position] = value;
    return value == null ? -1 : end;
  }

  /** Any other value, read by its property's decoder from a parser of its own bytes. */
  private int other(int position, byte[] data, int at) {
    int end = json.value(at, 1);
    if (end < 0) {
      return -1;
    }
    try (JsonParser parser = payloads.createParser(data, at, end - at)) {
      values[position] = struct.field(position).decode(parser, parser.nextToken());
      return end;
    } catch (IOException | UndecodableException e) {
      return -1;
    }
  }

  /** The ASCII bytes between {@code from} and {@code to} as chars at the start of a reused array. */
  private char[] ascii(byte[] data, int from, int to) {
    int length = to - from;
    if (chars.length < length) {
      chars = new char[Math.max(length, chars.length * 2)];
    }
    for (int i = 0; i < length; i++) {
      chars[i] = (char) data[from + i];
    }
    return chars;
  }

  private void write(int row, byte[] data) {
    for (int position = 0; position < sinks.length; position++) {
      FieldSink sink = sinks[position];
      if (states[position] != SET) {
        sink.setNull(row);
        continue;
      }
      switch (kinds[position]) {
        case LONG -> sink.setLong(row, scalars[position]);
        case DOUBLE -> sink.setDouble(row, Double.longBitsToDouble(scalars[position]));
        case BOOLEAN -> sink.setBoolean(row, scalars[position] != 0);
        case STRING -> text(row, sink, data, position);
        default -> {
          sink.setValue(row, values[position]);
          values[position] = null;
        }
      }
    }
  }

  private void text(int row, FieldSink sink, byte[] data, int position) {
    int from = starts[position];
    int to = ends[position];
    if (!escaped[position]) {
      sink.setText(row, data, from, to - from);
      return;
    }
    if (text.length < to - from) {
      text = new byte[Math.max(to - from, text.length * 2)];
    }
    sink.setText(row, text, 0, StrictJson.unescape(data, from, to, text));
  }

  /** Decodes the payload the object way and hands its properties over as values. */
  private void decodeObject(int row, byte[] data, int offset, int length)
      throws UndecodableException {
    Record record = (Record) objects.decode(data, offset, length);
    for (int position = 0; position < sinks.length; position++) {
      Object value = record == null ? null : record.get(position);
      if (value == null) {
        sinks[position].setNull(row);
      } else {
        sinks[position].setValue(row, value);
      }
    }
  }
}
