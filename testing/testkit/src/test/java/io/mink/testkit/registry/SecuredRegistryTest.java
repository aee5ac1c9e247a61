package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.RegistryUnavailableException.Fault;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaType;
import io.mink.schema.registry.TlsStore;
import io.mink.testkit.tls.TestCertificates;
import io.mink.testkit.tls.TestCertificates.Party;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mink's Confluent client against the fake registry over HTTPS, with basic auth, bearer tokens and mutual TLS. */
class SecuredRegistryTest {
  private static final String WAITING = "Records that need this registry wait, none is written raw:"
      + " Mink retries with backoff and indexes them once the registry accepts its credentials";

  @TempDir
  static Path directory;

  private static Party registryParty;
  private static Party minkParty;
  private static TlsStore trust;

  @BeforeAll
  static void certificates() {
    registryParty = TestCertificates.create(directory, "registry");
    minkParty = TestCertificates.create(directory, "mink");
    trust = TlsStore.pkcs12(registryParty.truststore(), TestCertificates.PASSWORD);
  }

  @Test
  void basicAuthOverHttpsWithAClientCertificateFetchesTheSchema() throws Exception {
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.builder()
        .https(registryParty)
        .requireClientCertificates(minkParty.truststore())
        .basicAuth("mink", "s3cret")
        .start()) {
      int id = registry.register("orders-value", SchemaType.AVRO, "\"string\"").id();
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(registry.url())
              .basicAuth("mink", "s3cret")
              .truststore(trust)
              .keystore(TlsStore.pkcs12(minkParty.keystore(), TestCertificates.PASSWORD), null)
              .build());

      assertThat(client.fetch(new SchemaRef.ConfluentId(id)).text()).isEqualTo("\"string\"");
      assertThat(registry.url()).startsWith("https://localhost:");
    }
  }

  @Test
  void withoutAClientCertificateTheRefusalNamesTheKeyStoreSetting() {
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.builder()
        .https(registryParty)
        .requireClientCertificates(minkParty.truststore())
        .start()) {
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(registry.url())
              .truststore(trust)
              .build());

      assertThatThrownBy(() -> client.fetch(new SchemaRef.ConfluentId(1)))
          .isInstanceOf(RegistryUnavailableException.class)
          .hasMessageContaining("GET /schemas/ids/1 failed on " + registry.url() + " (")
          .hasMessageContaining("schema_registry.ssl_keystore_location");
    }
  }

  @Test
  void wrongPasswordNamesTheUserAndTheSettingToFix() {
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.builder()
        .https(registryParty)
        .basicAuth("mink", "s3cret")
        .start()) {
      int id = registry.register("orders-value", SchemaType.AVRO, "\"string\"").id();
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(registry.url())
              .basicAuth("mink", "wrong")
              .truststore(trust)
              .build());

      assertThatThrownBy(() -> client.fetch(new SchemaRef.ConfluentId(id)))
          .isInstanceOfSatisfying(
              RegistryUnavailableException.class,
              e -> assertThat(e.fault()).isEqualTo(Fault.CONFIGURATION))
          .hasMessage("Schema registry at " + registry.url() + " rejected Mink's credentials: it"
              + " answered GET /schemas/ids/" + id + " with HTTP 401: 401 Unauthorized. Mink sent"
              + " the basic auth user 'mink' of schema_registry.basic_auth_user_info; fix the user and"
              + " password in schema_registry.basic_auth_user_info and restart Mink. " + WAITING);
    }
  }

  @Test
  void anExpiredBearerTokenIsRefusedWithTheSettingToFix() throws Exception {
    try (FakeSchemaRegistry registry =
        FakeSchemaRegistry.builder().https(registryParty).bearerToken("token-1").start()) {
      int first = registry.register("a-value", SchemaType.AVRO, "\"string\"").id();
      int second = registry.register("b-value", SchemaType.AVRO, "\"long\"").id();
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(registry.url())
              .bearerToken("token-1")
              .truststore(trust)
              .build());
      assertThat(client.fetch(new SchemaRef.ConfluentId(first)).text()).isEqualTo("\"string\"");

      registry.auth().expireBearerToken("token-1");

      assertThatThrownBy(() -> client.fetch(new SchemaRef.ConfluentId(second)))
          .isInstanceOf(RegistryUnavailableException.class)
          .hasMessageStartingWith("Schema registry at " + registry.url()
              + " rejected Mink's credentials: it answered GET /schemas/ids/" + second
              + " with HTTP 401: 401 Unauthorized: the bearer token expired at ")
          .hasMessageEndingWith("Mink sent the bearer token of schema_registry.bearer_token; give a"
              + " valid token in schema_registry.bearer_token and restart Mink, or use"
              + " schema_registry.bearer_token_file, which Mink reads again at every request. "
              + WAITING);
    }
  }

  @Test
  void aTokenRotatedInItsFileIsUsedFromTheNextRequestOn() throws Exception {
    Path tokenFile = Files.writeString(directory.resolve("rotated-token"), "token-1\n");
    try (FakeSchemaRegistry registry =
        FakeSchemaRegistry.builder().https(registryParty).bearerToken("token-1").start()) {
      int id = registry.register("a-value", SchemaType.AVRO, "\"string\"").id();
      ConfluentRegistryClient client =
          ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
              .url(registry.url())
              .bearerTokenFile(tokenFile)
              .truststore(trust)
              .build());
      assertThat(client.fetch(new SchemaRef.ConfluentId(id)).text()).isEqualTo("\"string\"");
      registry.auth().expireBearerToken("token-1").acceptBearerToken("token-2");

      assertThatThrownBy(() -> client.fetch(new SchemaRef.ConfluentId(id)))
          .hasMessageContaining("Mink sent the bearer token in " + tokenFile
              + " (schema_registry.bearer_token_file); write a valid token to " + tokenFile
              + ": Mink reads it again at every request, no restart needed. ");
      Files.writeString(tokenFile, "token-2\n");

      assertThat(client.fetch(new SchemaRef.ConfluentId(id)).text()).isEqualTo("\"string\"");
    }
  }

  @Test
  void aMissingTokenFileIsRefusedWhenTheClientIsMade() {
    Path missing = directory.resolve("no-such-token");

    assertThatThrownBy(() -> ConfluentRegistryClient.create(ConfluentRegistrySettings.builder()
            .url("https://localhost:8081")
            .bearerTokenFile(missing)
            .build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Schema registry bearer token file " + missing
            + " (schema_registry.bearer_token_file) does not exist: write the token to it, or fix"
            + " the path");
  }
}
