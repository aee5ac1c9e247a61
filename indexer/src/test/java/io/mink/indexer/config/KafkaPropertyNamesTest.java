package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KafkaPropertyNamesTest {
  @Test
  void acceptsEveryConsumerProducerAndAdminProperty() {
    assertThat(ConsumerConfig.configNames()).allMatch(KafkaPropertyNames::isClientProperty);
    assertThat(ProducerConfig.configNames()).allMatch(KafkaPropertyNames::isClientProperty);
    assertThat(AdminClientConfig.configNames()).allMatch(KafkaPropertyNames::isClientProperty);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "sasl.login.custom",
        "ssl.engine.custom",
        "metrics.context.env",
        "metrics.jmx.include",
        "config.providers.file.class",
        "config.providers.vault.param.address"
      })
  void acceptsPropertiesUnderPassThroughPrefixes(String name) {
    assertThat(KafkaPropertyNames.isClientProperty(name)).isTrue();
  }

  @Test
  void unknownPropertySuggestsTheClosestName() {
    assertThatThrownBy(() -> KafkaPropertyNames.requireClientProperty(
            "bootstrap.server", "in [kafka] of mink.toml", name -> "'" + name + "'"))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Unknown Kafka property 'bootstrap.server' in [kafka] of mink.toml: it is not a Kafka client"
                + " property; did you mean 'bootstrap.servers'?");
  }

  @Test
  void unknownPropertyFarFromAnyNameGetsAnExample() {
    assertThatThrownBy(() -> KafkaPropertyNames.requireClientProperty(
            "schema.registry.url", "in [kafka] of mink.toml", name -> "'" + name + "'"))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Unknown Kafka property 'schema.registry.url' in [kafka] of mink.toml: it is not a Kafka client"
                + " property; use a consumer, producer or admin client property, such as 'bootstrap.servers'");
  }

  @Test
  void closestNameNeedsFewEditsForShortNames() {
    assertThat(ClosestName.among("ack", KafkaPropertyNames.known())).contains("acks");
    assertThat(ClosestName.among("xyz", KafkaPropertyNames.known())).isEmpty();
    assertThat(ClosestName.editDistance("kitten", "sitting")).isEqualTo(3);
  }
}
