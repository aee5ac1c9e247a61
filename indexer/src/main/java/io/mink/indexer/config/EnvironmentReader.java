package io.mink.indexer.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the MINK_KAFKA_*, MINK_LAKE_*, MINK_INDEXER_*, MINK_SCHEMA_REGISTRY_* and MINK_QUERY_* environment variables
 * into the collected settings. Other variables, such as MINK_HOME, MINK_OPTS or MINK_QUERY_CONFIG (which names
 * mink-query's file), are not configuration and are left alone, and so are the variables Kubernetes sets for any
 * Service whose name starts with mink-, such as MINK_KAFKA_BOOTSTRAP_SERVICE_HOST for a Service mink-kafka-bootstrap
 * ({@link KubernetesServiceVariables}).
 *
 * <p>A fixed key is its section and name in upper case: MINK_INDEXER_POLL_INTERVAL. A free-form property is named in
 * upper case with '.' written as '_' and '-' as '__': MINK_KAFKA_SASL_JAAS_CONFIG is sasl.jaas.config and
 * MINK_LAKE_PROPERTIES_S3_ACCESS__KEY__ID is s3.access-key-id.
 */
final class EnvironmentReader {
  static final String KAFKA_PREFIX = "MINK_KAFKA_";
  static final String LAKE_PROPERTIES_PREFIX = "MINK_LAKE_PROPERTIES_";
  static final String LAKE_PREFIX = "MINK_LAKE_";
  static final String INDEXER_PREFIX = "MINK_INDEXER_";
  static final String SCHEMA_REGISTRY_PREFIX = "MINK_SCHEMA_REGISTRY_";
  static final String QUERY_PREFIX = "MINK_QUERY_";

  private static final List<String> SECTION_PREFIXES = List.of(
      KAFKA_PREFIX,
      LAKE_PROPERTIES_PREFIX,
      LAKE_PREFIX,
      INDEXER_PREFIX,
      SCHEMA_REGISTRY_PREFIX,
      QUERY_PREFIX);
  private static final Set<String> FIXED_KEY_VARIABLES = Arrays.stream(ConfigKey.values())
      .filter(key -> key != ConfigKey.LAKE_PROPERTIES)
      .map(ConfigKey::environmentVariable)
      .collect(Collectors.toUnmodifiableSet());
  private static final Logger LOG = LoggerFactory.getLogger(EnvironmentReader.class);

  private EnvironmentReader() {}

  static void read(Map<String, String> environment, CollectedSettings settings) {
    for (Map.Entry<String, String> entry : new TreeMap<>(environment).entrySet()) {
      String variable = entry.getKey();
      String value = entry.getValue();
      Optional<String> service = KubernetesServiceVariables.service(variable, value);
      if (service.isPresent()) {
        passOver(variable, value, service.get());
      } else if (variable.startsWith(KAFKA_PREFIX)) {
        String property = propertyName(variable.substring(KAFKA_PREFIX.length()));
        KafkaPropertyNames.requireClientProperty(
            property, "in " + variable, name -> KAFKA_PREFIX + variableSuffix(name));
        KafkaPropertyPolicy.requireAllowed(property, value, "in " + variable);
        settings.putKafka(property, value);
      } else if (variable.startsWith(LAKE_PROPERTIES_PREFIX)
          && variable.length() > LAKE_PROPERTIES_PREFIX.length()) {
        settings.putLakeProperty(
            propertyName(variable.substring(LAKE_PROPERTIES_PREFIX.length())), value);
      } else if (variable.startsWith(LAKE_PREFIX)) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.LAKE, variable), value, variable));
      } else if (variable.startsWith(INDEXER_PREFIX)) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.INDEXER, variable), value, variable));
      } else if (variable.startsWith(SCHEMA_REGISTRY_PREFIX)) {
        settings.put(
            SettingValue.fromText(fixedKey(ConfigKey.SCHEMA_REGISTRY, variable), value, variable));
      } else if (variable.startsWith(QUERY_PREFIX)
          && !variable.equals(MinkConfigLoader.QUERY_CONFIG_VARIABLE)) {
        settings.put(SettingValue.fromText(fixedKey(ConfigKey.QUERY, variable), value, variable));
      }
    }
  }

  private static void passOver(String variable, String value, String service) {
    if (FIXED_KEY_VARIABLES.contains(variable)) {
      LOG.warn(
          "Passing over {}={}: it is what Kubernetes sets for a Service named {}, not a value of the setting of that "
              + "name; rename the Service, or set enableServiceLinks: false in the pod spec",
          variable,
          value,
          KubernetesServiceVariables.serviceName(service));
    } else if (SECTION_PREFIXES.stream().anyMatch(variable::startsWith)) {
      LOG.debug(
          "Passing over {}: Kubernetes sets it for the Service {}, it is no Mink setting",
          variable,
          KubernetesServiceVariables.serviceName(service));
    }
  }

  /** The property a variable suffix names: SASL_JAAS_CONFIG is sasl.jaas.config, S3_ACCESS__KEY__ID is s3.access-key-id. */
  static String propertyName(String variableSuffix) {
    return variableSuffix.toLowerCase(Locale.ROOT).replace("__", "-").replace('_', '.');
  }

  /** The variable suffix that names a property: the reverse of {@link #propertyName}. */
  static String variableSuffix(String propertyName) {
    return propertyName.toUpperCase(Locale.ROOT).replace("-", "__").replace('.', '_');
  }

  private static ConfigKey fixedKey(String section, String variable) {
    return ConfigKey.in(section).stream()
        .filter(
            key -> key != ConfigKey.LAKE_PROPERTIES && key.environmentVariable().equals(variable))
        .findFirst()
        .orElseThrow(() -> new ConfigException("Unknown variable " + variable + ": valid MINK_"
            + section.toUpperCase(Locale.ROOT) + "_* variables are " + validVariables(section)
            + serviceAdvice(variable)));
  }

  /** Advice for a variable named like those Kubernetes sets for a Service, though with a value it never gives them. */
  private static String serviceAdvice(String variable) {
    return KubernetesServiceVariables.namedLikeServiceVariable(variable)
        ? "; if it comes from a Kubernetes Service, set enableServiceLinks: false in the pod spec"
        : "";
  }

  private static String validVariables(String section) {
    String fixed = ConfigKey.in(section).stream()
        .filter(key -> key != ConfigKey.LAKE_PROPERTIES)
        .map(ConfigKey::environmentVariable)
        .collect(Collectors.joining(", "));
    return section.equals(ConfigKey.LAKE)
        ? fixed + " and " + LAKE_PROPERTIES_PREFIX + "<PROPERTY>"
        : fixed;
  }
}
