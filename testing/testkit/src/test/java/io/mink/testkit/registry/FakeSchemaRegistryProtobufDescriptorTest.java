package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.registry.FakeSchemaRegistry.Reference;
import io.mink.testkit.registry.FakeSchemaRegistry.Registered;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Protobuf schemas registered as base64 {@code FileDescriptorProto}s, as Confluent's serializers
 * outside Java register them: kept, served and identified by their .proto text, as Confluent's
 * registry keeps its canonical text, and served as descriptors with {@code ?format=serialized}.
 */
class FakeSchemaRegistryProtobufDescriptorTest {
  private static final String MONEY_TEXT = """
      syntax = "proto3";

      package shop;

      message Money {
        string currency = 1;
        int64 units = 2;
      }
      """;
  private static final String MONEY = base64(FileDescriptorProto.newBuilder()
      .setName("shop/money.proto")
      .setSyntax("proto3")
      .setPackage("shop")
      .addMessageType(DescriptorProto.newBuilder()
          .setName("Money")
          .addField(field("currency", 1, FieldDescriptorProto.Type.TYPE_STRING))
          .addField(field("units", 2, FieldDescriptorProto.Type.TYPE_INT64)))
      .build());
  private static final String ORDER = base64(FileDescriptorProto.newBuilder()
      .setName("shop/order.proto")
      .setSyntax("proto3")
      .setPackage("shop")
      .addDependency("shop/money.proto")
      .addMessageType(DescriptorProto.newBuilder()
          .setName("Order")
          .addField(
              field("total", 1, FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName(".shop.Money")))
      .build());

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();

  @AfterEach
  void stop() {
    registry.close();
  }

  @Test
  void aDescriptorIsKeptAndServedAsProtoText() throws Exception {
    JsonNode registered = post("/subjects/money/versions", request(MONEY));

    assertThat(registered.get("schema").asText()).isEqualTo(MONEY_TEXT);
    assertThat(get("/schemas/ids/1").get("schema").asText()).isEqualTo(MONEY_TEXT);
    assertThat(get("/schemas/guids/" + registered.get("guid").asText())
            .get("schema")
            .asText())
        .isEqualTo(MONEY_TEXT);
    assertThat(get("/subjects/money/versions/latest").get("schema").asText()).isEqualTo(MONEY_TEXT);
  }

  @Test
  void aDescriptorHasTheIdAndGuidOfItsProtoText() {
    Registered descriptor = registry.register("money-descriptor", SchemaType.PROTOBUF, MONEY);
    Registered text = registry.register("money-text", SchemaType.PROTOBUF, MONEY_TEXT);

    assertThat(text.id()).isEqualTo(descriptor.id());
    assertThat(text.guid()).isEqualTo(descriptor.guid());
  }

  @Test
  void lookingADescriptorUpFindsTheVersionThatHoldsItsText() throws Exception {
    registry.register("money", SchemaType.PROTOBUF, MONEY_TEXT);

    JsonNode found = post("/subjects/money", request(MONEY));

    assertThat(found.get("version").asInt()).isEqualTo(1);
    assertThat(found.get("schema").asText()).isEqualTo(MONEY_TEXT);
  }

  @Test
  void formatSerializedServesTheSchemaAsABase64Descriptor() throws Exception {
    registry.register("shop/money.proto", SchemaType.PROTOBUF, MONEY);
    Registered order = registry.register(
        "orders-value",
        SchemaType.PROTOBUF,
        ORDER,
        List.of(new Reference("shop/money.proto", "shop/money.proto", 1)));

    for (String path : List.of(
        "/schemas/ids/" + order.id() + "?format=serialized",
        "/schemas/guids/" + order.guid() + "?format=serialized",
        "/subjects/orders-value/versions/1?format=serialized")) {
      FileDescriptorProto served = FileDescriptorProto.parseFrom(
          Base64.getDecoder().decode(get(path).get("schema").asText()));
      assertThat(served.getDependencyList()).as(path).containsExactly("shop/money.proto");
      assertThat(served.getMessageType(0).getField(0).getTypeName())
          .as(path)
          .isEqualTo(".shop.Money");
    }
    assertThat(get("/schemas/ids/" + order.id()).get("schema").asText())
        .contains("message Order {");
  }

  @Test
  void formatSerializedLeavesOtherSchemaTypesAsText() throws Exception {
    Registered avro = registry.register("a", SchemaType.AVRO, "\"string\"");

    assertThat(get("/schemas/ids/" + avro.id() + "?format=serialized")
            .get("schema")
            .asText())
        .isEqualTo("\"string\"");
  }

  @Test
  void base64ThatIsNoDescriptorIsRefused() throws Exception {
    HttpResponse<String> answer =
        send(HttpRequest.newBuilder(URI.create(registry.url() + "/subjects/x/versions"))
            .POST(HttpRequest.BodyPublishers.ofString(request("AAAA")))
            .build());

    assertThat(answer.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(answer.body()).get("error_code").asInt()).isEqualTo(42201);
    assertThat(JSON.readTree(answer.body()).get("message").asText())
        .isEqualTo(
            "Invalid schema AAAA of type PROTOBUF, "
                + "details: Protobuf schema is neither .proto text nor a base64 FileDescriptorProto: its 3 bytes are not a "
                + "google.protobuf.FileDescriptorProto (Protocol message contained an invalid tag (zero).)");
  }

  private static String request(String schema) {
    return JSON.createObjectNode()
        .put("schemaType", "PROTOBUF")
        .put("schema", schema)
        .toString();
  }

  private JsonNode get(String path) throws Exception {
    HttpResponse<String> answer =
        send(HttpRequest.newBuilder(URI.create(registry.url() + path)).GET().build());
    assertThat(answer.statusCode()).as("GET %s: %s", path, answer.body()).isEqualTo(200);
    return JSON.readTree(answer.body());
  }

  private JsonNode post(String path, String body) throws Exception {
    HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(registry.url() + path))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build());
    assertThat(answer.statusCode()).as("POST %s: %s", path, answer.body()).isEqualTo(200);
    return JSON.readTree(answer.body());
  }

  private HttpResponse<String> send(HttpRequest request) throws Exception {
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static FieldDescriptorProto.Builder field(
      String name, int number, FieldDescriptorProto.Type type) {
    return FieldDescriptorProto.newBuilder()
        .setName(name)
        .setNumber(number)
        .setType(type)
        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL);
  }

  private static String base64(FileDescriptorProto file) {
    return Base64.getEncoder().encodeToString(file.toByteArray());
  }
}
