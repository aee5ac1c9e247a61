package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.RegistryUnavailableException.Fault;
import io.mink.schema.registry.StubHttpServer.Answer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConfluentRegistryClientTest {
  private static final String AVRO_STRING = "{\"schema\":\"\\\"string\\\"\"}";
  private static final String NOT_FOUND_7 =
      "{\"error_code\":40403,\"message\":\"Schema 7 not found\"}";

  private final StubHttpServer server = StubHttpServer.http();

  @AfterEach
  void stop() {
    server.close();
  }

  private ConfluentRegistryClient client() {
    return ConfluentRegistryClient.create(ConfluentRegistrySettings.of(server.url()));
  }

  @Test
  void fetchesSchemaByIdWithRegistryAcceptHeader() throws Exception {
    server.on("/schemas/ids/7", 200, AVRO_STRING);

    RegisteredSchema schema = client().fetch(new SchemaRef.ConfluentId(7));

    assertThat(schema).isEqualTo(RegisteredSchema.of(SchemaType.AVRO, "\"string\""));
    assertThat(server.requests()).singleElement().satisfies(request -> {
      assertThat(request.method()).isEqualTo("GET");
      assertThat(request.header("Accept"))
          .isEqualTo("application/vnd.schemaregistry.v1+json, application/json");
      assertThat(request.header("Authorization")).isNull();
    });
  }

  @Test
  void fetchesSchemaByGuid() throws Exception {
    UUID guid = UUID.fromString("0b8e1d3c-1a6b-4a55-9d4c-2f6f6d1e0a11");
    server.on(
        "/schemas/guids/" + guid,
        200,
        "{\"schemaType\":\"JSON\",\"schema\":\"{\\\"type\\\":\\\"object\\\"}\"}");

    RegisteredSchema schema = client().fetch(new SchemaRef.SchemaGuid(guid));

    assertThat(schema).isEqualTo(RegisteredSchema.of(SchemaType.JSON, "{\"type\":\"object\"}"));
  }

  @Test
  void keepsTheBaseUrlsPathPrefix() throws Exception {
    server.on("/registry/v1/schemas/ids/7", 200, AVRO_STRING);

    RegisteredSchema schema = ConfluentRegistryClient.create(
            ConfluentRegistrySettings.of(server.url() + "/registry/v1/"))
        .fetch(new SchemaRef.ConfluentId(7));

    assertThat(schema.text()).isEqualTo("\"string\"");
  }

  @Test
  void resolvesReferencesRecursivelyWithEncodedSubjects() throws Exception {
    server.on("/schemas/ids/3", 200, """
        {"schemaType":"PROTOBUF","schema":"import \\"a/b.proto\\"; message Top { B b = 1; }",
         "references":[{"name":"a/b.proto","subject":"team a/b.proto","version":2}]}""");
    server.on("/subjects/team%20a%2Fb.proto/versions/2", 200, """
        {"subject":"team a/b.proto","version":2,"id":2,"schemaType":"PROTOBUF",
         "schema":"import \\"c.proto\\"; message B { C c = 1; }",
         "references":[{"name":"c.proto","subject":"c.proto","version":1}]}""");
    server.on(
        "/subjects/c.proto/versions/1",
        200,
        "{\"subject\":\"c.proto\",\"version\":1,\"id\":1,\"schemaType\":\"PROTOBUF\",\"schema\":\"message C {}\"}");

    RegisteredSchema schema = client().fetch(new SchemaRef.ConfluentId(3));

    RegisteredSchema c = RegisteredSchema.of(SchemaType.PROTOBUF, "message C {}");
    RegisteredSchema b = new RegisteredSchema(
        SchemaType.PROTOBUF,
        "import \"c.proto\"; message B { C c = 1; }",
        List.of(new SchemaReference("c.proto", "c.proto", 1, c)));
    assertThat(schema)
        .isEqualTo(new RegisteredSchema(
            SchemaType.PROTOBUF,
            "import \"a/b.proto\"; message Top { B b = 1; }",
            List.of(new SchemaReference("a/b.proto", "team a/b.proto", 2, b))));
  }

  @Test
  void aSchemaReferencedTwiceIsFetchedOnce() throws Exception {
    server.on("/schemas/ids/4", 200, """
        {"schema":"{}","references":[
          {"name":"com.x.A","subject":"a","version":1},
          {"name":"com.x.B","subject":"b","version":1}]}""");
    server.on(
        "/subjects/a/versions/1",
        200,
        "{\"schema\":\"a\",\"references\":[{\"name\":\"com.x.Common\",\"subject\":\"common\",\"version\":1}]}");
    server.on(
        "/subjects/b/versions/1",
        200,
        "{\"schema\":\"b\",\"references\":[{\"name\":\"com.x.Common\",\"subject\":\"common\",\"version\":1}]}");
    server.on("/subjects/common/versions/1", 200, "{\"schema\":\"common\"}");

    RegisteredSchema schema = client().fetch(new SchemaRef.ConfluentId(4));

    assertThat(schema.references())
        .extracting(r -> r.schema().references().get(0).schema().text())
        .containsExactly("common", "common");
    assertThat(server.paths())
        .containsExactly(
            "/schemas/ids/4",
            "/subjects/a/versions/1",
            "/subjects/common/versions/1",
            "/subjects/b/versions/1");
  }

  @Test
  void referenceToLatestIsFetchedAsLatestAndRecordsTheVersionFound() throws Exception {
    server.on(
        "/schemas/ids/5",
        200,
        "{\"schema\":\"x\",\"references\":[{\"name\":\"n\",\"subject\":\"s\",\"version\":-1}]}");
    server.on(
        "/subjects/s/versions/latest",
        200,
        "{\"subject\":\"s\",\"version\":6,\"id\":9,\"schema\":\"y\"}");

    RegisteredSchema schema = client().fetch(new SchemaRef.ConfluentId(5));

    assertThat(schema.references())
        .containsExactly(
            new SchemaReference("n", "s", 6, RegisteredSchema.of(SchemaType.AVRO, "y")));
  }

  @Test
  void referenceCycleIsNotFound() {
    server.on(
        "/schemas/ids/6",
        200,
        "{\"schema\":\"x\",\"references\":[{\"name\":\"a\",\"subject\":\"a\",\"version\":1}]}");
    server.on(
        "/subjects/a/versions/1",
        200,
        "{\"schema\":\"a\",\"references\":[{\"name\":\"b\",\"subject\":\"b\",\"version\":1}]}");
    server.on(
        "/subjects/b/versions/1",
        200,
        "{\"schema\":\"b\",\"references\":[{\"name\":\"a\",\"subject\":\"a\",\"version\":1}]}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(6)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage(
            "Schema id 6 cannot be resolved: its references form a cycle: a version 1 -> b version 1 -> a version 1");
  }

  @Test
  void unknownIdIsNotFound() {
    server.on("/schemas/ids/7", 404, NOT_FOUND_7);

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema id 7 is not in the schema registry at " + server.url()
            + " (40403 Schema 7 not found): the "
            + "record was written with a schema this registry does not have; check that Mink uses the registry its "
            + "producers use");
  }

  @Test
  void missingReferenceIsNotFound() {
    server.on(
        "/schemas/ids/8",
        200,
        "{\"schema\":\"x\",\"references\":[{\"name\":\"dep.proto\",\"subject\":\"dep\",\"version\":3}]}");
    server.on(
        "/subjects/dep/versions/3",
        404,
        "{\"error_code\":40402,\"message\":\"Version 3 not found.\"}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(8)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage(
            "Schema id 8 references 'dep.proto' as subject 'dep' version 3, which the registry at "
                + server.url() + " does not have (40402 Version 3 not found.)");
  }

  @Test
  void notFoundWithoutRegistryErrorCodeIsAMisconfiguredUrl() {
    server.on("/schemas/ids/7", 404, "<html>Not Found</html>");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessage("Schema registry at " + server.url()
            + " answered GET /schemas/ids/7 with 404: '<html>Not Found</html>',"
            + " which is not a registry's \"schema not found\" (error code 40403). Check that the URL points at the "
            + "registry's REST API, with any path prefix");
  }

  @Test
  void guidOnARegistryWithoutGuidLookupsIsNotFound() {
    UUID guid = UUID.fromString("0b8e1d3c-1a6b-4a55-9d4c-2f6f6d1e0a11");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.SchemaGuid(guid)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema registry at " + server.url()
            + " does not serve schema GUIDs: GET /schemas/guids/" + guid
            + " answered 404: 404 HTTP 404 Not Found. Records with GUID headers need Confluent Schema Registry 8.0 or "
            + "later (or a registry that implements GET /schemas/guids/{guid})");
  }

  @Test
  void glueVersionIsNotFoundInAConfluentRegistry() {
    UUID version = UUID.fromString("6f1c3b2a-9d8e-4f7a-b6c5-d4e3f2a1b0c9");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.GlueVersionId(version)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema Glue version " + version
            + " is an AWS Glue schema version, which the Confluent-compatible "
            + "registry at " + server.url()
            + " cannot serve: configure Mink's AWS Glue schema registry (its region) "
            + "to decode records written by the Glue serializer");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void unknownSchemaTypeIsNotFound() {
    server.on("/schemas/ids/7", 200, "{\"schemaType\":\"XML\",\"schema\":\"<x/>\"}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema id 7 has schemaType 'XML' in the registry at " + server.url()
            + ", which Mink cannot read:" + " Mink reads AVRO, PROTOBUF and JSON");
  }

  @Test
  void bodyThatIsNoSchemaIsAMisconfiguredUrl() {
    server.on("/schemas/ids/7", 200, "<html>Welcome</html>");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessage("Schema registry at " + server.url()
            + " answered GET /schemas/ids/7 with something that is not a "
            + "schema: expected JSON, got '<html>Welcome</html>'. Check that the URL points at a Confluent-compatible "
            + "registry's REST API");
  }

  @Test
  void serverErrorIsUnavailable() {
    server.on(
        "/schemas/ids/7",
        500,
        "{\"error_code\":50001,\"message\":\"Error in the backend data store\"}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessage("Schema registry unavailable: GET /schemas/ids/7 failed on " + server.url()
            + " (HTTP 500: 50001 "
            + "Error in the backend data store). Check that the registry is running and reachable from Mink; Mink "
            + "retries until it answers");
  }

  @Test
  void throttlingIsUnavailable() {
    server.on("/schemas/ids/7", 429, "{\"error_code\":429,\"message\":\"Too Many Requests\"}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessageContaining("(HTTP 429: 429 Too Many Requests)");
  }

  @Test
  void rejectedCredentialsAreAConfigurationFault() {
    server.on("/schemas/ids/7", 401, "{\"error_code\":401,\"message\":\"Unauthorized\"}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessage(
            "Schema registry at " + server.url() + " rejected Mink's credentials: it answered GET "
                + "/schemas/ids/7 with HTTP 401: 401 Unauthorized. Mink sent no credentials; set "
                + "schema_registry.basic_auth_user_info, bearer_token or bearer_token_file. Records that need "
                + "this registry wait, none is written raw: Mink retries with backoff and indexes them once the "
                + "registry accepts its credentials");
  }

  @Test
  void deniedAccessIsAConfigurationFault() {
    server.on(
        "/schemas/ids/7",
        403,
        "{\"error_code\":40301,\"message\":\"User is denied operation Read on Subject: x\"}");

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessage(
            "Schema registry at " + server.url()
                + " denied Mink access: it answered GET /schemas/ids/7 with "
                + "HTTP 403: 40301 User is denied operation Read on Subject: x. Mink sent no credentials; grant "
                + "that principal read access to schemas and subjects, or set schema_registry.basic_auth_user_info, "
                + "bearer_token or bearer_token_file. Records that need this registry wait, none is written raw: "
                + "Mink retries with backoff and indexes them once the registry accepts its credentials");
  }

  @Test
  void refusedConnectionIsUnavailable() throws Exception {
    String url = "http://127.0.0.1:" + freePort();

    assertThatThrownBy(() -> ConfluentRegistryClient.create(ConfluentRegistrySettings.of(url))
            .fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessage(
            "Schema registry unavailable: GET /schemas/ids/7 failed on " + url
                + " (connection refused or "
                + "unreachable). Check that the registry is running and reachable from Mink; Mink retries until it answers");
  }

  @Test
  void slowAnswerTimesOut() {
    server.on("/schemas/ids/7", new Answer(200, AVRO_STRING, 2_000));
    ConfluentRegistryClient client =
        ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
            .url(server.url())
            .requestTimeout(Duration.ofMillis(200))
            .build());

    assertThatThrownBy(() -> client.fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOf(RegistryUnavailableException.class)
        .hasMessageContaining("failed on " + server.url() + " (timed out)");
  }

  @Test
  void failsOverToTheNextUrlAndStaysThere() throws Exception {
    String down = "http://127.0.0.1:" + freePort();
    server.on("/schemas/ids/7", 200, AVRO_STRING).on("/schemas/ids/8", 200, AVRO_STRING);
    ConfluentRegistryClient client =
        ConfluentRegistryClient.create(ConfluentRegistrySettings.of(down, server.url()));

    client.fetch(new SchemaRef.ConfluentId(7));
    client.fetch(new SchemaRef.ConfluentId(8));

    assertThat(server.paths()).containsExactly("/schemas/ids/7", "/schemas/ids/8");
  }

  @Test
  void failsOverOnServerErrors() throws Exception {
    try (StubHttpServer failing = StubHttpServer.http()) {
      failing.otherwise(
          503,
          "{\"error_code\":50003,\"message\":\"Error while forwarding the request to the leader\"}");
      server.on("/schemas/ids/7", 200, AVRO_STRING);

      RegisteredSchema schema = ConfluentRegistryClient.create(
              ConfluentRegistrySettings.of(failing.url(), server.url()))
          .fetch(new SchemaRef.ConfluentId(7));

      assertThat(schema.text()).isEqualTo("\"string\"");
      assertThat(failing.paths()).containsExactly("/schemas/ids/7");
    }
  }

  @Test
  void everyUrlFailingNamesEach() throws Exception {
    try (StubHttpServer failing = StubHttpServer.http()) {
      failing.otherwise(502, "Bad Gateway");
      String down = "http://127.0.0.1:" + freePort();

      assertThatThrownBy(() -> ConfluentRegistryClient.create(
                  ConfluentRegistrySettings.of(failing.url(), down))
              .fetch(new SchemaRef.ConfluentId(7)))
          .isInstanceOf(RegistryUnavailableException.class)
          .hasMessage("Schema registry unavailable: GET /schemas/ids/7 failed on every URL: "
              + failing.url()
              + " (HTTP 502: 'Bad Gateway'), " + down
              + " (connection refused or unreachable). Check that the registry"
              + " is running and reachable from Mink; Mink retries until it answers");
    }
  }

  @Test
  void notFoundDoesNotFailOver() throws Exception {
    try (StubHttpServer second = StubHttpServer.http()) {
      server.on("/schemas/ids/7", 404, NOT_FOUND_7);
      second.on("/schemas/ids/7", 200, AVRO_STRING);

      assertThatThrownBy(() -> ConfluentRegistryClient.create(
                  ConfluentRegistrySettings.of(server.url(), second.url()))
              .fetch(new SchemaRef.ConfluentId(7)))
          .isInstanceOf(SchemaNotFoundException.class);
      assertThat(second.requests()).isEmpty();
    }
  }

  @Test
  void sendsBasicAuth() throws Exception {
    server.on("/schemas/ids/7", 200, AVRO_STRING);

    ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
            .url(server.url())
            .basicAuth("mink", "pä:ss")
            .build())
        .fetch(new SchemaRef.ConfluentId(7));

    assertThat(server.requests().get(0).header("Authorization"))
        .isEqualTo("Basic "
            + Base64.getEncoder()
                .encodeToString("mink:pä:ss".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  @Test
  void sendsUrlUserInfoAsBasicAuthAndNotInTheUrl() throws Exception {
    server.on("/schemas/ids/7", 200, AVRO_STRING);
    String url = server.url().replace("http://", "http://mink:p%40ss@");

    ConfluentRegistryClient.create(ConfluentRegistrySettings.of(url))
        .fetch(new SchemaRef.ConfluentId(7));

    assertThat(server.requests().get(0).header("Authorization"))
        .isEqualTo("Basic "
            + Base64.getEncoder().encodeToString("mink:p@ss".getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void sendsBearerToken() throws Exception {
    server.on("/schemas/ids/7", 200, AVRO_STRING);

    ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
            .url(server.url())
            .bearerToken("tok-123")
            .build())
        .fetch(new SchemaRef.ConfluentId(7));

    assertThat(server.requests().get(0).header("Authorization")).isEqualTo("Bearer tok-123");
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
