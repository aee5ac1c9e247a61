package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinkVersionTest {
  @TempDir
  Path workingDirectory;

  @Test
  void lineNamesTheCommandTheVersionAndTheCommit() {
    assertThat(MinkVersion.line(
            "mink", properties("version", "0.1.0"), properties("git.commit.id.abbrev", "abc1234")))
        .isEqualTo("mink 0.1.0 (commit abc1234)");
  }

  @Test
  void buildWithoutGitPrintsCommitUnknown() {
    assertThat(MinkVersion.line("mink-query", properties("version", "0.1.0"), new Properties()))
        .isEqualTo("mink-query 0.1.0 (commit unknown)");
  }

  @Test
  void missingVersionResourceSaysSo() {
    assertThat(MinkVersion.line(
            "mink", new Properties(), properties("git.commit.id.abbrev", "abc1234")))
        .isEqualTo("mink (version unknown) (commit abc1234)");
  }

  @Test
  void versionResourceHoldsThePomsVersion() {
    assertThat(MinkVersion.resource(MinkVersion.VERSION_RESOURCE).getProperty("version"))
        .matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }

  @Test
  void minkVersionPrintsTheBuiltVersionAndCommit() {
    CommandRun run = CommandRun.of(workingDirectory, Map.of(), "--version");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo(expectedLine("mink") + System.lineSeparator());
  }

  @Test
  void minkQueryVersionPrintsTheBuiltVersionAndCommit() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment environment = new Environment(
        Map.of(), workingDirectory, new PrintWriter(out, true), new PrintWriter(err, true));
    int code = QueryMain.run(
        new String[] {"--version"},
        new QueryConsole(environment, new ByteArrayInputStream(new byte[0]), false));

    assertThat(code).isZero();
    assertThat(out.toString()).isEqualTo(expectedLine("mink-query") + System.lineSeparator());
  }

  /** The line of the classes under test: the commit is the checkout's when built from one, else unknown. */
  private static String expectedLine(String command) {
    String version = MinkVersion.resource(MinkVersion.VERSION_RESOURCE).getProperty("version");
    String commit = MinkVersion.resource(MinkVersion.GIT_RESOURCE)
        .getProperty(MinkVersion.COMMIT_KEY, "unknown");
    assertThat(commit).matches("[0-9a-f]{7}|unknown");
    return command + " " + version + " (commit " + commit + ")";
  }

  private static Properties properties(String key, String value) {
    Properties properties = new Properties();
    properties.setProperty(key, value);
    return properties;
  }
}
