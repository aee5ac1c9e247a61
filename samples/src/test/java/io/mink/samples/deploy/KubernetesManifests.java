package io.mink.samples.deploy;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The manifests of a kustomize folder such as deploy/kubernetes, one object per file, read for what the deployment
 * checks compare: the kustomization's resources, each object by kind and name, and the containers of each
 * Deployment with their ports, probes, environment, resources and mounts.
 */
final class KubernetesManifests {
  static final String KUSTOMIZATION = "kustomization.yaml";

  private final Path directory;
  private final JsonNode kustomization;
  private final Map<String, Manifest> manifests;

  private KubernetesManifests(
      Path directory, JsonNode kustomization, Map<String, Manifest> manifests) {
    this.directory = directory;
    this.kustomization = kustomization;
    this.manifests = manifests;
  }

  /** One object of the folder: its file, kind, name and whole tree. */
  record Manifest(String file, String kind, String name, JsonNode tree) {
    Manifest {
      requireNonNull(file, "file is null");
      requireNonNull(kind, "kind is null");
      requireNonNull(name, "name is null");
      requireNonNull(tree, "tree is null");
    }

    @Override
    public String toString() {
      return kind + " " + name + " (" + file + ")";
    }
  }

  static KubernetesManifests read(Path directory) {
    Map<String, Manifest> manifests = new TreeMap<>();
    for (Path file : yamlFiles(directory)) {
      String fileName = file.getFileName().toString();
      if (fileName.equals(KUSTOMIZATION)) {
        continue;
      }
      JsonNode tree = yaml(file);
      manifests.put(
          fileName,
          new Manifest(
              fileName, text(tree, "kind", file), text(tree.path("metadata"), "name", file), tree));
    }
    return new KubernetesManifests(directory, yaml(directory.resolve(KUSTOMIZATION)), manifests);
  }

  Path directory() {
    return directory;
  }

  /** The files the kustomization's resources name. */
  List<String> resources() {
    List<String> resources = new ArrayList<>();
    kustomization.path("resources").forEach(resource -> resources.add(resource.asText()));
    return resources;
  }

  /** Every .yaml and .yml file of the folder but the kustomization, by name. */
  List<String> files() {
    return List.copyOf(manifests.keySet());
  }

  List<Manifest> all() {
    return List.copyOf(manifests.values());
  }

  List<Manifest> ofKind(String kind) {
    return manifests.values().stream().filter(m -> m.kind().equals(kind)).toList();
  }

  Manifest named(String kind, String name) {
    return ofKind(kind).stream()
        .filter(m -> m.name().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("No " + kind + " named " + name + " in " + directory));
  }

  /** The pod template's spec of a Deployment. */
  static JsonNode podSpec(Manifest deployment) {
    return deployment.tree().path("spec").path("template").path("spec");
  }

  /** The one container of a Deployment's pods. */
  static JsonNode container(Manifest deployment) {
    JsonNode containers = podSpec(deployment).path("containers");
    if (containers.size() != 1) {
      throw new AssertionError(deployment + " has " + containers.size() + " containers, not one");
    }
    return containers.get(0);
  }

  /** The number of a container port given by name or number, as probes and Services give it. */
  static int containerPort(JsonNode container, JsonNode nameOrNumber) {
    if (nameOrNumber.isInt()) {
      return nameOrNumber.asInt();
    }
    for (JsonNode port : container.path("ports")) {
      if (port.path("name").asText().equals(nameOrNumber.asText())) {
        return port.path("containerPort").asInt();
      }
    }
    throw new AssertionError("Container " + container.path("name").asText() + " has no port named "
        + nameOrNumber.asText());
  }

  /** The volume a container mounts at or above {@code path}, with the path inside the volume. */
  static Optional<MountedPath> mountOf(JsonNode podSpec, JsonNode container, String path) {
    for (JsonNode mount : container.path("volumeMounts")) {
      String mountPath = mount.path("mountPath").asText();
      String subPath = mount.path("subPath").asText("");
      String inside;
      if (path.equals(mountPath)) {
        inside = subPath;
      } else if (subPath.isEmpty() && path.startsWith(mountPath + "/")) {
        inside = path.substring(mountPath.length() + 1);
      } else {
        continue;
      }
      String volumeName = mount.path("name").asText();
      for (JsonNode volume : podSpec.path("volumes")) {
        if (volume.path("name").asText().equals(volumeName)) {
          return Optional.of(new MountedPath(volume, inside));
        }
      }
      throw new AssertionError("Mount " + mountPath + " names no volume of the pod: " + volumeName);
    }
    return Optional.empty();
  }

  /** A path as a container sees it: the volume it is in and where in that volume. */
  record MountedPath(JsonNode volume, String pathInVolume) {}

  private static List<Path> yamlFiles(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .filter(file -> file.toString().endsWith(".yaml") || file.toString().endsWith(".yml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + directory, e);
    }
  }

  private static JsonNode yaml(Path file) {
    try {
      JsonNode tree = new YAMLMapper().readTree(file.toFile());
      if (tree == null || !tree.isObject()) {
        throw new AssertionError(file + " holds no YAML mapping");
      }
      return tree;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file + " as YAML", e);
    }
  }

  private static String text(JsonNode node, String field, Path file) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual()) {
      throw new AssertionError(file + " has no " + field);
    }
    return value.asText();
  }
}
