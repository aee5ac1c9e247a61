package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClientFactoryTest {
  private final KafkaClientFactory clients = new KafkaClientFactory(
      Map.of(
          "bootstrap.servers", "kafka:9092",
          "allow.auto.create.topics", "true",
          "fetch.max.bytes", "8388608",
          "client.id", "orders-etl"),
      "mink");

  @Test
  void noSettingLetsAConsumerCreateTopics() {
    assertThat(clients.consumerConfig("tiering", Map.of("allow.auto.create.topics", true)))
        .containsEntry("allow.auto.create.topics", false)
        .containsEntry("isolation.level", "read_committed");
  }

  @Test
  void theUsersFetchSizesWinOverMinksTuning() {
    Map<String, Object> tuning = Map.of("fetch.max.bytes", 64 << 20, "max.poll.records", 10_000);

    Map<String, Object> config = clients.consumerConfig("tiering", clients.untuned(tuning));

    assertThat(config)
        .containsEntry("fetch.max.bytes", "8388608")
        .containsEntry("max.poll.records", 10_000);
  }

  @Test
  void theClientIdIsThePrefixOfEveryClientsId() {
    assertThat((String) clients.consumerConfig("tiering", Map.of()).get("client.id"))
        .matches("orders-etl-tiering-[0-9a-f]{8}");
  }
}
