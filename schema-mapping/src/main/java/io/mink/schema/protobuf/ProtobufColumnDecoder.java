package io.mink.schema.protobuf;

import com.google.common.base.Utf8;
import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.UndecodableException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;

/**
 * A message decoded field by field into column sinks. Singular ints, longs, floats, doubles, booleans, strings and
 * enums are read into slots of this decoder, the last occurrence of a field winning, and set into their columns once
 * the payload is read, strings as their UTF-8 bytes and enums as the UTF-8 bytes of their names; any other field is
 * read by the message's own field decoder into a record this decoder reuses, so messages merge, lists and maps
 * gather their occurrences and oneof members clear each other as on the object path. Fields the payload leaves out
 * get what the object path gives them; proto2 required fields are checked before any column is set.
 */
final class ProtobufColumnDecoder implements ColumnDecoder {
  private static final byte[] EMPTY = new byte[0];

  private final StructReader message;
  private final Column[] columns;
  private final Column[] required;
  private final GenericRecord objects;
  private final int[] objectPositions;
  private final boolean[] seen;
  private final long[] slots;
  private final int[] textLengths;

  ProtobufColumnDecoder(Types.StructType struct, StructReader message, List<FieldSink> sinks) {
    List<FieldDecoder> decoders = message.decoders();
    if (decoders.size() != sinks.size()) {
      throw new IllegalArgumentException(String.format(
          "Cannot decode a message of %d fields into %d column sinks",
          decoders.size(), sinks.size()));
    }
    this.message = message;
    this.columns = new Column[decoders.size()];
    for (int position = 0; position < columns.length; position++) {
      columns[position] =
          Column.of(decoders.get(position), message.absentValue(position), sinks.get(position));
    }
    this.required = message.requiredFields().stream()
        .map(decoder -> columns[decoder.position])
        .toArray(Column[]::new);
    this.objectPositions = Arrays.stream(columns)
        .filter(column -> column.kind == Kind.OBJECT)
        .mapToInt(column -> column.position)
        .toArray();
    this.objects = objectPositions.length == 0 ? null : GenericRecord.create(struct);
    this.seen = new boolean[columns.length];
    this.slots = new long[columns.length];
    this.textLengths = new int[columns.length];
  }

  @Override
  public void decode(int row, byte[] data, int offset, int length) throws UndecodableException {
    if (data == null || offset < 0 || length < 0 || offset > data.length - length) {
      throw new UndecodableException("No Protobuf payload at offset " + offset + " and length "
          + length + " of " + (data == null ? "no bytes" : data.length + " bytes"));
    }
    try {
      Arrays.fill(seen, false);
      for (int position : objectPositions) {
        objects.set(position, null);
      }
      ProtoInput in = new ProtoInput(data, offset, length);
      while (in.hasRemaining()) {
        int tag = in.readTag();
        FieldDecoder decoder = message.decoderFor(tag >>> 3);
        if (decoder == null || !read(columns[decoder.position], in, tag & 7)) {
          in.skipField(tag, 0);
        }
      }
      checkRequired();
      for (Column column : columns) {
        emit(row, column, data);
      }
    } catch (RuntimeException | StackOverflowError e) {
      throw new UndecodableException(
          "Protobuf decoder failed on a payload of " + length + " bytes: " + e, e);
    }
  }

  /** Reads one occurrence of the field; false, having read nothing, when its wire type is not the field's. */
  private boolean read(Column column, ProtoInput in, int wireType) throws UndecodableException {
    if (column.kind == Kind.OBJECT) {
      if (!column.decoder.read(in, wireType, objects, 0)) {
        return false;
      }
    } else if (wireType == column.wireType) {
      readScalar(column, in);
    } else {
      return false;
    }
    for (int member : column.otherOneOfMembers) {
      seen[member] = false;
      if (columns[member].kind == Kind.OBJECT) {
        objects.set(member, null);
      }
    }
    seen[column.position] = true;
    return true;
  }

  private void readScalar(Column column, ProtoInput in) throws UndecodableException {
    int position = column.position;
    String field = column.decoder.field;
    switch (column.kind) {
      case INT32, ENUM -> slots[position] = (int) in.readVarint(field);
      case SINT32 -> {
        int zigzag = (int) in.readVarint(field);
        int value = (zigzag >>> 1) ^ -(zigzag & 1);
        slots[position] = value;
      }
      case SFIXED32, FLOAT -> slots[position] = in.readFixed32(field);
      case INT64 -> slots[position] = in.readVarint(field);
      case SINT64 -> {
        long zigzag = in.readVarint(field);
        slots[position] = (zigzag >>> 1) ^ -(zigzag & 1);
      }
      case SFIXED64, DOUBLE -> slots[position] = in.readFixed64(field);
      case UINT32 -> slots[position] = in.readVarint(field) & 0xFFFF_FFFFL;
      case FIXED32 -> slots[position] = in.readFixed32(field) & 0xFFFF_FFFFL;
      case BOOL -> slots[position] = in.readVarint(field) != 0 ? 1 : 0;
      case STRING -> {
        int textLength = in.readLength(field);
        slots[position] = in.position();
        textLengths[position] = textLength;
        in.advance(textLength);
      }
      case OBJECT -> throw new IllegalStateException(column.decoder.field + " is no scalar");
    }
  }

