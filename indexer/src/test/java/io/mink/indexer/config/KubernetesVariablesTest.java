package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The variables Kubernetes injects for the Services of a namespace never stop Mink or change its settings, whatever
 * the Services are called, while every real setting is still read and a mistyped one is still an error.
 */
class KubernetesVariablesTest {
  private static final Map<String, String> SETTINGS = Map.of(
      "MINK_KAFKA_BOOTSTRAP_SERVERS", "kafka:9092",
      "MINK_INDEXER_FRESHNESS", "1m");

  /**
   * Services a namespace beside Mink may have: Strimzi's for a Kafka cluster named mink, and mink2, Mink's own,
   * names like Mink's sections and keys, and names with digits.
   */
  private static final List<String> SERVICE_NAMES = List.of(
      "mink",
      "mink-kafka-bootstrap",
      "mink-kafka-brokers",
      "mink-kafka-external-bootstrap",
      "mink-zookeeper-client",
      "mink-zookeeper-nodes",
      "mink-entity-operator",
      "mink2-kafka-bootstrap",
      "mink2-kafka-brokers",
      "mink-query-flight",
      "mink-query",
      "mink-query-listen",
      "mink-metrics",
      "mink-kafka",
      "mink-kafka-0",
      "mink-kafka-1-tls",
      "mink-indexer",
      "mink-indexer-http",
      "mink-indexer-http-port",
      "mink-indexer-workers",
      "mink-lake",
      "mink-lake-uri",
      "mink-lake-properties",
      "mink-lake-properties-s3",
      "mink-schema-registry",
      "mink-schema-registry-url",
      "mink-kafka-sasl",
      "mink-3");

  /** Ports as a Service declares them: a named TCP port first, an unnamed one, a UDP and an SCTP port. */
  private static final List<ServicePort> PORTS = List.of(
      new ServicePort("tcp-clients", 9092, "TCP"),
      new ServicePort("", 9464, "TCP"),
      new ServicePort("dns-2", 53, "UDP"),
      new ServicePort("sctp", 3868, "SCTP"));

  @TempDir
  Path directory;

  @Test
  void theVariablesOfAnyServiceArePassedOver() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    for (String service : SERVICE_NAMES) {
      environment.putAll(serviceVariables(service, "10.96.0.12", PORTS));
    }

    MinkConfig withServices = MinkConfigLoader.load(null, environment, directory);

