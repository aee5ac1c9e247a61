package io.mink.query.flight;

import io.mink.indexer.errors.MinkException;
import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import io.mink.query.flight.FlightServerSettings.TlsFiles;
import io.mink.query.sql.SqlEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.auth2.BasicCallHeaderAuthenticator;
import org.apache.arrow.flight.auth2.GeneratedBearerTokenAuthenticator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code mink-query serve}: a Flight SQL server over one {@link SqlEngine}, listening as {@link FlightServerSettings}
 * say. With basic auth a client logs in with the user name and password once and then sends the bearer token the
 * server hands back, which is how the Flight SQL JDBC and ADBC drivers log in. The engine stays the caller's to
 * close.
 */
public final class QueryServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(QueryServer.class);

  private final BufferAllocator allocator;
  private final MinkFlightSqlProducer producer;
  private final FlightServer server;

  private QueryServer(
      BufferAllocator allocator, MinkFlightSqlProducer producer, FlightServer server) {
    this.allocator = allocator;
    this.producer = producer;
    this.server = server;
  }

  /**
   * Binds and starts serving, as {@link ServerExposure} allows; warns when it listens beyond this host without TLS
   * and a login because insecure serving is allowed.
   *
   * @throws MinkException user when the address is taken, the TLS files cannot be used, or the address reaches
   *     beyond this host without TLS and a login (a {@link io.mink.indexer.config.ConfigException})
   */
  public static QueryServer start(SqlEngine engine, FlightServerSettings settings) {
    ServerExposure exposure = ServerExposure.of(settings);
    settings.tls().ifPresent(QueryServer::checkReadable);
    BufferAllocator allocator = new RootAllocator();
    MinkFlightSqlProducer producer = new MinkFlightSqlProducer(engine, allocator);
    try {
      FlightServer server = build(settings, allocator, producer).start();
      if (exposure == ServerExposure.INSECURE_ALLOWED) {
        LOG.warn(ServerExposure.insecureWarning(settings.withPort(server.getPort())));
      }
      return new QueryServer(allocator, producer, server);
    } catch (IOException e) {
      allocator.close();
      throw MinkException.user(
          "Cannot listen for Flight SQL on " + address(settings) + ": " + e.getMessage()
              + "; stop what listens there or give another address with --listen",
          e);
    }
  }

  /** The port the server listens on: the one asked for, or the one picked for port 0. */
  public int port() {
    return server.getPort();
  }

  /** Waits until the server is closed: {@code mink-query serve} runs until it is stopped. */
  public void awaitTermination() throws InterruptedException {
    server.awaitTermination();
  }

  /** Stops taking calls, gives the calls under way a few seconds to finish, then releases the memory. */
  @Override
  public void close() {
    try {
      server.close();
      producer.close();
    } catch (InterruptedException e) {
      throw MinkException.interrupted("stopping the Flight SQL server", e);
    } finally {
      allocator.close();
    }
  }

  private static FlightServer build(
      FlightServerSettings settings, BufferAllocator allocator, MinkFlightSqlProducer producer)
      throws IOException {
    Location location = settings.tls().isPresent()
        ? Location.forGrpcTls(settings.host(), settings.port())
        : Location.forGrpcInsecure(settings.host(), settings.port());
    FlightServer.Builder builder = FlightServer.builder(allocator, location, producer);
    if (settings.basicAuth().isPresent()) {
      BasicCredentials credentials = settings.basicAuth().get();
      builder.headerAuthenticator(new GeneratedBearerTokenAuthenticator(
          new BasicCallHeaderAuthenticator(new PasswordCheck(credentials))));
    }
    if (settings.tls().isEmpty()) {
      return builder.build();
    }
    TlsFiles tls = settings.tls().get();
    builder.useTls(tls.certificateChain().toFile(), tls.privateKey().toFile());
    try {
      return builder.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw MinkException.user(
          "Cannot serve TLS with the certificate chain " + tls.certificateChain()
              + " and the private key " + tls.privateKey() + ": " + e.getMessage()
              + "; give the certificate chain as PEM and its private key as PKCS#8 PEM",
          e);
    }
  }

  private static void checkReadable(TlsFiles tls) {
    checkReadable(tls.certificateChain(), "certificate chain");
    checkReadable(tls.privateKey(), "private key");
  }

  private static void checkReadable(Path file, String what) {
    if (!Files.isReadable(file)) {
      throw MinkException.user("The TLS " + what + " file " + file
          + " does not exist or cannot be read: give the path of a PEM file mink-query can read");
    }
  }

  private static String address(FlightServerSettings settings) {
    return settings.host() + ":" + settings.port();
  }
}