  private void checkRequired() throws UndecodableException {
    for (Column column : required) {
      boolean isNull = seen[column.position]
          ? column.kind == Kind.OBJECT && objects.get(column.position) == null
          : column.absent == null;
      if (isNull) {
        throw new UndecodableException("Protobuf payload lacks " + column.decoder.field
            + ", which message " + message.messageName() + " requires");
      }
    }
  }

  private void emit(int row, Column column, byte[] data) {
    int position = column.position;
    FieldSink sink = column.sink;
    if (column.kind == Kind.OBJECT) {
      Object value = seen[position] ? objects.get(position) : column.absent;
      if (value == null) {
        sink.setNull(row);
      } else {
        sink.setValue(row, value);
      }
    } else if (seen[position]) {
      emitScalar(row, column, slots[position], data);
    } else if (column.absent == null) {
      sink.setNull(row);
    } else if (column.kind == Kind.STRING || column.kind == Kind.ENUM) {
      sink.setText(row, column.absentText, 0, column.absentText.length);
    } else {
      emitScalar(row, column, 0L, data);
    }
  }

  private void emitScalar(int row, Column column, long slot, byte[] data) {
    FieldSink sink = column.sink;
    switch (column.kind) {
      case INT32, SINT32, SFIXED32 -> sink.setInt(row, (int) slot);
      case INT64, SINT64, SFIXED64, UINT32, FIXED32 -> sink.setLong(row, slot);
      case FLOAT -> sink.setFloat(row, Float.intBitsToFloat((int) slot));
      case DOUBLE -> sink.setDouble(row, Double.longBitsToDouble(slot));
      case BOOL -> sink.setBoolean(row, slot != 0);
      case ENUM -> {
        byte[] name = column.enumReader.utf8NameOf((int) slot);
        sink.setText(row, name, 0, name.length);
      }
      case STRING -> text(row, sink, data, (int) slot, textLengths[column.position]);
      case OBJECT -> throw new IllegalStateException(column.decoder.field + " is no scalar");
    }
  }

  /**
   * Well-formed UTF-8 goes as its bytes; other text through a String, which replaces malformed bytes with U+FFFD as
   * the object path does.
   */
  private static void text(int row, FieldSink sink, byte[] data, int at, int length) {
    if (Utf8.isWellFormed(data, at, length)) {
      sink.setText(row, data, at, length);
    } else {
      sink.setValue(row, new String(data, at, length, StandardCharsets.UTF_8));
    }
  }

  /** How a field is read: a scalar into this decoder's slots, or an object by its field decoder. */
  private enum Kind {
    INT32,
    SINT32,
    SFIXED32,
    INT64,
    SINT64,
    SFIXED64,
    UINT32,
    FIXED32,
    FLOAT,
    DOUBLE,
    BOOL,
    STRING,
    ENUM,
    OBJECT;

    static Kind of(ScalarReader scalar) {
      return switch (scalar) {
        case INT32 -> INT32;
        case SINT32 -> SINT32;
        case SFIXED32 -> SFIXED32;
        case INT64 -> INT64;
        case SINT64 -> SINT64;
        case SFIXED64 -> SFIXED64;
        case UINT32 -> UINT32;
        case FIXED32 -> FIXED32;
        case FLOAT -> FLOAT;
        case DOUBLE -> DOUBLE;
        case BOOL -> BOOL;
        case STRING -> STRING;
        case UINT64, FIXED64, BYTES -> OBJECT;
      };
    }
  }

  /** One top-level field: how it is read, what it is when absent, and the sink of its column. */
  private static final class Column {
    final int position;
    final Kind kind;
    final int wireType;
    final FieldDecoder decoder;
    final EnumReader enumReader;
    final Object absent;
    final byte[] absentText;
    final int[] otherOneOfMembers;
    final FieldSink sink;

    private Column(
        Kind kind,
        int wireType,
        FieldDecoder decoder,
        EnumReader enumReader,
        Object absent,
        byte[] absentText,
        FieldSink sink) {
      this.position = decoder.position;
      this.kind = kind;
      this.wireType = wireType;
      this.decoder = decoder;
      this.enumReader = enumReader;
      this.absent = absent;
      this.absentText = absentText;
      this.otherOneOfMembers = Arrays.stream(decoder.oneOfMembers())
          .filter(member -> member != decoder.position)
          .toArray();
      this.sink = sink;
    }

    /**
     * A singular scalar or enum field whose absent value is null or its type's default is read as a scalar; any
     * other field as an object.
     */
    static Column of(FieldDecoder decoder, Object absent, FieldSink sink) {
      if (decoder instanceof SingularFieldDecoder singular
          && (absent == null || absent.equals(singular.reader().defaultValue()))) {
        ValueReader reader = singular.reader();
        if (reader instanceof EnumReader enumReader) {
          return new Column(
              Kind.ENUM,
              reader.wireType(),
              decoder,
              enumReader,
              absent,
              enumReader.utf8DefaultName(),
              sink);
        }
        if (reader instanceof ScalarReader scalar && Kind.of(scalar) != Kind.OBJECT) {
          return new Column(Kind.of(scalar), reader.wireType(), decoder, null, absent, EMPTY, sink);
        }
      }
      return new Column(Kind.OBJECT, -1, decoder, null, absent, EMPTY, sink);
    }
  }
}
