package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.SchemaType;
import io.mink.testkit.registry.FakeSchemaRegistry.Reference;
import io.mink.testkit.registry.FakeSchemaRegistry.Registered;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fake's REST API, spoken raw: the shapes and codes a Confluent registry answers with. */
class FakeSchemaRegistryTest {
  private static final String COMMON_PROTO =
      "syntax = \"proto3\";\npackage common;\nmessage Money { int64 cents = 1; }\n";

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private FakeSchemaRegistry registry = FakeSchemaRegistry.start();

  @AfterEach
  void stop() {
    registry.close();
  }

  private record Answer(int status, String body, String contentType) {}

  private Answer get(String path) throws Exception {
    return send(HttpRequest.newBuilder(URI.create(registry.url() + path)).GET().build());
  }

  private Answer post(String path, String body) throws Exception {
    return send(HttpRequest.newBuilder(URI.create(registry.url() + path))
        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build());
  }

  private Answer send(HttpRequest request) throws Exception {
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    return new Answer(
        response.statusCode(),
        response.body(),
        response.headers().firstValue("Content-Type").orElse(null));
  }

  @Test
  void registeringAnswersIdVersionAndGuid() throws Exception {
    Answer answer = post("/subjects/orders-value/versions", "{\"schema\":\"\\\"string\\\"\"}");

    Registered registered = registry.register("orders-value", SchemaType.AVRO, "\"string\"");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.contentType()).isEqualTo("application/vnd.schemaregistry.v1+json");
    assertThat(answer.body())
        .isEqualTo("{\"id\":1,\"version\":1,\"guid\":\"" + registered.guid()
            + "\",\"schemaType\":\"AVRO\",\"schema\":\"\\\"string\\\"\"}");
  }

  @Test
  void theSameSchemaUnderAnotherSubjectKeepsItsIdAndGuid() {
    Registered first = registry.register("a-value", SchemaType.AVRO, "\"string\"");
    Registered second = registry.register("b-value", SchemaType.AVRO, "\"string\"");
    Registered other = registry.register("a-value", SchemaType.AVRO, "\"long\"");

    assertThat(second.id()).isEqualTo(first.id());
    assertThat(second.guid()).isEqualTo(first.guid());
    assertThat(second.version()).isEqualTo(1);
    assertThat(other.id()).isEqualTo(2);
    assertThat(other.version()).isEqualTo(2);
  }

  @Test
  void reRegisteringASubjectsSchemaMakesNoNewVersion() throws Exception {
    registry.register("a-value", SchemaType.AVRO, "\"string\"");
    registry.register("a-value", SchemaType.AVRO, "\"long\"");
    Registered again = registry.register("a-value", SchemaType.AVRO, "\"string\"");

    assertThat(again.version()).isEqualTo(1);
    assertThat(get("/subjects/a-value/versions").body()).isEqualTo("[1,2]");
  }

  @Test
  void theSameTextInAnotherLanguageIsAnotherSchema() {
    Registered avro = registry.register("s", SchemaType.AVRO, "{\"type\":\"string\"}");
    Registered json = registry.register("s", SchemaType.JSON, "{\"type\":\"string\"}");

    assertThat(json.id()).isNotEqualTo(avro.id());
    assertThat(json.guid()).isNotEqualTo(avro.guid());
  }

  @Test
  void schemaByIdIsConfluentsSchemaString() throws Exception {
    registry.register("common", SchemaType.PROTOBUF, COMMON_PROTO);
    Registered order = registry.register(
        "orders-value",
        SchemaType.PROTOBUF,
        "import \"common.proto\";",
        List.of(new Reference("common.proto", "common", 1)));

    assertThat(get("/schemas/ids/2").body())
        .isEqualTo("{\"schemaType\":\"PROTOBUF\",\"schema\":\"import "
            + "\\\"common.proto\\\";\",\"references\":[{\"name\":\"common.proto\",\"subject\":\"common\",\"version\":1}],"
            + "\"guid\":\"" + order.guid() + "\"}");
    assertThat(get("/schemas/ids/2?subject=orders-value").body())
        .endsWith(",\"subject\":\"orders-value\",\"version\":1}");
  }

  @Test
  void schemaByGuidIsTheSameShape() throws Exception {
    Registered registered = registry.register("t", SchemaType.JSON, "{\"type\":\"object\"}");

    assertThat(get("/schemas/guids/" + registered.guid()).body())
        .isEqualTo("{\"schemaType\":\"JSON\",\"schema\":"
            + "\"{\\\"type\\\":\\\"object\\\"}\",\"guid\":\"" + registered.guid() + "\"}");
  }

  @Test
  void subjectVersionIsConfluentsSchemaEntity() throws Exception {
    Registered registered = registry.register("t-value", SchemaType.AVRO, "\"int\"");

    String expected = "{\"subject\":\"t-value\",\"version\":1,\"id\":1,\"guid\":\""
        + registered.guid() + "\",\"schemaType\":\"AVRO\",\"schema\":\"\\\"int\\\"\"}";
    assertThat(get("/subjects/t-value/versions/1").body()).isEqualTo(expected);
    assertThat(get("/subjects/t-value/versions/latest").body()).isEqualTo(expected);
    assertThat(get("/subjects/t-value/versions/-1").body()).isEqualTo(expected);
  }

  @Test
  void subjectsWithSlashesAndSpacesArePercentEncoded() throws Exception {
    registry.register("team a/orders.proto", SchemaType.PROTOBUF, "message A {}");

    assertThat(get("/subjects").body()).isEqualTo("[\"team a/orders.proto\"]");
    assertThat(get("/subjects/team%20a%2Forders.proto/versions/1").status()).isEqualTo(200);
  }

  @Test
  void lookingUpASchemaUnderASubjectFindsItsVersion() throws Exception {
    registry.register("t-value", SchemaType.AVRO, "\"int\"");

    assertThat(post("/subjects/t-value", "{\"schema\":\"\\\"int\\\"\"}").body())
        .startsWith("{\"subject\":\"t-value\",\"version\":1,\"id\":1,");
    assertThat(post("/subjects/t-value", "{\"schema\":\"\\\"long\\\"\"}"))
        .isEqualTo(new Answer(
            404,
            "{\"error_code\":40403,\"message\":\"Schema not found\"}",
            "application/vnd.schemaregistry.v1+json"));
  }

  @Test
  void schemaIdVersionsListsItsSubjects() throws Exception {
    registry.register("a", SchemaType.AVRO, "\"int\"");
    registry.register("b", SchemaType.AVRO, "\"long\"");
    registry.register("b", SchemaType.AVRO, "\"int\"");

    assertThat(get("/schemas/ids/1/versions").body())
        .isEqualTo("[{\"subject\":\"a\",\"version\":1},{\"subject\":\"b\",\"version\":2}]");
  }

  @Test
  void unknownThingsAnswerConfluentsErrorCodes() throws Exception {
    registry.register("a", SchemaType.AVRO, "\"int\"");

    assertThat(get("/schemas/ids/7"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(404, "{\"error_code\":40403,\"message\":\"Schema 7 not found\"}");
    assertThat(get("/schemas/guids/0b8e1d3c-1a6b-4a55-9d4c-2f6f6d1e0a11").body())
        .isEqualTo(
            "{\"error_code\":40403,\"message\":\"Schema 0b8e1d3c-1a6b-4a55-9d4c-2f6f6d1e0a11 not found\"}");
    assertThat(get("/subjects/nope/versions").body())
        .isEqualTo("{\"error_code\":40401,\"message\":\"Subject 'nope' not found.\"}");
    assertThat(get("/subjects/a/versions/5").body())
        .isEqualTo("{\"error_code\":40402,\"message\":\"Version 5 not found.\"}");
    assertThat(get("/subjects/a/versions/zero"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(
            422,
            "{\"error_code\":42202,\"message\":\"The specified version 'zero' is not a valid "
                + "version id. Allowed values are between [1, 2^31-1] and the string \\\"latest\\\"\"}");
    assertThat(get("/schemas/ids/7/versions").body())
        .isEqualTo("{\"error_code\":40403,\"message\":\"Schema not found\"}");
    assertThat(get("/nothing/here"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(404, "{\"error_code\":404,\"message\":\"HTTP 404 Not Found\"}");
    assertThat(post("/schemas/ids/1", "{}"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(405, "{\"error_code\":405,\"message\":\"HTTP 405 Method Not Allowed\"}");
  }

  @Test
  void referenceToAMissingVersionIsAnInvalidSchema() throws Exception {
    Answer answer = post(
        "/subjects/b/versions",
        "{\"schemaType\":\"PROTOBUF\",\"schema\":\"import \\\"a.proto\\\";\","
            + "\"references\":[{\"name\":\"a.proto\",\"subject\":\"a\",\"version\":1}]}");

    assertThat(answer.status()).isEqualTo(422);
    assertThat(answer.body())
        .startsWith("{\"error_code\":42201,\"message\":\"Invalid schema ")
        .contains("reference 'a.proto' to subject 'a' version 1 not found");
  }

  @Test
  void avroThatIsNotJsonIsAnInvalidSchema() throws Exception {
    assertThat(post("/subjects/b/versions", "{\"schema\":\"record {\"}").status())
        .isEqualTo(422);
    assertThatThrownBy(() -> registry.register("b", SchemaType.AVRO, "record {"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("The registry refuses the schema: 42201 Invalid schema record {");
  }

  @Test
  void anUnavailableRegistryAnswers503ToEverythingUntilBack() throws Exception {
    registry.register("a", SchemaType.AVRO, "\"int\"");
    registry.setAvailable(false);

    assertThat(get("/schemas/ids/1"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(503, "{\"error_code\":503,\"message\":\"Service Unavailable\"}");
    assertThat(post("/subjects/a/versions", "{\"schema\":\"\\\"int\\\"\"}").status())
        .isEqualTo(503);

    registry.setAvailable(true);
    assertThat(get("/schemas/ids/1").status()).isEqualTo(200);
  }

  @Test
  void countsAndLogsEveryRequest() throws Exception {
    get("/schemas/ids/1");
    registry.setAvailable(false);
    get("/subjects?deleted=true");

    assertThat(registry.requestCount()).isEqualTo(2);
    assertThat(registry.requests())
        .containsExactly("GET /schemas/ids/1", "GET /subjects?deleted=true");
  }

  @Test
  void basicAuthRegistryRefusesOtherCredentials() throws Exception {
    registry.close();
    registry = FakeSchemaRegistry.startWithBasicAuth("mink", "s3cret");
    String good = "Basic "
        + Base64.getEncoder().encodeToString("mink:s3cret".getBytes(StandardCharsets.UTF_8));
    String bad = "Basic "
        + Base64.getEncoder().encodeToString("mink:wrong".getBytes(StandardCharsets.UTF_8));

    assertThat(get("/subjects"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(401, "{\"error_code\":401,\"message\":\"Unauthorized\"}");
    assertThat(send(HttpRequest.newBuilder(URI.create(registry.url() + "/subjects"))
                .header("Authorization", bad)
                .build())
            .status())
        .isEqualTo(401);
    assertThat(send(HttpRequest.newBuilder(URI.create(registry.url() + "/subjects"))
            .header("Authorization", good)
            .build()))
        .extracting(Answer::status, Answer::body)
        .containsExactly(200, "[]");
  }

  @Test
  void confluent7StyleOmitsTheAvroSchemaType() throws Exception {
    registry.close();
    registry = FakeSchemaRegistry.startOmittingAvroSchemaType();
    registry.register("a", SchemaType.AVRO, "\"int\"");
    Registered proto = registry.register("p", SchemaType.PROTOBUF, "message A {}");

    assertThat(get("/schemas/ids/1").body()).doesNotContain("schemaType");
    assertThat(get("/schemas/ids/" + proto.id()).body()).contains("\"schemaType\":\"PROTOBUF\"");
  }
}
