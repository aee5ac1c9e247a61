package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.config.ConfigException;
import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import io.mink.query.flight.FlightServerSettings.TlsFiles;
import io.mink.query.flight.NetworkNamespace.Result;
import io.mink.query.sql.QuerySettings;
import io.mink.query.sql.SqlEngine;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who reaches mink-query serve: a client on another host, played by a network namespace joined to this one by a veth
 * pair, cannot connect to a server on the default address, and can run statements on a server with TLS and a login
 * on every interface.
 */
class ServerReachabilityIT {
  private static NetworkNamespace otherHost;

  private final SqlEngine engine =
      new SqlEngine(new FlightSqlSecurityIT.NoTables(), QuerySettings.defaults("kafka"));

  @TempDir
  Path directory;

  @BeforeAll
  static void makeAnotherHost() throws Exception {
    otherHost = NetworkNamespace.create();
  }

  @AfterAll
  static void removeTheOtherHost() throws Exception {
    if (otherHost != null) {
      otherHost.close();
    }
  }

  @AfterEach
  void closeEngine() {
    engine.close();
  }

  @Test
  void theDefaultServerIsNotReachableFromAnotherHost() throws Exception {
    FlightServerSettings defaults = FlightServerSettings.defaults().withPort(0);
    try (QueryServer server = QueryServer.start(engine, defaults)) {
      try (Socket local = new Socket()) {
        local.connect(
            new InetSocketAddress(
                InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), server.port()),
            5_000);
        assertThat(local.isConnected()).as("a client on this host connects").isTrue();
      }

      Result remote = otherHost.connect(otherHost.hostAddress(), server.port());

      assertThat(remote.exitCode()).as(remote.output()).isNotZero();
      assertThat(remote.output()).contains("Connection refused");
    }
  }

  @Test
  void aServerWithTlsAndALoginOnEveryInterfaceRunsStatementsOfAnotherHost() throws Exception {
    TestCertificate certificate =
        TestCertificate.create(directory, List.of(otherHost.hostAddress()));
    FlightServerSettings secured = new FlightServerSettings(
        FlightServerSettings.defaultHost(true, true),
        0,
        Optional.of(new TlsFiles(certificate.certificate(), certificate.privateKey())),
        Optional.of(new BasicCredentials("analyst", "s3cret")),
        false);
    try (QueryServer server = QueryServer.start(engine, secured)) {
      String url = "jdbc:arrow-flight-sql://" + otherHost.hostAddress() + ":" + server.port()
          + "?useEncryption=true&useSystemTrustStore=false&tlsRootCerts="
          + certificate.certificate() + "&user=analyst&password=";

      Result statement = runInOtherHost(url + "s3cret", "SELECT 'from ' || 'afar' AS greeting");
      Result wrongPassword = runInOtherHost(url + "guess", "SELECT 1");

      assertThat(statement.exitCode()).as(statement.output()).isZero();
      assertThat(statement.output().lines()).contains("from afar");
      assertThat(wrongPassword.exitCode()).as(wrongPassword.output()).isEqualTo(1);
    }
  }

  @Test
  void everyInterfaceWithoutTlsAndALoginDoesNotStart() {
    FlightServerSettings open = FlightServerSettings.listening("0.0.0.0:0");

    assertThatThrownBy(() -> QueryServer.start(engine, open))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "mink-query serve will not listen on 0.0.0.0:0 without TLS and a login: ");
  }

  @Test
  void allowInsecureServesAnotherHostWithoutTls() throws Exception {
    FlightServerSettings allowed =
        FlightServerSettings.listening("0.0.0.0:0").withInsecureAllowed();
    try (QueryServer server = QueryServer.start(engine, allowed)) {
      Result remote = otherHost.connect(otherHost.hostAddress(), server.port());

      assertThat(remote.exitCode()).as(remote.output()).isZero();
      assertThat(remote.output()).isEqualTo("connected");
    }
  }

  private static Result runInOtherHost(String url, String sql) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-cp",
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .map(entry -> Path.of(entry).toAbsolutePath().toString())
            .collect(Collectors.joining(File.pathSeparator)),
        RemoteStatement.class.getName(),
        url,
        sql));
    return otherHost.run(command);
  }
}
