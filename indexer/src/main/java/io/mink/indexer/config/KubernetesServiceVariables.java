package io.mink.indexer.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The variables Kubernetes sets in every pod for each Service of its namespace (unless the pod has
 * {@code enableServiceLinks: false}). A Service named {@code mink-kafka-bootstrap} with a port 9092 named
 * {@code tcp-clients} yields:
 *
 * <pre>
 * MINK_KAFKA_BOOTSTRAP_SERVICE_HOST=10.96.0.12
 * MINK_KAFKA_BOOTSTRAP_SERVICE_PORT=9092
 * MINK_KAFKA_BOOTSTRAP_SERVICE_PORT_TCP_CLIENTS=9092
 * MINK_KAFKA_BOOTSTRAP_PORT=tcp://10.96.0.12:9092
 * MINK_KAFKA_BOOTSTRAP_PORT_9092_TCP=tcp://10.96.0.12:9092
 * MINK_KAFKA_BOOTSTRAP_PORT_9092_TCP_PROTO=tcp
 * MINK_KAFKA_BOOTSTRAP_PORT_9092_TCP_PORT=9092
 * MINK_KAFKA_BOOTSTRAP_PORT_9092_TCP_ADDR=10.96.0.12
 * </pre>
 *
 * <p>The Service's name is upper-cased with '-' as '_', so any Service whose name starts with {@code mink-} gives
 * variables under Mink's prefixes. A variable is one of these when both its name and its value have the shape
 * Kubernetes gives them: the name is a Service name followed by one of the suffixes above, and the value is what
 * Kubernetes sets for that suffix (an IP address, a port number, {@code tcp://IP:PORT} or a protocol). The value
 * keeps the rule exact where a name alone is ambiguous: {@code MINK_INDEXER_HTTP_PORT=9464} is [indexer] http_port,
 * while {@code MINK_INDEXER_HTTP_PORT=tcp://10.96.0.12:9464} is what a Service named {@code mink-indexer-http}
 * yields, and a mistyped setting such as {@code MINK_INDEXER_HTTP_PROT=9464} is no Service's.
 */
final class KubernetesServiceVariables {
  /** A Service name as Kubernetes writes it in a variable: a DNS label upper-cased, '-' as '_'. */
  private static final String SERVICE = "[A-Z](?:[A-Z0-9_]*[A-Z0-9])?";
  /** A port name as Kubernetes writes it in a variable: an IANA service name upper-cased, '-' as '_'. */
  private static final String PORT_NAME = "[A-Z0-9](?:[A-Z0-9_]*[A-Z0-9])?";

  private static final String PORT_PREFIX = "_PORT_[0-9]{1,5}_(?:TCP|UDP|SCTP)";
  private static final String IPV4 = "[0-9]{1,3}(?:\\.[0-9]{1,3}){3}";
  private static final String IPV6 = "[0-9a-fA-F]*:[0-9a-fA-F:.]*";
  private static final String IP = "(?:" + IPV4 + "|" + IPV6 + ")";
  private static final String PORT = "[0-9]{1,5}";
  private static final String ADDRESS =
      "(?:tcp|udp|sctp)://(?:" + IPV4 + "|\\[" + IPV6 + "\\]):" + PORT;
  private static final String PROTOCOL = "tcp|udp|sctp";

  /** Each suffix Kubernetes appends to a Service's name, with the shape of the value it sets. */
  private record Shape(String suffix, Pattern name, Pattern value) {
    static Shape of(String suffix, String value) {
      return new Shape(
          suffix, Pattern.compile("(" + SERVICE + ")" + suffix), Pattern.compile(value));
    }
  }

  private static final List<Shape> SHAPES = List.of(
      Shape.of("_SERVICE_HOST", IP),
      Shape.of("_SERVICE_PORT", PORT),
      Shape.of("_SERVICE_PORT_" + PORT_NAME, PORT),
      Shape.of("_PORT", ADDRESS),
      Shape.of(PORT_PREFIX, ADDRESS),
      Shape.of(PORT_PREFIX + "_PROTO", PROTOCOL),
      Shape.of(PORT_PREFIX + "_PORT", PORT),
      Shape.of(PORT_PREFIX + "_ADDR", IP));

  private KubernetesServiceVariables() {}

  /**
   * The Service, in a variable's spelling (such as MINK_KAFKA_BOOTSTRAP), that Kubernetes set this variable for;
   * empty when the variable's name or value is not what Kubernetes sets.
   */
  static Optional<String> service(String variable, String value) {
    for (Shape shape : SHAPES) {
      Matcher name = shape.name().matcher(variable);
      if (name.matches() && shape.value().matcher(value).matches()) {
        return Optional.of(name.group(1));
      }
    }
    return Optional.empty();
  }

  /** Whether some Service's variable could have this name, whatever its value. */
  static boolean namedLikeServiceVariable(String variable) {
    return SHAPES.stream().anyMatch(shape -> shape.name().matcher(variable).matches());
  }

  /** The Service's name as written in Kubernetes, from its spelling in a variable: MINK_KAFKA is mink-kafka. */
  static String serviceName(String spelledInVariable) {
    return spelledInVariable.toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
