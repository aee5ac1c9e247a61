package io.mink.samples.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.samples.deploy.ComposeFile.PortMapping;
import io.mink.samples.deploy.ComposeFile.Service;
import io.mink.samples.deploy.ComposeStack.BucketInit;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.testkit.RestCatalogServer;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docker-compose.yml checked without Docker: each Mink service's config loads with Mink's own loader, and every
 * host, port, key and bucket that one service or config names is the one another service has. Each check reads
 * both sides, so changing one side alone fails it. MinkImageTest checks the Dockerfile, ComposeDocTest the page.
 */
class ComposeStackIT {
  private static final Pattern KAFKA_LISTENER = Pattern.compile("(\\w+)://([^:,\\s]*):(\\d+)");
  private static final Pattern LOCALHOST_PORT = Pattern.compile("localhost:(\\d+)");

  @TempDir
  static Path workingDirectory;

  private static ComposeStack stack;
  private static ComposeFile compose;

  @BeforeAll
  static void readStack() {
    stack = new ComposeStack(Path.of("..").toAbsolutePath().normalize(), workingDirectory);
    compose = stack.compose();
  }

  @Test
  void eachMinkServiceLoadsItsMountedConfigWithMinksLoader() {
    Set<String> groups = new TreeSet<>();
    Set<String> tablesTopics = new TreeSet<>();
    for (Service service : stack.minkServices()) {
      MinkConfig config = stack.minkConfig(service);
      String what =
          "the config of " + service.name() + " (" + stack.configMount(service).source() + ")";
      assertThat(config.embeddedLake())
          .as("%s uses the embedded lake instead of a [lake] section", what)
          .isFalse();
      assertThat(config.lake().catalog())
          .as("the catalog type in [lake] of %s", what)
          .isEqualTo("rest");
      assertThat(config.lake().uri()).as("uri in [lake] of %s", what).isNotBlank();
      assertThat(config.schemaRegistry().confluent())
          .as("url in [schema_registry] of %s", what)
          .isPresent();
      assertThat(config.kafka().get(MinkConfigLoader.BOOTSTRAP_SERVERS))
          .as("bootstrap.servers of %s", what)
          .isNotBlank();
      groups.add(config.indexer().groupId());
      tablesTopics.add(config.indexer().tablesTopic());
    }
    assertThat(groups)
        .as("group_id of the Mink services: one, so that they share the tables")
        .hasSize(1);
    assertThat(tablesTopics)
        .as("tables_topic of the Mink services: one, so that they share the tables")
        .hasSize(1);
  }

  @Test
  void everyHostAndPortTheStackConnectsToIsAServiceListeningOnThatPort() {
    List<Endpoint> endpoints = new ArrayList<>();
    for (Service service : stack.minkServices()) {
      MinkConfig config = stack.minkConfig(service);
      String file = stack.configMount(service).source() + " of " + service.name();
      endpoints.addAll(Endpoint.allIn(
          config.kafka().get(MinkConfigLoader.BOOTSTRAP_SERVERS),
          file + " [kafka] bootstrap.servers"));
      endpoints.add(Endpoint.ofUrl(config.lake().uri(), file + " [lake] uri"));
      config
          .lake()
          .properties()
          .forEach((key, value) ->
              endpoints.addAll(Endpoint.allIn(value, file + " [lake.properties] " + key)));
      for (URI url : config
          .schemaRegistry()
          .confluent()
          .map(ConfluentRegistrySettings::urls)
          .orElse(List.of())) {
        endpoints.add(Endpoint.ofUrl(url.toString(), file + " [schema_registry] url"));
      }
    }
    stack
        .trinoCatalogs()
        .forEach((file, properties) -> properties
            .stringPropertyNames()
            .forEach(key ->
                endpoints.addAll(Endpoint.allIn(properties.getProperty(key), file + " " + key))));
    for (Service service : compose.services().values()) {
      service
          .environment()
          .forEach((name, value) -> endpoints.addAll(
              Endpoint.allIn(value, "environment " + name + " of " + service.name())));
      endpoints.addAll(
          Endpoint.allIn(String.join(" ", service.command()), "command of " + service.name()));
    }

    List<String> wrong = new ArrayList<>();
    for (Endpoint endpoint : endpoints) {
      if (endpoint.isLocal()) {
        continue;
      }
      Optional<Service> target = compose.serviceAt(endpoint.host());
      if (target.isEmpty()) {
        wrong.add(endpoint + ": no service of docker-compose.yml is called " + endpoint.host());
      } else if (!stack.listeningPorts(target.get()).contains(endpoint.port())) {
        wrong.add(endpoint + ": " + target.get().name() + " listens on "
            + stack.listeningPorts(target.get()));
      }
    }
    assertThat(endpoints).as("addresses read from the stack's configs").isNotEmpty();
    assertThat(wrong).as("addresses that are no service's port").isEmpty();
  }

