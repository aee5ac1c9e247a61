package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.schedule.TieringSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys of scheduling and scale-out: workers, heartbeat_timeout, session_timeout and owners_topic. */
class SchedulingConfigTest {
  private static final String KAFKA = "[kafka]\nbootstrap.servers = \"broker:9092\"\n";

  @TempDir
  Path directory;

  @Test
  void schedulingKeysAreReadFromTheFile() throws IOException {
    IndexerSettings indexer = load(KAFKA + """
        [indexer]
        workers = 4
        heartbeat_timeout = "1m"
        session_timeout = "15s"
        owners_topic = "_eu_owners"
        group_id = "mink-eu"
        """, Map.of()).indexer();

    assertThat(indexer.workers()).isEqualTo(4);
    assertThat(indexer.heartbeatTimeout()).isEqualTo(Duration.ofMinutes(1));
    assertThat(indexer.sessionTimeout()).isEqualTo(Duration.ofSeconds(15));
    assertThat(indexer.ownersTopic()).isEqualTo("_eu_owners");
    TieringSettings tiering = TieringSettings.of(indexer);
    assertThat(tiering.ownersGroupId()).isEqualTo("mink-eu.owners");
    assertThat(tiering.heartbeatInterval()).isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void variablesOverrideTheFile() throws IOException {
    IndexerSettings indexer = load(
            KAFKA + "[indexer]\nworkers = 4\nsession_timeout = \"15s\"\n",
            Map.of(
                "MINK_INDEXER_WORKERS", "1",
                "MINK_INDEXER_HEARTBEAT_TIMEOUT", "90s",
                "MINK_INDEXER_SESSION_TIMEOUT", "1s",
                "MINK_INDEXER_OWNERS_TOPIC", "_owners"))
        .indexer();

    assertThat(indexer.workers()).isEqualTo(1);
    assertThat(indexer.heartbeatTimeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(indexer.sessionTimeout()).isEqualTo(Duration.ofSeconds(1));
    assertThat(indexer.ownersTopic()).isEqualTo("_owners");
  }

  @Test
  void noWorkerIsRejected() {
    assertFails(
        KAFKA + "[indexer]\nworkers = 0\n",
        "Invalid value 0 for indexer.workers in {file}: use a whole number of at least 1, such as 4");
  }

  @Test
  void zeroSessionTimeoutIsRejected() {
    assertFails(
        KAFKA + "[indexer]\nsession_timeout = \"0s\"\n",
        "Invalid duration '0s' for indexer.session_timeout in {file}: use a duration greater than zero, such as 30s"
            + " or 3m");
  }

  @Test
  void ownersTopicMustBeATopicName() {
    assertFails(
        KAFKA + "[indexer]\nowners_topic = \"mink owners\"\n",
        "Invalid topic name 'mink owners' for indexer.owners_topic in {file}: use up to 249 letters, digits, '.', '_'"
            + " or '-', such as _mink_owners");
  }

  private MinkConfig load(String toml, Map<String, String> environment) throws IOException {
    Path file = Files.writeString(directory.resolve("mink.toml"), toml);
    return MinkConfigLoader.load(file, environment, directory);
  }

  private void assertFails(String toml, String message) {
    Path file = directory.resolve("mink.toml");
    assertThatThrownBy(() -> load(toml, Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage(message.replace("{file}", file.toString()));
  }
}
