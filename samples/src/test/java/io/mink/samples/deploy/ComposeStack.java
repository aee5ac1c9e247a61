package io.mink.samples.deploy;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.samples.deploy.ComposeFile.Mount;
import io.mink.samples.deploy.ComposeFile.Service;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The compose stack of a checkout as its parts see each other: docker-compose.yml, the Dockerfile its Mink
 * services are built from, each Mink service's config loaded by Mink's own loader, Trino's catalog files, and the
 * ports each service listens on.
 */
final class ComposeStack {
  static final String TRINO_CATALOGS = "/etc/trino/catalog/";
  private static final Pattern KAFKA_LISTENER = Pattern.compile("(\\w+)://([^:,\\s]*):(\\d+)");

  private final Path root;
  private final Path workingDirectory;
  private final ComposeFile compose;
  private final DockerfileText dockerfile;
  private final Map<String, MinkConfig> minkConfigs = new HashMap<>();

  /**
   * @param root the checkout, with docker-compose.yml
   * @param workingDirectory where Mink's loader resolves relative paths
   */
  ComposeStack(Path root, Path workingDirectory) {
    this.root = requireNonNull(root, "root is null");
    this.workingDirectory = requireNonNull(workingDirectory, "workingDirectory is null");
    this.compose = ComposeFile.read(root.resolve("docker-compose.yml"));
    List<Service> minkServices = minkServices();
    if (minkServices.size() < 2) {
      throw new AssertionError(
          "docker-compose.yml has " + minkServices.size() + " services built from the project "
              + "(build: .), not the two sidecars that share the tables");
    }
    Set<String> dockerfiles = new TreeSet<>();
    minkServices.forEach(service -> dockerfiles.add(service.dockerfile()));
    if (dockerfiles.size() != 1) {
      throw new AssertionError(
          "The Mink services of docker-compose.yml are built from different Dockerfiles: "
              + dockerfiles);
    }
    this.dockerfile = DockerfileText.read(root.resolve(dockerfiles.iterator().next()));
  }

  ComposeFile compose() {
    return compose;
  }

  DockerfileText dockerfile() {
    return dockerfile;
  }

  /** The services built from the project: the Mink sidecars. */
  List<Service> minkServices() {
    return compose.services().values().stream().filter(this::isMink).toList();
  }

  boolean isMink(Service service) {
    return service
        .buildContext()
        .map(context -> compose.directory().resolve(context).normalize().equals(root))
        .orElse(false);
  }

  /** The first service that sets this environment variable. */
  Service serviceWithVariable(String variable) {
    return compose.services().values().stream()
        .filter(service -> service.environment().containsKey(variable))
        .findFirst()
        .orElseThrow(() -> new AssertionError("No service of docker-compose.yml sets " + variable));
  }

  /**
   * The read-only mount of the config file of the service: the one its command, or the image's CMD, names with
   * --config, else the one the image's MINK_CONFIG names.
   */
  Mount configMount(Service service) {
    List<String> command =
        service.command().isEmpty() ? dockerfile.execForm("CMD") : service.command();
    int option = command.indexOf("--config");
    String path;
    if (option >= 0 && option + 1 < command.size()) {
      path = command.get(option + 1);
    } else {
      path = dockerfile.environment().get("MINK_CONFIG");
      if (path == null) {
        throw new AssertionError(service.name() + " runs " + command
            + ", which names no --config file, and " + dockerfile.file() + " sets no MINK_CONFIG");
      }
    }
    Mount mount = service.bindMounts().stream()
        .filter(each -> each.target().equals(path))
        .findFirst()
        .orElseThrow(() -> new AssertionError(service.name() + " reads its config from " + path
            + " but mounts no file there: " + service.bindMounts()));
    if (!mount.readOnly()) {
      throw new AssertionError(service.name() + " mounts its config " + mount.source() + " at "
          + path + " writable: mount it read-only (:ro)");
    }
    return mount;
  }

  /** The config file on this machine that the service mounts. */
  Path configFile(Service service) {
    Path file = compose.directory().resolve(configMount(service).source()).normalize();
    if (!Files.isRegularFile(file)) {
      throw new AssertionError(
          service.name() + " mounts " + file + " as its config, but there is no such file");
    }
    return file;
  }

  /** The service's config, loaded by Mink's own loader with the service's environment: as the variables. */
  MinkConfig minkConfig(Service service) {
    return minkConfigs.computeIfAbsent(service.name(), name -> {
      Path file = configFile(service);
      try {
        return MinkConfigLoader.load(file, service.environment(), workingDirectory);
      } catch (ConfigException e) {
        throw new AssertionError(
            file + ", the config of " + name + ", does not load with the environment of " + name
                + ": " + e.getMessage(),
            e);
      }
    });
  }

