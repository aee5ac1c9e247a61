package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Parsing and linking registered .proto files: references, well-known types and what cannot be read. */
class ProtobufSchemaLoadingTest {
  private static final String MONEY = """
      syntax = "proto3";
      package common.money;
      import "common/currency.proto";
      message Money {
        common.currency.Currency currency = 1;
        int64 units = 2;
      }
      """;
  private static final String CURRENCY = """
      syntax = "proto3";
      package common.currency;
      enum Currency {
        CURRENCY_UNSPECIFIED = 0;
        EUR = 1;
      }
      """;
  private static final String PAYMENT = """
      syntax = "proto3";
      package billing;
      import "common/money.proto";
      import "google/protobuf/timestamp.proto";
      message Payment {
        common.money.Money amount = 1;
        google.protobuf.Timestamp paid_at = 2;
      }
      """;

  private final ProtobufSchemaCompiler compiler = new ProtobufSchemaCompiler();

  @Test
  void importsResolveToTheSchemaReferencesByImportPathRecursively() throws Exception {
    RegisteredSchema currency = RegisteredSchema.of(SchemaType.PROTOBUF, CURRENCY);
    RegisteredSchema money = new RegisteredSchema(
        SchemaType.PROTOBUF,
        MONEY,
        List.of(new SchemaReference("common/currency.proto", "currency-value", 3, currency)));
    RegisteredSchema payment = new RegisteredSchema(
        SchemaType.PROTOBUF,
        PAYMENT,
        List.of(new SchemaReference("common/money.proto", "money-value", 1, money)));

    CompiledSchema compiled = compiler.compile(payment);

    Types.StructType amount =
        compiled.type().asStructType().field("amount").type().asStructType();
    assertThat(amount.field("currency").type()).isEqualTo(Types.StringType.get());
    assertThat(amount.field("units").type()).isEqualTo(Types.LongType.get());
    assertThat(compiled.type().asStructType().field("paid_at").type())
        .isEqualTo(Types.TimestampType.withZone());
  }

  @Test
  void payloadsOfMessagesWithImportedTypesDecode() throws Exception {
    ProtoFixture fixture = ProtoFixture.of(
        PAYMENT, Map.of("common/money.proto", MONEY, "common/currency.proto", CURRENCY));

    GenericRecord payment = fixture.decode(fixture
        .message("Payment")
        .set(
            "amount",
            new ProtoFixture.MessageBuilder(
                    fixture.file().getDependencies().get(0).findMessageTypeByName("Money"))
                .set("currency", "EUR")
                .set("units", 12L)));

    GenericRecord amount = (GenericRecord) payment.getField("amount");
    assertThat(amount.getField("currency")).isEqualTo("EUR");
    assertThat(amount.getField("units")).isEqualTo(12L);
  }

  @Test
  void everyWellKnownTypeResolvesWithoutReferences() throws Exception {
    String text = """
        syntax = "proto3";
        import "google/protobuf/any.proto";
        import "google/protobuf/duration.proto";
        import "google/protobuf/empty.proto";
        import "google/protobuf/field_mask.proto";
        import "google/protobuf/struct.proto";
        import "google/protobuf/timestamp.proto";
        import "google/protobuf/wrappers.proto";
        message Everything {
          google.protobuf.Any any = 1;
          google.protobuf.Duration duration = 2;
          google.protobuf.Empty empty = 3;
          google.protobuf.FieldMask field_mask = 4;
          google.protobuf.Struct struct = 5;
          google.protobuf.Timestamp timestamp = 6;
          google.protobuf.Int64Value wrapper = 7;
        }
        """;

    CompiledSchema compiled = compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, text));

    assertThat(compiled.type().asStructType().fields()).hasSize(7);
  }

  @Test
  void anImportThatIsNeitherAReferenceNorAWellKnownTypeMakesTheSchemaUnreadable() {
    assertUnreadable(
        """
        syntax = "proto3";
        import "common/money.proto";
        message Payment { int32 id = 1; }
        """,
        "Protobuf schema imports \"common/money.proto\", which is neither among its references nor a well-known type");
  }

  @Test
  void aSyntaxErrorMakesTheSchemaUnreadable() {
    assertUnreadable(
        "syntax = \"proto3\"; message Payment { int32 id = 1 }",
        "Unreadable Protobuf schema: Syntax error in registered-schema.proto:1:52: expected ';' but was '}'");
  }

  @Test
  void anUnresolvableTypeMakesTheSchemaUnreadable() {
    assertThatThrownBy(() -> compiler.compile(RegisteredSchema.of(
            SchemaType.PROTOBUF, "syntax = \"proto3\"; message Payment { Money amount = 1; }")))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageStartingWith("Unreadable Protobuf schema: unable to resolve Money");
  }

  @Test
  void aSchemaWithoutMessagesIsUnreadable() {
    assertUnreadable(
        "syntax = \"proto3\"; enum Color { RED = 0; }",
        "Unreadable Protobuf schema: the schema defines no message, so there is nothing to decode");
  }

  @Test
  void groupsMakeTheSchemaUnreadable() {
    assertThatThrownBy(
            () -> compiler.compile(
                RegisteredSchema.of(
                    SchemaType.PROTOBUF,
                    "syntax = \"proto2\"; message Old { optional group Inner = 1 { optional int32 x = 2; } }")))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageContaining("'group' is not supported");
  }

  @Test
  void aSchemaOfAnotherLanguageIsUnreadable() {
    assertThatThrownBy(() -> compiler.compile(RegisteredSchema.of(SchemaType.AVRO, "\"string\"")))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage("Expected a Protobuf schema, got schema type AVRO");
  }

  @Test
  void proto2AndProto3SchemasBothCompile() throws Exception {
    CompiledSchema proto2 = compiler.compile(RegisteredSchema.of(
        SchemaType.PROTOBUF,
        "syntax = \"proto2\"; message A { optional int32 x = 1; required string y = 2; }"));
    CompiledSchema implicitProto2 = compiler.compile(
        RegisteredSchema.of(SchemaType.PROTOBUF, "message A { optional int32 x = 1; }"));
    CompiledSchema proto3 = compiler.compile(RegisteredSchema.of(
        SchemaType.PROTOBUF, "syntax = \"proto3\"; message A { int32 x = 1; }"));

    assertThat(proto2.type().asStructType().field("x").isOptional()).isTrue();
    assertThat(implicitProto2.type().asStructType().field("x").isOptional()).isTrue();
    assertThat(proto3.type().asStructType().field("x").isRequired()).isTrue();
  }

  private void assertUnreadable(String text, String message) {
    assertThatThrownBy(() -> compiler.compile(RegisteredSchema.of(SchemaType.PROTOBUF, text)))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage(message);
  }
}
