package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.CachingSchemaRegistry;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.RegistryUnavailableException.Fault;
import io.mink.schema.registry.SchemaNotFoundException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.registry.FakeSchemaRegistry.Reference;
import io.mink.testkit.registry.FakeSchemaRegistry.Registered;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Mink's Confluent client end to end against the fake registry. */
class ConfluentClientAgainstFakeRegistryTest {
  private static final String MONEY =
      "syntax = \"proto3\";\npackage shop;\nmessage Money { int64 cents = 1; }\n";
  private static final String LINE = """
      syntax = "proto3";
      package shop;
      import "shop/money.proto";
      message Line { string sku = 1; shop.Money price = 2; }
      """;
  private static final String ORDER = """
      syntax = "proto3";
      package shop;
      import "shop/line.proto";
      message Order { repeated shop.Line lines = 1; }
      """;

  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();

  @AfterEach
  void stop() {
    registry.close();
  }

  private ConfluentRegistryClient client() {
    return ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()));
  }

  @Test
  void fetchesAnAvroSchemaById() throws Exception {
    Registered registered = registry.register(
        "orders-value",
        SchemaType.AVRO,
        "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");

    RegisteredSchema schema = client().fetch(new SchemaRef.ConfluentId(registered.id()));

    assertThat(schema)
        .isEqualTo(
            RegisteredSchema.of(
                SchemaType.AVRO,
                "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}"));
  }

  @Test
  void fetchesAJsonSchemaByGuid() throws Exception {
    Registered registered =
        registry.register("events-value", SchemaType.JSON, "{\"type\":\"object\"}");

    RegisteredSchema schema = client().fetch(new SchemaRef.SchemaGuid(registered.guid()));

    assertThat(schema).isEqualTo(RegisteredSchema.of(SchemaType.JSON, "{\"type\":\"object\"}"));
  }

  @Test
  void resolvesProtobufImportsTwoLevelsDeep() throws Exception {
    registry.register("shop/money.proto", SchemaType.PROTOBUF, MONEY);
    registry.register(
        "shop/line.proto",
        SchemaType.PROTOBUF,
        LINE,
        List.of(new Reference("shop/money.proto", "shop/money.proto", 1)));
    Registered order = registry.register(
        "orders-value",
        SchemaType.PROTOBUF,
        ORDER,
        List.of(new Reference("shop/line.proto", "shop/line.proto", 1)));

    RegisteredSchema schema = client().fetch(new SchemaRef.ConfluentId(order.id()));

    RegisteredSchema money = RegisteredSchema.of(SchemaType.PROTOBUF, MONEY);
    RegisteredSchema line = new RegisteredSchema(
        SchemaType.PROTOBUF,
        LINE,
        List.of(new SchemaReference("shop/money.proto", "shop/money.proto", 1, money)));
    assertThat(schema)
        .isEqualTo(new RegisteredSchema(
            SchemaType.PROTOBUF,
            ORDER,
            List.of(new SchemaReference("shop/line.proto", "shop/line.proto", 1, line))));
    assertThat(registry.requests())
        .containsExactly(
            "GET /schemas/ids/3",
            "GET /subjects/shop%2Fline.proto/versions/1",
            "GET /subjects/shop%2Fmoney.proto/versions/1");
  }

  @Test
  void unknownIdIsSchemaNotFound() {
    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessageStartingWith("Schema id 7 is not in the schema registry at " + registry.url()
            + " (40403 Schema 7 not found)");
  }

  @Test
  void unavailableRegistryIsRegistryUnavailable() {
    registry.register("a", SchemaType.AVRO, "\"int\"");
    registry.setAvailable(false);

    assertThatThrownBy(() -> client().fetch(new SchemaRef.ConfluentId(1)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(Fault.EXTERNAL))
        .hasMessage("Schema registry unavailable: GET /schemas/ids/1 failed on " + registry.url()
            + " (HTTP 503: 503 "
            + "Service Unavailable). Check that the registry is running and reachable from Mink; Mink retries until it "
            + "answers");
  }

  @Test
  void failsOverFromAnUnavailableNodeToTheNext() throws Exception {
    try (FakeSchemaRegistry second = FakeSchemaRegistry.start()) {
      registry.register("a", SchemaType.AVRO, "\"int\"");
      second.register("a", SchemaType.AVRO, "\"int\"");
      registry.setAvailable(false);
      ConfluentRegistryClient client = ConfluentRegistryClient.create(
          ConfluentRegistrySettings.of(registry.url(), second.url()));

      assertThat(client.fetch(new SchemaRef.ConfluentId(1)).text()).isEqualTo("\"int\"");
      assertThat(registry.requestCount()).isEqualTo(1);
      assertThat(second.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void failsOverFromANodeThatIsDown() throws Exception {
    registry.register("a", SchemaType.AVRO, "\"int\"");
    int closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    ConfluentRegistryClient client = ConfluentRegistryClient.create(
        ConfluentRegistrySettings.of("http://127.0.0.1:" + closed, registry.url()));

    assertThat(client.fetch(new SchemaRef.ConfluentId(1)).text()).isEqualTo("\"int\"");
  }

  @Test
  void basicAuthIsAccepted() throws Exception {
    try (FakeSchemaRegistry secured = FakeSchemaRegistry.startWithBasicAuth("mink", "s3cret")) {
      Registered registered = secured.register("a", SchemaType.AVRO, "\"int\"");
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(secured.url())
              .basicAuth("mink", "s3cret")
              .build());

      assertThat(client.fetch(new SchemaRef.ConfluentId(registered.id())).text())
          .isEqualTo("\"int\"");
    }
  }

  @Test
  void wrongCredentialsAreAConfigurationFaultNotANotFound() {
    try (FakeSchemaRegistry secured = FakeSchemaRegistry.startWithBasicAuth("mink", "s3cret")) {
      secured.register("a", SchemaType.AVRO, "\"int\"");
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(secured.url())
              .basicAuth("mink", "wrong")
              .build());

      assertThatThrownBy(() -> client.fetch(new SchemaRef.ConfluentId(1)))
          .isInstanceOfSatisfying(
              RegistryUnavailableException.class,
              e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
          .hasMessageStartingWith(
              "Schema registry at " + secured.url() + " rejected Mink's credentials");
    }
  }

  @Test
  void readsConfluent7ShapesWithoutAvroSchemaType() throws Exception {
    try (FakeSchemaRegistry old = FakeSchemaRegistry.startOmittingAvroSchemaType()) {
      Registered registered = old.register("a", SchemaType.AVRO, "\"int\"");

      assertThat(ConfluentRegistryClient.create(ConfluentRegistrySettings.of(old.url()))
              .fetch(new SchemaRef.ConfluentId(registered.id()))
              .type())
          .isEqualTo(SchemaType.AVRO);
    }
  }

  @Test
  void cachedClientAsksOncePerSchemaAndOncePerMiss() throws Exception {
    Registered registered = registry.register("a", SchemaType.AVRO, "\"int\"");
    CachingSchemaRegistry cached = new CachingSchemaRegistry(client());

    for (int i = 0; i < 50; i++) {
      cached.fetch(new SchemaRef.ConfluentId(registered.id()));
      assertThatThrownBy(() -> cached.fetch(new SchemaRef.ConfluentId(99)))
          .isInstanceOf(SchemaNotFoundException.class);
    }

    assertThat(registry.requestCount()).isEqualTo(2);
  }

  @Test
  void cachedClientAsksAgainAfterAnOutage() throws Exception {
    Registered registered = registry.register("a", SchemaType.AVRO, "\"int\"");
    CachingSchemaRegistry cached = new CachingSchemaRegistry(client());
    registry.setAvailable(false);

    assertThatThrownBy(() -> cached.fetch(new SchemaRef.ConfluentId(registered.id())))
        .isInstanceOf(RegistryUnavailableException.class);
    registry.setAvailable(true);

    assertThat(cached.fetch(new SchemaRef.ConfluentId(registered.id())).text())
        .isEqualTo("\"int\"");
  }
}
