package io.mink.tables.acl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.junit.jupiter.api.Test;

class AccessDeniedTest {
  private static final MinkResources RESOURCES =
      new MinkResources("_mink_tables", "_mink_owners", "_mink_status", "mink");
  private static final Map<String, String> SASL = Map.of(
      "bootstrap.servers",
      "kafka-1:9093",
      "sasl.jaas.config",
      "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"mink\" password=\"x\";");

  @Test
  void aRefusedTablesTopicNamesWhatTheCommandNeedsOnItAndTheGrant() {
    Throwable failure = new RuntimeException(
        "Cannot record table kafka.orders",
        new TopicAuthorizationException(Set.of("_mink_tables")));

    AccessDenied denied = AccessDenied.of(failure, "mink table add", RESOURCES).orElseThrow();

    assertThat(denied.message(SASL))
        .isEqualTo(
            "Kafka denied mink table add access to topic _mink_tables: Mink's principal needs "
                + "Read, Write on it. Grant them: kafka-acls --bootstrap-server kafka-1:9093 --add "
                + "--allow-principal User:mink --operation Read --operation Write --topic _mink_tables");
  }

  @Test
  void theTransactionalIdIsMinksOwnSinceKafkaDoesNotNameIt() {
    Throwable failure = new KafkaException(
        new TransactionalIdAuthorizationException("Transactional Id authorization failed."));

    AccessDenied denied =
        AccessDenied.of(failure, "mink table alter", RESOURCES).orElseThrow();

    assertThat(denied.resource()).isEqualTo(MinkResource.TABLES_WRITER);
    assertThat(denied.message(Map.of("bootstrap.servers", "k:9093")))
        .isEqualTo(
            "Kafka denied mink table alter access to transactional id _mink_tables-writer: Mink's "
                + "principal needs Write on it. Grant it: kafka-acls --bootstrap-server k:9093 "
                + "--add --allow-principal 'User:<Mink's principal>' --operation Write "
                + "--transactional-id _mink_tables-writer");
  }

  @Test
  void aTopicOtherThanMinksIsATablesTopicAndAGroupIsNamedByKafka() {
    assertThat(AccessDenied.of(
            new ExecutionException(new TopicAuthorizationException(Set.of("orders"))),
            "mink read",
            RESOURCES))
        .hasValueSatisfying(
            denied -> assertThat(denied.resource()).isEqualTo(MinkResource.TABLE_TOPIC));
    assertThat(AccessDenied.of(
            new GroupAuthorizationException("no", "mink.owners"), "mink serve", RESOURCES))
        .hasValueSatisfying(denied -> {
          assertThat(denied.resource()).isEqualTo(MinkResource.OWNERS_GROUP);
          assertThat(denied.message(SASL)).endsWith("--operation Read --group mink.owners");
        });
  }

  @Test
  void otherFailuresAreNoRefusal() {
    assertThat(AccessDenied.of(new TimeoutException("slow"), "mink serve", RESOURCES))
        .isEmpty();
    assertThat(AccessDenied.isDenied(new KafkaException(new IllegalStateException())))
        .isFalse();
  }
}
