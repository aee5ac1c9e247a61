package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.secret.Secrets;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How to reach a Confluent-compatible schema registry. Several URLs are the same registry's nodes:
 * a request goes to the next when one cannot be reached or answers 5xx.
 *
 * @param urls the registry's base URLs, http or https, with any path prefix; a URL's user info
 *     ({@code https://user:password@host}) is its basic-auth credentials
 * @param basicAuthUser the basic-auth user for every URL, or null
 * @param basicAuthPassword its password, or null when there is no user
 * @param bearerToken a bearer token sent as {@code Authorization: Bearer ...}, or null
 * @param bearerTokenFile a file holding a bearer token, read again for every request so that a
 *     rotated token needs no restart, or null
 * @param truststore the certificates to trust for https, or null for the JDK's default trust
 * @param keystore a client certificate and key for mutual TLS, or null
 * @param keyPassword the password of the key in the keystore, or null when it is the keystore's
 * @param requestTimeout how long one request to one URL may take
 */
public record ConfluentRegistrySettings(
    List<URI> urls,
    String basicAuthUser,
    String basicAuthPassword,
    String bearerToken,
    Path bearerTokenFile,
    TlsStore truststore,
    TlsStore keystore,
    String keyPassword,
    Duration requestTimeout) {

  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);

  public ConfluentRegistrySettings {
    requireNonNull(urls, "urls is null");
    requireNonNull(requestTimeout, "requestTimeout is null");
    urls = List.copyOf(urls);
    if (urls.isEmpty()) {
      throw new IllegalArgumentException(
          "No schema registry URL is given: give at least one, such as http://schema-registry:8081");
    }
    boolean urlCredentials = false;
    for (URI url : urls) {
      checkUrl(url);
      urlCredentials |= url.getRawUserInfo() != null;
    }
    if ((basicAuthUser == null) != (basicAuthPassword == null)) {
      throw new IllegalArgumentException(
          "Schema registry basic auth needs both a user and a password; only the "
              + (basicAuthUser == null ? "password" : "user") + " is set");
    }
    if (basicAuthUser != null && basicAuthUser.isBlank()) {
      throw new IllegalArgumentException(
          "Schema registry basic auth user is blank: give the user name, or no basic auth");
    }
    if (bearerToken != null && bearerToken.isBlank()) {
      throw new IllegalArgumentException(
          "Schema registry bearer token is blank: give the token, or no bearer token");
    }
    if (bearerToken != null && bearerTokenFile != null) {
      throw new IllegalArgumentException(
          "Schema registry bearer token is given twice: as a token and as a token file; keep one");
    }
    boolean bearer = bearerToken != null || bearerTokenFile != null;
    if (bearer && basicAuthUser != null) {
      throw new IllegalArgumentException(
          "Schema registry credentials are given twice: use basic auth (user and"
              + " password) or a bearer token, not both");
    }
    if (urlCredentials && (basicAuthUser != null || bearer)) {
      throw new IllegalArgumentException(
          "Schema registry credentials are given twice: in a URL's user info and as "
              + (bearer ? "a bearer token" : "a basic auth user") + "; keep one");
    }
    if (keystore != null && keystore.password() == null) {
      throw new IllegalArgumentException("Schema registry keystore " + keystore.path()
          + " has no password: a keystore's private key cannot be read without one");
    }
    if (keyPassword != null && keystore == null) {
      throw new IllegalArgumentException(
          "Schema registry key password is set without a keystore: give the keystore "
              + "that holds the client certificate, or drop the key password");
    }
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException(
          "Schema registry request timeout must be positive, got " + requestTimeout);
    }
  }

  /** Settings with one or more URLs, no credentials, default TLS and the default timeout. */
  public static ConfluentRegistrySettings of(String... urls) {
    Builder builder = builder();
    for (String url : urls) {
      builder.url(url);
    }
    return builder.build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The URL as it may be shown in messages and logs: without its user info. */
  public static String display(URI url) {
    if (url.getRawUserInfo() == null) {
      return url.toString();
    }
    return url.getScheme() + "://"
        + url.getRawAuthority().substring(url.getRawAuthority().lastIndexOf('@') + 1)
        + (url.getRawPath() == null ? "" : url.getRawPath());
  }

  private static void checkUrl(URI url) {
    requireNonNull(url, "url is null");
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("Schema registry URL '" + display(url)
          + "' is not an http:// or https:// URL: write it like http://schema-registry:8081");
    }
    if (url.getHost() == null) {
      throw new IllegalArgumentException("Schema registry URL '" + display(url)
          + "' has no host: write it like http://schema-registry:8081");
    }
    if (url.getRawQuery() != null || url.getRawFragment() != null) {
      throw new IllegalArgumentException(
          "Schema registry URL '" + display(url)
              + "' has a query or fragment: give only the base URL, like http://schema-registry:8081/path");
    }
  }

  @Override
  public String toString() {
    List<String> shown = urls.stream().map(ConfluentRegistrySettings::display).toList();
    return "ConfluentRegistrySettings[urls=" + shown
        + ", basicAuthUser=" + basicAuthUser
        + ", basicAuthPassword=" + Secrets.hidden(basicAuthPassword)
        + ", bearerToken=" + Secrets.hidden(bearerToken)
        + ", bearerTokenFile=" + bearerTokenFile
        + ", truststore=" + truststore
        + ", keystore=" + keystore
        + ", keyPassword=" + Secrets.hidden(keyPassword)
        + ", requestTimeout=" + requestTimeout + "]";
  }

  /** Builds settings; {@link #build()} validates them. */
  public static final class Builder {
    private final List<URI> urls = new ArrayList<>();
    private String basicAuthUser;
    private String basicAuthPassword;
    private String bearerToken;
    private Path bearerTokenFile;
    private TlsStore truststore;
    private TlsStore keystore;
    private String keyPassword;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;

    private Builder() {}

    public Builder url(String url) {
      requireNonNull(url, "url is null");
      try {
        return url(new URI(url.trim()));
      } catch (java.net.URISyntaxException e) {
        throw new IllegalArgumentException(
            "Schema registry URL '" + url.replaceAll("//[^/@]*@", "//" + Secrets.HIDDEN + "@")
                + "' is not a URL (" + e.getReason()
                + "): write it like http://schema-registry:8081",
            e);
      }
    }

    public Builder url(URI url) {
      urls.add(requireNonNull(url, "url is null"));
      return this;
    }

    public Builder basicAuth(String user, String password) {
      this.basicAuthUser = user;
      this.basicAuthPassword = password;
      return this;
    }

    public Builder bearerToken(String token) {
      this.bearerToken = token;
      return this;
    }

    /** A file to read the bearer token from at every request. */
    public Builder bearerTokenFile(Path file) {
      this.bearerTokenFile = file;
      return this;
    }

    public Builder truststore(TlsStore truststore) {
      this.truststore = truststore;
      return this;
    }

    public Builder keystore(TlsStore keystore, String keyPassword) {
      this.keystore = keystore;
      this.keyPassword = keyPassword;
      return this;
    }

    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = timeout;
      return this;
    }

    public ConfluentRegistrySettings build() {
      return new ConfluentRegistrySettings(
          urls,
          basicAuthUser,
          basicAuthPassword,
          bearerToken,
          bearerTokenFile,
          truststore,
          keystore,
          keyPassword,
          requestTimeout);
    }
  }
}
