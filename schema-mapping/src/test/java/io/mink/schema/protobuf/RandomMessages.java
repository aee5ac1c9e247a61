package io.mink.schema.protobuf;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Duration;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.ListValue;
import com.google.protobuf.Message;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import java.util.List;
import java.util.Random;

/** Random messages of any descriptor, written by protobuf-java, for property tests. */
final class RandomMessages {
  private static final long MIN_SECONDS = -62_135_596_800L;
  private static final long MAX_SECONDS = 253_402_300_799L;

  private final Random random;
  private final double fieldChance;

  RandomMessages(long seed, double fieldChance) {
    this.random = new Random(seed);
    this.fieldChance = fieldChance;
  }

  DynamicMessage message(Descriptor descriptor, int depth) {
    DynamicMessage.Builder builder = DynamicMessage.newBuilder(descriptor);
    for (FieldDescriptor field : descriptor.getFields()) {
      if (random.nextDouble() >= fieldChance
          || (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE && depth > 4)) {
        continue;
      }
      if (field.isRepeated()) {
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
          builder.addRepeatedField(field, value(field, depth));
        }
      } else {
        builder.setField(field, value(field, depth));
      }
    }
    return builder.buildPartial();
  }

  /** A chain of {@code depth} messages, each holding the next in its field {@code link}. */
  static DynamicMessage chain(Descriptor descriptor, String link, int depth) {
    FieldDescriptor field = descriptor.findFieldByName(link);
    DynamicMessage message = DynamicMessage.getDefaultInstance(descriptor);
    for (int level = 0; level < depth; level++) {
      DynamicMessage.Builder builder = DynamicMessage.newBuilder(descriptor);
      if (field.isRepeated()) {
        builder.addRepeatedField(field, message);
      } else {
        builder.setField(field, message);
      }
      message = builder.build();
    }
    return message;
  }

  private Object value(FieldDescriptor field, int depth) {
    return switch (field.getJavaType()) {
      case INT -> random.nextInt(4) == 0 ? random.nextInt(200) - 100 : random.nextInt();
      case LONG -> random.nextInt(4) == 0 ? (long) random.nextInt(200) - 100 : random.nextLong();
      case FLOAT -> random.nextInt(10) == 0 ? Float.NaN : random.nextFloat() * 1e6f - 5e5f;
      case DOUBLE ->
        random.nextInt(10) == 0 ? Double.NEGATIVE_INFINITY : random.nextGaussian() * 1e9;
      case BOOLEAN -> random.nextBoolean();
      case STRING -> string();
      case BYTE_STRING -> ByteString.copyFrom(bytes());
      case ENUM -> enumValue(field);
      case MESSAGE -> nested(field.getMessageType(), depth + 1);
    };
  }

  private Object enumValue(FieldDescriptor field) {
    List<EnumValueDescriptor> values = field.getEnumType().getValues();
    if (!field.legacyEnumFieldTreatedAsClosed() && random.nextInt(5) == 0) {
      return field.getEnumType().findValueByNumberCreatingIfUnknown(100 + random.nextInt(50));
    }
    return values.get(random.nextInt(values.size()));
  }

  private Message nested(Descriptor type, int depth) {
    return switch (type.getFullName()) {
      case "google.protobuf.Timestamp" ->
        Timestamp.newBuilder()
            .setSeconds(MIN_SECONDS + (long) (random.nextDouble() * (MAX_SECONDS - MIN_SECONDS)))
            .setNanos(random.nextInt(1_000_000_000))
            .build();
      case "google.protobuf.Duration" -> duration();
      case "google.protobuf.Struct" -> struct(depth);
      case "google.protobuf.Value" -> value(depth);
      case "google.protobuf.ListValue" -> list(depth);
      case "google.protobuf.Any" ->
        random.nextBoolean()
            ? Any.pack(duration())
            : Any.newBuilder()
                .setTypeUrl("type.googleapis.com/unknown.Thing")
                .setValue(ByteString.copyFrom(bytes()))
                .build();
      default -> message(type, depth);
    };
  }

  private Duration duration() {
    long seconds = random.nextInt(2_000_000) - 1_000_000L;
    int nanos = random.nextInt(1_000_000_000);
    return Duration.newBuilder()
        .setSeconds(seconds)
        .setNanos(seconds < 0 ? -nanos : nanos)
        .build();
  }

  private Struct struct(int depth) {
    Struct.Builder struct = Struct.newBuilder();
    for (int i = random.nextInt(3); i > 0; i--) {
      struct.putFields(string(), value(depth + 1));
    }
    return struct.build();
  }

  private ListValue list(int depth) {
    ListValue.Builder list = ListValue.newBuilder();
    for (int i = random.nextInt(3); i > 0; i--) {
      list.addValues(value(depth + 1));
    }
    return list.build();
  }

  private Value value(int depth) {
    int kind = depth > 4 ? random.nextInt(4) : random.nextInt(6);
    return switch (kind) {
      case 0 -> Value.newBuilder().setNullValueValue(0).build();
      case 1 -> Value.newBuilder().setNumberValue(random.nextGaussian()).build();
      case 2 -> Value.newBuilder().setStringValue(string()).build();
      case 3 -> Value.newBuilder().setBoolValue(random.nextBoolean()).build();
      case 4 -> Value.newBuilder().setStructValue(struct(depth + 1)).build();
      default -> Value.newBuilder().setListValue(list(depth + 1)).build();
    };
  }

  private String string() {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(12); i > 0; i--) {
      int codePoint = switch (random.nextInt(4)) {
        case 0 -> random.nextInt(0x20);
        case 1 -> 0x20 + random.nextInt(0x5F);
        case 2 -> 0xA0 + random.nextInt(0xD000);
        default -> 0x1F600 + random.nextInt(0x50);
      };
      text.appendCodePoint(codePoint);
    }
    return text.toString();
  }

  private byte[] bytes() {
    byte[] bytes = new byte[random.nextInt(16)];
    random.nextBytes(bytes);
    return bytes;
  }
}
