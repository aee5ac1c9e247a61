package io.mink.schema.secret;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretsTest {
  @Test
  void namesOfPasswordsKeysTokensCredentialsAndJaasAreSecret() {
    assertThat(Secrets.isSecretKey("sasl.jaas.config")).isTrue();
    assertThat(Secrets.isSecretKey("ssl.keystore.password")).isTrue();
    assertThat(Secrets.isSecretKey("ssl.key.password")).isTrue();
    assertThat(Secrets.isSecretKey("ssl.keystore.key")).isTrue();
    assertThat(Secrets.isSecretKey("s3.access-key-id")).isTrue();
    assertThat(Secrets.isSecretKey("s3.secret-access-key")).isTrue();
    assertThat(Secrets.isSecretKey("s3.session-token")).isTrue();
    assertThat(Secrets.isSecretKey("jdbc.password")).isTrue();
    assertThat(Secrets.isSecretKey("credential")).isTrue();
    assertThat(Secrets.isSecretKey("token")).isTrue();
    assertThat(Secrets.isSecretKey("basic_auth_user_info")).isTrue();
    assertThat(Secrets.isSecretKey("basic.auth.user.info")).isTrue();
    assertThat(Secrets.isSecretKey("header.Authorization")).isTrue();
    assertThat(Secrets.isSecretKey("bearer_token")).isTrue();
  }

  @Test
  void addressesSizesAndNamesAreNotSecret() {
    assertThat(Secrets.isSecretKey("bootstrap.servers")).isFalse();
    assertThat(Secrets.isSecretKey("s3.endpoint")).isFalse();
    assertThat(Secrets.isSecretKey("ssl.keystore.location")).isFalse();
    assertThat(Secrets.isSecretKey("security.protocol")).isFalse();
    assertThat(Secrets.isSecretKey("sasl.mechanism")).isFalse();
    assertThat(Secrets.isSecretKey("key.serializer")).isFalse();
    assertThat(Secrets.isSecretKey("jdbc.user")).isFalse();
  }

  @Test
  void urlKeepsItsUserAndHidesItsPassword() {
    assertThat(Secrets.url("https://mink:s3cr%40t@registry:8081/sr"))
        .isEqualTo("https://mink:[hidden]@registry:8081/sr");
    assertThat(Secrets.url("registry at http://a:b@r1:8081, http://r2:8081"))
        .isEqualTo("registry at http://a:[hidden]@r1:8081, http://r2:8081");
  }

  @Test
  void jdbcUrlHidesItsPasswordParameterAndKeepsTheOthers() {
    assertThat(Secrets.url("jdbc:postgresql://db:5432/lake?user=mink&password=pw1234&ssl=true"))
        .isEqualTo("jdbc:postgresql://db:5432/lake?user=mink&password=[hidden]&ssl=true");
    assertThat(Secrets.url("jdbc:sqlserver://db;user=mink;password=pw1234"))
        .isEqualTo("jdbc:sqlserver://db;user=mink;password=[hidden]");
  }

  @Test
  void urlWithoutSecretsIsUnchanged() {
    String text = "http://host:8080/path@x?topic=orders and jdbc:sqlite:/tmp/catalog.db";

    assertThat(Secrets.url(text)).isEqualTo(text);
  }

  @Test
  void propertiesShowSecretValuesAsHiddenInTheirOrder() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("s3.endpoint", "http://s3:9000");
    properties.put("s3.secret-access-key", "abcdef");
    properties.put("uri", "jdbc:mysql://db/lake?password=xyz123");

    assertThat(Secrets.shown(properties))
        .containsExactly(
            Map.entry("s3.endpoint", "http://s3:9000"),
            Map.entry("s3.secret-access-key", "[hidden]"),
            Map.entry("uri", "jdbc:mysql://db/lake?password=[hidden]"));
  }
}
