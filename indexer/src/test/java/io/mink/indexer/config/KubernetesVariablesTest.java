package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The variables Kubernetes injects for the Services of a namespace never stop Mink or change its settings. */
class KubernetesVariablesTest {
  private static final Map<String, String> SETTINGS = Map.of(
      "MINK_KAFKA_BOOTSTRAP_SERVERS", "kafka:9092",
      "MINK_INDEXER_FRESHNESS", "1m");

  @TempDir
  Path directory;

  @Test
  void theVariablesOfServicesNamedLikeMinksSectionsArePassedOver() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    for (String service : List.of(
        "mink",
        "mink-kafka",
        "mink-indexer",
        "mink-lake",
        "mink-lake-properties",
        "mink-schema-registry")) {
      environment.putAll(serviceVariables(service, "10.96.0.12", 9092, "broker"));
    }

    MinkConfig withServices = MinkConfigLoader.load(null, environment, directory);

    assertThat(environment)
        .containsKeys(
            "MINK_KAFKA_PORT",
            "MINK_KAFKA_PORT_9092_TCP_ADDR",
            "MINK_INDEXER_SERVICE_PORT_BROKER",
            "MINK_LAKE_PROPERTIES_SERVICE_HOST");
    assertThat(withServices).isEqualTo(MinkConfigLoader.load(null, SETTINGS, directory));
  }

  @Test
  void aMistypedSettingIsStillAnError() {
    Map<String, String> environment = new HashMap<>(SETTINGS);
    environment.put("MINK_INDEXER_FRESHNES", "1m");

    assertThatThrownBy(() -> MinkConfigLoader.load(null, environment, directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Unknown variable MINK_INDEXER_FRESHNES");
  }

  /** What Kubernetes sets in every pod for a Service with one TCP port, as its docs describe. */
  private static Map<String, String> serviceVariables(
      String service, String ip, int port, String portName) {
    String prefix = service.toUpperCase(Locale.ROOT).replace('-', '_');
    String tcp = prefix + "_PORT_" + port + "_TCP";
    return Map.of(
        prefix + "_SERVICE_HOST",
        ip,
        prefix + "_SERVICE_PORT",
        String.valueOf(port),
        prefix + "_SERVICE_PORT_" + portName.toUpperCase(Locale.ROOT),
        String.valueOf(port),
        prefix + "_PORT",
        "tcp://" + ip + ":" + port,
        tcp,
        "tcp://" + ip + ":" + port,
        tcp + "_PROTO",
        "tcp",
        tcp + "_PORT",
        String.valueOf(port),
        tcp + "_ADDR",
        ip);
  }
}
