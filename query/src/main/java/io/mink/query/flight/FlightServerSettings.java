package io.mink.query.flight;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where and how {@code mink-query serve} listens for Flight SQL (docs/querying.md, docs/configuration.md [query]).
 *
 * @param host the address to bind, {@value #DEFAULT_HOST} (every interface) by default
 * @param port the port to bind, {@value #DEFAULT_PORT} by default; 0 picks a free one
 * @param tls the PEM certificate chain and private key to serve TLS with; plaintext when empty
 * @param basicAuth the one user name and password clients must log in with; no login when empty
 */
public record FlightServerSettings(
    String host, int port, Optional<TlsFiles> tls, Optional<BasicCredentials> basicAuth) {
  public static final String DEFAULT_HOST = "0.0.0.0";
  public static final int DEFAULT_PORT = 9130;

  public FlightServerSettings {
    requireNonNull(host, "host is null");
    requireNonNull(tls, "tls is null");
    requireNonNull(basicAuth, "basicAuth is null");
    if (host.isBlank()) {
      throw new IllegalArgumentException(
          "The listen host is empty: give a host name or address such as 0.0.0.0");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(
          "The listen port must be between 0 and 65535 (0 picks a free port), not " + port);
    }
  }

  /** {@value #DEFAULT_HOST}:{@value #DEFAULT_PORT}, plaintext, no login. */
  public static FlightServerSettings defaults() {
    return new FlightServerSettings(DEFAULT_HOST, DEFAULT_PORT, Optional.empty(), Optional.empty());
  }

  /** Plaintext and no login on {@code host:port}, as {@code --listen} gives it; {@code [::1]:9130} for IPv6. */
  public static FlightServerSettings listening(String hostAndPort) {
    int colon = hostAndPort.lastIndexOf(':');
    if (colon <= 0 || colon == hostAndPort.length() - 1) {
      throw new IllegalArgumentException(
          "--listen " + hostAndPort + " is not host:port: give it as 0.0.0.0:9130");
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
              + " has no port number after the colon: give it as 0.0.0.0:9130",
          e);
    }
    return new FlightServerSettings(host, port, Optional.empty(), Optional.empty());
  }

  public FlightServerSettings withTls(TlsFiles files) {
    return new FlightServerSettings(host, port, Optional.of(files), basicAuth);
  }

  public FlightServerSettings withBasicAuth(BasicCredentials credentials) {
    return new FlightServerSettings(host, port, tls, Optional.of(credentials));
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
