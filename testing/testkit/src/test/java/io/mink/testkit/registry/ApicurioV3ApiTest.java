package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.registry.SchemaType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The fake's Apicurio Registry 3 API, spoken raw as Apicurio's Kiota client speaks it: the shapes and codes of
 * the calls Apicurio's serdes make, over the same schemas as the Confluent API.
 */
class ApicurioV3ApiTest {
  private static final String ADDRESS =
      "{\"type\":\"record\",\"name\":\"Address\",\"namespace\":\"shop\","
          + "\"fields\":[{\"name\":\"city\",\"type\":\"string\"}]}";
  private static final String ORDER =
      "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\","
          + "\"fields\":[{\"name\":\"shipping\",\"type\":\"shop.Address\"}]}";
  /** The query Apicurio's serdes send with auto-registration on. */
  private static final String FIND_OR_CREATE = "?canonical=false&ifExists=FIND_OR_CREATE_VERSION";

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();

  @AfterEach
  void stop() {
    registry.close();
  }

  private record Answer(int status, String body, String contentType) {}

  private Answer get(String path) throws Exception {
    return send(
        HttpRequest.newBuilder(URI.create(registry.apicurioUrl() + path)).GET().build());
  }

  private Answer confluent(String path) throws Exception {
    return send(HttpRequest.newBuilder(URI.create(registry.url() + path)).GET().build());
  }

