package io.mink.samples.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.samples.deploy.ComposeFile.Service;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Dockerfile that docker-compose.yml builds the Mink services from, checked without Docker: the port it exposes
 * and health-checks is Mink's http_port, its Maven build names modules that exist and unpacks the release tarball
 * they make, its entrypoint is a command of the tarball on the PATH, MINK_CONFIG names the mounted config, and
 * .dockerignore keeps what the build needs.
 */
class MinkImageTest {
  @TempDir
  static Path workingDirectory;

  private static ComposeStack stack;
  private static DockerfileText dockerfile;
  private static Path root;

  /** Where the build stage unpacks the tarball and the final stage has it. */
  private static final String INSTALLED = "/opt/mink";

  @BeforeAll
  static void readStack() {
    root = Path.of("..").toAbsolutePath().normalize();
    stack = new ComposeStack(root, workingDirectory);
    dockerfile = stack.dockerfile();
  }

  @Test
  void imageExposesAndHealthChecksTheHttpPortOfMinksConfig() {
    Set<Integer> exposed = new TreeSet<>();
    dockerfile
        .all("EXPOSE")
        .forEach(ports -> Arrays.stream(ports.split("\\s+"))
            .forEach(port -> exposed.add(Integer.parseInt(port.replaceAll("/(tcp|udp)$", "")))));
    String healthcheck = dockerfile
        .last("HEALTHCHECK")
        .orElseThrow(() -> new AssertionError(dockerfile.file() + " has no HEALTHCHECK"));
    List<Endpoint> checked = Endpoint.allIn(healthcheck, "HEALTHCHECK of " + dockerfile.file());
    assertThat(checked)
        .as("addresses in the HEALTHCHECK of %s", dockerfile.file())
        .hasSize(1);
    int checkedPort = checked.get(0).port();
    assertThat(healthcheck)
        .as("the HEALTHCHECK of %s", dockerfile.file())
        .contains("localhost:" + checkedPort + "/health");
    for (Service service : stack.minkServices()) {
      int httpPort = stack.minkConfig(service).monitoring().httpPort();
      String what = "http_port of " + stack.configMount(service).source() + " of " + service.name();
      assertThat(exposed).as("EXPOSE of %s, for %s", dockerfile.file(), what).contains(httpPort);
      assertThat(checkedPort)
          .as("the port of the HEALTHCHECK of %s: %s", dockerfile.file(), what)
          .isEqualTo(httpPort);
      assertThat(service.ports())
          .as("ports of %s", service.name())
          .anySatisfy(mapping -> assertThat(mapping.containerPort()).as(what).isEqualTo(httpPort));
    }
  }

  @Test
  void imageBuildsModulesThatExistAndUnpacksTheTarballTheyMake() throws IOException {
    String build = mavenBuild();
    assertThat(build).as("the Maven build of %s", dockerfile.file()).contains(" package");
    List<String> modules = builtModules(build);
    List<String> reactor = reactorModules();
    for (String module : modules) {
      assertThat(reactor)
          .as("the <modules> of pom.xml, for -pl %s of %s", module, dockerfile.file())
          .contains(module);
      assertThat(root.resolve(module).resolve("pom.xml"))
          .as("the pom of module %s", module)
          .exists();
    }
    Matcher tarball =
        Pattern.compile("tar -xzf ([\\w-]+)/target/([\\w.-]+?)-\\*\\.tar\\.gz").matcher(build);
    assertThat(tarball.find())
        .as("a tar -xzf MODULE/target/NAME-*.tar.gz in the build of %s", dockerfile.file())
        .isTrue();
    assertThat(modules).as("modules built by %s", dockerfile.file()).contains(tarball.group(1));
    assertThat(build)
        .as("the build of %s unpacks the tarball", dockerfile.file())
        .contains("-C " + INSTALLED);
    assertThat(Files.readString(root.resolve(tarball.group(1)).resolve("pom.xml")))
        .as("the tarball's name in %s/pom.xml", tarball.group(1))
        .contains("<finalName>" + tarball.group(2) + "-${project.version}</finalName>");
  }

