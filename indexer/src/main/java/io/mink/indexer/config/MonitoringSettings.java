package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

/**
 * How the sidecar shows what it does, from the [indexer] section: the status topic that {@code mink cluster stats}
 * reads and the HTTP server with /metrics, /health and /ready (docs/monitoring.md).
 *
 * @param statusTopic the compacted topic every instance publishes its tables' statuses to
 * @param httpPort the HTTP server's port; 0 when the server is off
 * @param httpBindAddress the address the HTTP server listens on, such as 0.0.0.0
 */
public record MonitoringSettings(String statusTopic, int httpPort, String httpBindAddress) {
  public MonitoringSettings {
    requireNonNull(statusTopic, "statusTopic is null");
    requireNonNull(httpBindAddress, "httpBindAddress is null");
    if (httpPort < 0 || httpPort > 65_535) {
      throw new IllegalArgumentException("httpPort must be 0 to 65535: " + httpPort);
    }
  }

  /** The settings of a config that sets none of the keys, from the defaults in {@link ConfigKey}. */
  public static MonitoringSettings defaults() {
    return new MonitoringSettings(
        defaultOf(ConfigKey.STATUS_TOPIC),
        Integer.parseInt(defaultOf(ConfigKey.HTTP_PORT)),
        defaultOf(ConfigKey.HTTP_BIND_ADDRESS));
  }

  /** Whether the HTTP server runs. */
  public boolean httpEnabled() {
    return httpPort != 0;
  }

  private static String defaultOf(ConfigKey key) {
    return key.defaultValue()
        .orElseThrow(() -> new IllegalStateException(key.qualifiedName() + " has no default"));
  }
}
