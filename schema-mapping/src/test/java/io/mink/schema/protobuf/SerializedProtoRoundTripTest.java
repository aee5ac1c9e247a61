package io.mink.schema.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.FileDescriptor;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A .proto file and its descriptor, serialized in base64 as Confluent's serializers outside Java
 * register it, compile to the same Iceberg type and decode payloads to the same rows. The
 * descriptors are protobuf-java's, built from Wire's reading of the text ({@link ProtoDescriptors}).
 */
class SerializedProtoRoundTripTest {
  private static final String PROTO2 = """
      syntax = "proto2";
      package legacy;
      message Account {
        required int64 id = 1;
        optional string name = 2 [default = "anonymous"];
        repeated int32 scores = 3 [packed = true];
        repeated Kind kinds = 4;
        optional Address address = 5;
        oneof contact {
          string email = 6;
          Address postal = 7;
        }
        map<string, Address> addresses = 8;
        optional bytes avatar = 9;
        message Address {
          required string city = 1;
          optional string zip = 2;
        }
        enum Kind {
          PERSONAL = 1;
          BUSINESS = 2;
        }
        reserved 50 to 60;
        extensions 100 to 199;
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
  private static final String MONEY = """
      syntax = "proto3";
      package common.money;
      import "common/currency.proto";
      message Money {
        common.currency.Currency currency = 1;
        int64 units = 2;
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
        repeated common.money.Money refunds = 3;
        map<string, common.money.Money> fees = 4;
      }
      """;

  private static final ProtoFixture RICH = ProtoFixture.of(ProtobufDecoderPropertiesTest.RICH);
  private static final CompiledSchema RICH_FROM_DESCRIPTOR =
      compile(serialized(RICH.file()), Map.of());
  private static final ProtoFixture ACCOUNT = ProtoFixture.of(PROTO2);
  private static final CompiledSchema ACCOUNT_FROM_DESCRIPTOR =
      compile(serialized(ACCOUNT.file()), Map.of());

  @Example
  void everyMappedTypeCompilesTheSameFromTheDescriptor() {
    assertThat(RICH_FROM_DESCRIPTOR.type()).isEqualTo(RICH.compiled().type());
  }

  @Example
  void proto2LabelsCompileTheSameFromTheDescriptor() {
    assertThat(ACCOUNT_FROM_DESCRIPTOR.type()).isEqualTo(ACCOUNT.compiled().type());
  }

  @Property(tries = 500)
  void payloadsDecodeToTheSameRowsThroughTheDescriptor(@ForAll long seed) {
    byte[] rich =
        new RandomMessages(seed, 0.6).message(RICH.descriptor("Root"), 0).toByteArray();
    byte[] account =
        new RandomMessages(seed, 0.6).message(ACCOUNT.descriptor("Account"), 0).toByteArray();

    assertThat(outcome(RICH_FROM_DESCRIPTOR, rich)).isEqualTo(outcome(RICH.compiled(), rich));
    assertThat(outcome(ACCOUNT_FROM_DESCRIPTOR, account))
        .isEqualTo(outcome(ACCOUNT.compiled(), account));
  }

  @Example
  void importsRegisteredAsDescriptorsResolveLikeTheirText() throws Exception {
    Map<String, String> texts =
        Map.of("common/money.proto", MONEY, "common/currency.proto", CURRENCY);
    ProtoFixture payment = ProtoFixture.of(PAYMENT, texts);
    Map<String, String> descriptors = new LinkedHashMap<>();
    for (FileDescriptor dependency : payment.file().getDependencies()) {
      collect(dependency, descriptors);
    }
    byte[] bytes = payment
        .message("Payment")
        .set("amount", moneyOf(payment, "EUR", 12L))
        .set("refunds", List.of(moneyOf(payment, "EUR", 2L)))
        .set("fees", Map.of("card", moneyOf(payment, "CURRENCY_UNSPECIFIED", 1L)))
        .bytes();

    for (CompiledSchema compiled : List.of(
        compile(serialized(payment.file()), descriptors),
        compile(PAYMENT, descriptors),
        compile(serialized(payment.file()), texts))) {
      assertThat(compiled.type()).isEqualTo(payment.compiled().type());
      assertThat(outcome(compiled, bytes)).isEqualTo(outcome(payment.compiled(), bytes));
    }
  }

  @Property(tries = 1_000)
  void randomBase64IsCompiledOrUnreadable(@ForAll @Size(max = 300) byte[] bytes) {
    compileOrReject(Base64.getEncoder().encodeToString(bytes));
  }

  @Property(tries = 1_000)
  void mutatedDescriptorsAreCompiledOrUnreadable(@ForAll long seed) {
    Random random = new Random(seed);
    byte[] bytes = RICH.file().toProto().toByteArray();
    for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
      bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
    }
    int length = random.nextBoolean() ? bytes.length : random.nextInt(bytes.length);

    compileOrReject(Base64.getEncoder().encodeToString(Arrays.copyOf(bytes, length)));
  }

  private static ProtoFixture.MessageBuilder moneyOf(
      ProtoFixture payment, String currency, long units) {
    return new ProtoFixture.MessageBuilder(
            payment.file().getDependencies().get(0).findMessageTypeByName("Money"))
        .set("currency", currency)
        .set("units", units);
  }

  /** The file and what it imports, but the well-known types, by import path. */
  private static void collect(FileDescriptor file, Map<String, String> descriptors) {
    if (file.getName().startsWith("google/protobuf/") || descriptors.containsKey(file.getName())) {
      return;
    }
    descriptors.put(file.getName(), serialized(file));
    for (FileDescriptor dependency : file.getDependencies()) {
      collect(dependency, descriptors);
    }
  }

  private static String serialized(FileDescriptor file) {
    return Base64.getEncoder().encodeToString(file.toProto().toByteArray());
  }

  private static CompiledSchema compile(String text, Map<String, String> imports) {
    List<SchemaReference> references = new ArrayList<>();
    imports.forEach((path, imported) -> references.add(
        new SchemaReference(path, path, 1, RegisteredSchema.of(SchemaType.PROTOBUF, imported))));
    try {
      return new ProtobufSchemaCompiler()
          .compile(new RegisteredSchema(SchemaType.PROTOBUF, text, references));
    } catch (UnreadableSchemaException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }

  /** The decoded row, or why the payload does not decode. */
  private static Object outcome(CompiledSchema compiled, byte[] payload) {
    try {
      return compiled.decode(payload, 0, payload.length);
    } catch (UndecodableException e) {
      return "undecodable: " + e.getMessage();
    }
  }

  private static void compileOrReject(String text) {
    try {
      CompiledSchema compiled =
          new ProtobufSchemaCompiler().compile(RegisteredSchema.of(SchemaType.PROTOBUF, text));
      assertThat(compiled.type().isStructType()).isTrue();
    } catch (UnreadableSchemaException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
