package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitoringSettingsTest {
  private static final Map<String, String> KAFKA =
      Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "broker:9092");

  @TempDir
  Path directory;

  @Test
  void defaultsAreRecorded() {
    assertThat(MonitoringSettings.defaults())
        .isEqualTo(new MonitoringSettings("_mink_status", 9464, "0.0.0.0"));
    assertThat(MinkConfigLoader.load(null, KAFKA, directory).monitoring())
        .isEqualTo(MonitoringSettings.defaults());
  }

  @Test
  void fileSetsEveryKey() throws IOException {
    Path file = write("""
        [kafka]
        bootstrap.servers = "broker:9092"
        [indexer]
        status_topic = "_status_eu"
        http_port = 9100
        http_bind_address = "127.0.0.1"
        """);

    assertThat(MinkConfigLoader.load(file, Map.of(), directory).monitoring())
        .isEqualTo(new MonitoringSettings("_status_eu", 9100, "127.0.0.1"));
  }

  @Test
  void environmentSetsEveryKeyAndZeroTurnsTheServerOff() {
    MonitoringSettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", "broker:9092",
                "MINK_INDEXER_STATUS_TOPIC", "_status",
                "MINK_INDEXER_HTTP_PORT", "0",
                "MINK_INDEXER_HTTP_BIND_ADDRESS", "::1"),
            directory)
        .monitoring();

    assertThat(settings).isEqualTo(new MonitoringSettings("_status", 0, "::1"));
    assertThat(settings.httpEnabled()).isFalse();
  }

  @Test
  void portAboveTheRangeSaysWhatIsAllowed() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", "broker:9092", "MINK_INDEXER_HTTP_PORT", "70000"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid port '70000' for MINK_INDEXER_HTTP_PORT: use a whole number from 1 to 65535, such as "
                + "9464, or 0 to turn the HTTP server off");
  }

  @Test
  void portInQuotesIsNotANumber() throws IOException {
    Path file =
        write("[kafka]\nbootstrap.servers = \"broker:9092\"\n[indexer]\nhttp_port = \"9464\"\n");

    assertThatThrownBy(() -> MinkConfigLoader.load(file, Map.of(), directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid value '9464' for indexer.http_port in " + file
            + ": use a number without quotes, such " + "as http_port = 9464");
  }

  @Test
  void bindAddressMustLookLikeAnAddress() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS",
                "broker:9092",
                "MINK_INDEXER_HTTP_BIND_ADDRESS",
                "http://0.0.0.0/"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid address 'http://0.0.0.0/' for MINK_INDEXER_HTTP_BIND_ADDRESS: use a host name or an IP "
                + "address, such as 127.0.0.1, or 0.0.0.0 for every interface");
  }

  @Test
  void statusTopicMustBeAValidTopicName() {
    assertThatThrownBy(() -> MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS",
                "broker:9092",
                "MINK_INDEXER_STATUS_TOPIC",
                "status topic"),
            directory))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Invalid topic name 'status topic' for MINK_INDEXER_STATUS_TOPIC");
  }

  private Path write(String toml) throws IOException {
    Path file = directory.resolve("mink.toml");
    Files.writeString(file, toml);
    return file;
  }
}
