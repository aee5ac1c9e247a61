package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.Edition;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumOptions;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FeatureSet;
import com.google.protobuf.DescriptorProtos.FeatureSet.FieldPresence;
import com.google.protobuf.DescriptorProtos.FeatureSet.MessageEncoding;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileOptions;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.Base64;
import java.util.List;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Serialized FileDescriptorProtos, as Confluent's serializers outside Java register them, printed as .proto text. */
class SerializedProtoFileTest {
  /**
   * shop/common.proto as the npm package @confluentinc/schemaregistry registers it: compiled by buf,
   * with source info (the message's comment) and buf's own field 8042.
   */
  static final String COMMON_FROM_CONFLUENT_JS =
      "ChFzaG9wL2NvbW1vbi5wcm90bxILc2hvcC5jb21tb24iTwoFTW9uZXkSGgoIY3VycmVuY3kYASABKAlSCGN1cnJlbmN5EhQKBXVu"
          + "aXRzGAIgASgDUgV1bml0cxIUCgVuYW5vcxgDIAEoBVIFbmFub3NKlgIKBhIEAAAJAQoICgEMEgMAABIKCAoBAhIDAgAUCkcKAgQA"
          + "EgQFAAkBGjsgQW4gYW1vdW50IG9mIG1vbmV5OiB3aG9sZSB1bml0cyBhbmQgYmlsbGlvbnRocyBvZiBhIHVuaXQuCgoKCgMEAAES"
          + "AwUIDQoMCgUEAAIABRIDBgIICgsKBAQAAgASAwYCFgoMCgUEAAIAARIDBgkRCgwKBQQAAgADEgMGFBUKDAoFBAACAQUSAwcCBwoL"
          + "CgQEAAIBEgMHAhIKDAoFBAACAQESAwcIDQoMCgUEAAIBAxIDBxARCgwKBQQAAgIFEgMIAgcKCwoEBAACAhIDCAISCgwKBQQAAgIB"
          + "EgMICA0KDAoFBAACAgMSAwgQEWIGcHJvdG8z0vYDBAgAGAA=";

  private final ProtobufSchemaCompiler compiler = new ProtobufSchemaCompiler();

  @Test
  void aDescriptorRegisteredByConfluentJsPrintsAsItsProtoText() throws Exception {
    assertThat(SerializedProtoFile.toProtoText(COMMON_FROM_CONFLUENT_JS)).isEqualTo("""
        syntax = "proto3";

        package shop.common;

        // An amount of money: whole units and billionths of a unit.
        message Money {
          string currency = 1;
          int64 units = 2;
          int32 nanos = 3;
        }
        """);
  }

