package io.mink.samples.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.samples.deploy.ComposeFile.PortMapping;
import io.mink.samples.deploy.ComposeFile.Service;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.aws.AwsClientProperties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/docker-compose.md against the stack it describes: the images, host ports and in-stack addresses of its
 * services table, the keys, bucket and region it quotes, the config file it shows, and the services, config path and
 * Trino catalog its commands name are those of docker-compose.yml and the files it mounts.
 */
class ComposeDocTest {
  @TempDir
  static Path workingDirectory;

  private static ComposeStack stack;
  private static ComposeFile compose;
  private static Path doc;
  private static String text;

  @BeforeAll
  static void readStack() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    stack = new ComposeStack(root, workingDirectory);
    compose = stack.compose();
    doc = root.resolve("docs/docker-compose.md");
    text = Files.readString(doc);
  }

  @Test
  void servicesTableQuotesTheImageAndAddressesOfEveryService() {
    Set<String> described = new TreeSet<>();
    for (String line : text.lines().filter(line -> line.startsWith("| `")).toList()) {
      String[] cells = line.split("\\|", -1);
      String name = cells[1].strip().replace("`", "");
      Service service = compose.service(name);
      described.add(name);
      String image = cells[2].strip();
      if (stack.isMink(service)) {
        assertThat(image)
            .as("the image of %s on %s", name, doc)
            .contains("`" + service.dockerfile() + "`");
      } else {
        assertThat(image)
            .as("the image of %s on %s", name, doc)
            .isEqualTo("`" + service.image().orElseThrow() + "`");
      }
      for (Endpoint endpoint : Endpoint.allIn(cells[3], doc + ", the host address of " + name)) {
        assertThat(endpoint.isLocal())
            .as("%s is an address on the host", endpoint)
            .isTrue();
        assertThat(service.ports())
            .as("ports of %s, for %s", name, endpoint)
            .extracting(PortMapping::hostPort)
            .contains(endpoint.port());
      }
      for (Endpoint endpoint :
          Endpoint.allIn(cells[4], doc + ", the address of " + name + " inside the stack")) {
        assertThat(compose.serviceAt(endpoint.host()))
            .as("the service at %s", endpoint)
            .contains(service);
        assertThat(stack.listeningPorts(service))
            .as("ports %s listens on, for %s", name, endpoint)
            .contains(endpoint.port());
      }
    }
    assertThat(described)
        .as("services with a row in the table of %s", doc)
        .containsExactlyInAnyOrderElementsOf(compose.services().keySet());
  }

  @Test
  void everyAddressOnThePageIsAPublishedPortOrAServicesPort() {
    for (Endpoint endpoint : Endpoint.allIn(text, doc.toString())) {
      if (endpoint.isLocal()) {
        assertThat(compose.services().values())
            .as("services publishing host port %s, for %s", endpoint.port(), endpoint)
            .anySatisfy(service -> assertThat(service.ports())
                .extracting(PortMapping::hostPort)
                .contains(endpoint.port()));
      } else {
        Service service = compose
            .serviceAt(endpoint.host())
            .orElseThrow(
                () -> new AssertionError(endpoint + " names no service of docker-compose.yml"));
        assertThat(stack.listeningPorts(service))
            .as("ports %s listens on, for %s", service.name(), endpoint)
            .contains(endpoint.port());
      }
    }
  }

  @Test
  void pageQuotesTheKeysBucketRegionAndConfigOfTheStack() throws IOException {
    Service minio = stack.serviceWithVariable("MINIO_ROOT_USER");
    Service sidecar = stack.minkServices().get(0);
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("access key", minio.environment().get("MINIO_ROOT_USER"));
    expected.put("secret key", minio.environment().get("MINIO_ROOT_PASSWORD"));
    expected.put("bucket", stack.bucketInit().bucket());
    expected.put(
        "region",
        stack.minkConfig(sidecar).lake().properties().get(AwsClientProperties.CLIENT_REGION));
    expected.forEach((what, value) -> assertThat(quotedAfter(what))
        .as("the %s quoted on %s as: %s `...`", what, doc, what)
        .isNotEmpty()
        .containsOnly(value));
    Matcher locations = Pattern.compile("s3://([^/`\\s]+)").matcher(text);
    while (locations.find()) {
      assertThat(locations.group(1))
          .as("the bucket of %s on %s", locations.group(), doc)
          .isEqualTo(expected.get("bucket"));
    }

    Matcher block = Pattern.compile("```toml\\n(.*?)```", Pattern.DOTALL).matcher(text);
    assertThat(block.find())
        .as("the config file quoted in a ```toml block on %s", doc)
        .isTrue();
    for (Service service : stack.minkServices()) {
      Path file = stack.configFile(service);
      assertThat(settingLines(block.group(1)))
          .as("the config on %s, which must read as %s", doc, file)
          .isEqualTo(settingLines(Files.readString(file)));
    }

    Matcher owners = Pattern.compile("`([\\w.-]+)\\.owners`").matcher(text);
    while (owners.find()) {
      for (Service service : stack.minkServices()) {
        assertThat(owners.group(1))
            .as("the group named on %s: group_id of %s", doc, service.name())
            .isEqualTo(stack.minkConfig(service).indexer().groupId());
      }
    }
  }

  @Test
  void commandsNameTheServicesConfigPathAndTrinoCatalogOfTheStack() {
    Pattern serviceCommand = Pattern.compile(
        "docker compose (exec|stop|start|restart|logs)((?:\\s+-[\\w-]+)*)((?:\\s+[a-z][\\w-]*)+)");
    int commands = 0;
    for (String line : text.lines().map(line -> line.replaceAll("\\s#.*$", "")).toList()) {
      Matcher command = serviceCommand.matcher(line);
      while (command.find()) {
        commands++;
        String[] words = command.group(3).strip().split("\\s+");
        for (int i = 0; i < (command.group(1).equals("exec") ? 1 : words.length); i++) {
          compose.service(words[i]);
        }
      }
    }
    assertThat(commands).as("docker compose commands on %s", doc).isPositive();

    Set<String> configPaths = new TreeSet<>();
    stack
        .minkServices()
        .forEach(service -> configPaths.add(stack.configMount(service).target()));
    Matcher config =
        Pattern.compile("(?:--config\\s+|MINK_CONFIG=)([^\\s`),]+)").matcher(text);
    while (config.find()) {
      assertThat(configPaths)
          .as("where the Mink services mount their config, for %s on %s", config.group(), doc)
          .containsExactly(config.group(1));
    }

    Set<String> catalogs = new TreeSet<>();
    stack
        .trinoCatalogs()
        .keySet()
        .forEach(file -> catalogs.add(
            file.substring(ComposeStack.TRINO_CATALOGS.length()).replaceAll("\\.properties$", "")));
    Matcher query = Pattern.compile("FROM (\\w+)\\.(\\w+)\\.").matcher(text);
    assertThat(query.find())
        .as("Trino queries (FROM catalog.namespace.table) on %s", doc)
        .isTrue();
    do {
      assertThat(catalogs)
          .as("Trino's catalogs, for %s on %s", query.group(), doc)
          .contains(query.group(1));
      for (Service service : stack.minkServices()) {
        assertThat(query.group(2))
            .as(
                "the namespace of new tables (namespace of %s), for %s on %s",
                service.name(), query.group(), doc)
            .isEqualTo(stack.minkConfig(service).indexer().namespace());
      }
    } while (query.find());
  }

  /** The text between backquotes right after each "what ": the values the page quotes for it. */
  private static List<String> quotedAfter(String what) {
    List<String> values = new ArrayList<>();
    Matcher matcher = Pattern.compile(Pattern.quote(what) + " `([^`]+)`").matcher(text);
    while (matcher.find()) {
      values.add(matcher.group(1));
    }
    return values;
  }

  /** A TOML text's settings and section headers, without comments, blank lines and surrounding spaces. */
  private static List<String> settingLines(String toml) {
    return toml.lines()
        .map(line -> line.replaceAll("\\s+#.*$", "").strip())
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }
}