  private Answer create(String query, String body) throws Exception {
    return send(HttpRequest.newBuilder(
            URI.create(registry.apicurioUrl() + "/groups/default/artifacts" + query))
        .header("Content-Type", "application/json")
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

  /** A CreateArtifact body as Apicurio's serdes send it. */
  private static String createArtifact(
      String artifactId, String type, String content, String references) {
    return "{\"artifactId\":\"" + artifactId + "\",\"artifactType\":\"" + type
        + "\",\"firstVersion\":{\"content\":"
        + "{\"content\":" + JsonText.write(content)
        + ",\"contentType\":\"application/json\",\"references\":"
        + references + "}}}";
  }

  @Test
  void creatingAnArtifactAnswersCreateArtifactResponseWithTheContentIdTheConfluentApiServes()
      throws Exception {
    Answer answer =
        create(FIND_OR_CREATE, createArtifact("orders-value", "AVRO", "\"string\"", "[]"));

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.contentType()).isEqualTo("application/json");
    assertThat(answer.body())
        .isEqualTo(
            "{\"artifact\":{\"groupId\":\"default\",\"artifactId\":\"orders-value\","
                + "\"artifactType\":\"AVRO\"},\"version\":{\"groupId\":\"default\",\"artifactId\":\"orders-value\","
                + "\"version\":\"1\",\"globalId\":1,\"contentId\":1,\"artifactType\":\"AVRO\",\"state\":\"ENABLED\"}}");
    assertThat(confluent("/schemas/ids/1").body())
        .startsWith("{\"schemaType\":\"AVRO\",\"schema\":\"\\\"string\\\"\"");
    assertThat(confluent("/subjects/orders-value/versions/1").body()).contains("\"id\":1");
  }

  @Test
  void findOrCreateFindsTheSameContentAndMakesANewVersionForNewContent() throws Exception {
    create(FIND_OR_CREATE, createArtifact("orders-value", "AVRO", "\"string\"", "[]"));
    Answer again =
        create(FIND_OR_CREATE, createArtifact("orders-value", "AVRO", "\"string\"", "[]"));
    Answer changed =
        create(FIND_OR_CREATE, createArtifact("orders-value", "AVRO", "\"long\"", "[]"));

    assertThat(again.body()).contains("\"version\":\"1\",\"globalId\":1,\"contentId\":1");
    assertThat(changed.body()).contains("\"version\":\"2\",\"globalId\":2,\"contentId\":2");
    assertThat(confluent("/subjects/orders-value/versions").body()).isEqualTo("[1,2]");
  }

  @Test
  void theSameContentInAnotherArtifactKeepsItsContentIdAndGetsItsOwnGlobalId() throws Exception {
    create(FIND_OR_CREATE, createArtifact("a-value", "AVRO", "\"string\"", "[]"));
    Answer other = create(FIND_OR_CREATE, createArtifact("b-value", "AVRO", "\"string\"", "[]"));

    assertThat(other.body())
        .contains("\"artifactId\":\"b-value\",\"version\":\"1\",\"globalId\":2,\"contentId\":1");
    assertThat(get("/ids/globalIds/2"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(200, "\"string\"");
  }

  @Test
  void failIfExistsAndCreateVersionOfExistingContentAreRefusedWithProblemDetails()
      throws Exception {
    create("", createArtifact("orders-value", "AVRO", "\"string\"", "[]"));

    Answer exists = create("", createArtifact("orders-value", "AVRO", "\"long\"", "[]"));
    Answer sameContent = create(
        "?ifExists=CREATE_VERSION", createArtifact("orders-value", "AVRO", "\"string\"", "[]"));

    assertThat(exists.status()).isEqualTo(409);
    assertThat(exists.body())
        .isEqualTo(
            "{\"status\":409,\"title\":\"An artifact with ID 'orders-value' in group"
                + " 'default' already exists.\",\"detail\":\"ArtifactAlreadyExistsException: An artifact with ID"
                + " 'orders-value' in group 'default' already exists.\",\"name\":\"ArtifactAlreadyExistsException\"}");
    assertThat(sameContent.status()).isEqualTo(409);
    assertThat(sameContent.body()).contains("\"name\":\"VersionAlreadyExistsException\"");
    assertThat(create(
                "?ifExists=CREATE_VERSION",
                createArtifact("orders-value", "AVRO", "\"long\"", "[]"))
            .body())
        .contains("\"version\":\"2\"");
  }

  @Test
  void referencesAreKeptAndServedByContentIdGlobalIdAndAsConfluentReferences() throws Exception {
    create(FIND_OR_CREATE, createArtifact("shop.Address", "AVRO", ADDRESS, "[]"));
    Answer order = create(
        FIND_OR_CREATE,
        createArtifact(
            "orders-value",
            "AVRO",
            ORDER,
            "[{\"groupId\":\"default\",\"artifactId\":\"shop.Address\",\"version\":\"1\",\"name\":\"shop.Address\"}]"));

    assertThat(order.body()).contains("\"globalId\":2,\"contentId\":2");
    String references =
        "[{\"groupId\":\"default\",\"artifactId\":\"shop.Address\",\"version\":\"1\","
            + "\"name\":\"shop.Address\"}]";
    assertThat(get("/ids/contentIds/2"))
        .extracting(Answer::status, Answer::body, Answer::contentType)
        .containsExactly(200, ORDER, "application/json");
    assertThat(get("/ids/contentIds/2/references").body()).isEqualTo(references);
    assertThat(get("/ids/globalIds/2/references").body()).isEqualTo(references);
    assertThat(get("/ids/contentIds/1/references").body()).isEqualTo("[]");
    assertThat(confluent("/schemas/ids/2").body())
        .contains(
            "\"references\":[{\"name\":\"shop.Address\",\"subject\":\"shop.Address\",\"version\":1}]");
  }

  @Test
  void aReferenceToAVersionThatDoesNotExistIsARuleViolation() throws Exception {
    Answer answer = create(
        FIND_OR_CREATE,
        createArtifact(
            "orders-value",
            "AVRO",
            ORDER,
            "[{\"groupId\":\"default\",\"artifactId\":\"shop.Address\",\"version\":\"1\",\"name\":\"shop.Address\"}]"));

    assertThat(answer.status()).isEqualTo(409);
    assertThat(answer.body())
        .contains("\"name\":\"RuleViolationException\"", "reference 'shop.Address'");
  }

  @Test
  void protobufContentIsServedAsProtobufAndArtifactIdsWithSlashesArePercentEncoded()
      throws Exception {
    String timestamp =
        "syntax = \"proto3\";\npackage google.protobuf;\nmessage Timestamp { int64 seconds = 1; }\n";
    create(
        FIND_OR_CREATE,
        createArtifact("google/protobuf/timestamp.proto", "PROTOBUF", timestamp, "[]"));

    assertThat(get("/ids/contentIds/1"))
        .extracting(Answer::body, Answer::contentType)
        .containsExactly(timestamp, "application/x-protobuf");
    assertThat(get("/groups/default/artifacts/google%2Fprotobuf%2Ftimestamp.proto/versions/1")
            .body())
        .contains(
            "\"artifactId\":\"google/protobuf/timestamp.proto\"", "\"artifactType\":\"PROTOBUF\"");
    assertThat(confluent("/subjects/google%2Fprotobuf%2Ftimestamp.proto/versions/1")
            .status())
        .isEqualTo(200);
  }

  @Test
  void versionMetaDataByNumberAndByLatestBranch() throws Exception {
    registry.register("orders-value", SchemaType.AVRO, "\"string\"");
    registry.register("orders-value", SchemaType.AVRO, "\"long\"");

    assertThat(get("/groups/default/artifacts/orders-value/versions/branch%3Dlatest")
            .body())
        .isEqualTo(
            "{\"groupId\":\"default\",\"artifactId\":\"orders-value\",\"version\":\"2\",\"globalId\":2,"
                + "\"contentId\":2,\"artifactType\":\"AVRO\",\"state\":\"ENABLED\"}");
    assertThat(get("/groups/default/artifacts/orders-value/versions/1").body())
        .contains("\"version\":\"1\"");
  }

  @Test
  void unknownIdsAndVersionsAnswerApicuriosProblemDetails() throws Exception {
    registry.register("orders-value", SchemaType.AVRO, "\"string\"");

    assertThat(get("/ids/contentIds/99"))
        .extracting(Answer::status, Answer::body)
        .containsExactly(
            404,
            "{\"status\":404,\"title\":\"No content with ID '99' was found.\",\"detail\":\"ContentNotFoundException:"
                + " No content with ID '99' was found.\",\"name\":\"ContentNotFoundException\"}");
    assertThat(get("/ids/globalIds/99").body()).contains("\"name\":\"ArtifactNotFoundException\"");
    assertThat(get("/groups/default/artifacts/orders-value/versions/7"))
        .extracting(Answer::status)
        .isEqualTo(404);
    assertThat(get("/groups/default/artifacts/orders-value/versions/7").body())
        .contains("\"name\":\"VersionNotFoundException\"");
    assertThat(get("/groups/default/artifacts/nothing/versions/1").body())
        .contains("\"name\":\"ArtifactNotFoundException\"");
  }

  @Test
  void whatTheFakeDoesNotModelIsRefusedWith400() throws Exception {
    assertThat(create(
                FIND_OR_CREATE.replace("canonical=false", "canonical=true"),
                createArtifact("a", "AVRO", "\"string\"", "[]"))
            .status())
        .isEqualTo(400);
    assertThat(send(HttpRequest.newBuilder(
                    URI.create(registry.apicurioUrl() + "/groups/team/artifacts"))
                .POST(HttpRequest.BodyPublishers.ofString(
                    createArtifact("a", "AVRO", "\"string\"", "[]")))
                .build())
            .body())
        .contains("only the group 'default'");
    assertThat(create("", createArtifact("a", "OPENAPI", "{}", "[]")).body())
        .contains("\"name\":\"InvalidArtifactTypeException\"");
  }

  @Test
  void anUnavailableRegistryAnswers503OnTheApicurioApiToo() throws Exception {
    registry.setAvailable(false);

    assertThat(get("/ids/contentIds/1").status()).isEqualTo(503);
    assertThat(registry.requests()).containsExactly("GET /apis/registry/v3/ids/contentIds/1");
  }
}
