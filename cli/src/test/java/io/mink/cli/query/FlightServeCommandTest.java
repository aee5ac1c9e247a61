package io.mink.cli.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.ListenAddress;
import io.mink.indexer.config.MinkQuerySettings;
import io.mink.query.flight.FlightServerSettings;
import io.mink.query.flight.ServerExposure;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What mink-query serve makes of [query] and its flags before it listens. */
class FlightServeCommandTest {
  private static final MinkQuerySettings DEFAULTS = MinkQuerySettings.defaults();

  @Test
  void defaultsServePlaintextWithoutLoginOnThisHostOnly() {
    FlightServerSettings settings = FlightServeCommand.serverSettings(DEFAULTS);

    assertThat(settings).isEqualTo(FlightServerSettings.defaults());
    assertThat(FlightServeCommand.listening(settings, 9130))
        .isEqualTo(
            "mink-query serves Flight SQL on 127.0.0.1:9130 without TLS, no login; stop it with"
                + " SIGTERM or Ctrl-C");
  }

  @Test
  void withTlsAndALoginAndNoAddressItServesOnEveryInterface() {
    MinkQuerySettings secured = withPassword(DEFAULTS.withServer(
        Optional.empty(),
        Optional.of(Path.of("/etc/q.crt")),
        Optional.of(Path.of("/etc/q.key")),
        Optional.of("analyst")));

    FlightServerSettings settings = FlightServeCommand.serverSettings(secured);

    assertThat(settings.host()).isEqualTo("0.0.0.0");
    assertThat(settings.port()).isEqualTo(9130);
    assertThat(ServerExposure.of(settings)).isEqualTo(ServerExposure.SECURED);
  }

  @Test
  void withOnlyALoginAndNoAddressItStaysOnThisHost() {
    MinkQuerySettings loginOnly = withPassword(DEFAULTS.withServer(
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.of("analyst")));

    assertThat(FlightServeCommand.serverSettings(loginOnly).host()).isEqualTo("127.0.0.1");
  }

  @Test
  void allowInsecureReachesTheServerSettings() {
    MinkQuerySettings allowed = new MinkQuerySettings(
        DEFAULTS.batchSize(),
        DEFAULTS.targetPartitions(),
        DEFAULTS.memoryLimitBytes(),
        DEFAULTS.database(),
        Optional.of(new ListenAddress("0.0.0.0", 9130)),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        true);

    FlightServerSettings settings = FlightServeCommand.serverSettings(allowed);

    assertThat(settings.insecureAllowed()).isTrue();
    assertThat(ServerExposure.of(settings)).isEqualTo(ServerExposure.INSECURE_ALLOWED);
    FlightServerSettings refused = FlightServeCommand.serverSettings(DEFAULTS.withServer(
        Optional.of(new ListenAddress("0.0.0.0", 9130)),
        Optional.empty(),
        Optional.empty(),
        Optional.empty()));
    assertThatThrownBy(() -> ServerExposure.of(refused))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "mink-query serve will not listen on 0.0.0.0:9130 without TLS and a login: ");
  }

  @Test
  void tlsAndBasicAuthComeInPairs() {
    MinkQuerySettings secured = withPassword(DEFAULTS.withServer(
        Optional.of(new ListenAddress("::1", 0)),
        Optional.of(Path.of("/etc/q.crt")),
        Optional.of(Path.of("/etc/q.key")),
        Optional.of("analyst")));

    FlightServerSettings settings = FlightServeCommand.serverSettings(secured);

    assertThat(settings.tls()).isPresent();
    assertThat(settings.basicAuth().orElseThrow().username()).isEqualTo("analyst");
    assertThat(FlightServeCommand.listening(settings, 40123))
        .isEqualTo(
            "mink-query serves Flight SQL on [::1]:40123 with TLS, basic auth as analyst; stop it"
                + " with SIGTERM or Ctrl-C")
        .doesNotContain("s3cret");
  }

  @Test
  void certificateWithoutKeyIsRefused() {
    MinkQuerySettings certOnly = DEFAULTS.withServer(
        DEFAULTS.listen(), Optional.of(Path.of("/etc/q.crt")), Optional.empty(), Optional.empty());

    assertThatThrownBy(() -> FlightServeCommand.serverSettings(certOnly))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "TLS needs both a certificate chain and its private key: give --tls-cert and --tls-key"
                + " (or [query] tls_cert and tls_key), or neither to serve without TLS");
  }

  @Test
  void userWithoutPasswordIsRefused() {
    MinkQuerySettings userOnly = DEFAULTS.withServer(
        DEFAULTS.listen(), Optional.empty(), Optional.empty(), Optional.of("analyst"));

    assertThatThrownBy(() -> FlightServeCommand.serverSettings(userOnly))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Basic auth for user analyst needs a password: set [query] password or"
            + " MINK_QUERY_PASSWORD");
  }

  private static MinkQuerySettings withPassword(MinkQuerySettings query) {
    return new MinkQuerySettings(
        query.batchSize(),
        query.targetPartitions(),
        query.memoryLimitBytes(),
        query.database(),
        query.listen(),
        query.tlsCert(),
        query.tlsKey(),
        query.user(),
        Optional.of("s3cret"),
        query.allowInsecure());
  }
}