  @Test
  void everyConstructOfTheDescriptorPrintsAsProtoText() throws Exception {
    DescriptorProto order = DescriptorProto.newBuilder()
        .setName("Order")
        .addNestedType(DescriptorProto.newBuilder()
            .setName("Line")
            .addField(field("sku", 1, Type.TYPE_STRING)))
        .addNestedType(DescriptorProto.newBuilder()
            .setName("AttributesEntry")
            .addField(field("key", 1, Type.TYPE_STRING))
            .addField(message("value", 2, ".shop.Order.Line"))
            .setOptions(MessageOptions.newBuilder().setMapEntry(true)))
        .addEnumType(EnumDescriptorProto.newBuilder()
            .setName("State")
            .setOptions(EnumOptions.newBuilder().setAllowAlias(true))
            .addValue(value("NEW", 0))
            .addValue(value("FRESH", 0))
            .addValue(value("DONE", 2))
            .addReservedRange(
                EnumDescriptorProto.EnumReservedRange.newBuilder().setStart(5).setEnd(9))
            .addReservedRange(EnumDescriptorProto.EnumReservedRange.newBuilder()
                .setStart(100)
                .setEnd(Integer.MAX_VALUE))
            .addReservedName("OLD"))
        .addField(field("id", 1, Type.TYPE_INT64))
        .addField(field("note", 2, Type.TYPE_STRING).setProto3Optional(true).setOneofIndex(1))
        .addField(message("lines", 3, ".shop.Order.Line").setLabel(Label.LABEL_REPEATED))
        .addField(
            message("attributes", 4, ".shop.Order.AttributesEntry").setLabel(Label.LABEL_REPEATED))
        .addField(field("card", 5, Type.TYPE_STRING).setOneofIndex(0))
        .addField(field("voucher", 6, Type.TYPE_STRING).setOneofIndex(0))
        .addField(field("codes", 7, Type.TYPE_INT32)
            .setLabel(Label.LABEL_REPEATED)
            .setOptions(FieldOptions.newBuilder().setPacked(false)))
        .addField(field("state", 8, Type.TYPE_ENUM).setTypeName(".shop.Order.State"))
        .addOneofDecl(OneofDescriptorProto.newBuilder().setName("payment"))
        .addOneofDecl(OneofDescriptorProto.newBuilder().setName("_note"))
        .addReservedRange(
            DescriptorProto.ReservedRange.newBuilder().setStart(10).setEnd(11))
        .addReservedRange(
            DescriptorProto.ReservedRange.newBuilder().setStart(20).setEnd(30))
        .addReservedRange(
            DescriptorProto.ReservedRange.newBuilder().setStart(1000).setEnd(1 << 29))
        .addReservedName("old_id")
        .build();
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("shop/order.proto")
        .setSyntax("proto3")
        .setPackage("shop")
        .addDependency("shop/common.proto")
        .addDependency("google/protobuf/timestamp.proto")
        .addDependency("old.proto")
        .addPublicDependency(0)
        .addWeakDependency(2)
        .addMessageType(order)
        .addMessageType(DescriptorProto.newBuilder().setName("Empty"))
        .addEnumType(EnumDescriptorProto.newBuilder().setName("Color").addValue(value("RED", 0)))
        .setSourceCodeInfo(SourceCodeInfo.newBuilder()
            .addLocation(SourceCodeInfo.Location.newBuilder()
                .addAllPath(List.of(4, 0))
                .setLeadingComments(" An order.\n"))
            .addLocation(SourceCodeInfo.Location.newBuilder()
                .addAllPath(List.of(4, 0, 2, 0))
                .setTrailingComments(" the id\n")))
        .build();

    assertThat(SerializedProtoFile.toProtoText(file)).isEqualTo("""
        syntax = "proto3";

        package shop;

        import public "shop/common.proto";
        import "google/protobuf/timestamp.proto";
        import weak "old.proto";

        // An order.
        message Order {
          reserved 10, 20 to 29, 1000 to max;
          reserved "old_id";
          message Line {
            string sku = 1;
          }
          enum State {
            option allow_alias = true;
            reserved 5 to 9, 100 to max;
            reserved "OLD";
            NEW = 0;
            FRESH = 0;
            DONE = 2;
          }

          int64 id = 1; // the id
          optional string note = 2;
          repeated .shop.Order.Line lines = 3;
          map<string, .shop.Order.Line> attributes = 4;
          oneof payment {
            string card = 5;
            string voucher = 6;
          }
          repeated int32 codes = 7 [packed = false];
          .shop.Order.State state = 8;
        }

        message Empty {
        }

        enum Color {
          RED = 0;
        }
        """);
  }

  @Test
  void proto2LabelsArePrintedAndAFileWithoutSyntaxStaysWithout() throws Exception {
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("old.proto")
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Old")
            .addField(field("a", 1, Type.TYPE_INT32))
            .addField(field("b", 2, Type.TYPE_STRING).setLabel(Label.LABEL_REQUIRED))
            .addField(field("c", 3, Type.TYPE_SINT64)
                .setLabel(Label.LABEL_REPEATED)
                .setOptions(FieldOptions.newBuilder().setPacked(true))))
        .build();

