package io.mink.schema.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Payloads that protobuf-java writes and then rearranged as other writers, or a producer concatenating messages,
 * may: top-level fields in a random order, some written twice, fields of numbers the message lacks, known field
 * numbers with a wire type that is not the field's, and two messages run together.
 */
final class RearrangedPayloads {
  private static final int MAX_FIELD_NUMBER = (1 << 29) - 1;
  private static final Map<Descriptor, Boolean> HOLDS_REQUIRED_FIELDS = new ConcurrentHashMap<>();

  private final Random random;
  private final Descriptor descriptor;
  private final Set<Integer> numbers;

  RearrangedPayloads(long seed, Descriptor descriptor) {
    this.random = new Random(seed);
    this.descriptor = descriptor;
    this.numbers =
        descriptor.getFields().stream().map(FieldDescriptor::getNumber).collect(Collectors.toSet());
  }

  /**
   * A message written by protobuf-java with each field set at {@code fieldChance}; three times in four with its proto2
   * required fields, and those of the messages it holds, set where the random message left them out.
   */
  byte[] written(double fieldChance) {
    DynamicMessage message =
        new RandomMessages(random.nextLong(), fieldChance).message(descriptor, 0);
    return (random.nextInt(4) == 0 ? message : withRequiredFields(message)).toByteArray();
  }

  private static Message withRequiredFields(Message message) {
    if (!holdsRequiredFields(message.getDescriptorForType())) {
      return message;
    }
    Message.Builder builder = message.toBuilder();
    for (FieldDescriptor field : message.getDescriptorForType().getFields()) {
      boolean isMessage = field.getJavaType() == FieldDescriptor.JavaType.MESSAGE;
      if (field.isRepeated()) {
        for (int i = 0; isMessage && i < message.getRepeatedFieldCount(field); i++) {
          builder.setRepeatedField(
              field, i, withRequiredFields((Message) message.getRepeatedField(field, i)));
        }
      } else if (message.hasField(field) && isMessage) {
        builder.setField(field, withRequiredFields((Message) message.getField(field)));
      } else if (field.isRequired()) {
        builder.setField(
            field,
            isMessage
                ? withRequiredFields(DynamicMessage.getDefaultInstance(field.getMessageType()))
                : someValue(field));
      }
    }
    return builder.build();
  }

  /**
   * Whether a message of this type, or one it can hold at any depth, has a required field: else {@link
   * #withRequiredFields} would build the same message again.
   */
  private static boolean holdsRequiredFields(Descriptor type) {
    return HOLDS_REQUIRED_FIELDS.computeIfAbsent(type, RearrangedPayloads::reachesRequiredField);
  }

  private static boolean reachesRequiredField(Descriptor type) {
    Set<Descriptor> seen = new HashSet<>();
    Deque<Descriptor> pending = new ArrayDeque<>(List.of(type));
    while (!pending.isEmpty()) {
      Descriptor next = pending.pop();
      if (!seen.add(next)) {
        continue;
      }
      for (FieldDescriptor field : next.getFields()) {
        if (field.isRequired()) {
          return true;
        }
        if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
          pending.push(field.getMessageType());
        }
      }
    }
    return false;
  }

  private static Object someValue(FieldDescriptor field) {
    return switch (field.getJavaType()) {
      case INT -> 1;
      case LONG -> 1L;
      case FLOAT -> 1f;
      case DOUBLE -> 1d;
      case BOOLEAN -> true;
      case STRING -> "required";
      case BYTE_STRING -> ByteString.copyFromUtf8("required");
      case ENUM -> field.getEnumType().getValues().get(0);
      case MESSAGE -> throw new IllegalArgumentException(field + " is a message");
    };
  }

  /** One or two written messages, their fields shuffled, some repeated, with unknown and mistyped fields. */
  byte[] rearranged() {
    List<byte[]> fields = fields(written(0.3 + random.nextDouble() * 0.6));
    if (random.nextInt(3) == 0) {
      fields.addAll(fields(written(0.4)));
    }
    for (int i = fields.size(); i > 0; i--) {
      if (random.nextInt(4) == 0) {
        fields.add(fields.get(random.nextInt(fields.size())));
      }
    }
    for (int i = random.nextInt(4); i > 0; i--) {
      fields.add(unknownField());
    }
    for (int i = random.nextInt(3); i > 0; i--) {
      fields.add(mistypedField());
    }
    if (random.nextInt(4) != 0) {
      Collections.shuffle(fields, random);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    fields.forEach(out::writeBytes);
    return out.toByteArray();
  }

  /** A rearranged payload with a few bytes overwritten, or cut short. */
  byte[] damaged() {
    byte[] payload = rearranged();
    if (random.nextBoolean()) {
      return Arrays.copyOf(payload, random.nextInt(payload.length + 1));
    }
    for (int flips = 1 + random.nextInt(3); flips > 0 && payload.length > 0; flips--) {
      payload[random.nextInt(payload.length)] = (byte) random.nextInt(256);
    }
    return payload;
  }

  /** Random bytes, as a payload that is no message of the schema at all. */
  byte[] noise() {
    byte[] bytes = new byte[random.nextInt(64)];
    random.nextBytes(bytes);
    return bytes;
  }

  /** The top-level fields of a valid payload, each with its tag, in the order they are written. */
  static List<byte[]> fields(byte[] payload) {
    try {
      CodedInputStream in = CodedInputStream.newInstance(payload);
      List<byte[]> fields = new ArrayList<>();
      while (true) {
        int start = in.getTotalBytesRead();
        int tag = in.readTag();
        if (tag == 0) {
          return fields;
        }
        in.skipField(tag);
        fields.add(Arrays.copyOfRange(payload, start, in.getTotalBytesRead()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private byte[] unknownField() {
    int number;
    do {
      number =
          random.nextBoolean() ? 1 + random.nextInt(200) : 1 + random.nextInt(MAX_FIELD_NUMBER);
    } while (numbers.contains(number) || (number >= 19_000 && number <= 19_999));
    return field(number, random.nextInt(5));
  }

  private byte[] mistypedField() {
    List<FieldDescriptor> known = descriptor.getFields();
    if (known.isEmpty()) {
      return new byte[0];
    }
    FieldDescriptor field = known.get(random.nextInt(known.size()));
    int wireType;
    do {
      wireType = random.nextInt(5);
    } while (wireType == field.getLiteType().getWireType());
    return field(field.getNumber(), wireType);
  }

  /** A field of the number with a well-formed value of a wire type: varint, i64, len, group, i32. */
  private byte[] field(int number, int kind) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      switch (kind) {
        case 0 -> out.writeInt64(number, random.nextLong());
        case 1 -> out.writeFixed64(number, random.nextLong());
        case 2 -> {
          byte[] value = new byte[random.nextInt(12)];
          random.nextBytes(value);
          out.writeByteArray(number, value);
        }
        case 3 -> {
          out.writeTag(number, WireFormat.WIRETYPE_START_GROUP);
          out.writeInt32(1 + random.nextInt(20), random.nextInt());
          out.writeTag(number, WireFormat.WIRETYPE_END_GROUP);
        }
        default -> out.writeFixed32(number, random.nextInt());
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }
}
