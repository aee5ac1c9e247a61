package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.RegistryUnavailableException.Fault;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfluentRegistryTlsTest {
  private static final String AVRO_STRING = "{\"schema\":\"\\\"string\\\"\"}";

  @TempDir
  static Path dir;

  static TestCertificates.Party server;
  static TestCertificates.Party client;

  @BeforeAll
  static void certificates() {
    server = TestCertificates.create(dir, "server");
    client = TestCertificates.create(dir, "client");
  }

  @Test
  void trustsTheRegistryThroughTheTruststore() throws Exception {
    try (StubHttpServer https =
        StubHttpServer.https(TestCertificates.serverContext(server, null), false)) {
      https.on("/schemas/ids/1", 200, AVRO_STRING);
      ConfluentRegistrySettings settings = ConfluentRegistrySettings.builder()
          .url(https.url())
          .truststore(TlsStore.pkcs12(server.truststore(), TestCertificates.PASSWORD))
          .build();

      assertThat(ConfluentRegistryClient.create(settings)
              .fetch(new SchemaRef.ConfluentId(1))
              .text())
          .isEqualTo("\"string\"");
    }
  }

  @Test
  void untrustedRegistryIsAConfigurationFault() {
    try (StubHttpServer https =
        StubHttpServer.https(TestCertificates.serverContext(server, null), false)) {
      ConfluentRegistrySettings settings = ConfluentRegistrySettings.builder()
          .url(https.url())
          .truststore(TlsStore.pkcs12(client.truststore(), TestCertificates.PASSWORD))
          .build();

      assertThatThrownBy(
              () -> ConfluentRegistryClient.create(settings).fetch(new SchemaRef.ConfluentId(1)))
          .isInstanceOfSatisfying(
              RegistryUnavailableException.class,
              e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
          .hasMessageStartingWith(
              "Cannot reach the schema registry over TLS: GET /schemas/ids/1 failed on "
                  + https.url() + " (TLS handshake failed: ")
          .hasMessageEndingWith(
              "Check the registry truststore (and keystore, for mutual TLS) in Mink's schema "
                  + "registry settings");
    }
  }

  @Test
  void presentsTheClientCertificateForMutualTls() throws Exception {
    try (StubHttpServer https =
        StubHttpServer.https(TestCertificates.serverContext(server, client.truststore()), true)) {
      https.on("/schemas/ids/1", 200, AVRO_STRING);
      ConfluentRegistrySettings settings = ConfluentRegistrySettings.builder()
          .url(https.url())
          .truststore(TlsStore.pkcs12(server.truststore(), TestCertificates.PASSWORD))
          .keystore(TlsStore.pkcs12(client.keystore(), TestCertificates.PASSWORD), null)
          .build();

      assertThat(ConfluentRegistryClient.create(settings)
              .fetch(new SchemaRef.ConfluentId(1))
              .text())
          .isEqualTo("\"string\"");
    }
  }

  @Test
  void missingTruststoreIsRefusedAtStart() {
    ConfluentRegistrySettings settings = ConfluentRegistrySettings.builder()
        .url("https://localhost:1")
        .truststore(TlsStore.pkcs12(dir.resolve("nope.p12"), "x"))
        .build();

    assertThatThrownBy(() -> ConfluentRegistryClient.create(settings))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Schema registry truststore " + dir.resolve("nope.p12") + " does not exist");
  }

  @Test
  void wrongTruststorePasswordIsRefusedAtStart() {
    ConfluentRegistrySettings settings = ConfluentRegistrySettings.builder()
        .url("https://localhost:1")
        .truststore(TlsStore.pkcs12(server.truststore(), "wrong"))
        .build();

    assertThatThrownBy(() -> ConfluentRegistryClient.create(settings))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Cannot read schema registry truststore " + server.truststore() + " as PKCS12: ")
        .hasMessageEndingWith("; check its password and type");
  }

  @Test
  void unknownStoreTypeIsRefusedAtStart() {
    ConfluentRegistrySettings settings = ConfluentRegistrySettings.builder()
        .url("https://localhost:1")
        .truststore(new TlsStore(server.truststore(), TestCertificates.PASSWORD, "PEMX"))
        .build();

    assertThatThrownBy(() -> ConfluentRegistryClient.create(settings))
        .hasMessage("Schema registry truststore " + server.truststore()
            + " has type 'PEMX', which this JVM does not " + "know: use PKCS12 or JKS");
  }
}
