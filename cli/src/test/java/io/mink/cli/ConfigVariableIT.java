package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ConfigVariableIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  @Test
  void theFileMinkConfigNamesIsReadWhenConfigIsNotGiven() throws IOException {
    KAFKA.createTopic("config_variable_orders", 1);
    Files.writeString(
        workingDirectory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [indexer]
        tables_topic = "_tables_config_variable"
        """.formatted(KAFKA.bootstrapServers()));
    Map<String, String> variables = Map.of("MINK_CONFIG", "mink.toml");

    CommandRun added =
        CommandRun.of(workingDirectory, variables, "table", "add", "config_variable_orders");
    CommandRun listed = CommandRun.of(workingDirectory, variables, "table", "list");

    assertThat(added.exitCode()).as(added.err()).isZero();
    assertThat(listed.exitCode()).as(listed.err()).isZero();
    assertThat(listed.out()).contains("kafka.config_variable_orders");
  }

  @Test
  void configWinsOverMinkConfig() throws IOException {
    Files.writeString(
        workingDirectory.resolve("other.toml"), """
        [kafka]
        bootstrap.servers = "%s"
        """.formatted(KAFKA.bootstrapServers()));

    CommandRun run = CommandRun.of(
        workingDirectory,
        Map.of("MINK_CONFIG", "missing.toml"),
        "table",
        "list",
        "--config",
        "other.toml");

    assertThat(run.exitCode()).as(run.err()).isZero();
  }
}
