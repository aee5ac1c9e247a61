package io.mink.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.config.MinkConfigLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release tarball as a user unpacks and runs it: its files, its two commands, its example config. */
class TarballIT {
  private static final String VERSION = System.getProperty("mink.version");

  @TempDir
  static Path unpacked;

  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    Path tarball = Path.of(System.getProperty("mink.tarball"));
    assertThat(tarball).as("the tarball the package phase made").isRegularFile();
    Run tar = Run.of(unpacked, Map.of(), "tar", "-xzf", tarball.toString());
    assertThat(tar.exitCode()).as("tar -xzf %s: %s", tarball, tar.output()).isZero();
    home = unpacked.resolve("mink-" + VERSION);
  }

  @Test
  void tarballHoldsTheCommandsJarsConfigDocsAndLicenses() {
    for (String command : List.of("bin/mink", "bin/mink-query")) {
      assertThat(Files.isExecutable(home.resolve(command)))
          .as("%s is executable", command)
          .isTrue();
    }
    for (String file : List.of(
        "lib/mink-cli-" + VERSION + ".jar",
        "lib/mink-query-" + VERSION + ".jar",
        "config/mink.toml",
        "docs/cli.md",
        "docs/configuration.md",
        "README.md",
        "LICENSE",
        "NOTICE",
        "CHANGELOG.md",
        "THIRD-PARTY.txt")) {
      assertThat(home.resolve(file)).as("%s in the tarball", file).isRegularFile();
    }
  }

  @Test
  void sparkRuntimeJarIsOneShadedJarOutsideTheCommandsClasspath() throws IOException {
    Path jar = home.resolve("spark/mink-spark-runtime-" + VERSION + ".jar");
    assertThat(jar).as("Mink's jar for Spark in the tarball").isRegularFile();
    try (JarFile runtime = new JarFile(jar.toFile())) {
      Set<String> entries = runtime.stream().map(JarEntry::getName).collect(Collectors.toSet());
      assertThat(entries)
          .contains(
              "io/mink/spark/MinkCatalog.class",
              "io/mink/query/read/UnionRead.class",
              "io/mink/spark/shaded/org/apache/kafka/clients/consumer/KafkaConsumer.class",
              "io/mink/spark/shaded/org/apache/iceberg/Table.class",
              "META-INF/LICENSE",
              "META-INF/NOTICE")
          .noneMatch(entry -> entry.startsWith("org/apache/kafka/")
              || entry.startsWith("org/apache/iceberg/")
              || entry.startsWith("org/apache/spark/")
              || entry.startsWith("org/apache/arrow/"));
    }
    try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
      assertThat(lib.map(path -> path.getFileName().toString()))
          .as("jars in lib/")
          .noneMatch(name -> name.startsWith("mink-spark-runtime"));
    }
  }

  @Test
  void tarballHoldsEveryPageOfTheDocsSoTheirLinksResolve() throws IOException {
    Path docs = Path.of("..", "docs");
    try (Stream<Path> pages = Files.walk(docs)) {
      List<Path> markdown =
          pages.filter(page -> page.toString().endsWith(".md")).toList();
      assertThat(markdown).as("pages under %s", docs.toAbsolutePath()).isNotEmpty();
      for (Path page : markdown) {
        Path packed = home.resolve("docs").resolve(docs.relativize(page).toString());
        assertThat(packed).as("%s in the tarball", page).isRegularFile();
      }
    }
  }

  @Test
  void thirdPartyListingNamesTheLicenseOfEveryBundledLibrary() throws IOException {
    String listing = Files.readString(home.resolve("THIRD-PARTY.txt"));
    Matcher entry = Pattern.compile("\\(([^)]+)\\) [^(]*\\(([\\w.-]+):([\\w.-]+):([\\w.-]+) - ")
        .matcher(listing);
    Set<String> listed = new TreeSet<>();
    while (entry.find()) {
      listed.add(entry.group(3) + "-" + entry.group(4));
    }
    assertThat(listed).as("libraries in THIRD-PARTY.txt").isNotEmpty();
    try (Stream<Path> jars = Files.list(home.resolve("lib"))) {
      for (String jar : jars.map(path -> path.getFileName().toString()).sorted().toList()) {
        assertThat(listed)
            .as("the entry of lib/%s in THIRD-PARTY.txt", jar)
            .anySatisfy(
                library -> assertThat(jar).matches(Pattern.quote(library) + "(-[\\w.-]+)?\\.jar"));
      }
    }
  }

  @Test
  void versionOfBothCommandsNamesTheVersionAndCommit() throws Exception {
    for (String command : List.of("mink", "mink-query")) {
      Run run =
          Run.of(home, Map.of(), home.resolve("bin").resolve(command).toString(), "--version");
      assertThat(run.exitCode()).as("%s --version: %s", command, run.output()).isZero();
      assertThat(run.output().strip())
          .matches(Pattern.quote(command + " " + VERSION) + " \\(commit ([0-9a-f]{7}|unknown)\\)");
    }
  }

  @Test
  void minkConfigNamesTheConfigFileOfTheCommand() throws Exception {
    Run run = Run.of(
        home,
        Map.of("MINK_CONFIG", "missing.toml"),
        home.resolve("bin/mink").toString(),
        "table",
        "list");
    assertThat(run.exitCode())
        .as("exit code of mink table list: %s", run.output())
        .isEqualTo(3);
    assertThat(run.output())
        .contains(
            "Config file " + home.resolve("missing.toml") + " named by MINK_CONFIG does not exist");
  }

  @Test
  void serveAlwaysExitsOnOutOfMemoryWhateverMinkOptsSays() throws Exception {
    Path javaHome = fakeJava();
    Map<String, String> variables = Map.of(
        "JAVA_HOME", javaHome.toString(), "MINK_OPTS", "-Xmx64m -XX:-ExitOnOutOfMemoryError");
    for (String command : List.of("mink", "mink-query")) {
      List<String> options = javaArguments(variables, command, "serve");
      assertThat(options)
          .as("the java options of %s serve", command)
          .containsSubsequence(
              "--add-opens=java.base/java.nio=ALL-UNNAMED",
              "-Xmx64m",
              "-XX:-ExitOnOutOfMemoryError",
              "-XX:+ExitOnOutOfMemoryError");
    }
    assertThat(javaArguments(variables, "mink", "table", "list"))
        .as("the java options of mink table list")
        .contains("-Xmx64m")
        .doesNotContain("-XX:+ExitOnOutOfMemoryError");
  }

  @Test
  void withoutMinkOptsEachCommandHasItsOwnHeap() throws Exception {
    Map<String, String> variables = Map.of("JAVA_HOME", fakeJava().toString());
    assertThat(javaArguments(variables, "mink", "serve"))
        .contains("-Xmx1g", "-XX:+ExitOnOutOfMemoryError")
        .doesNotContain("-XX:TieredStopAtLevel=1");
    assertThat(javaArguments(variables, "mink", "read", "orders"))
        .contains("-Xmx512m")
        .doesNotContain("-XX:TieredStopAtLevel=1");
    assertThat(javaArguments(variables, "mink", "table", "add", "orders"))
        .as("a table command runs for a moment: the quick compiler alone")
        .contains("-Xmx512m", "-XX:TieredStopAtLevel=1");
    assertThat(javaArguments(variables, "mink", "cluster", "stats"))
        .contains("-Xmx512m", "-XX:TieredStopAtLevel=1");
    assertThat(javaArguments(variables, "mink", "table", "audit", "orders"))
        .as("an audit reads the whole table")
        .doesNotContain("-XX:TieredStopAtLevel=1");
    assertThat(javaArguments(variables, "mink-query", "serve"))
        .contains("-Xmx2g", "-XX:+ExitOnOutOfMemoryError");
    assertThat(javaArguments(variables, "mink-query", "exec")).contains("-Xmx1g");
  }

  @Test
  void exampleConfigLoadsAndSoDoItsCommentedSections() throws IOException {
    Path example = home.resolve("config/mink.toml");
    MinkConfig config = MinkConfigLoader.load(example, Map.of(), home);
    assertThat(config.monitoring().httpPort()).isEqualTo(9464);

    Pattern commentedSetting = Pattern.compile("^# (?=\\[|\"|[\\w.]+ = )", Pattern.MULTILINE);
    Path uncommented = unpacked.resolve("uncommented.toml");
    Files.writeString(
        uncommented, commentedSetting.matcher(Files.readString(example)).replaceAll(""));
    MinkConfig full = MinkConfigLoader.load(uncommented, Map.of(), home);
    assertThat(full.embeddedLake()).as("the embedded lake of %s", uncommented).isFalse();
  }

  /** The arguments the command passes to java, read from a java that prints them one per line. */
  private static List<String> javaArguments(Map<String, String> variables, String... command)
      throws Exception {
    String[] words = command.clone();
    words[0] = home.resolve("bin").resolve(command[0]).toString();
    Run run = Run.of(home, variables, words);
    assertThat(run.exitCode())
        .as("%s: %s", String.join(" ", command), run.output())
        .isZero();
    return run.output().lines().collect(Collectors.toList());
  }

  private static Path fakeJava() throws IOException {
    Path javaHome = unpacked.resolve("fake-java");
    Path java = javaHome.resolve("bin/java");
    if (!Files.exists(java)) {
      Files.createDirectories(java.getParent());
      Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n", StandardCharsets.UTF_8);
      assertThat(java.toFile().setExecutable(true)).isTrue();
    }
    return javaHome;
  }

  /** One process run to its end: exit code, and stdout and stderr together. */
  private record Run(int exitCode, String output) {
    static Run of(Path directory, Map<String, String> variables, String... command)
        throws Exception {
      ProcessBuilder builder =
          new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
      Map<String, String> environment = builder.environment();
      environment.keySet().removeIf(name -> name.startsWith("MINK_") || name.equals("JAVA_HOME"));
      environment.putAll(new HashMap<>(variables));
      Process process = builder.start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return new Run(process.waitFor(), output);
    }
  }
}
