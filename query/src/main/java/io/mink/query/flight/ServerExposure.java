package io.mink.query.flight;

import io.mink.indexer.config.ConfigException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Who can reach {@code mink-query serve} where its settings make it listen. Whoever reaches it reads every table with
 * Mink's own Kafka and lake credentials, so an address beyond this host needs TLS and a login, unless
 * {@code [query] allow_insecure} says a network of its own secures it.
 */
public enum ServerExposure {
  /** Every address the host names is a loopback address: only processes of this host connect. */
  THIS_HOST_ONLY,
  /** Other hosts connect, over TLS and with a login. */
  SECURED,
  /** Other hosts connect without TLS or without a login, because {@code [query] allow_insecure} is true. */
  INSECURE_ALLOWED;

  /**
   * The exposure of these settings, with their host resolved as the server will bind it.
   *
   * @throws ConfigException when the host does not resolve, or when it reaches beyond this host without TLS and a
   *     login and insecure serving is not allowed
   */
  public static ServerExposure of(FlightServerSettings settings) {
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(settings.host());
    } catch (UnknownHostException e) {
      throw new ConfigException(
          "Cannot resolve the listen host " + settings.host() + " of mink-query serve: "
              + e.getMessage()
              + "; give an IP address such as 127.0.0.1, or a name this host resolves",
          e);
    }
    return of(settings, Arrays.asList(addresses));
  }

  /**
   * The exposure of these settings when their host resolves to {@code addresses}.
   *
   * @throws ConfigException when an address reaches beyond this host without TLS and a login and insecure serving is
   *     not allowed
   */
  static ServerExposure of(FlightServerSettings settings, List<InetAddress> addresses) {
    if (addresses.stream().allMatch(InetAddress::isLoopbackAddress)) {
      return THIS_HOST_ONLY;
    }
    if (settings.secured()) {
      return SECURED;
    }
    if (settings.insecureAllowed()) {
      return INSECURE_ALLOWED;
    }
    throw new ConfigException(refusal(settings));
  }

  /** The warning logged when a server listens beyond this host without TLS or a login. */
  public static String insecureWarning(FlightServerSettings settings) {
    return "mink-query serve listens on " + address(settings) + " " + missing(settings)
        + " because [query] allow_insecure is true: whoever reaches that address reads every table with"
        + " Mink's Kafka and lake credentials; keep it on a network only trusted clients reach";
  }

  private static String refusal(FlightServerSettings settings) {
    List<String> configure = new ArrayList<>();
    if (settings.tls().isEmpty()) {
      configure.add("[query] tls_cert and tls_key (or --tls-cert and --tls-key)");
    }
    if (settings.basicAuth().isEmpty()) {
      configure.add("[query] user and password (or --user and MINK_QUERY_PASSWORD)");
    }
    return "mink-query serve will not listen on " + address(settings) + " " + missing(settings)
        + ": that address reaches beyond this host, and whoever reaches it would read every table with"
        + " Mink's Kafka and lake credentials. Set " + String.join(" and ", configure)
        + "; or listen on 127.0.0.1 to serve this host only; or, on a network that secures the address"
        + " itself, set [query] allow_insecure = true";
  }

  private static String missing(FlightServerSettings settings) {
    if (settings.tls().isEmpty() && settings.basicAuth().isEmpty()) {
      return "without TLS and a login";
    }
    return settings.tls().isEmpty() ? "without TLS" : "without a login";
  }

  private static String address(FlightServerSettings settings) {
    String host = settings.host();
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + settings.port();
  }
}
