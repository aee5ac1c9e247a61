package io.mink.cli.query;

import io.mink.cli.Environment;
import io.mink.cli.ExitCode;
import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.ListenAddress;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkQuerySettings;
import io.mink.indexer.errors.MinkException;
import io.mink.query.flight.FlightServerSettings;
import io.mink.query.flight.FlightServerSettings.BasicCredentials;
import io.mink.query.flight.FlightServerSettings.TlsFiles;
import io.mink.query.flight.QueryServer;
import io.mink.query.flight.ServerExposure;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "serve",
    description = "Answer Flight SQL clients (JDBC, ADBC, Arrow's FlightSqlClient) until stopped.",
    footer = {
      "",
      "Examples:",
      "  mink-query serve",
      "  mink-query serve --listen 127.0.0.1:9131 --config mink.toml",
      "  MINK_QUERY_PASSWORD=... mink-query serve --tls-cert query.crt --tls-key query.key --user analyst",
      "",
      "Without TLS and a login it listens on 127.0.0.1:9130, this host only; with both, on 0.0.0.0:9130.",
      "An address beyond this host without both is refused (exit 3), unless [query] allow_insecure = true.",
      "Connect with jdbc:arrow-flight-sql://HOST:9130?useEncryption=false (true with TLS).",
      "The password of --user comes from [query] password or MINK_QUERY_PASSWORD, never from a flag.",
      "The server runs until SIGTERM or Ctrl-C, then exits with the JVM's code for the signal:",
      "143 for SIGTERM, 130 for Ctrl-C."
    })
final class FlightServeCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(FlightServeCommand.class);

  @ParentCommand
  MinkQueryCommand parent;

  @Mixin
  QueryOptions options;

  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      description =
          "Where to listen (default: [query] listen; 127.0.0.1:9130, or 0.0.0.0:9130 with TLS and --user)")
  String listen;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description =
          "A PEM certificate chain: serve TLS with it and --tls-key (default: [query] tls_cert)")
  Path tlsCert;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "The PEM private key of --tls-cert (default: [query] tls_key)")
  Path tlsKey;

  @Option(
      names = "--user",
      paramLabel = "USER",
      description =
          "Require basic auth as USER, with the password of [query] password or MINK_QUERY_PASSWORD "
              + "(default: [query] user)")
  String user;

  @Override
  public Integer call() throws InterruptedException {
    Environment environment = parent.console().environment();
    MinkConfig config = options.load(environment);
    MinkQuerySettings query = withFlags(config.query(), environment.workingDirectory());
    FlightServerSettings settings = serverSettings(query);
    // an address beyond this host without TLS and a login is refused before anything connects to
    // Kafka
    ServerExposure.of(settings);
    QuerySession session = QuerySession.open(config, options.settings(config));
    QueryServer server;
    try {
      server = QueryServer.start(session.engine(), settings);
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    // Logging starts here at the latest, not with a line logged while stopping: once SIGTERM
    // started the JVM's shutdown, log4j cannot register its hook and says so on every stop.
    LOG.debug("Flight SQL server started on port {}", server.port());
    ServerStop stop = new ServerStop(server, session);
    Thread hook = new Thread(stop::run, "mink-query-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    environment.out().println(listening(settings, server.port()));
    environment.out().flush();
    try {
      server.awaitTermination();
    } finally {
      stop.run();
      removeHook(hook);
    }
    return ExitCode.OK.code();
  }

  private MinkQuerySettings withFlags(MinkQuerySettings query, Path workingDirectory) {
    Optional<ListenAddress> address = query.listen();
    if (listen != null) {
      try {
        address = Optional.of(ListenAddress.parse(listen));
      } catch (IllegalArgumentException e) {
        throw MinkException.user("Invalid --listen '" + listen + "': " + e.getMessage(), e);
      }
    }
    return query.withServer(
        address,
        tlsCert == null ? query.tlsCert() : Optional.of(workingDirectory.resolve(tlsCert)),
        tlsKey == null ? query.tlsKey() : Optional.of(workingDirectory.resolve(tlsKey)),
        user == null ? query.user() : Optional.of(user));
  }

  /**
   * The server's settings; TLS needs both files and basic auth both the user and the password. Without a listen
   * address it listens on every interface with TLS and a login, on this host only without.
   */
  static FlightServerSettings serverSettings(MinkQuerySettings query) {
    if (query.tlsCert().isPresent() != query.tlsKey().isPresent()) {
      throw new ConfigException(
          "TLS needs both a certificate chain and its private key: give --tls-cert and"
              + " --tls-key (or [query] tls_cert and tls_key), or neither to serve without TLS");
    }
    if (query.user().isPresent() != query.password().isPresent()) {
      throw new ConfigException(
          query.user().isPresent()
              ? "Basic auth for user " + query.user().get()
                  + " needs a password: set [query] password or" + " MINK_QUERY_PASSWORD"
              : "[query] password is set without a user: set --user or [query] user, or remove the password");
    }
    Optional<TlsFiles> tls =
        query.tlsCert().map(cert -> new TlsFiles(cert, query.tlsKey().get()));
    Optional<BasicCredentials> auth =
        query.user().map(name -> new BasicCredentials(name, query.password().get()));
    String host = query
        .listen()
        .map(ListenAddress::host)
        .orElseGet(() -> FlightServerSettings.defaultHost(tls.isPresent(), auth.isPresent()));
    int port = query.listen().map(ListenAddress::port).orElse(FlightServerSettings.DEFAULT_PORT);
    return new FlightServerSettings(host, port, tls, auth, query.allowInsecure());
  }

  /** The one line printed once the server listens. */
  static String listening(FlightServerSettings settings, int port) {
    return "mink-query serves Flight SQL on " + new ListenAddress(settings.host(), port)
        + (settings.tls().isPresent() ? " with TLS" : " without TLS")
        + settings
            .basicAuth()
            .map(auth -> ", basic auth as " + auth.username())
            .orElse(", no login")
        + "; stop it with SIGTERM or Ctrl-C";
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down, and the hook stops the server
    }
  }

  /** Stops the server and then the engine, once, from the command or from the JVM's shutdown hook. */
  private static final class ServerStop {
    private final QueryServer server;
    private final QuerySession session;
    private boolean stopped;

    ServerStop(QueryServer server, QuerySession session) {
      this.server = server;
      this.session = session;
    }

    synchronized void run() {
      if (stopped) {
        return;
      }
      stopped = true;
      try (session) {
        server.close();
      }
    }
  }
}