    assertThat(SerializedProtoFile.toProtoText(file)).isEqualTo("""
        message Old {
          optional int32 a = 1;
          required string b = 2;
          repeated sint64 c = 3 [packed = true];
        }
        """);
    CompiledSchema compiled =
        compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, base64(file)));
    assertThat(compiled.type().asStructType().field("b").isRequired()).isTrue();
  }

  @Test
  void commentsOfTheSourceInfoBecomeColumnDocs() throws Exception {
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("doc.proto")
        .setSyntax("proto3")
        .addMessageType(
            DescriptorProto.newBuilder().setName("Order").addField(field("id", 1, Type.TYPE_INT64)))
        .setSourceCodeInfo(SourceCodeInfo.newBuilder()
            .addLocation(SourceCodeInfo.Location.newBuilder()
                .addAllPath(List.of(4, 0, 2, 0))
                .setLeadingComments(" The order's id,\n unique per shop.\n")))
        .build();

    CompiledSchema compiled =
        compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, base64(file)));

    assertThat(compiled.type().asStructType().field("id").doc())
        .isEqualTo("The order's id,\nunique per shop.");
  }

  @Test
  void anEditionsFileWithImplicitPresencePrintsAsProto3() throws Exception {
    FileDescriptorProto file = editions(
        FeatureSet.newBuilder().setFieldPresence(FieldPresence.IMPLICIT),
        field("count", 1, Type.TYPE_INT32),
        field("limit", 2, Type.TYPE_INT32).setOptions(presence(FieldPresence.EXPLICIT)),
        message("child", 3, ".shop.Counter"));

    assertThat(SerializedProtoFile.toProtoText(file)).isEqualTo("""
        syntax = "proto3";

        package shop;

        message Counter {
          int32 count = 1;
          optional int32 limit = 2;
          .shop.Counter child = 3;
        }
        """);
    Types.StructType struct = compiler
        .compile(RegisteredSchema.of(SchemaType.PROTOBUF, base64(file)))
        .type()
        .asStructType();
    assertThat(struct.field("count").isRequired()).isTrue();
    assertThat(struct.field("limit").isOptional()).isTrue();
  }

  @Test
  void anEditionsFileWithExplicitPresencePrintsAsProto2() throws Exception {
    FileDescriptorProto file = editions(
        FeatureSet.newBuilder(),
        field("count", 1, Type.TYPE_INT32),
        field("id", 2, Type.TYPE_STRING).setOptions(presence(FieldPresence.LEGACY_REQUIRED)),
        field("tags", 3, Type.TYPE_STRING).setLabel(Label.LABEL_REPEATED));

    assertThat(SerializedProtoFile.toProtoText(file)).isEqualTo("""
        syntax = "proto2";

        package shop;

        message Counter {
          optional int32 count = 1;
          required string id = 2;
          repeated string tags = 3;
        }
        """);
  }

  @Test
  void anEditionsFileMixingImplicitAndRequiredFieldsPrintsAsProto2WithOptionalFields()
      throws Exception {
    FileDescriptorProto file = editions(
        FeatureSet.newBuilder().setFieldPresence(FieldPresence.IMPLICIT),
        field("count", 1, Type.TYPE_INT32),
        field("id", 2, Type.TYPE_STRING).setOptions(presence(FieldPresence.LEGACY_REQUIRED)));

    assertThat(SerializedProtoFile.toProtoText(file))
        .contains("syntax = \"proto2\";", "optional int32 count = 1;", "required string id = 2;");
  }

  @Test
  void delimitedMessageEncodingMakesTheFileUnreadable() {
    FileDescriptorProto file = editions(
        FeatureSet.newBuilder(),
        message("child", 3, ".shop.Counter")
            .setOptions(FieldOptions.newBuilder()
                .setFeatures(
                    FeatureSet.newBuilder().setMessageEncoding(MessageEncoding.DELIMITED))));

    assertThatThrownBy(() -> SerializedProtoFile.toProtoText(file))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage(
            "Cannot read the serialized Protobuf file shop/counter.proto: field Counter.child (3) is a message "
                + "with delimited (group) encoding, which Mink does not support");
  }

  @Test
  void groupsMakeTheFileUnreadable() {
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("old.proto")
        .setSyntax("proto2")
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Old")
            .addField(field("inner", 1, Type.TYPE_GROUP).setTypeName(".Old.Inner"))
            .addNestedType(DescriptorProto.newBuilder()
                .setName("Inner")
                .addField(field("x", 2, Type.TYPE_INT32))))
        .build();

    assertThatThrownBy(
            () -> compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, base64(file))))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage(
            "Cannot read the serialized Protobuf file old.proto: field Old.inner (1) is a group, "
                + "which Mink does not support");
  }

  @Test
  void textThatIsNotBase64IsUnreadable() {
    assertThatThrownBy(() -> SerializedProtoFile.toProtoText("message {"))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage("Protobuf schema is neither .proto text nor a base64 FileDescriptorProto: "
            + "it is not base64 (Illegal base64 character 20)");
  }

  @Test
  void base64OfBytesThatAreNoDescriptorIsUnreadable() {
    String truncated = Base64.getEncoder().encodeToString(new byte[] {0x0a, 0x05, 'a'});

    assertThatThrownBy(() -> compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, truncated)))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageStartingWith(
            "Protobuf schema is neither .proto text nor a base64 FileDescriptorProto: "
                + "its 3 bytes are not a google.protobuf.FileDescriptorProto (While parsing a protocol message, the input "
                + "ended unexpectedly");
  }

  @Test
  void aDescriptorWithIndexesPointingNowhereIsUnreadable() {
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("bad.proto")
        .setSyntax("proto3")
        .addMessageType(DescriptorProto.newBuilder()
            .setName("Bad")
            .addField(field("x", 1, Type.TYPE_INT32).setOneofIndex(4)))
        .build();

    assertThatThrownBy(() -> SerializedProtoFile.toProtoText(file))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageStartingWith(
            "Cannot read the serialized Protobuf file bad.proto: it is no valid FileDescriptorProto");
  }

  @Test
  void anUnreadableReferenceNamesItsImport() {
    RegisteredSchema schema = new RegisteredSchema(
        SchemaType.PROTOBUF,
        "syntax = \"proto3\"; import \"shop/money.proto\"; message Payment { int32 id = 1; }",
        List.of(new SchemaReference(
            "shop/money.proto",
            "shop/money.proto",
            1,
            RegisteredSchema.of(SchemaType.PROTOBUF, "AAAA"))));

    assertThatThrownBy(() -> compiler.compile(schema))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageStartingWith(
            "Protobuf schema imports \"shop/money.proto\", whose reference is unreadable: "
                + "Protobuf schema is neither .proto text nor a base64 FileDescriptorProto: its 3 bytes are not a "
                + "google.protobuf.FileDescriptorProto");
  }

  @Test
  void onlyNonBlankBase64TextLooksSerialized() {
    assertThat(SerializedProtoFile.looksSerialized(COMMON_FROM_CONFLUENT_JS)).isTrue();
    assertThat(SerializedProtoFile.looksSerialized(" Cg==\n")).isTrue();
    assertThat(SerializedProtoFile.looksSerialized("message A {}")).isFalse();
    assertThat(SerializedProtoFile.looksSerialized("syntax=\"proto3\";")).isFalse();
    assertThat(SerializedProtoFile.looksSerialized(" ")).isFalse();
  }

  static String base64(FileDescriptorProto file) {
    return Base64.getEncoder().encodeToString(file.toByteArray());
  }

  private static FileDescriptorProto editions(
      FeatureSet.Builder fileFeatures, FieldDescriptorProto.Builder... fields) {
    DescriptorProto.Builder counter = DescriptorProto.newBuilder().setName("Counter");
    for (FieldDescriptorProto.Builder field : fields) {
      counter.addField(field);
    }
    return FileDescriptorProto.newBuilder()
        .setName("shop/counter.proto")
        .setSyntax("editions")
        .setEdition(Edition.EDITION_2023)
        .setPackage("shop")
        .setOptions(FileOptions.newBuilder().setFeatures(fileFeatures))
        .addMessageType(counter)
        .build();
  }

  private static FieldOptions presence(FieldPresence presence) {
    return FieldOptions.newBuilder()
        .setFeatures(FeatureSet.newBuilder().setFieldPresence(presence))
        .build();
  }

  private static FieldDescriptorProto.Builder field(String name, int number, Type type) {
    return FieldDescriptorProto.newBuilder()
        .setName(name)
        .setNumber(number)
        .setType(type)
        .setLabel(Label.LABEL_OPTIONAL);
  }

  private static FieldDescriptorProto.Builder message(String name, int number, String typeName) {
    return field(name, number, Type.TYPE_MESSAGE).setTypeName(typeName);
  }

  private static EnumValueDescriptorProto.Builder value(String name, int number) {
    return EnumValueDescriptorProto.newBuilder().setName(name).setNumber(number);
  }
}
