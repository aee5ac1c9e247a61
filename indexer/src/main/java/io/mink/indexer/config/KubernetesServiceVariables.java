package io.mink.indexer.config;

import java.util.regex.Pattern;

/**
 * The variables Kubernetes injects into every pod for each Service in its namespace: a Service named
 * {@code mink-kafka} yields MINK_KAFKA_SERVICE_HOST, MINK_KAFKA_SERVICE_PORT, MINK_KAFKA_SERVICE_PORT_&lt;NAME&gt;,
 * MINK_KAFKA_PORT and MINK_KAFKA_PORT_9092_TCP(_PROTO, _PORT, _ADDR). They share Mink's prefixes but are no Mink
 * setting, and no Mink key or Kafka property is named like them, so they are passed over.
 */
final class KubernetesServiceVariables {
  private static final Pattern SERVICE_LINK = Pattern.compile(
      "SERVICE_HOST|SERVICE_PORT(_[A-Z0-9_]+)?|PORT(_[0-9]+_(TCP|UDP|SCTP)(_(PROTO|PORT|ADDR))?)?");

  private KubernetesServiceVariables() {}

  /**
   * Whether the variable ends, after {@code prefix} (such as MINK_KAFKA_), the way Kubernetes names a Service's
   * variables: the whole rest is SERVICE_HOST, SERVICE_PORT..., or PORT....
   */
  static boolean isServiceVariable(String variable, String prefix) {
    return variable.startsWith(prefix)
        && SERVICE_LINK.matcher(variable.substring(prefix.length())).matches();
  }
}
