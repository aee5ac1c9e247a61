package io.mink.query.flight;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where and how {@code mink-query serve} listens for Flight SQL (docs/querying.md, docs/configuration.md [query]).
 *
 * <p>Anyone who reaches the server reads every table with Mink's own Kafka and lake credentials, so by default it
 * listens on this host only, {@value #LOOPBACK_HOST}; with TLS and a login it listens on every interface,
 * {@value #EVERY_INTERFACE}, as a server in a pod must. {@link ServerExposure} refuses an address beyond this host
 * without both, unless {@code insecureAllowed}.
 *
 * @param host the address to bind
 * @param port the port to bind, {@value #DEFAULT_PORT} by default; 0 picks a free one
 * @param tls the PEM certificate chain and private key to serve TLS with; plaintext when empty
 * @param basicAuth the one user name and password clients must log in with; no login when empty
 * @param insecureAllowed whether the server may listen beyond this host without TLS and a login
 */
public record FlightServerSettings(
    String host,
    int port,
    Optional<TlsFiles> tls,
    Optional<BasicCredentials> basicAuth,
    boolean insecureAllowed) {
  public static final String LOOPBACK_HOST = "127.0.0.1";
  public static final String EVERY_INTERFACE = "0.0.0.0";
  public static final int DEFAULT_PORT = 9130;

  public FlightServerSettings {
    requireNonNull(host, "host is null");
    requireNonNull(tls, "tls is null");
    requireNonNull(basicAuth, "basicAuth is null");
    if (host.isBlank()) {
      throw new IllegalArgumentException(
          "The listen host is empty: give a host name or address such as 127.0.0.1");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(
          "The listen port must be between 0 and 65535 (0 picks a free port), not " + port);
    }
  }

  /** {@value #LOOPBACK_HOST}:{@value #DEFAULT_PORT}, plaintext, no login. */
  public static FlightServerSettings defaults() {
    return new FlightServerSettings(
        LOOPBACK_HOST, DEFAULT_PORT, Optional.empty(), Optional.empty(), false);
  }

  /**
   * The host to listen on when none is given: every interface when clients must use TLS and log in, this host only
   * otherwise.
   */
  public static String defaultHost(boolean tls, boolean login) {
    return tls && login ? EVERY_INTERFACE : LOOPBACK_HOST;
  }

  /** Whether clients must use TLS and log in. */
  public boolean secured() {
    return tls.isPresent() && basicAuth.isPresent();
  }

  /** Plaintext and no login on {@code host:port}, as {@code --listen} gives it; {@code [::1]:9130} for IPv6. */
  public static FlightServerSettings listening(String hostAndPort) {
    int colon = hostAndPort.lastIndexOf(':');
    if (colon <= 0 || colon == hostAndPort.length() - 1) {
      throw new IllegalArgumentException(
          "--listen " + hostAndPort + " is not host:port: give it as 127.0.0.1:9130");
    }
    String host = hostAndPort.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(hostAndPort.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--listen " + hostAndPort
              + " has no port number after the colon: give it as 127.0.0.1:9130",
          e);
    }
    return new FlightServerSettings(host, port, Optional.empty(), Optional.empty(), false);
  }

  public FlightServerSettings withTls(TlsFiles files) {
    return new FlightServerSettings(host, port, Optional.of(files), basicAuth, insecureAllowed);
  }

  public FlightServerSettings withBasicAuth(BasicCredentials credentials) {
    return new FlightServerSettings(host, port, tls, Optional.of(credentials), insecureAllowed);
  }

  /** These settings on another port; 0 picks a free one. */
  public FlightServerSettings withPort(int otherPort) {
    return new FlightServerSettings(host, otherPort, tls, basicAuth, insecureAllowed);
  }

  /** These settings, allowed to listen beyond this host without TLS and a login: {@code [query] allow_insecure}. */
  public FlightServerSettings withInsecureAllowed() {
    return new FlightServerSettings(host, port, tls, basicAuth, true);
  }

  /**
   * The files TLS is served with.
   *
   * @param certificateChain the server's certificate and its chain, PEM
   * @param privateKey the certificate's private key, PKCS#8 PEM
   */
  public record TlsFiles(Path certificateChain, Path privateKey) {
    public TlsFiles {
      requireNonNull(certificateChain, "certificateChain is null");
      requireNonNull(privateKey, "privateKey is null");
    }
  }

  /** The user name and password of basic auth; {@link #toString()} leaves the password out. */
  public record BasicCredentials(String username, String password) {
    public BasicCredentials {
      requireNonNull(username, "username is null");
      requireNonNull(password, "password is null");
      if (username.isEmpty() || password.isEmpty()) {
        throw new IllegalArgumentException(
            "Basic auth needs both a user name and a password: give both, or neither to serve without a login");
      }
    }

    @Override
    public String toString() {
      return "BasicCredentials[username=" + username + ", password=***]";
    }
  }
}
