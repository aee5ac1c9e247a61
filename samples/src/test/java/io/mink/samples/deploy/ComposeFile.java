package io.mink.samples.deploy;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A docker-compose.yml, read for what the stack's checks compare: each service's image or build, environment,
 * published and exposed ports, bind mounts, command, health check and dependencies. Short and long syntax are both
 * read where Compose allows both; YAML anchors and merge keys are not resolved.
 */
final class ComposeFile {
  private final Path directory;
  private final Map<String, Service> services;

  private ComposeFile(Path directory, Map<String, Service> services) {
    this.directory = directory;
    this.services = services;
  }

  static ComposeFile read(Path file) {
    JsonNode root;
    try {
      root = new YAMLMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file + " as YAML", e);
    }
    JsonNode servicesNode = root == null ? null : root.get("services");
    if (servicesNode == null || !servicesNode.isObject()) {
      throw new IllegalArgumentException(file + " has no services: mapping");
    }
    Map<String, Service> services = new LinkedHashMap<>();
    servicesNode
        .properties()
        .forEach(
            entry -> services.put(entry.getKey(), new Service(entry.getKey(), entry.getValue())));
    return new ComposeFile(
        file.toAbsolutePath().getParent(), Collections.unmodifiableMap(services));
  }

  /** The folder of the compose file, which relative paths in it start from. */
  Path directory() {
    return directory;
  }

  Map<String, Service> services() {
    return services;
  }

  Service service(String name) {
    Service service = services.get(name);
    if (service == null) {
      throw new AssertionError("docker-compose.yml has no service '" + name + "': its services are "
          + services.keySet());
    }
    return service;
  }

  /** The service another container reaches by this name: its service name or its hostname. */
  Optional<Service> serviceAt(String host) {
    return services.values().stream()
        .filter(service -> service.name().equals(host)
            || service.hostname().filter(host::equals).isPresent())
        .findFirst();
  }

  /** A host port and the container port it forwards to. */
  record PortMapping(int hostPort, int containerPort) {}

  /** A bind mount: a path on the host, relative to the compose file, at a path in the container. */
  record Mount(String source, String target, boolean readOnly) {
    Mount {
      requireNonNull(source, "source is null");
      requireNonNull(target, "target is null");
    }
  }

  /** One entry under services:. */
  record Service(String name, JsonNode node) {
    Service {
      requireNonNull(name, "name is null");
      requireNonNull(node, "node is null");
    }

    Optional<String> image() {
      return text(node.get("image"));
    }

    Optional<String> hostname() {
      return text(node.get("hostname"));
    }

    /** The build context, from build: PATH or build: {context: PATH}. */
    Optional<String> buildContext() {
      JsonNode build = node.get("build");
      if (build == null) {
        return Optional.empty();
      }
      return build.isTextual()
          ? Optional.of(build.asText())
          : text(build.get("context")).or(() -> Optional.of("."));
    }

    /** The Dockerfile of the build, relative to its context. */
    String dockerfile() {
      JsonNode build = node.get("build");
      return build != null && build.isObject()
          ? text(build.get("dockerfile")).orElse("Dockerfile")
          : "Dockerfile";
    }

    /** The environment: mapping, or a list of NAME=value; values as text. */
    Map<String, String> environment() {
      Map<String, String> environment = new LinkedHashMap<>();
      JsonNode node = this.node.get("environment");
      if (node == null) {
        return environment;
      }
      if (node.isObject()) {
        node.properties()
            .forEach(entry -> environment.put(
                entry.getKey(),
                entry.getValue().isNull() ? "" : entry.getValue().asText()));
      } else {
        for (JsonNode entry : node) {
          String[] pair = entry.asText().split("=", 2);
          environment.put(pair[0], pair.length == 2 ? pair[1] : "");
        }
      }
      return environment;
    }

    /** The ports: entries, as HOST:CONTAINER, IP:HOST:CONTAINER or {published, target}. */
    List<PortMapping> ports() {
      List<PortMapping> ports = new ArrayList<>();
      for (JsonNode entry : list("ports")) {
        if (entry.isObject()) {
          ports.add(new PortMapping(
              entry.get("published").asInt(), entry.get("target").asInt()));
          continue;
        }
        String[] parts = entry.asText().replaceAll("/(tcp|udp)$", "").split(":");
        if (parts.length < 2) {
          throw new AssertionError("Service " + name + " publishes '" + entry.asText()
              + "' without a host port: " + "write HOST:CONTAINER so that the host port is fixed");
        }
        int last = parts.length - 1;
        ports.add(
            new PortMapping(Integer.parseInt(parts[last - 1]), Integer.parseInt(parts[last])));
      }
      return ports;
    }

    List<Integer> exposed() {
      List<Integer> ports = new ArrayList<>();
      for (JsonNode entry : list("expose")) {
        ports.add(Integer.parseInt(entry.asText().replaceAll("/(tcp|udp)$", "")));
      }
      return ports;
    }

    /** The bind mounts among volumes: (entries whose source is a path, not a named volume). */
    List<Mount> bindMounts() {
      List<Mount> mounts = new ArrayList<>();
      for (JsonNode entry : list("volumes")) {
        if (entry.isObject()) {
          if ("bind".equals(entry.path("type").asText())) {
            mounts.add(new Mount(
                entry.get("source").asText(),
                entry.get("target").asText(),
                entry.path("read_only").asBoolean(false)));
          }
          continue;
        }
        String[] parts = entry.asText().split(":");
        if (parts.length >= 2 && (parts[0].startsWith(".") || parts[0].startsWith("/"))) {
          boolean readOnly =
              parts.length == 3 && Arrays.asList(parts[2].split(",")).contains("ro");
          mounts.add(new Mount(parts[0], parts[1], readOnly));
        }
      }
      return mounts;
    }

    /** The command: as a list of words; a string is split at spaces. */
    List<String> command() {
      JsonNode command = node.get("command");
      if (command == null) {
        return List.of();
      }
      if (command.isTextual()) {
        return List.of(command.asText().trim().split("\\s+"));
      }
      List<String> words = new ArrayList<>();
      command.forEach(word -> words.add(word.asText()));
      return words;
    }

    /** The health check's test as one line, or empty when the compose file defines none. */
    Optional<String> healthcheck() {
      JsonNode test = node.path("healthcheck").get("test");
      if (test == null) {
        return Optional.empty();
      }
      if (test.isTextual()) {
        return Optional.of(test.asText());
      }
      List<String> words = new ArrayList<>();
      test.forEach(word -> words.add(word.asText()));
      return Optional.of(String.join(" ", words));
    }

    /** The services this one waits for, with the condition: service_started when none is given. */
    Map<String, String> dependsOn() {
      Map<String, String> dependencies = new LinkedHashMap<>();
      JsonNode node = this.node.get("depends_on");
      if (node == null) {
        return dependencies;
      }
      if (node.isArray()) {
        node.forEach(name -> dependencies.put(name.asText(), "service_started"));
      } else {
        node.properties()
            .forEach(entry -> dependencies.put(
                entry.getKey(), entry.getValue().path("condition").asText("service_started")));
      }
      return dependencies;
    }

    private Iterable<JsonNode> list(String key) {
      JsonNode node = this.node.get(key);
      return node == null ? List.of() : node;
    }

    private static Optional<String> text(JsonNode node) {
      return node == null || node.isNull() ? Optional.empty() : Optional.of(node.asText());
    }
  }
}
