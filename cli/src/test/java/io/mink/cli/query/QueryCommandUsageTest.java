package io.mink.cli.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mink-query's refusals that come before it talks to Kafka: usage, SQL text and configuration. */
class QueryCommandUsageTest {
  private static final Map<String, String> VARIABLES =
      Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1");

  @TempDir
  Path directory;

  @Test
  void sqlFromBothFlagsIsAUsageError() {
    QueryRun run = run("", "exec", "-e", "SELECT 1", "-f", "report.sql");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("Error: -e and -f both give the SQL to run: give one of them\n");
  }

  @Test
  void textWithoutAStatementIsAUsageError() {
    QueryRun run = run("", "exec", "-e", " ; -- nothing");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("Error: No SQL statement in -e: give one such as SELECT count(*) FROM orders\n");
    assertThat(run("-- only a comment\n", "exec").err())
        .startsWith("Error: No SQL statement in stdin");
  }

  @Test
  void missingSqlFileIsAUsageError() {
    QueryRun run = run("", "exec", "-f", "report.sql");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("Error: SQL file " + directory.resolve("report.sql")
            + " does not exist: pass an existing file with -f\n");
  }

  @Test
  void unknownFormatIsAUsageError() {
    QueryRun run = run("", "exec", "-e", "SELECT 1", "--format", "xml");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("Error: Invalid value for option '--format'");
  }

  @Test
  void badDatabaseIsAUsageError() {
    QueryRun run = run("", "exec", "-e", "SELECT 1", "-d", "my-db");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "Error: Invalid --database 'my-db': use a namespace of letters, digits and underscores,"
                + " not starting with a digit, such as kafka\n");
  }

  @Test
  void badQuerySectionIsAConfigError() throws IOException {
    Files.writeString(directory.resolve("mink.toml"), "[query]\nbatch_size = 0\n");

    QueryRun run = run("", "exec", "-e", "SELECT 1", "-c", "mink.toml");

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err())
        .isEqualTo(
            "Error: Invalid value 0 for query.batch_size in " + directory.resolve("mink.toml")
                + ": use a whole number of at least 1, such as 8192\n");
  }

  @Test
  void queryConfigVariableNamesTheFile() {
    Map<String, String> variables = new HashMap<>(VARIABLES);
    variables.put("MINK_QUERY_CONFIG", "query.toml");

    QueryRun run = QueryRun.of(directory, variables, "", "exec", "-e", "SELECT 1");

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err())
        .isEqualTo("Error: Config file " + directory.resolve("query.toml")
            + " named by MINK_QUERY_CONFIG does not exist: point MINK_QUERY_CONFIG at an existing file, pass"
            + " one with --config, or unset MINK_QUERY_CONFIG to use the defaults\n");
  }

  @Test
  void badQueryVariableIsAConfigError() {
    Map<String, String> variables = new HashMap<>(VARIABLES);
    variables.put("MINK_QUERY_TARGET_PARTITIONS", "all");

    QueryRun run = QueryRun.of(directory, variables, "SELECT 1;", "shell");

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err())
        .isEqualTo(
            "Error: Invalid value 'all' for MINK_QUERY_TARGET_PARTITIONS: use a whole number of at"
                + " least 1, such as 4\n");
  }

  @Test
  void helpListsTheCommandsAndExitCodes() {
    QueryRun run = run("", "--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("exec", "shell", "4  a table that is not added");
  }

  private QueryRun run(String stdin, String... args) {
    return QueryRun.of(directory, VARIABLES, stdin, args);
  }
}
