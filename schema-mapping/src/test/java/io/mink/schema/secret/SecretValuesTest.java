package io.mink.schema.secret;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretValuesTest {
  @Test
  void jaasConfigHidesItselfAndThePasswordInIt() {
    SecretValues values = new SecretValues()
        .setting(
            "sasl.jaas.config",
            "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"mink\""
                + " password=\"kafka-pw-1\";");

    assertThat(values.scrub("login failed for password kafka-pw-1"))
        .isEqualTo("login failed for password [hidden]");
    assertThat(values.values()).doesNotContain("mink");
  }

  @Test
  void urlUserInfoHidesThePasswordItsEncodingAndTheBasicAuthHeader() {
    SecretValues values =
        new SecretValues().setting("url", "http://mink:p%40ss-word@registry:8081");
    String header =
        Base64.getEncoder().encodeToString("mink:p@ss-word".getBytes(StandardCharsets.UTF_8));

    assertThat(values.scrub("p@ss-word p%40ss-word Basic " + header))
        .isEqualTo("[hidden] [hidden] Basic [hidden]");
  }

  @Test
  void jdbcUrlPasswordIsASecretValue() {
    SecretValues values =
        new SecretValues().setting("uri", "jdbc:postgresql://db/lake?password=jdbc-pw-1");

    assertThat(values.scrub("FATAL: password jdbc-pw-1 refused"))
        .isEqualTo("FATAL: password [hidden] refused");
  }

  @Test
  void onlySettingsNamedAsSecretsAreSecretValues() {
    SecretValues values = new SecretValues()
        .settings(Map.of("s3.access-key-id", "AKIA1234", "s3.endpoint", "http://s3:9000"));

    assertThat(values.scrub("AKIA1234 at http://s3:9000")).isEqualTo("[hidden] at http://s3:9000");
  }

  @Test
  void valuesShorterThanEightCharactersAreNotLookedForInText() {
    SecretValues values = new SecretValues().add("token").add("abcdefg").add("abcdefgh");

    assertThat(values.scrub("bearer_token abcdefg abcdefgh"))
        .isEqualTo("bearer_token abcdefg [hidden]");
  }

  @Test
  void aLongerValueIsHiddenBeforeAPartOfIt() {
    SecretValues values = new SecretValues().add("secret").add("secret-and-more");

    assertThat(values.scrub("x secret-and-more y")).isEqualTo("x [hidden] y");
  }
}
