package io.mink.samples.deploy;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host and port that one part of the stack connects to, and where that was written, for messages.
 *
 * @param host the hostname, such as kafka or localhost
 * @param port the TCP port
 * @param source where the address was read, such as "deploy/mink/mink.toml [lake] uri"
 */
record Endpoint(String host, int port, String source) {
  /**
   * host:port inside a longer text: after an optional scheme:// and user info (PLAINTEXT://kafka:9092,
   * http://user:secret@minio:9000, 1@kafka:9093). The host starts with a letter and no word, path or image name
   * runs into it, and no colon follows the port, so times, versions, image tags (trinodb/trino:483) and instance ids
   * (mink-1:1:ab12cd) do not match.
   */
  private static final Pattern HOST_PORT =
      Pattern.compile("(?<![\\w/.@:-])(?:[A-Za-z][A-Za-z0-9+.-]*://)?"
          + "(?:[^@\\s/\"'`]*@)?([A-Za-z][A-Za-z0-9.-]*|0\\.0\\.0\\.0):(\\d{1,5})(?![\\d.:])");

  Endpoint {
    requireNonNull(host, "host is null");
    requireNonNull(source, "source is null");
  }

  /** The host and port of a URL; the scheme's port when it has none. */
  static Endpoint ofUrl(String url, String source) {
    URI uri = URI.create(url.trim());
    if (uri.getHost() == null) {
      throw new AssertionError(source + " is '" + url + "', which names no host");
    }
    int port = uri.getPort() != -1
        ? uri.getPort()
        : switch (uri.getScheme()) {
          case "http" -> 80;
          case "https" -> 443;
          default -> throw new AssertionError(source + " is '" + url + "', which names no port");
        };
    return new Endpoint(uri.getHost(), port, source);
  }

  /** Every host:port in a text, such as a comma-separated server list or a command line. */
  static List<Endpoint> allIn(String text, String source) {
    List<Endpoint> endpoints = new ArrayList<>();
    Matcher matcher = HOST_PORT.matcher(text);
    while (matcher.find()) {
      endpoints.add(new Endpoint(matcher.group(1), Integer.parseInt(matcher.group(2)), source));
    }
    return endpoints;
  }

  boolean isLocal() {
    return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("0.0.0.0");
  }

  @Override
  public String toString() {
    return host + ":" + port + " (" + source + ")";
  }
}
