package io.mink.samples.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.ListenAddress;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.MonitoringSettings;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.stats.SidecarHttpServer;
import io.mink.query.flight.FlightServerSettings;
import io.mink.samples.deploy.KubernetesManifests.Manifest;
import io.mink.samples.deploy.KubernetesManifests.MountedPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifests of deploy/kubernetes, checked against the code without a cluster: ports, probe paths, the config
 * file (loaded with Mink's own loader and the variables each container sets), the stop time, the memory the heap
 * and DuckDB get, and the kustomization's list of files.
 */
class KubernetesManifestsTest {
  private static final String CONFIG_FILE = "/etc/mink/mink.toml";
  private static final String SIDECAR = "mink";
  private static final String QUERY = "mink-query";
  /** Variables Mink's commands and launcher read that are no config key (docs/configuration.md, docs/sizing.md). */
  private static final Set<String> NON_CONFIG_VARIABLES =
      Set.of("MINK_OPTS", "MINK_CONFIG", "MINK_QUERY_CONFIG", "MINK_LOG_LEVEL");

  private static final Pattern SECRET_NAME =
      Pattern.compile(".*(PASSWORD|SECRET|JAAS|CREDENTIAL|TOKEN|ACCESS__KEY).*");
  /** docs/sizing.md: a 1 GiB heap for the defaults (2 workers), and about 128 MiB more for each further worker. */
  private static final long DEFAULT_HEAP = 1L << 30;

  private static final long HEAP_PER_FURTHER_WORKER = 128L << 20;
  private static final int DEFAULT_WORKERS = 2;

  @TempDir
  static Path workingDirectory;

  private static Path root;
  private static KubernetesManifests manifests;
  private static Path configFile;

  @BeforeAll
  static void readManifests() throws IOException {
    root = Path.of("..").toAbsolutePath().normalize();
    manifests = KubernetesManifests.read(root.resolve("deploy/kubernetes"));
    JsonNode data = manifests.named("ConfigMap", "mink-config").tree().path("data");
    assertThat(data.has("mink.toml")).as("mink-config has mink.toml").isTrue();
    configFile = workingDirectory.resolve("mink.toml");
    Files.writeString(configFile, data.path("mink.toml").asText());
  }

  @Test
  void kustomizationListsEveryManifestOfTheFolder() throws IOException {
    assertThat(manifests.resources())
        .as("resources of %s", KubernetesManifests.KUSTOMIZATION)
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(manifests.files());
    for (String file : manifests.files()) {
      assertThat(Files.readString(manifests.directory().resolve(file)))
          .as("%s holds one object", file)
          .doesNotContain("\n---");
    }
  }

  @Test
  void containerPortsAreTheCodesDefaultPorts() {
    JsonNode sidecar = KubernetesManifests.container(deployment(SIDECAR));
    int httpPort = config(SIDECAR).monitoring().httpPort();
    assertThat(httpPort)
        .as("http_port of mink.toml")
        .isEqualTo(MonitoringSettings.defaults().httpPort());
    assertThat(ports(sidecar)).as("ports of %s", SIDECAR).containsExactly(httpPort);

    JsonNode query = KubernetesManifests.container(deployment(QUERY));
    int listenPort = config(QUERY)
        .query()
        .listen()
        .map(ListenAddress::port)
        .orElse(FlightServerSettings.DEFAULT_PORT);
    assertThat(listenPort)
        .as("[query] listen of mink.toml")
        .isEqualTo(FlightServerSettings.DEFAULT_PORT);
    assertThat(ports(query)).as("ports of %s", QUERY).containsExactly(listenPort);
  }

  @Test
  void servicesSelectTheirPodsAndForwardToTheirPorts() {
    for (Manifest service : manifests.ofKind("Service")) {
      JsonNode selector = service.tree().path("spec").path("selector");
      List<Manifest> selected = manifests.ofKind("Deployment").stream()
          .filter(deployment -> matches(selector, podLabels(deployment)))
          .toList();
      assertThat(selected).as("Deployments %s selects", service).hasSize(1);
      JsonNode container = KubernetesManifests.container(selected.get(0));
      for (JsonNode port : service.tree().path("spec").path("ports")) {
        assertThat(KubernetesManifests.containerPort(container, port.path("targetPort")))
            .as("targetPort of %s", service)
            .isEqualTo(port.path("port").asInt());
      }
    }
    Manifest metrics = manifests.named("Service", "mink-metrics");
    JsonNode annotations = metrics.tree().path("metadata").path("annotations");
    assertThat(annotations.path("prometheus.io/path").asText())
        .isEqualTo(SidecarHttpServer.METRICS_PATH);
    assertThat(annotations.path("prometheus.io/port").asText())
        .isEqualTo(String.valueOf(config(SIDECAR).monitoring().httpPort()));
  }

  @Test
  void sidecarProbesArePathsTheHttpServerServes() {
    JsonNode sidecar = KubernetesManifests.container(deployment(SIDECAR));
    int httpPort = config(SIDECAR).monitoring().httpPort();
    JsonNode readiness = sidecar.path("readinessProbe").path("httpGet");
    JsonNode liveness = sidecar.path("livenessProbe").path("httpGet");

    assertThat(readiness.path("path").asText())
        .as("readiness path")
        .isEqualTo(SidecarHttpServer.READY_PATH);
    assertThat(liveness.path("path").asText())
        .as("liveness path")
        .isEqualTo(SidecarHttpServer.HEALTH_PATH);
    assertThat(KubernetesManifests.containerPort(sidecar, readiness.path("port")))
        .isEqualTo(httpPort);
    assertThat(KubernetesManifests.containerPort(sidecar, liveness.path("port")))
        .isEqualTo(httpPort);
  }

  @Test
  void configMapLoadsWithMinksLoaderInEveryContainer() {
    for (Manifest deployment : manifests.ofKind("Deployment")) {
      JsonNode podSpec = KubernetesManifests.podSpec(deployment);
      JsonNode container = KubernetesManifests.container(deployment);
      assertThat(container.path("args").toString())
          .as("args of %s", deployment)
          .contains("\"--config\",\"" + CONFIG_FILE + "\"");
      MountedPath mounted = KubernetesManifests.mountOf(podSpec, container, CONFIG_FILE)
          .orElseThrow(() -> new AssertionError(deployment + " mounts nothing at " + CONFIG_FILE));
      assertThat(mounted.volume().path("configMap").path("name").asText())
          .as("the volume %s mounts at %s", deployment, CONFIG_FILE)
          .isEqualTo("mink-config");
      assertThat(mounted.pathInVolume()).isEqualTo("mink.toml");

      MinkConfig config = config(deployment.name());
      String truststore = config.kafka().get("ssl.truststore.location");
      assertThat(KubernetesManifests.mountOf(podSpec, container, truststore))
          .as("the volume of %s in %s", truststore, deployment)
          .hasValueSatisfying(path -> assertThat(path.volume().has("secret")).isTrue());
    }
  }

  @Test
  void queryServesTlsFromAKubernetesTlsSecretAndBasicAuthFromASecret() {
    Manifest deployment = deployment(QUERY);
    JsonNode podSpec = KubernetesManifests.podSpec(deployment);
    JsonNode container = KubernetesManifests.container(deployment);
    MinkConfig config = config(QUERY);

    String cert = config.query().tlsCert().orElseThrow().toString();
    String key = config.query().tlsKey().orElseThrow().toString();
    MountedPath certFile = KubernetesManifests.mountOf(podSpec, container, cert).orElseThrow();
    MountedPath keyFile = KubernetesManifests.mountOf(podSpec, container, key).orElseThrow();
    assertThat(certFile.pathInVolume()).as("tls_cert in its Secret").isEqualTo("tls.crt");
    assertThat(keyFile.pathInVolume()).as("tls_key in its Secret").isEqualTo("tls.key");
    assertThat(certFile.volume()).isEqualTo(keyFile.volume());
    assertThat(certFile.volume().path("secret").path("secretName").asText()).isNotEmpty();

    assertThat(config.query().user()).isPresent();
    assertThat(environment(container).get("MINK_QUERY_PASSWORD"))
        .as("MINK_QUERY_PASSWORD of %s", deployment)
        .isNotNull();
  }

  @Test
  void everyVariableSetIsOneMinkReadsAndSecretsComeFromSecrets() throws IOException {
    String docs = allDocs();
    for (Manifest deployment : manifests.ofKind("Deployment")) {
      JsonNode container = KubernetesManifests.container(deployment);
      MinkConfig withoutAny = load(deployment, Map.of());
      for (JsonNode variable : container.path("env")) {
        String name = variable.path("name").asText();
        String what = name + " of " + deployment;
        if (SECRET_NAME.matcher(name).matches()) {
          assertThat(variable.has("value")).as("%s holds a secret value", what).isFalse();
          assertThat(variable.path("valueFrom").has("secretKeyRef"))
              .as("%s comes from a Secret", what)
              .isTrue();
        }
        if (NON_CONFIG_VARIABLES.contains(name)) {
          assertThat(docs).as("docs/ on %s", what).contains(name);
        } else {
          Map<String, String> one = Map.of(name, valueOf(variable));
          assertThat(load(deployment, one)).as("the config with %s", what).isNotEqualTo(withoutAny);
        }
      }
    }
  }

  @Test
  void everyPodRunsAsNonRootWithoutServiceLinks() {
    for (Manifest deployment : manifests.ofKind("Deployment")) {
      JsonNode podSpec = KubernetesManifests.podSpec(deployment);
      assertThat(podSpec.path("enableServiceLinks").isBoolean()
              && !podSpec.path("enableServiceLinks").asBoolean())
          .as("enableServiceLinks: false in %s", deployment)
          .isTrue();
      assertThat(podSpec.path("securityContext").path("runAsNonRoot").asBoolean())
          .as("runAsNonRoot in %s", deployment)
          .isTrue();
      assertThat(podSpec.path("securityContext").path("runAsUser").asInt())
          .as("runAsUser in %s", deployment)
          .isPositive();
    }
  }

  @Test
  void sidecarsHaveTheTimeToStopAndABudgetForDisruptions() throws IOException {
    Manifest deployment = deployment(SIDECAR);
    int workers = config(SIDECAR).indexer().workers();
    long grace = KubernetesManifests.podSpec(deployment)
        .path("terminationGracePeriodSeconds")
        .asLong();
    assertThat(grace)
        .as(
            "terminationGracePeriodSeconds of %s, against the longest stop with %d workers",
            deployment, workers)
        .isGreaterThanOrEqualTo(TieringService.longestStop(workers).toSeconds());
    assertThat(Files.readString(root.resolve("docs/kubernetes.md")).replaceAll("\\s+", " "))
        .as("docs/kubernetes.md on the longest stop")
        .contains(TieringService.longestStop(DEFAULT_WORKERS).toSeconds()
            + " s with the default 2 workers")
        .contains("terminationGracePeriodSeconds: " + grace + "`");

    assertThat(deployment.tree().path("spec").path("replicas").asInt()).isGreaterThan(1);
    List<Manifest> budgets = manifests.ofKind("PodDisruptionBudget").stream()
        .filter(pdb -> matches(
            pdb.tree().path("spec").path("selector").path("matchLabels"), podLabels(deployment)))
        .toList();
    assertThat(budgets).as("PodDisruptionBudgets of %s", deployment).hasSize(1);
    JsonNode budget = budgets.get(0).tree().path("spec");
    assertThat(budget.has("maxUnavailable") || budget.has("minAvailable")).isTrue();
  }

  @Test
  void sidecarMemoryGivesTheHeapSizingAsks() throws IOException {
    JsonNode resources = KubernetesManifests.container(deployment(SIDECAR)).path("resources");
    long limit = bytes(resources.path("limits").path("memory").asText());
    assertThat(bytes(resources.path("requests").path("memory").asText()))
        .as(
            "the sidecar's memory request, equal to its limit so the heap is never more than the node holds")
        .isEqualTo(limit);
    assertThat(environment(KubernetesManifests.container(deployment(SIDECAR))))
        .as("the sidecar leaves the heap to the image's default")
        .doesNotContainKey("MINK_OPTS");
    long heap = limit * imageMaxRamPercentage() / 100;
    int workers = config(SIDECAR).indexer().workers();
    long needed = DEFAULT_HEAP + Math.max(0, workers - DEFAULT_WORKERS) * HEAP_PER_FURTHER_WORKER;
    assertThat(heap)
        .as("the heap of a %d-byte limit, for %d workers (docs/sizing.md)", limit, workers)
        .isGreaterThanOrEqualTo(needed);
    assertCpuRequestWithinLimit(resources);
  }

  @Test
  void queryMemoryHoldsItsHeapAndDuckDbsLimit() {
    JsonNode container = KubernetesManifests.container(deployment(QUERY));
    JsonNode resources = container.path("resources");
    long limit = bytes(resources.path("limits").path("memory").asText());
    assertThat(bytes(resources.path("requests").path("memory").asText())).isEqualTo(limit);
    Matcher xmx = Pattern.compile("-Xmx(\\d+[kKmMgG])")
        .matcher(environment(container).getOrDefault("MINK_OPTS", ""));
    assertThat(xmx.find()).as("MINK_OPTS of %s sets -Xmx", QUERY).isTrue();
    long heap = bytes(xmx.group(1).toUpperCase(Locale.ROOT) + "i");
    long duckDb = config(QUERY).query().memoryLimitBytes().orElseThrow();
    assertThat(heap + duckDb)
        .as("the heap and [query] memory_limit of %s, below its %d-byte limit", QUERY, limit)
        .isLessThan(limit);
    assertCpuRequestWithinLimit(resources);
  }

  private static void assertCpuRequestWithinLimit(JsonNode resources) {
    assertThat(millicores(resources.path("requests").path("cpu").asText()))
        .isPositive()
        .isLessThanOrEqualTo(millicores(resources.path("limits").path("cpu").asText()));
  }

  private static Manifest deployment(String name) {
    return manifests.named("Deployment", name);
  }

  private static MinkConfig config(String deployment) {
    return load(
        deployment(deployment), environment(KubernetesManifests.container(deployment(deployment))));
  }

  private static MinkConfig load(Manifest deployment, Map<String, String> environment) {
    try {
      return MinkConfigLoader.load(configFile, environment, workingDirectory);
    } catch (ConfigException e) {
      throw new AssertionError(
          "mink.toml of mink-config does not load with the variables " + environment.keySet()
              + " of " + deployment + ": " + e.getMessage(),
          e);
    }
  }

  /** The container's variables, a value from a Secret standing for what the Secret holds. */
  private static Map<String, String> environment(JsonNode container) {
    Map<String, String> environment = new LinkedHashMap<>();
    container
        .path("env")
        .forEach(variable -> environment.put(variable.path("name").asText(), valueOf(variable)));
    return environment;
  }

  private static String valueOf(JsonNode variable) {
    if (variable.has("value")) {
      return variable.path("value").asText();
    }
    JsonNode secret = variable.path("valueFrom").path("secretKeyRef");
    if (secret.isMissingNode()) {
      throw new AssertionError(
          variable.path("name").asText() + " has neither a value nor a secretKeyRef");
    }
    return "from-secret-" + secret.path("name").asText() + "-"
        + secret.path("key").asText();
  }

  private static List<Integer> ports(JsonNode container) {
    return container.path("ports").findValues("containerPort").stream()
        .map(JsonNode::asInt)
        .toList();
  }

  private static JsonNode podLabels(Manifest deployment) {
    return deployment.tree().path("spec").path("template").path("metadata").path("labels");
  }

  private static boolean matches(JsonNode selector, JsonNode labels) {
    if (selector.isEmpty()) {
      return false;
    }
    boolean all = true;
    for (Map.Entry<String, JsonNode> entry : selector.properties()) {
      all &= entry.getValue().asText().equals(labels.path(entry.getKey()).asText());
    }
    return all;
  }

  /** The image's default -XX:MaxRAMPercentage (its MINK_OPTS), with which the heap follows the container's memory limit. */
  private static long imageMaxRamPercentage() throws IOException {
    Path launcher = root.resolve("Dockerfile");
    Matcher percentage =
        Pattern.compile("-XX:MaxRAMPercentage=(\\d+)").matcher(Files.readString(launcher));
    assertThat(percentage.find()).as("%s sets -XX:MaxRAMPercentage", launcher).isTrue();
    return Long.parseLong(percentage.group(1));
  }

  /** A Kubernetes memory quantity in bytes: 2Gi, 1536Mi, 2G or plain bytes. */
  static long bytes(String quantity) {
    Matcher matcher = Pattern.compile("(\\d+)(Ki|Mi|Gi|Ti|k|M|G|T)?").matcher(quantity);
    if (!matcher.matches()) {
      throw new AssertionError("Not a memory quantity: " + quantity);
    }
    long number = Long.parseLong(matcher.group(1));
    String unit = matcher.group(2) == null ? "" : matcher.group(2);
    return number
        * switch (unit) {
          case "Ki" -> 1L << 10;
          case "Mi" -> 1L << 20;
          case "Gi" -> 1L << 30;
          case "Ti" -> 1L << 40;
          case "k" -> 1_000L;
          case "M" -> 1_000_000L;
          case "G" -> 1_000_000_000L;
          case "T" -> 1_000_000_000_000L;
          default -> 1L;
        };
  }

  /** A Kubernetes CPU quantity in millicores: 2, 500m. */
  static long millicores(String quantity) {
    if (quantity.endsWith("m")) {
      return Long.parseLong(quantity.substring(0, quantity.length() - 1));
    }
    return Math.round(Double.parseDouble(quantity) * 1000);
  }

  private static String allDocs() throws IOException {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.list(root.resolve("docs"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".md")).toList()) {
        try {
          text.append(Files.readString(file));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return text.toString();
  }
}
