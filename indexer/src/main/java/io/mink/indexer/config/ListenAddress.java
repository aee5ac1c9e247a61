package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a server listens: a host name or IP address and a port, written {@code HOST:PORT}, an IPv6 address in
 * brackets ({@code [::1]:9130}). Port 0 asks the system for a free port.
 */
public record ListenAddress(String host, int port) {
  private static final Pattern FORM =
      Pattern.compile("(\\[[0-9A-Fa-f:.%A-Za-z]+]|[A-Za-z0-9._-]+):(\\d{1,5})");

  public ListenAddress {
    requireNonNull(host, "host is null");
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be 0 to 65535, not " + port);
    }
  }

  /**
   * Reads {@code HOST:PORT}.
   *
   * @throws IllegalArgumentException with what to write instead when the text is no such address
   */
  public static ListenAddress parse(String text) {
    Matcher matcher = FORM.matcher(text.strip());
    if (!matcher.matches() || Integer.parseInt(matcher.group(2)) > 65_535) {
      throw new IllegalArgumentException(
          "use HOST:PORT with a port from 0 to 65535, such as 0.0.0.0:9130 for every interface or "
              + "127.0.0.1:9130 for this host only");
    }
    String host = matcher.group(1);
    if (host.startsWith("[")) {
      host = host.substring(1, host.length() - 1);
    }
    return new ListenAddress(host, Integer.parseInt(matcher.group(2)));
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