  @Test
  void kafkaAdvertisesItsListenersAndItsClientsBootstrapFromAnAdvertisedAddress() {
    Service kafka = stack.serviceWithVariable("KAFKA_ADVERTISED_LISTENERS");
    Map<String, String> env = kafka.environment();
    Map<String, Integer> listeners = stack.kafkaListeners(kafka);
    Map<String, Endpoint> advertised = new LinkedHashMap<>();
    Matcher matcher = KAFKA_LISTENER.matcher(env.get("KAFKA_ADVERTISED_LISTENERS"));
    while (matcher.find()) {
      String name = matcher.group(1);
      Endpoint endpoint = new Endpoint(
          matcher.group(2),
          Integer.parseInt(matcher.group(3)),
          "KAFKA_ADVERTISED_LISTENERS of " + kafka.name());
      advertised.put(name, endpoint);
      assertThat(listeners)
          .as("KAFKA_LISTENERS of %s, which %s advertises", kafka.name(), name)
          .containsKey(name);
      if (endpoint.isLocal()) {
        assertThat(kafka.ports())
            .as("ports of %s: the host port of advertised listener %s", kafka.name(), name)
            .contains(new PortMapping(endpoint.port(), listeners.get(name)));
      } else {
        assertThat(compose.serviceAt(endpoint.host()))
            .as("the service at %s", endpoint)
            .contains(kafka);
        assertThat(endpoint.port())
            .as("the port of %s, listener %s", endpoint, name)
            .isEqualTo(listeners.get(name));
      }
    }
    assertThat(advertised)
        .as("listeners %s advertises", kafka.name())
        .containsKey(env.get("KAFKA_INTER_BROKER_LISTENER_NAME"));
    assertThat(listeners)
        .as("KAFKA_LISTENERS of %s", kafka.name())
        .containsKey(env.get("KAFKA_CONTROLLER_LISTENER_NAMES"));
    Set<String> mapped = new TreeSet<>();
    for (String pair : env.get("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP").split(",")) {
      mapped.add(pair.split(":")[0].strip());
    }
    assertThat(mapped)
        .as("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP of %s", kafka.name())
        .containsAll(listeners.keySet());

    Set<String> inStack = new TreeSet<>();
    advertised.values().stream()
        .filter(endpoint -> !endpoint.isLocal())
        .forEach(endpoint -> inStack.add(endpoint.host() + ":" + endpoint.port()));
    List<Endpoint> clients = new ArrayList<>();
    for (Service service : stack.minkServices()) {
      clients.addAll(Endpoint.allIn(
          stack.minkConfig(service).kafka().get(MinkConfigLoader.BOOTSTRAP_SERVERS),
          "bootstrap.servers of " + service.name()));
    }
    Service registry = stack.serviceWithVariable("SCHEMA_REGISTRY_KAFKASTORE_BOOTSTRAP_SERVERS");
    clients.addAll(Endpoint.allIn(
        registry.environment().get("SCHEMA_REGISTRY_KAFKASTORE_BOOTSTRAP_SERVERS"),
        "SCHEMA_REGISTRY_KAFKASTORE_BOOTSTRAP_SERVERS of " + registry.name()));
    for (Endpoint client : clients) {
      assertThat(inStack)
          .as("addresses %s advertises inside the stack, for %s", kafka.name(), client)
          .contains(client.host() + ":" + client.port());
    }
  }

