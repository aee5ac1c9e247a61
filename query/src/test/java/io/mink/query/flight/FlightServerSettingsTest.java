package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import io.mink.query.flight.FlightServerSettings.TlsFiles;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FlightServerSettingsTest {
  @Test
  void theDefaultsListenOnThisHostOnlyOnPort9130InPlaintextWithoutLogin() {
    FlightServerSettings defaults = FlightServerSettings.defaults();

    assertThat(defaults)
        .isEqualTo(
            new FlightServerSettings("127.0.0.1", 9130, Optional.empty(), Optional.empty(), false));
    assertThat(defaults.secured()).isFalse();
  }

  @Test
  void theDefaultHostIsEveryInterfaceOnlyWithTlsAndALogin() {
    assertThat(FlightServerSettings.defaultHost(true, true)).isEqualTo("0.0.0.0");
    assertThat(FlightServerSettings.defaultHost(true, false)).isEqualTo("127.0.0.1");
    assertThat(FlightServerSettings.defaultHost(false, true)).isEqualTo("127.0.0.1");
    assertThat(FlightServerSettings.defaultHost(false, false)).isEqualTo("127.0.0.1");
  }

  @Test
  void listenTakesHostColonPortAndBracketedIpv6() {
    assertThat(FlightServerSettings.listening("127.0.0.1:9131"))
        .isEqualTo(
            new FlightServerSettings("127.0.0.1", 9131, Optional.empty(), Optional.empty(), false));
    assertThat(FlightServerSettings.listening("[::1]:0").host()).isEqualTo("::1");
  }

  @Test
  void aListenAddressWithoutAPortIsRefusedWithAnExample() {
    assertThatThrownBy(() -> FlightServerSettings.listening("localhost"))
        .hasMessage("--listen localhost is not host:port: give it as 127.0.0.1:9130");
    assertThatThrownBy(() -> FlightServerSettings.listening("localhost:http"))
        .hasMessage(
            "--listen localhost:http has no port number after the colon: give it as 127.0.0.1:9130");
    assertThatThrownBy(() -> FlightServerSettings.listening("localhost:70000"))
        .hasMessage("The listen port must be between 0 and 65535 (0 picks a free port), not 70000");
  }

  @Test
  void tlsAndBasicAuthAreAddedToTheAddress() {
    FlightServerSettings settings = FlightServerSettings.listening("localhost:0")
        .withTls(new TlsFiles(Path.of("chain.pem"), Path.of("key.pem")))
        .withBasicAuth(new BasicCredentials("analyst", "s3cret"));

    assertThat(settings.tls()).contains(new TlsFiles(Path.of("chain.pem"), Path.of("key.pem")));
    assertThat(settings.basicAuth().orElseThrow().username()).isEqualTo("analyst");
    assertThat(settings.secured()).isTrue();
    assertThat(settings.toString()).doesNotContain("s3cret");
  }

  @Test
  void basicAuthNeedsBothAUserNameAndAPassword() {
    assertThatThrownBy(() -> new BasicCredentials("analyst", ""))
        .hasMessage(
            "Basic auth needs both a user name and a password: give both, or neither to serve "
                + "without a login");
  }
}