  /** Trino's catalog files, by their path in the container under /etc/trino/catalog/. */
  Map<String, Properties> trinoCatalogs() {
    Map<String, Properties> catalogs = new LinkedHashMap<>();
    for (Service service : compose.services().values()) {
      for (Mount mount : service.bindMounts()) {
        if (!mount.target().startsWith(TRINO_CATALOGS)) {
          continue;
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(compose.directory().resolve(mount.source()))) {
          properties.load(reader);
        } catch (IOException e) {
          throw new UncheckedIOException(
              "Cannot read " + mount.source() + ", mounted in " + service.name(), e);
        }
        catalogs.put(mount.target(), properties);
      }
    }
    return catalogs;
  }

  /**
   * The ports a service listens on, from what configures it and not from its ports: its expose:, Kafka's and the
   * schema registry's listener variables, MinIO's --address flags, Mink's http_port, and the ports the images listen
   * on when nothing sets them.
   */
  Set<Integer> listeningPorts(Service service) {
    Set<Integer> ports = new TreeSet<>(service.exposed());
    Map<String, String> env = service.environment();
    if (env.containsKey("KAFKA_LISTENERS")) {
      ports.addAll(kafkaListeners(service).values());
    }
    if (env.containsKey("SCHEMA_REGISTRY_LISTENERS")) {
      for (String url : env.get("SCHEMA_REGISTRY_LISTENERS").split(",")) {
        ports.add(Endpoint.ofUrl(url, "SCHEMA_REGISTRY_LISTENERS of " + service.name())
            .port());
      }
    }
    List<String> command = service.command();
    for (int i = 0; i + 1 < command.size(); i++) {
      if (command.get(i).equals("--console-address")) {
        ports.add(portOf(command.get(i + 1)));
      }
    }
    String repository =
        service.image().map(image -> image.replaceAll(":[^/:]*$", "")).orElse("");
    switch (repository) {
      case "apache/iceberg-rest-fixture" ->
        ports.add(Integer.parseInt(env.getOrDefault("REST_PORT", "8181")));
      case "trinodb/trino" -> ports.add(8080);
      case "minio/minio" -> ports.add(s3ApiPort(service));
      default -> {}
    }
    if (isMink(service)) {
      ports.add(minkConfig(service).monitoring().httpPort());
    }
    return ports;
  }

  /** Kafka's listeners by name, with their ports, from KAFKA_LISTENERS. */
  Map<String, Integer> kafkaListeners(Service kafka) {
    String listeners = kafka.environment().get("KAFKA_LISTENERS");
    Map<String, Integer> ports = new LinkedHashMap<>();
    Matcher matcher = KAFKA_LISTENER.matcher(listeners == null ? "" : listeners);
    while (matcher.find()) {
      ports.put(matcher.group(1), Integer.parseInt(matcher.group(3)));
    }
    if (ports.isEmpty()) {
      throw new AssertionError("KAFKA_LISTENERS of " + kafka.name()
          + " names no listener NAME://host:port: " + listeners);
    }
    return ports;
  }

  /**
   * What the one-shot mc service does on MinIO: the bucket it makes, and the address and keys it logs in with.
   *
   * @param service the mc service
   * @param endpoint the S3 address in its MC_HOST_&lt;alias&gt; variable
   * @param userInfo the access key and secret key in that variable, as key:secret
   * @param bucket the bucket of its mb &lt;alias&gt;/&lt;bucket&gt; command
   */
  record BucketInit(String service, Endpoint endpoint, String userInfo, String bucket) {}

  /** The mc service that makes the bucket: MC_HOST_&lt;alias&gt; in its environment, mb &lt;alias&gt;/&lt;bucket&gt; */
  BucketInit bucketInit() {
    for (Service service : compose.services().values()) {
      for (Map.Entry<String, String> variable : service.environment().entrySet()) {
        if (!variable.getKey().startsWith("MC_HOST_")) {
          continue;
        }
        String alias = variable.getKey().substring("MC_HOST_".length());
        List<String> command = service.command();
        String bucket = command.contains("mb")
            ? command.stream()
                .filter(word -> word.startsWith(alias + "/"))
                .findFirst()
                .map(word -> word.substring(alias.length() + 1).replaceAll("/$", ""))
                .orElse(null)
            : null;
        if (bucket == null) {
          throw new AssertionError(service.name() + " sets " + variable.getKey()
              + " but its command makes no bucket " + "with mb " + alias + "/<bucket>: " + command);
        }
        String source = variable.getKey() + " of " + service.name();
        return new BucketInit(
            service.name(),
            Endpoint.ofUrl(variable.getValue(), source),
            URI.create(variable.getValue()).getUserInfo(),
            bucket);
      }
    }
    throw new AssertionError(
        "No service of docker-compose.yml creates the bucket: none has an MC_HOST_<alias> "
            + "variable and an mb <alias>/<bucket> command");
  }

  /** The port of MinIO's S3 API: its --address, else the image's 9000. */
  int s3ApiPort(Service minio) {
    List<String> command = minio.command();
    int option = command.indexOf("--address");
    return option < 0 || option + 1 == command.size() ? 9000 : portOf(command.get(option + 1));
  }

  private static int portOf(String address) {
    return Integer.parseInt(address.replaceAll("^.*:", ""));
  }
}
