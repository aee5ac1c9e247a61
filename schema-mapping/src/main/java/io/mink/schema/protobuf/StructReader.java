package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;

/**
 * Reads a message into a GenericRecord: finds each field's decoder by its number, skips fields it
 * does not know, and starts from a template holding the defaults of proto3 scalars and empty
 * lists and maps.
 */
final class StructReader implements ValueReader {
  private static final int MIN_DENSE_NUMBERS = 64;

  private final String messageName;
  private final GenericRecord template;
  private final FieldDecoder[] decodersByNumber;
  private final int[] sortedNumbers;
  private final FieldDecoder[] sortedDecoders;
  private final FieldDecoder[] requiredFields;
  private final int[] absentBytesPositions;
  private final FieldDecoder[] decodersByPosition;

  /**
   * @param defaults the value of each position before any field is read
   * @param requiredFields the decoders of proto2 required fields, which a payload must hold
   */
  StructReader(
      String messageName,
      Types.StructType struct,
      List<FieldDecoder> decoders,
      Object[] defaults,
      List<FieldDecoder> requiredFields) {
    this.messageName = messageName;
    this.template = GenericRecord.create(struct);
    int[] bytesPositions = new int[defaults.length];
    int bytesCount = 0;
    for (int position = 0; position < defaults.length; position++) {
      if (defaults[position] instanceof ByteBuffer) {
        bytesPositions[bytesCount++] = position;
      } else {
        template.set(position, defaults[position]);
      }
    }
    this.absentBytesPositions = Arrays.copyOf(bytesPositions, bytesCount);
    FieldDecoder[] sorted = decoders.toArray(FieldDecoder[]::new);
    Arrays.sort(sorted, Comparator.comparingInt(decoder -> decoder.number));
    int maxNumber = sorted.length == 0 ? 0 : sorted[sorted.length - 1].number;
    if (maxNumber < Math.max(MIN_DENSE_NUMBERS, 4 * sorted.length)) {
      this.decodersByNumber = new FieldDecoder[maxNumber + 1];
      for (FieldDecoder decoder : sorted) {
        decodersByNumber[decoder.number] = decoder;
      }
    } else {
      this.decodersByNumber = null;
    }
    this.sortedDecoders = sorted;
    this.sortedNumbers =
        Arrays.stream(sorted).mapToInt(decoder -> decoder.number).toArray();
    this.requiredFields = requiredFields.toArray(FieldDecoder[]::new);
    this.decodersByPosition = new FieldDecoder[defaults.length];
    for (FieldDecoder decoder : sorted) {
      decodersByPosition[decoder.position] = decoder;
    }
  }

  @Override
  public int wireType() {
    return ProtoInput.LEN;
  }

  /** Reads a whole payload as this message. */
  GenericRecord readPayload(ProtoInput in) throws UndecodableException {
    GenericRecord record = template.copy();
    readFields(in, record, 0);
    complete(record);
    return record;
  }

  @Override
  public GenericRecord read(ProtoInput in, String field, int depth) throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    in.charge(width());
    int outerLimit = in.enter(length);
    GenericRecord record = template.copy();
    readFields(in, record, depth + 1);
    in.exit(outerLimit);
    complete(record);
    return record;
  }

  /** Reads a later occurrence of a message field into the record of the earlier one. */
  void readInto(ProtoInput in, String field, GenericRecord earlier, int depth)
      throws UndecodableException {
    int length = in.readLength(field);
    in.checkDepth(depth + 1);
    int outerLimit = in.enter(length);
    readFields(in, earlier, depth + 1);
    in.exit(outerLimit);
  }

  @Override
  public Object defaultValue() {
    GenericRecord record = template.copy();
    fillAbsentBytes(record);
    return record;
  }

  int width() {
    return template.size();
  }

  private void readFields(ProtoInput in, GenericRecord record, int depth)
      throws UndecodableException {
    while (in.hasRemaining()) {
      int tag = in.readTag();
      FieldDecoder decoder = decoderFor(tag >>> 3);
      if (decoder == null || !decoder.read(in, tag & 7, record, depth)) {
        in.skipField(tag, depth);
      }
    }
  }

  /** The decoder of the field at each position of the record. */
  List<FieldDecoder> decoders() {
    return Arrays.asList(decodersByPosition.clone());
  }

  /** The value a payload that leaves the field at {@code position} out decodes to. */
  Object absentValue(int position) {
    for (int bytesPosition : absentBytesPositions) {
      if (bytesPosition == position) {
        return ScalarReader.BYTES.defaultValue();
      }
    }
    return template.get(position);
  }

  /** The decoders of proto2 required fields, in the order a payload lacking several names the first. */
  List<FieldDecoder> requiredFields() {
    return List.of(requiredFields);
  }

  String messageName() {
    return messageName;
  }

  /** The decoder of the field with this number, or null when the message has none. */
  FieldDecoder decoderFor(int number) {
    if (decodersByNumber != null) {
      return number < decodersByNumber.length ? decodersByNumber[number] : null;
    }
    int index = Arrays.binarySearch(sortedNumbers, number);
    return index >= 0 ? sortedDecoders[index] : null;
  }

  /**
   * Fills proto3 bytes fields the payload left out with an empty buffer, and checks that proto2
   * required fields are there. The template holds no buffer because copying a record copies them.
   */
  private void complete(GenericRecord record) throws UndecodableException {
    fillAbsentBytes(record);
    checkRequired(record);
  }

  private void fillAbsentBytes(GenericRecord record) {
    for (int position : absentBytesPositions) {
      if (record.get(position) == null) {
        record.set(position, ScalarReader.BYTES.defaultValue());
      }
    }
  }

  private void checkRequired(GenericRecord record) throws UndecodableException {
    for (FieldDecoder required : requiredFields) {
      if (record.get(required.position) == null) {
        throw new UndecodableException("Protobuf payload lacks " + required.field
            + ", which message " + messageName + " requires");
      }
    }
  }
}
