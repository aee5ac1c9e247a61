package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.config.ConfigException;
import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import io.mink.query.flight.FlightServerSettings.TlsFiles;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where mink-query serve may listen: beyond this host only with TLS and a login, or when allowed insecure. */
class ServerExposureTest {
  private static final TlsFiles TLS = new TlsFiles(Path.of("q.crt"), Path.of("q.key"));
  private static final BasicCredentials LOGIN = new BasicCredentials("analyst", "s3cret");

  @Test
  void loopbackAddressesAreThisHostOnlyWithOrWithoutSecurity() throws UnknownHostException {
    assertThat(ServerExposure.of(FlightServerSettings.defaults()))
        .isEqualTo(ServerExposure.THIS_HOST_ONLY);
    assertThat(ServerExposure.of(FlightServerSettings.listening("[::1]:9130")))
        .isEqualTo(ServerExposure.THIS_HOST_ONLY);
    assertThat(ServerExposure.of(FlightServerSettings.listening("127.0.0.2:9130")))
        .isEqualTo(ServerExposure.THIS_HOST_ONLY);
    assertThat(ServerExposure.of(
            FlightServerSettings.listening("localhost:9130"),
            List.of(address("127.0.0.1"), address("::1"))))
        .isEqualTo(ServerExposure.THIS_HOST_ONLY);
  }

  @Test
  void everyInterfaceWithTlsAndALoginIsSecured() {
    FlightServerSettings secured =
        FlightServerSettings.listening("0.0.0.0:9130").withTls(TLS).withBasicAuth(LOGIN);

    assertThat(ServerExposure.of(secured)).isEqualTo(ServerExposure.SECURED);
  }

  @Test
  void everyInterfaceWithoutTlsAndALoginIsRefusedWithWhatToConfigure() {
    assertThatThrownBy(() -> ServerExposure.of(FlightServerSettings.listening("0.0.0.0:9130")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "mink-query serve will not listen on 0.0.0.0:9130 without TLS and a login: that address"
                + " reaches beyond this host, and whoever reaches it would read every table with Mink's Kafka and"
                + " lake credentials. Set [query] tls_cert and tls_key (or --tls-cert and --tls-key) and [query]"
                + " user and password (or --user and MINK_QUERY_PASSWORD); or listen on 127.0.0.1 to serve this"
                + " host only; or, on a network that secures the address itself, set [query] allow_insecure ="
                + " true");
  }

  @Test
  void tlsWithoutALoginOrALoginWithoutTlsIsRefusedNamingWhatIsMissing() {
    assertThatThrownBy(
            () -> ServerExposure.of(FlightServerSettings.listening("[::]:9130").withTls(TLS)))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("mink-query serve will not listen on [::]:9130 without a login: ")
        .hasMessageContaining(
            " Set [query] user and password (or --user and MINK_QUERY_PASSWORD); or listen on");
    assertThatThrownBy(() ->
            ServerExposure.of(FlightServerSettings.listening("0.0.0.0:0").withBasicAuth(LOGIN)))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("mink-query serve will not listen on 0.0.0.0:0 without TLS: ")
        .hasMessageContaining(
            " Set [query] tls_cert and tls_key (or --tls-cert and --tls-key); or");
  }

  @Test
  void aHostNameThatResolvesBeyondThisHostIsRefusedToo() throws UnknownHostException {
    FlightServerSettings named = FlightServerSettings.listening("query.example:9130");

    assertThatThrownBy(
            () -> ServerExposure.of(named, List.of(address("127.0.0.1"), address("10.1.2.3"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "mink-query serve will not listen on query.example:9130 without TLS and a login: ");
  }

  @Test
  void allowInsecureLetsItListenBeyondThisHostWithAWarning() {
    FlightServerSettings allowed =
        FlightServerSettings.listening("0.0.0.0:9130").withInsecureAllowed();

    assertThat(ServerExposure.of(allowed)).isEqualTo(ServerExposure.INSECURE_ALLOWED);
    assertThat(ServerExposure.insecureWarning(allowed))
        .isEqualTo(
            "mink-query serve listens on 0.0.0.0:9130 without TLS and a login because [query]"
                + " allow_insecure is true: whoever reaches that address reads every table with Mink's Kafka"
                + " and lake credentials; keep it on a network only trusted clients reach");
    assertThat(ServerExposure.of(FlightServerSettings.defaults().withInsecureAllowed()))
        .as("on loopback there is nothing to warn of")
        .isEqualTo(ServerExposure.THIS_HOST_ONLY);
  }

  @Test
  void anUnresolvableHostIsAConfigurationError() {
    assertThatThrownBy(
            () -> ServerExposure.of(FlightServerSettings.listening("no-such-host.invalid:9130")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "Cannot resolve the listen host no-such-host.invalid of mink-query serve: ")
        .hasMessageEndingWith(
            "; give an IP address such as 127.0.0.1, or a name this host resolves");
  }

  private static InetAddress address(String literal) throws UnknownHostException {
    return InetAddress.getByName(literal);
  }
}