    assertThat(environment)
        .containsKeys(
            "MINK_KAFKA_BOOTSTRAP_SERVICE_HOST",
            "MINK_KAFKA_BOOTSTRAP_SERVICE_PORT_TCP_CLIENTS",
            "MINK_KAFKA_BROKERS_PORT_9092_TCP_ADDR",
            "MINK_QUERY_FLIGHT_SERVICE_HOST",
            "MINK_QUERY_LISTEN_PORT_53_UDP_PROTO",
            "MINK_INDEXER_HTTP_PORT",
            "MINK_INDEXER_HTTP_PORT_PORT_3868_SCTP",
            "MINK_LAKE_PROPERTIES_S3_SERVICE_PORT_DNS_2",
            "MINK_KAFKA_1_TLS_PORT",
            "MINK_3_SERVICE_HOST");
    assertThat(environment).hasSizeGreaterThan(SERVICE_NAMES.size() * 20);
    assertThat(withServices).isEqualTo(MinkConfigLoader.load(null, SETTINGS, directory));
  }

  @Test
  void theVariablesOfServicesWithAnIpv6ClusterIpArePassedOver() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    for (String service : SERVICE_NAMES) {
      environment.putAll(serviceVariables(service, "fd00:10:96::c", PORTS));
    }

    assertThat(environment)
        .containsEntry("MINK_KAFKA_BOOTSTRAP_PORT", "tcp://[fd00:10:96::c]:9092");
    assertThat(MinkConfigLoader.load(null, environment, directory))
        .isEqualTo(MinkConfigLoader.load(null, SETTINGS, directory));
  }

  @Test
  void everyShapeIsRecognisedWithTheServiceItNames() {
    Map<String, String> variables = serviceVariables("mink-kafka-bootstrap", "10.96.0.12", PORTS);

    assertThat(variables).hasSize(2 + 3 + 1 + 4 * 4);
    variables.forEach(
        (variable, value) -> assertThat(KubernetesServiceVariables.service(variable, value))
            .as("%s=%s", variable, value)
            .hasValueSatisfying(service -> assertThat(service).startsWith("MINK_KAFKA_BOOTSTRAP")));
    assertThat(
            KubernetesServiceVariables.service("MINK_KAFKA_BOOTSTRAP_SERVICE_HOST", "10.96.0.12"))
        .hasValue("MINK_KAFKA_BOOTSTRAP");
    assertThat(KubernetesServiceVariables.serviceName("MINK_KAFKA_BOOTSTRAP"))
        .isEqualTo("mink-kafka-bootstrap");
  }

  @Test
  void theHttpPortSettingIsReadThoughItsNameEndsLikeAServiceVariable() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_INDEXER_HTTP_PORT", "9500");

    assertThat(MinkConfigLoader.load(null, environment, directory).monitoring().httpPort())
        .isEqualTo(9500);
  }

  @Test
  void theVariableOfAServiceNamedLikeTheHttpPortSettingLeavesTheSettingAlone() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_INDEXER_HTTP_PORT", "tcp://10.96.0.12:9464");

    assertThat(MinkConfigLoader.load(null, environment, directory).monitoring().httpPort())
        .isEqualTo(MonitoringSettings.defaults().httpPort());
  }

  @Test
  void everySettingVariableWithAValidValueIsNoServiceVariable() {
    for (ConfigKey key : ConfigKey.values()) {
      String example = key.example().replace("\"", "");
      assertThat(KubernetesServiceVariables.service(key.environmentVariable(), example))
          .as("%s=%s", key.environmentVariable(), example)
          .isEmpty();
    }
    List<String> namedLikeServiceVariables = new ArrayList<>();
    for (ConfigKey key : ConfigKey.values()) {
      if (KubernetesServiceVariables.namedLikeServiceVariable(key.environmentVariable())) {
        namedLikeServiceVariables.add(key.environmentVariable());
      }
    }
    for (String property : KafkaPropertyNames.known()) {
      String variable = EnvironmentReader.KAFKA_PREFIX + EnvironmentReader.variableSuffix(property);
      if (KubernetesServiceVariables.namedLikeServiceVariable(variable)) {
        namedLikeServiceVariables.add(variable);
      }
    }
    assertThat(namedLikeServiceVariables).containsExactly("MINK_INDEXER_HTTP_PORT");
  }

  @Test
  void aMistypedSettingIsStillAnError() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_INDEXER_FRESHNES", "1m");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, environment, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Unknown variable MINK_INDEXER_FRESHNES")
        .hasMessageNotContaining("enableServiceLinks");
  }

  @Test
  void aMistypedSettingNamedLikeAServiceVariableIsStillAnError() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_INDEXER_HTP_PORT", "9464");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, environment, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "Unknown variable MINK_INDEXER_HTP_PORT: valid MINK_INDEXER_* variables are ")
        .hasMessageContaining("MINK_INDEXER_HTTP_PORT")
        .hasMessageEndingWith(
            "; if it comes from a Kubernetes Service, set enableServiceLinks: false in the pod spec");
  }

  @Test
  void aValueKubernetesNeverSetsIsNoServiceVariable() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_QUERY_FLIGHT_SERVICE_HOST", "flight.example.com");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, environment, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Unknown variable MINK_QUERY_FLIGHT_SERVICE_HOST");
    assertThat(KubernetesServiceVariables.service("MINK_KAFKA_BOOTSTRAP_PORT", "9092"))
        .isEmpty();
    assertThat(KubernetesServiceVariables.service("MINK_KAFKA_BOOTSTRAP_SERVICE_PORT", "tcp"))
        .isEmpty();
    assertThat(KubernetesServiceVariables.service("MINK_KAFKA_PORT_9092_TCP_PROTO", "http"))
        .isEmpty();
  }

  @Test
  void aMistypedKafkaPropertyIsStillAnError() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_KAFKA_SASL_MECHANISMS", "PLAIN");
    environment.put("MINK_KAFKA_BOOTSTRAP_SERVER", "kafka:9092");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, environment, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "Unknown Kafka property 'bootstrap.server' in MINK_KAFKA_BOOTSTRAP_SERVER");
  }

  private record ServicePort(String name, int port, String protocol) {}

  /**
   * What Kubernetes sets in every pod for a Service, as its kubelet makes them (pkg/kubelet/envvars): the host and
   * first port, a variable per named port, and Docker-link variables per port, the first port's also without it.
   */
  private static Map<String, String> serviceVariables(
      String service, String clusterIp, List<ServicePort> ports) {
    String prefix = service.toUpperCase(Locale.ROOT).replace('-', '_');
    String host = clusterIp.contains(":") ? "[" + clusterIp + "]" : clusterIp;
    Map<String, String> variables = new LinkedHashMap<>();
    variables.put(prefix + "_SERVICE_HOST", clusterIp);
    variables.put(prefix + "_SERVICE_PORT", String.valueOf(ports.get(0).port()));
    for (ServicePort port : ports) {
      if (!port.name().isEmpty()) {
        variables.put(
            prefix + "_SERVICE_PORT_" + port.name().toUpperCase(Locale.ROOT).replace('-', '_'),
            String.valueOf(port.port()));
      }
    }
    for (int i = 0; i < ports.size(); i++) {
      ServicePort port = ports.get(i);
      String protocol = port.protocol().toLowerCase(Locale.ROOT);
      String address = protocol + "://" + host + ":" + port.port();
      if (i == 0) {
        variables.put(prefix + "_PORT", address);
      }
      String portPrefix = prefix + "_PORT_" + port.port() + "_" + port.protocol();
      variables.put(portPrefix, address);
      variables.put(portPrefix + "_PROTO", protocol);
      variables.put(portPrefix + "_PORT", String.valueOf(port.port()));
      variables.put(portPrefix + "_ADDR", clusterIp);
    }
    return variables;
  }
}
