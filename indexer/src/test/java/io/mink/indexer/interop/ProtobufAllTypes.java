package io.mink.indexer.interop;

import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_BOOL;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_BYTES;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_DOUBLE;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_FIXED32;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_FIXED64;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_FLOAT;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_INT32;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_INT64;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_SFIXED32;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_SFIXED64;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_SINT32;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_SINT64;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_STRING;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_UINT32;
import static com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_UINT64;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Any;
import com.google.protobuf.BoolValue;
import com.google.protobuf.ByteString;
import com.google.protobuf.BytesValue;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DoubleValue;
import com.google.protobuf.Duration;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.FloatValue;
import com.google.protobuf.Int32Value;
import com.google.protobuf.Int64Value;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.ListValue;
import com.google.protobuf.Message;
import com.google.protobuf.NullValue;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.UInt32Value;
import com.google.protobuf.UInt64Value;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import io.apicurio.registry.serde.protobuf.ProtobufKafkaSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Protobuf's part of the all-types table: DynamicMessages of a proto3 message {@code AllTypes} with a field of each
 * type of docs/type-mapping.md's Protobuf section, every wrapper type and a oneof, written by Apicurio's
 * ProtobufKafkaSerializer. The message's descriptor is made from {@link #FIELDS}, numbered in their order; its
 * file also declares {@code Inner}, {@code Node} and {@code Color}. JSON columns are expected as protobuf's own
 * JsonFormat prints the value. An empty repeated or map field is not on the wire at all, as if unset, and reads
 * back empty.
 */
final class ProtobufAllTypes implements AllTypesLanguage {
  static final int RECORDS = 3;
  private static final String PACKAGE = "mink.alltypes.proto";
  private static final int CHOICE_ONEOF = 0;
  private static final int OPTIONAL_INT32_ONEOF = 1;
  private static final Value NULL =
      Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build();

  /**
   * A field of AllTypes: its declaration, its column's Iceberg type, the value of each record (null: not set),
   * how that value is set on a DynamicMessage and how Spark reads it back.
   */
  private record Field(
      String name,
      FieldDescriptorProto.Builder declaration,
      String icebergType,
      List<?> values,
      BiFunction<FieldDescriptor, Object, Object> datum,
      Function<Object, Object> read) {
    Field {
      if (values.size() != RECORDS) {
        throw new IllegalArgumentException(
            name + " has " + values.size() + " values, not " + RECORDS);
      }
    }
  }