  @Test
  void publishedPortsAreOnesTheirServicesListenOnAndNoHostPortIsTakenTwice() {
    Map<Integer, String> hostPorts = new HashMap<>();
    for (Service service : compose.services().values()) {
      for (PortMapping mapping : service.ports()) {
        assertThat(stack.listeningPorts(service))
            .as(
                "ports %s listens on, which it publishes as %s:%s",
                service.name(), mapping.hostPort(), mapping.containerPort())
            .contains(mapping.containerPort());
        String other = hostPorts.put(mapping.hostPort(), service.name());
        assertThat(other)
            .as(
                "the service that publishes host port %s besides %s",
                mapping.hostPort(), service.name())
            .isNull();
      }
    }
  }

  @Test
  void healthChecksAskPortsTheirServicesListenOnAndEveryAwaitedServiceHasOne() {
    Optional<String> imageCheck = stack.dockerfile().last("HEALTHCHECK");
    for (Service service : compose.services().values()) {
      Optional<String> check =
          service.healthcheck().or(() -> stack.isMink(service) ? imageCheck : Optional.empty());
      Matcher local = LOCALHOST_PORT.matcher(check.orElse(""));
      while (local.find()) {
        assertThat(stack.listeningPorts(service))
            .as(
                "ports %s listens on, which its health check '%s' asks",
                service.name(), check.get())
            .contains(Integer.parseInt(local.group(1)));
      }
      service.dependsOn().forEach((dependency, condition) -> {
        Service awaited = compose.service(dependency);
        if (condition.equals("service_healthy")) {
          boolean checked = awaited.healthcheck().isPresent()
              || (stack.isMink(awaited) && imageCheck.isPresent());
          assertThat(checked)
              .as(
                  "%s waits for %s to be healthy, so %s needs a health check",
                  service.name(), dependency, dependency)
              .isTrue();
        }
      });
    }
  }

