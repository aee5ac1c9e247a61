package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfluentRegistrySettingsTest {

  @Test
  void defaultsAreNoCredentialsJdkTrustAndThirtySeconds() {
    ConfluentRegistrySettings settings = ConfluentRegistrySettings.of("http://registry:8081");

    assertThat(settings.urls()).containsExactly(URI.create("http://registry:8081"));
    assertThat(settings.basicAuthUser()).isNull();
    assertThat(settings.bearerToken()).isNull();
    assertThat(settings.truststore()).isNull();
    assertThat(settings.keystore()).isNull();
    assertThat(settings.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void noUrlIsRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.builder().build())
        .hasMessage(
            "No schema registry URL is given: give at least one, such as http://schema-registry:8081");
  }

  @Test
  void urlWithoutHttpSchemeIsRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.of("registry:8081"))
        .hasMessage(
            "Schema registry URL 'registry:8081' is not an http:// or https:// URL: write it like "
                + "http://schema-registry:8081");
  }

  @Test
  void urlWithQueryIsRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.of("http://registry:8081/?x=1"))
        .hasMessage(
            "Schema registry URL 'http://registry:8081/?x=1' has a query or fragment: give only the base URL, like "
                + "http://schema-registry:8081/path");
  }

  @Test
  void unparsableUrlIsRefusedWithoutItsPassword() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.of("http://me:secret@registry:80 81"))
        .hasMessageStartingWith(
            "Schema registry URL 'http://[hidden]@registry:80 81' is not a URL (")
        .hasMessageNotContaining("secret");
  }

  @Test
  void basicAuthUserWithoutPasswordIsRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.builder()
            .url("http://r:8081")
            .basicAuth("mink", null)
            .build())
        .hasMessage(
            "Schema registry basic auth needs both a user and a password; only the user is set");
  }

  @Test
  void basicAuthAndBearerTokenTogetherAreRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.builder()
            .url("http://r:8081")
            .basicAuth("mink", "pw")
            .bearerToken("t")
            .build())
        .hasMessage(
            "Schema registry credentials are given twice: use basic auth (user and password) or a bearer "
                + "token, not both");
  }

  @Test
  void urlCredentialsAndBasicAuthTogetherAreRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.builder()
            .url("http://u:p@r:8081")
            .basicAuth("mink", "pw")
            .build())
        .hasMessage(
            "Schema registry credentials are given twice: in a URL's user info and as a basic auth user; "
                + "keep one");
  }

  @Test
  void keystoreWithoutPasswordIsRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.builder()
            .url("https://r:8081")
            .keystore(new TlsStore(Path.of("/etc/mink/client.p12"), null, "PKCS12"), null)
            .build())
        .hasMessage(
            "Schema registry keystore /etc/mink/client.p12 has no password: a keystore's private key cannot "
                + "be read without one");
  }

  @Test
  void nonPositiveTimeoutIsRefused() {
    assertThatThrownBy(() -> ConfluentRegistrySettings.builder()
            .url("http://r:8081")
            .requestTimeout(Duration.ZERO)
            .build())
        .hasMessage("Schema registry request timeout must be positive, got PT0S");
  }

  @Test
  void secretsNeverShowInToString() {
    ConfluentRegistrySettings settings = new ConfluentRegistrySettings(
        List.of(URI.create("https://r1:8081"), URI.create("https://u:urlsecret@r2:8081/sr")),
        null,
        null,
        null,
        null,
        TlsStore.pkcs12(Path.of("/t.p12"), "trustsecret"),
        new TlsStore(Path.of("/k.jks"), "keysecret", "JKS"),
        "keypwsecret",
        Duration.ofSeconds(5));

    assertThat(settings.toString())
        .contains("https://r1:8081", "https://r2:8081/sr", "/t.p12", "/k.jks")
        .doesNotContain("secret");
  }

  @Test
  void displayDropsUserInfo() {
    assertThat(ConfluentRegistrySettings.display(
            URI.create("https://user:p%40ss@registry:8081/prefix")))
        .isEqualTo("https://registry:8081/prefix");
  }
}