  @Test
  void entrypointIsACommandOfTheTarballOnThePath() throws IOException {
    String command = dockerfile.execForm("ENTRYPOINT").get(0);
    assertThat(dockerfile.environment().get("PATH"))
        .as("PATH of %s", dockerfile.file())
        .startsWith(INSTALLED + "/bin:");
    for (String name : List.of(command, "mink-query")) {
      Path launcher = launcher(name);
      String script = Files.readString(launcher);
      Matcher classpath = Pattern.compile("-cp\\s+\"\\$home/lib/\\*\"").matcher(script);
      assertThat(classpath.find()).as("-cp \"$home/lib/*\" in %s", launcher).isTrue();
      Matcher mainClass = Pattern.compile("\\b(io\\.mink\\.[\\w.]+)").matcher(script);
      assertThat(mainClass.find()).as("the main class in %s", launcher).isTrue();
      assertThat(classExists(mainClass.group(1)))
          .as("main class %s of %s", mainClass.group(1), launcher)
          .isTrue();
      assertThat(script)
          .as("%s adds -XX:+ExitOnOutOfMemoryError after MINK_OPTS", launcher)
          .containsPattern("\\$MINK_OPTS \\$exit_on_oom");
    }
    assertThat(dockerfile.execForm("CMD"))
        .as("CMD of %s: the sidecar", dockerfile.file())
        .startsWith("serve");
  }

  @Test
  void minkConfigNamesTheConfigEveryMinkServiceMounts() {
    String config = dockerfile.environment().get("MINK_CONFIG");
    assertThat(config).as("MINK_CONFIG of %s", dockerfile.file()).isNotBlank();
    for (Service service : stack.minkServices()) {
      assertThat(stack.configMount(service).target())
          .as("where %s mounts its config", service.name())
          .isEqualTo(config);
    }
  }

  @Test
  void dockerignoreKeepsEveryModuleAndFileTheImageBuildNeeds() throws IOException {
    List<String> needed = new ArrayList<>(reactorModules());
    needed.addAll(List.of("pom.xml", "README.md", "LICENSE", "NOTICE", "docs/cli.md"));
    needed.add(root.relativize(launcher("mink")).toString());
    for (String pattern : Files.readAllLines(root.resolve(".dockerignore"))) {
      String ignored = pattern.strip().replaceAll("^/|/$", "");
      if (ignored.isEmpty() || ignored.startsWith("#")) {
        continue;
      }
      for (String path : needed) {
        assertThat(path.equals(ignored) || path.startsWith(ignored + "/"))
            .as(
                ".dockerignore leaves out %s with '%s', but the image build needs it",
                path, pattern)
            .isFalse();
      }
    }
  }

  private static String mavenBuild() {
    return dockerfile.all("RUN").stream()
        .filter(run -> run.contains("mvn "))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError(dockerfile.file() + " has no RUN mvn ... instruction"));
  }

  private static List<String> builtModules(String build) {
    Matcher projects = Pattern.compile("(?:-pl|--projects)\\s+(\\S+)").matcher(build);
    assertThat(projects.find())
        .as("-pl in the Maven build of %s: %s", dockerfile.file(), build)
        .isTrue();
    return List.of(projects.group(1).split(","));
  }

  /** The modules of the parent pom: Maven reads every one of them, whichever it builds. */
  private static List<String> reactorModules() throws IOException {
    List<String> modules = new ArrayList<>();
    Matcher module = Pattern.compile("<module>([^<]+)</module>")
        .matcher(Files.readString(root.resolve("pom.xml")));
    while (module.find()) {
      modules.add(module.group(1));
    }
    return modules;
  }

  /** The source of a command of the tarball: dist/src/bin, which the tarball's bin/ is made of. */
  private static Path launcher(String command) {
    Path launcher = root.resolve("dist/src/bin").resolve(command);
    assertThat(launcher).as("the launcher of %s in the tarball", command).isRegularFile();
    assertThat(Files.isExecutable(launcher))
        .as("%s is executable (git's mode 755)", launcher)
        .isTrue();
    return launcher;
  }

  private static boolean classExists(String name) {
    try {
      Class.forName(name, false, MinkImageTest.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