  @Test
  void minioKeysRegionAndBucketAgreeAcrossTheStack() {
    Service minio = stack.serviceWithVariable("MINIO_ROOT_USER");
    String accessKey = minio.environment().get("MINIO_ROOT_USER");
    String secretKey = minio.environment().get("MINIO_ROOT_PASSWORD");
    BucketInit init = stack.bucketInit();
    assertS3Endpoint(init.endpoint(), minio);
    assertThat(init.userInfo())
        .as("the keys %s logs in to %s with", init.service(), minio.name())
        .isEqualTo(accessKey + ":" + secretKey);

    String warehouseVariable =
        RestCatalogServer.environmentVariable(CatalogProperties.WAREHOUSE_LOCATION);
    Service rest = stack.serviceWithVariable(warehouseVariable);
    Map<String, String> restProperties = new HashMap<>();
    for (String property : List.of(
        CatalogProperties.WAREHOUSE_LOCATION,
        CatalogProperties.FILE_IO_IMPL,
        S3FileIOProperties.ENDPOINT,
        S3FileIOProperties.PATH_STYLE_ACCESS,
        S3FileIOProperties.ACCESS_KEY_ID,
        S3FileIOProperties.SECRET_ACCESS_KEY,
        AwsClientProperties.CLIENT_REGION)) {
      String variable = RestCatalogServer.environmentVariable(property);
      String value = rest.environment().get(variable);
      assertThat(value)
          .as("%s of %s: Iceberg's %s", variable, rest.name(), property)
          .isNotNull();
      restProperties.put(property, value);
    }
    String region = restProperties.get(AwsClientProperties.CLIENT_REGION);
    String warehouse = restProperties.get(CatalogProperties.WAREHOUSE_LOCATION);
    assertThat(restProperties.get(CatalogProperties.FILE_IO_IMPL))
        .as("the FileIO of %s", rest.name())
        .isEqualTo(S3FileIO.class.getName());
    URI location = URI.create(warehouse);
    assertThat(location.getScheme())
        .as("the scheme of the warehouse of %s", rest.name())
        .isEqualTo("s3");
    assertThat(location.getHost())
        .as("the bucket of the warehouse of %s, which %s makes", rest.name(), init.service())
        .isEqualTo(init.bucket());
    assertS3Client(
        rest.name() + "'s environment", restProperties, minio, accessKey, secretKey, region);

    for (Service service : stack.minkServices()) {
      LakeSettings lake = stack.minkConfig(service).lake();
      String what = stack.configMount(service).source() + " of " + service.name();
      assertThat(lake.warehouse())
          .as("warehouse in [lake] of %s, the REST catalog's", what)
          .isEqualTo(warehouse);
      assertS3Client(what, lake.properties(), minio, accessKey, secretKey, region);
    }

    Map<String, Properties> trino = stack.trinoCatalogs();
    assertThat(trino)
        .as("Trino's catalog files mounted under %s", ComposeStack.TRINO_CATALOGS)
        .isNotEmpty();
    trino.forEach((file, properties) -> {
      assertThat(properties.getProperty("s3.aws-access-key"))
          .as("s3.aws-access-key of %s", file)
          .isEqualTo(accessKey);
      assertThat(properties.getProperty("s3.aws-secret-key"))
          .as("s3.aws-secret-key of %s", file)
          .isEqualTo(secretKey);
      assertThat(properties.getProperty("s3.region"))
          .as("s3.region of %s", file)
          .isEqualTo(region);
      assertThat(properties.getProperty("s3.path-style-access"))
          .as("s3.path-style-access of %s", file)
          .isEqualTo("true");
      assertS3Endpoint(
          Endpoint.ofUrl(properties.getProperty("s3.endpoint"), "s3.endpoint of " + file), minio);
    });
  }

  private static void assertS3Client(
      String what,
      Map<String, String> properties,
      Service minio,
      String accessKey,
      String secretKey,
      String region) {
    assertThat(properties.get(S3FileIOProperties.ACCESS_KEY_ID))
        .as("%s of %s: MinIO's user", S3FileIOProperties.ACCESS_KEY_ID, what)
        .isEqualTo(accessKey);
    assertThat(properties.get(S3FileIOProperties.SECRET_ACCESS_KEY))
        .as("%s of %s: MinIO's password", S3FileIOProperties.SECRET_ACCESS_KEY, what)
        .isEqualTo(secretKey);
    assertThat(properties.get(AwsClientProperties.CLIENT_REGION))
        .as("%s of %s", AwsClientProperties.CLIENT_REGION, what)
        .isEqualTo(region);
    assertThat(properties.get(S3FileIOProperties.PATH_STYLE_ACCESS))
        .as("%s of %s: MinIO serves buckets by path", S3FileIOProperties.PATH_STYLE_ACCESS, what)
        .isEqualTo("true");
    assertThat(properties.get(S3FileIOProperties.ENDPOINT))
        .as("%s of %s", S3FileIOProperties.ENDPOINT, what)
        .isNotNull();
    assertS3Endpoint(
        Endpoint.ofUrl(
            properties.get(S3FileIOProperties.ENDPOINT),
            S3FileIOProperties.ENDPOINT + " of " + what),
        minio);
  }

  /** An S3 client's endpoint is MinIO's S3 API, not its console. */
  private static void assertS3Endpoint(Endpoint endpoint, Service minio) {
    assertThat(compose.serviceAt(endpoint.host()))
        .as("the service at %s", endpoint)
        .contains(minio);
    assertThat(endpoint.port())
        .as("the port of %s: %s's S3 API (--address)", endpoint, minio.name())
        .isEqualTo(stack.s3ApiPort(minio));
  }
}
