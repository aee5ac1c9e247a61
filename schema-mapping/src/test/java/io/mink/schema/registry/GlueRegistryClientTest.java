package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.RegistryUnavailableException.Fault;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GlueRegistryClientTest {
  private static final UUID VERSION = UUID.fromString("6f1c3b2a-9d8e-4f7a-b6c5-d4e3f2a1b0c9");
  private static final SchemaRef REF = new SchemaRef.GlueVersionId(VERSION);

  private final StubHttpServer server = StubHttpServer.http();
  private GlueRegistryClient client;

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    server.close();
  }

  private GlueRegistryClient client() {
    client = GlueRegistryClient.create(GlueRegistrySettings.of("us-east-1")
        .withRegistryName("payments")
        .withEndpoint(server.uri())
        .withStaticCredentials("test", "test")
        .withRequestTimeout(Duration.ofSeconds(5)));
    return client;
  }

  private static String version(String dataFormat, String definition) {
    return "{\"SchemaVersionId\":\"" + VERSION + "\",\"SchemaDefinition\":" + definition
        + ",\"DataFormat\":\""
        + dataFormat
        + "\",\"SchemaArn\":\"arn:aws:glue:us-east-1:123456789012:schema/payments/orders\","
        + "\"VersionNumber\":1,\"Status\":\"AVAILABLE\",\"CreatedTime\":\"2026-01-02T03:04:05.000Z\"}";
  }

  @Test
  void fetchesASchemaVersionWithGetSchemaVersion() throws Exception {
    server.on("/", 200, version("AVRO", "\"{\\\"type\\\":\\\"string\\\"}\""));

    RegisteredSchema schema = client().fetch(REF);

    assertThat(schema).isEqualTo(RegisteredSchema.of(SchemaType.AVRO, "{\"type\":\"string\"}"));
    assertThat(server.requests()).singleElement().satisfies(request -> {
      assertThat(request.method()).isEqualTo("POST");
      assertThat(request.header("X-Amz-Target")).isEqualTo("AWSGlue.GetSchemaVersion");
      assertThat(request.header("Content-Type")).isEqualTo("application/x-amz-json-1.1");
      assertThat(request.header("Authorization"))
          .startsWith("AWS4-HMAC-SHA256 Credential=test/")
          .contains("/us-east-1/glue/aws4_request");
      assertThat(request.body()).isEqualTo("{\"SchemaVersionId\":\"" + VERSION + "\"}");
    });
  }

  @Test
  void protobufAndJsonDataFormatsAreTheirSchemaTypes() throws Exception {
    server.on("/", 200, version("PROTOBUF", "\"message A {}\""));
    assertThat(client().fetch(REF).type()).isEqualTo(SchemaType.PROTOBUF);

    server.on("/", 200, version("JSON", "\"{}\""));
    assertThat(client.fetch(REF).type()).isEqualTo(SchemaType.JSON);
  }

  @Test
  void unknownSchemaVersionIsNotFound() {
    server.on(
        "/",
        400,
        "{\"__type\":\"EntityNotFoundException\",\"Message\":\"Schema version is not found.\"}");

    assertThatThrownBy(() -> client().fetch(REF))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema Glue version " + VERSION
            + " is not in the AWS Glue schema registry 'payments' in us-east-1"
            + " at " + server.url()
            + " (Schema version is not found.): the record was written with a schema version "
            + "this registry does not have; check that Mink reads the AWS account and region its producers register "
            + "schemas in");
  }

  @Test
  void unknownDataFormatIsNotFound() {
    server.on("/", 200, version("XML", "\"<x/>\""));

    assertThatThrownBy(() -> client().fetch(REF))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema Glue version " + VERSION
            + " in the AWS Glue schema registry 'payments' in us-east-1 at " + server.url()
            + " has data format 'XML', which Mink cannot read: Mink reads AVRO, PROTOBUF and JSON");
  }

  @Test
  void deniedAccessIsAConfigurationFault() {
    server.on(
        "/",
        400,
        "{\"__type\":\"AccessDeniedException\",\"Message\":\"User is not authorized to perform: "
            + "glue:GetSchemaVersion\"}");

    assertThatThrownBy(() -> client().fetch(REF))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
        .hasMessage(
            "The AWS Glue schema registry 'payments' in us-east-1 at " + server.url() + " answered "
                + "GetSchemaVersion for Glue version " + VERSION
                + " with AccessDeniedException, HTTP 400: User is not "
                + "authorized to perform: glue:GetSchemaVersion. Mink signed with the static access key id "
                + "test (schema_registry.glue_access_key_id and glue_secret_access_key); check that "
                + "these credentials are valid, not expired, and allow glue:GetSchemaVersion on the registry "
                + "and its schemas. Records that need this registry wait, none is written raw: Mink retries "
                + "with backoff");
  }

  @Test
  void internalErrorIsUnavailable() {
    server.on(
        "/",
        500,
        "{\"__type\":\"InternalServiceException\",\"Message\":\"Internal service error\"}");

    assertThatThrownBy(() -> client().fetch(REF))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessageEndingWith(
            "with InternalServiceException, HTTP 500: Internal service error. Glue is failing; Mink "
                + "retries until it answers");
  }

  @Test
  void throttlingIsUnavailable() {
    server.on("/", 400, "{\"__type\":\"ThrottlingException\",\"Message\":\"Rate exceeded\"}");

    assertThatThrownBy(() -> client().fetch(REF))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessageContaining(
            "with ThrottlingException, HTTP 400: Rate exceeded. Glue is throttling Mink");
  }

  @Test
  void unreachableEndpointIsUnavailable() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    client = GlueRegistryClient.create(GlueRegistrySettings.of("us-east-1")
        .withEndpoint(URI.create("http://127.0.0.1:" + port))
        .withStaticCredentials("test", "test"));

    assertThatThrownBy(() -> client.fetch(REF))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessageStartingWith(
            "Cannot reach the AWS Glue schema registry in us-east-1 at http://127.0.0.1:" + port
                + " for Glue version " + VERSION + ": ");
  }

  @Test
  void confluentRefsAreNotFoundInGlue() {
    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage(
            "Schema id 7 is a Confluent schema id, which the AWS Glue schema registry 'payments' in us-east-1 "
                + "at " + server.url()
                + " cannot serve: configure Mink's Confluent-compatible schema registry URL to "
                + "decode records written by Confluent-compatible serializers");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void settingsNeedARegion() {
    assertThatThrownBy(() -> GlueRegistrySettings.of(" "))
        .hasMessage("AWS Glue schema registry needs a region, such as us-east-1");
    assertThatThrownBy(() -> GlueRegistrySettings.of("US East"))
        .hasMessage(
            "AWS Glue schema registry region 'US East' is not a region name: write it like us-east-1");
  }

  @Test
  void settingsNeedBothStaticKeys() {
    assertThatThrownBy(
            () -> GlueRegistrySettings.of("us-east-1").withStaticCredentials("AKIA", null))
        .hasMessage(
            "AWS Glue static credentials need both an access key id and a secret access key; only the access"
                + " key id is set. Give both, or neither to use the default AWS credentials chain");
  }

  @Test
  void settingsHideTheCredentials() {
    assertThat(GlueRegistrySettings.of("us-east-1")
            .withSessionCredentials("AKIA", "s3cr3t", "t0k3n")
            .toString())
        .contains("accessKeyId=[hidden]")
        .doesNotContain("AKIA")
        .doesNotContain("s3cr3t")
        .doesNotContain("t0k3n");
  }
}