  static final List<Field> FIELDS = List.of(
      field(
          "proto_bool",
          scalar(TYPE_BOOL),
          "boolean",
          values(true, false, false),
          SparkValues::asIs),
      field(
          "proto_float",
          scalar(TYPE_FLOAT),
          "float",
          values(Float.MIN_VALUE, -1.1f, 0f),
          SparkValues::floating),
      field(
          "proto_double",
          scalar(TYPE_DOUBLE),
          "double",
          values(Double.MAX_VALUE, -0.1, 0.0),
          SparkValues::asIs),
      field(
          "proto_string",
          scalar(TYPE_STRING),
          "string",
          values("text", "Zürich ✓ 東京", ""),
          SparkValues::asIs),
      field(
          "proto_bytes",
          scalar(TYPE_BYTES),
          "binary",
          values(new byte[] {0, 1, -1}, utf8("é"), new byte[0]),
          (field, bytes) -> ByteString.copyFrom(bytes),
          SparkValues::base64),
      field(
          "proto_int32",
          scalar(TYPE_INT32),
          "int",
          values(Integer.MIN_VALUE, 42, 0),
          SparkValues::integer),
      field(
          "proto_sint32",
          scalar(TYPE_SINT32),
          "int",
          values(-1, Integer.MAX_VALUE, 0),
          SparkValues::integer),
      field(
          "proto_sfixed32",
          scalar(TYPE_SFIXED32),
          "int",
          values(-123, Integer.MIN_VALUE, 0),
          SparkValues::integer),
      field(
          "proto_int64",
          scalar(TYPE_INT64),
          "long",
          values(Long.MIN_VALUE, 1L, 0L),
          SparkValues::asIs),
      field(
          "proto_sint64",
          scalar(TYPE_SINT64),
          "long",
          values(-1L, Long.MAX_VALUE, 0L),
          SparkValues::asIs),
      field(
          "proto_sfixed64",
          scalar(TYPE_SFIXED64),
          "long",
          values(Long.MIN_VALUE, -5L, 0L),
          SparkValues::asIs),
      field(
          "proto_optional_int32",
          scalar(TYPE_INT32).setProto3Optional(true).setOneofIndex(OPTIONAL_INT32_ONEOF),
          "int",
          values(0, -7, null),
          SparkValues::integer),
      field("proto_uint32", scalar(TYPE_UINT32), "long", values(-1, 1, 0), Integer::toUnsignedLong),
      field(
          "proto_fixed32",
          scalar(TYPE_FIXED32),
          "long",
          values(Integer.MIN_VALUE, -1, 0),
          Integer::toUnsignedLong),
      field(
          "proto_uint64",
          scalar(TYPE_UINT64),
          "decimal(20, 0)",
          values(-1L, Long.MIN_VALUE, 0L),
          Long::toUnsignedString),
      field(
          "proto_fixed64",
          scalar(TYPE_FIXED64),
          "decimal(20, 0)",
          values(Long.MAX_VALUE, -1L, 0L),
          Long::toUnsignedString),
      field(
          "proto_enum",
          named(Type.TYPE_ENUM, PACKAGE + ".Color"),
          "string",
          values("GREEN", "RED", "7"),
          ProtobufAllTypes::color,
          SparkValues::asIs),
      field(
          "proto_message",
          named(Type.TYPE_MESSAGE, PACKAGE + ".Inner"),
          "struct<a: int>",
          values(5, 0, null),
          (field, a) -> inner(a),
          a -> Map.of("a", SparkValues.integer(a))),
      field(
          "proto_repeated",
          scalar(TYPE_STRING).setLabel(Label.LABEL_REPEATED),
          "list<string>",
          values(List.of("a", "b"), List.of("only"), List.<String>of()),
          SparkValues::asIs),
      field(
          "proto_map",
          named(Type.TYPE_MESSAGE, PACKAGE + ".AllTypes.ProtoMapEntry")
              .setLabel(Label.LABEL_REPEATED),
          "map<string, long>",
          values(Map.of("k", 1L, "ü", Long.MIN_VALUE), Map.of("", 0L), Map.<String, Long>of()),
          ProtobufAllTypes::mapEntries,
          SparkValues::asIs),
      field(
          "proto_timestamp",
          wellKnown(Timestamp.getDescriptor()),
          "timestamptz",
          values(
              Instant.parse("2024-02-29T23:59:58.123456Z"),
              Instant.parse("1969-07-20T20:17:40.5Z"),
              null),
          (field, instant) -> Timestamp.newBuilder()
              .setSeconds(instant.getEpochSecond())
              .setNanos(instant.getNano())
              .build(),
          SparkValues::timestamptz),
      field(
          "proto_double_value",
          wellKnown(DoubleValue.getDescriptor()),
          "double",
          values(1.5, 0.0, null),
          (field, value) -> DoubleValue.of(value),
          SparkValues::asIs),
      field(
          "proto_float_value",
          wellKnown(FloatValue.getDescriptor()),
          "float",
          values(-2.25f, 0f, null),
          (field, value) -> FloatValue.of(value),
          SparkValues::floating),
      field(
          "proto_int64_value",
          wellKnown(Int64Value.getDescriptor()),
          "long",
          values(Long.MIN_VALUE, 0L, null),
          (field, value) -> Int64Value.of(value),
          SparkValues::asIs),
      field(
          "proto_uint64_value",
          wellKnown(UInt64Value.getDescriptor()),
          "decimal(20, 0)",
          values(-1L, 0L, null),
          (field, value) -> UInt64Value.of(value),
          Long::toUnsignedString),
      field(
          "proto_int32_value",
          wellKnown(Int32Value.getDescriptor()),
          "int",
          values(-1, 0, null),
          (field, value) -> Int32Value.of(value),
          SparkValues::integer),
      field(
          "proto_uint32_value",
          wellKnown(UInt32Value.getDescriptor()),
          "long",
          values(-1, 0, null),
          (field, value) -> UInt32Value.of(value),
          Integer::toUnsignedLong),
      field(
          "proto_bool_value",
          wellKnown(BoolValue.getDescriptor()),
          "boolean",
          values(true, false, null),
          (field, value) -> BoolValue.of(value),
          SparkValues::asIs),
      field(
          "proto_string_value",
          wellKnown(StringValue.getDescriptor()),
          "string",
          values("wrapped", "", null),
          (field, value) -> StringValue.of(value),
          SparkValues::asIs),
      field(
          "proto_bytes_value",
          wellKnown(BytesValue.getDescriptor()),
          "binary",
          values(new byte[] {-1, 0}, new byte[0], null),
          (field, value) -> BytesValue.of(ByteString.copyFrom(value)),
          SparkValues::base64),
      field(
          "proto_duration",
          wellKnown(Duration.getDescriptor()),
          "string",
          values(
              Duration.newBuilder().setSeconds(1).setNanos(500_000_000).build(),
              Duration.newBuilder().setSeconds(-1).setNanos(-500_000_000).build(),
              null),
          ProtobufAllTypes::json),
      field(
          "proto_any",
          wellKnown(Any.getDescriptor()),
          "string",
          values(7, "packed", null),
          (field, packed) -> any(packed),
          packed -> json(any(packed))),
      field(
          "proto_struct",
          wellKnown(Struct.getDescriptor()),
          "string",
          values(
              Struct.newBuilder()
                  .putFields("n", number(1.5))
                  .putFields("s", text("x"))
                  .putFields("b", bool(true))
                  .putFields("z", NULL)
                  .putFields("l", inList(number(-0.25), text("y")))
                  .build(),
              Struct.getDefaultInstance(),
              null),
          ProtobufAllTypes::json),
      field(
          "proto_value",
          wellKnown(Value.getDescriptor()),
          "string",
          values(text("value"), inList(number(2.5), NULL), null),
          ProtobufAllTypes::json),
      field(
          "proto_list_value",
          wellKnown(ListValue.getDescriptor()),
          "string",
          values(list(number(0.5), text("z"), bool(false)), ListValue.getDefaultInstance(), null),
          ProtobufAllTypes::json),
      field(
          "proto_recursive",
          named(Type.TYPE_MESSAGE, PACKAGE + ".Node"),
          "string",
          values(1, 3, null),
          (field, length) -> nodes(length),
          length -> json(nodes(length))),
      field(
          "proto_choice_text",
          scalar(TYPE_STRING).setOneofIndex(CHOICE_ONEOF),
          "string",
          values("chosen", null, null),
          SparkValues::asIs),
      field(
          "proto_choice_number",
          scalar(TYPE_INT64).setOneofIndex(CHOICE_ONEOF),
          "long",
          values(null, 9L, null),
          SparkValues::asIs));

