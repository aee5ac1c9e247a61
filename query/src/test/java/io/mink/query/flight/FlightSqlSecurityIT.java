package io.mink.query.flight;

import static io.mink.query.flight.JdbcRows.connect;
import static io.mink.query.flight.JdbcRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import io.mink.query.flight.FlightServerSettings.TlsFiles;
import io.mink.query.read.TopicIds;
import io.mink.query.sql.QuerySettings;
import io.mink.query.sql.QueryTables;
import io.mink.query.sql.SqlEngine;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS and basic auth of the Flight SQL server, with the JDBC driver as the client, over an engine without tables. */
class FlightSqlSecurityIT {
  private final SqlEngine engine = new SqlEngine(new NoTables(), QuerySettings.defaults("kafka"));

  @TempDir
  Path directory;

  @AfterEach
  void closeEngine() {
    engine.close();
  }

  @Test
  void withTlsAClientThatTrustsTheCertificateRunsStatementsAndOthersAreRefused() throws Exception {
    TestCertificate certificate = TestCertificate.create(directory);
    FlightServerSettings settings = FlightServerSettings.listening("localhost:0")
        .withTls(new TlsFiles(certificate.certificate(), certificate.privateKey()));
    try (QueryServer server = QueryServer.start(engine, settings)) {
      try (Connection jdbc = connect(
          server.port(),
          "useEncryption=true&useSystemTrustStore=false&tlsRootCerts="
              + certificate.certificate())) {
        assertThat(rows(jdbc, "SELECT 'over tls' AS greeting")).containsExactly("over tls");
      }
      assertThatThrownBy(() ->
              rows(connect(server.port(), "useEncryption=true&connectTimeoutMs=5000"), "SELECT 1"))
          .isInstanceOf(SQLException.class);
      assertThatThrownBy(() ->
              rows(connect(server.port(), "useEncryption=false&connectTimeoutMs=5000"), "SELECT 1"))
          .isInstanceOf(SQLException.class);
    }
  }

  @Test
  void withBasicAuthTheRightPasswordLogsInAndAWrongOneIsRefused() throws Exception {
    FlightServerSettings settings = FlightServerSettings.listening("localhost:0")
        .withBasicAuth(new BasicCredentials("analyst", "s3cret"));
    try (QueryServer server = QueryServer.start(engine, settings)) {
      try (Connection jdbc =
          connect(server.port(), "useEncryption=false&user=analyst&password=s3cret")) {
        assertThat(rows(jdbc, "SELECT 40 + 2")).containsExactly("42");
        assertThat(rows(jdbc, "SELECT 'again'")).containsExactly("again");
      }
      assertThatThrownBy(
              () -> connect(server.port(), "useEncryption=false&user=analyst&password=guess"))
          .isInstanceOf(SQLException.class)
          .hasStackTraceContaining("Wrong user name or password for mink-query");
      assertThatThrownBy(() -> rows(connect(server.port(), "useEncryption=false"), "SELECT 1"))
          .isInstanceOf(SQLException.class);
    }
  }

  @Test
  void aTakenPortAndMissingTlsFilesAreRefusedWithWhatToDo() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      assertThatThrownBy(() -> QueryServer.start(
              engine, FlightServerSettings.listening("localhost:" + taken.getLocalPort())))
          .isInstanceOf(MinkException.class)
          .hasMessageStartingWith(
              "Cannot listen for Flight SQL on localhost:" + taken.getLocalPort() + ": ")
          .hasMessageEndingWith("; stop what listens there or give another address with --listen");
    }
    Path missing = directory.resolve("missing.pem");
    assertThatThrownBy(() -> QueryServer.start(
            engine,
            FlightServerSettings.listening("localhost:0").withTls(new TlsFiles(missing, missing))))
        .isInstanceOf(MinkException.class)
        .hasMessage("The TLS certificate chain file " + missing
            + " does not exist or cannot be read: give the path of a PEM file mink-query can read");
  }

  /** A Mink with no tables added: statements that name no table still run. */
  static final class NoTables implements QueryTables {
    @Override
    public List<TableDescriptor> tables() {
      return List.of();
    }

    @Override
    public Table load(TableDescriptor table) {
      throw new UnsupportedOperationException("No table is added, so none is loaded: " + table);
    }

    @Override
    public Consumer<byte[], byte[]> newConsumer() {
      throw new UnsupportedOperationException("No table is added, so none is read from Kafka");
    }

    @Override
    public TopicIds topicIds() {
      return topic -> {
        throw new UnsupportedOperationException("No table is added, so no topic is looked up");
      };
    }

    @Override
    public Optional<PartDecoder> decoder() {
      return Optional.empty();
    }
  }
}
