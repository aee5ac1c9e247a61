package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.RegistryUnavailableException.Fault;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * GETs from a Confluent-compatible registry: authentication, and failover over its URLs. A URL that
 * cannot be reached, times out or answers 5xx or 429 sends the request to the next one, and later
 * requests start at the URL that last answered (as Confluent's own client does).
 *
 * <p>Only answers about the thing asked for come back: 2xx and 404. Everything else is a
 * {@link RegistryUnavailableException}.
 */
final class ConfluentTransport {
  static final String ACCEPT = "application/vnd.schemaregistry.v1+json, application/json";
  /** What happens to the records while the registry refuses Mink. */
  static final String WAITING = "Records that need this registry wait, none is written raw:"
      + " Mink retries with backoff and indexes them once the registry accepts its credentials";

  /** An answer: a 2xx with its body, or a 404 with its body. */
  record Response(int status, String body, String url) {}

  private final List<Endpoint> endpoints;
  private final HttpClient http;
  private final Duration timeout;
  private final boolean clientCertificate;
  private final AtomicInteger preferred = new AtomicInteger();

  private record Endpoint(URI base, String shown, RegistryCredentials credentials) {}

  ConfluentTransport(ConfluentRegistrySettings settings, HttpClient http) {
    requireNonNull(settings, "settings is null");
    this.http = requireNonNull(http, "http is null");
    this.timeout = settings.requestTimeout();
    this.clientCertificate = settings.keystore() != null;
    List<Endpoint> list = new ArrayList<>();
    for (URI url : settings.urls()) {
      list.add(new Endpoint(
          withoutUserInfo(url),
          ConfluentRegistrySettings.display(url),
          RegistryCredentials.of(settings, url)));
    }
    this.endpoints = List.copyOf(list);
  }

  /** The base URLs, as they may be shown. */
  List<String> urls() {
    return endpoints.stream().map(Endpoint::shown).toList();
  }

  /**
   * GETs {@code path} (already percent-encoded, starting with '/') from the first URL that answers.
   *
   * @throws RegistryUnavailableException no URL answered 2xx or 404
   */
  Response get(String path) throws RegistryUnavailableException {
    int start = preferred.get();
    List<String> failures = new ArrayList<>();
    boolean allTls = true;
    for (int i = 0; i < endpoints.size(); i++) {
      int index = (start + i) % endpoints.size();
      Endpoint endpoint = endpoints.get(index);
      HttpResponse<String> response;
      try {
        response = http.send(
            request(endpoint, path), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      } catch (IOException e) {
        failures.add(endpoint.shown() + " (" + describe(e) + mutualTlsHint(endpoint, e) + ")");
        allTls &= e instanceof SSLException;
        preferred.compareAndSet(index, (index + 1) % endpoints.size());
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RegistryUnavailableException(
            "Interrupted while asking the schema registry at " + endpoint.shown() + " for " + path,
            e);
      }
      int status = response.statusCode();
      String body = response.body();
      if (status >= 500 || status == 429) {
        failures.add(endpoint.shown() + " (HTTP " + status + errorText(body) + ")");
        allTls = false;
        preferred.compareAndSet(index, (index + 1) % endpoints.size());
        continue;
      }
      preferred.set(index);
      if ((status >= 200 && status < 300) || status == 404) {
        return new Response(status, body, endpoint.shown());
      }
      throw rejected(endpoint, path, status, body);
    }
    String what = "GET " + path + " failed on " + (endpoints.size() == 1 ? "" : "every URL: ")
        + String.join(", ", failures);
    if (allTls) {
      throw new RegistryUnavailableException(
          Fault.CONFIGURATION,
          "Cannot reach the schema registry over TLS: " + what
              + ". Check the registry truststore (and keystore, for mutual TLS) in Mink's schema registry settings",
          null);
    }
    throw new RegistryUnavailableException(
        Fault.EXTERNAL,
        "Schema registry unavailable: " + what
            + ". Check that the registry is running and reachable from Mink; Mink retries until it answers",
        null);
  }

  private HttpRequest request(Endpoint endpoint, String path) throws RegistryUnavailableException {
    HttpRequest.Builder builder = HttpRequest.newBuilder(resolve(endpoint.base(), path))
        .timeout(timeout)
        .header("Accept", ACCEPT)
        .GET();
    endpoint.credentials().header().ifPresent(value -> builder.header("Authorization", value));
    return builder.build();
  }

  private static RegistryUnavailableException rejected(
      Endpoint endpoint, String path, int status, String body) {
    String answer = "answered GET " + path + " with HTTP " + status + errorText(body);
    RegistryCredentials credentials = endpoint.credentials();
    if (status == 401) {
      return new RegistryUnavailableException(
          Fault.CONFIGURATION,
          "Schema registry at " + endpoint.shown() + " rejected Mink's credentials: it " + answer
              + ". " + credentials.sent() + "; " + credentials.fix() + ". " + WAITING,
          null);
    }
    if (status == 403) {
      return new RegistryUnavailableException(
          Fault.CONFIGURATION,
          "Schema registry at " + endpoint.shown() + " denied Mink access: it " + answer + ". "
              + credentials.sent() + "; grant that principal read access to schemas and"
              + " subjects, or " + credentials.fix() + ". " + WAITING,
          null);
    }
    return new RegistryUnavailableException(
        Fault.CONFIGURATION,
        "Schema registry at " + endpoint.shown() + " "
            + answer
            + ", which a Confluent-compatible registry does not answer to this request. Check that the URL"
            + " points at the registry's REST API, with any path prefix",
        null);
  }

  /** The error's text for a message: Confluent's error body, or the start of whatever came back. */
  static String errorText(String body) {
    Optional<ConfluentResponses.ErrorBody> error = ConfluentResponses.error(body);
    if (error.isPresent()) {
      return ": " + error.get();
    }
    return body == null || body.isBlank() ? "" : ": " + ConfluentResponses.shown(body);
  }

  /**
   * A registry that requires a client certificate Mink does not send closes the connection after a TLS 1.3
   * handshake, which the client sees as a plain I/O error: say what may be missing.
   */
  private String mutualTlsHint(Endpoint endpoint, IOException e) {
    boolean closed = !(e instanceof SSLException
        || e instanceof HttpTimeoutException
        || e instanceof ConnectException);
    if (!closed || clientCertificate || !endpoint.base().getScheme().equalsIgnoreCase("https")) {
      return "";
    }
    return "; if the registry requires client certificates (mutual TLS), give Mink one in"
        + " schema_registry.ssl_keystore_location";
  }

  private static String describe(IOException e) {
    if (e instanceof HttpConnectTimeoutException) {
      return "connect timed out";
    }
    if (e instanceof HttpTimeoutException) {
      return "timed out";
    }
    if (e instanceof ConnectException) {
      return "connection refused or unreachable";
    }
    if (e instanceof SSLHandshakeException) {
      return "TLS handshake failed: " + e.getMessage();
    }
    if (e instanceof SSLException) {
      return "TLS failed: " + e.getMessage();
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  private static URI withoutUserInfo(URI url) {
    String path = url.getRawPath() == null ? "" : url.getRawPath();
    while (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    String port = url.getPort() == -1 ? "" : ":" + url.getPort();
    return URI.create(url.getScheme() + "://" + url.getHost() + port + path);
  }

  private static URI resolve(URI base, String path) {
    return URI.create(base + path);
  }

  /** A path segment with everything but RFC 3986's unreserved characters percent-encoded. */
  static String segment(String value) {
    StringBuilder out = new StringBuilder();
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        out.append((char) c);
      } else {
        out.append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }
}