  static final Descriptor ALL_TYPES;
  static final Descriptor INNER;
  static final Descriptor NODE;

  static {
    DescriptorProto.Builder allTypes = DescriptorProto.newBuilder()
        .setName("AllTypes")
        .addOneofDecl(OneofDescriptorProto.newBuilder().setName("proto_choice"))
        .addOneofDecl(OneofDescriptorProto.newBuilder().setName("_proto_optional_int32"))
        .addNestedType(DescriptorProto.newBuilder()
            .setName("ProtoMapEntry")
            .setOptions(MessageOptions.newBuilder().setMapEntry(true))
            .addField(scalar(TYPE_STRING).setName("key").setNumber(1))
            .addField(scalar(TYPE_INT64).setName("value").setNumber(2)));
    for (int i = 0; i < FIELDS.size(); i++) {
      allTypes.addField(FIELDS.get(i).declaration().setNumber(i + 1));
    }
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("mink/alltypes/all_types.proto")
        .setPackage(PACKAGE)
        .setSyntax("proto3")
        .addDependency("google/protobuf/any.proto")
        .addDependency("google/protobuf/duration.proto")
        .addDependency("google/protobuf/struct.proto")
        .addDependency("google/protobuf/timestamp.proto")
        .addDependency("google/protobuf/wrappers.proto")
        .addMessageType(allTypes)
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Inner")
            .addField(scalar(TYPE_INT32).setName("a").setNumber(1)))
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Node")
            .addField(
                named(Type.TYPE_MESSAGE, PACKAGE + ".Node").setName("next").setNumber(1)))
        .addEnumType(EnumDescriptorProto.newBuilder()
            .setName("Color")
            .addValue(EnumValueDescriptorProto.newBuilder().setName("RED").setNumber(0))
            .addValue(EnumValueDescriptorProto.newBuilder().setName("GREEN").setNumber(1)))
        .build();
    try {
      FileDescriptor built = FileDescriptor.buildFrom(file, new FileDescriptor[] {
        Any.getDescriptor().getFile(),
        Duration.getDescriptor().getFile(),
        Struct.getDescriptor().getFile(),
        Timestamp.getDescriptor().getFile(),
        Int64Value.getDescriptor().getFile()
      });
      ALL_TYPES = built.findMessageTypeByName("AllTypes");
      INNER = built.findMessageTypeByName("Inner");
      NODE = built.findMessageTypeByName("Node");
    } catch (DescriptorValidationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public Serializer<Object> serializer(String apicurioUrl) {
    ProtobufKafkaSerializer<Message> serializer = new ProtobufKafkaSerializer<>();
    serializer.configure(AllTypesLanguage.apicurioConfig(apicurioUrl), false);
    return (Serializer<Object>) (Serializer<?>) serializer;
  }

  @Override
  public List<Object> values() {
    List<Object> messages = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      DynamicMessage.Builder message = DynamicMessage.newBuilder(ALL_TYPES);
      for (Field field : FIELDS) {
        Object value = field.values().get(i);
        if (value != null) {
          FieldDescriptor descriptor = ALL_TYPES.findFieldByName(field.name());
          message.setField(descriptor, field.datum().apply(descriptor, value));
        }
      }
      messages.add(message.build());
    }
    return messages;
  }

  @Override
  public List<AllTypesColumn> columns() {
    return FIELDS.stream()
        .map(field -> new AllTypesColumn(
            field.name(),
            field.icebergType(),
            field.values().stream()
                .map(value -> value == null ? null : field.read().apply(value))
                .toList()))
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static <T> Field field(
      String name,
      FieldDescriptorProto.Builder declaration,
      String icebergType,
      List<T> values,
      BiFunction<FieldDescriptor, T, Object> datum,
      Function<T, Object> read) {
    return new Field(
        name,
        declaration.setName(name).setJsonName(name),
        icebergType,
        values,
        (field, value) -> datum.apply(field, (T) value),
        value -> read.apply((T) value));
  }

  /** A field whose values a DynamicMessage takes as they are. */
  private static <T> Field field(
      String name,
      FieldDescriptorProto.Builder declaration,
      String icebergType,
      List<T> values,
      Function<T, Object> read) {
    return field(name, declaration, icebergType, values, (field, value) -> value, read);
  }

  @SafeVarargs
  private static <T> List<T> values(T... values) {
    List<T> list = new ArrayList<>(values.length);
    for (T value : values) {
      list.add(value);
    }
    return list;
  }

  private static FieldDescriptorProto.Builder scalar(Type type) {
    return FieldDescriptorProto.newBuilder().setType(type).setLabel(Label.LABEL_OPTIONAL);
  }

  private static FieldDescriptorProto.Builder named(Type type, String fullName) {
    return scalar(type).setTypeName("." + fullName);
  }

  private static FieldDescriptorProto.Builder wellKnown(Descriptor message) {
    return named(Type.TYPE_MESSAGE, message.getFullName());
  }

  /** A Color by name, or a number Color has no name for. */
  private static EnumValueDescriptor color(FieldDescriptor field, String name) {
    EnumValueDescriptor named = field.getEnumType().findValueByName(name);
    return named != null
        ? named
        : field.getEnumType().findValueByNumberCreatingIfUnknown(Integer.parseInt(name));
  }

  private static DynamicMessage inner(int a) {
    return DynamicMessage.newBuilder(INNER)
        .setField(INNER.findFieldByName("a"), a)
        .build();
  }

  /** A chain of {@code length} Nodes, each the next of the one before. */
  private static DynamicMessage nodes(int length) {
    DynamicMessage.Builder head = DynamicMessage.newBuilder(NODE);
    if (length > 1) {
      head.setField(NODE.findFieldByName("next"), nodes(length - 1));
    }
    return head.build();
  }

  private static List<DynamicMessage> mapEntries(FieldDescriptor field, Map<String, Long> map) {
    Descriptor entry = field.getMessageType();
    return map.entrySet().stream()
        .map(e -> DynamicMessage.newBuilder(entry)
            .setField(entry.findFieldByName("key"), e.getKey())
            .setField(entry.findFieldByName("value"), e.getValue())
            .build())
        .toList();
  }

  /** An Any packing an Inner for a number, a StringValue for text. */
  private static Any any(Object packed) {
    return packed instanceof Integer a
        ? Any.pack(inner(a))
        : Any.pack(StringValue.of((String) packed));
  }

  private static Value number(double number) {
    return Value.newBuilder().setNumberValue(number).build();
  }

  private static Value text(String text) {
    return Value.newBuilder().setStringValue(text).build();
  }

  private static Value bool(boolean bool) {
    return Value.newBuilder().setBoolValue(bool).build();
  }

  private static ListValue list(Value... values) {
    return ListValue.newBuilder().addAllValues(Arrays.asList(values)).build();
  }

  private static Value inList(Value... values) {
    return Value.newBuilder().setListValue(list(values)).build();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** A message as proto3 JSON, the form Mink keeps in a JSON column. */
  private static JsonNode json(Message message) {
    JsonFormat.TypeRegistry types = JsonFormat.TypeRegistry.newBuilder()
        .add(INNER)
        .add(StringValue.getDescriptor())
        .build();
    try {
      return SparkValues.jsonText(JsonFormat.printer().usingTypeRegistry(types).print(message));
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("Cannot print " + message + " as JSON", e);
    }
  }
}
