package io.mink.indexer.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.commit.CommitHook;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TopicIdentityCheckIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @Test
  void theTopicTheTableWasAddedWithCommits() {
    String id = KAFKA.createTopic("identity_same", 1).toString();

    assertThat(swapped(table("identity_same", id))).isTrue();
  }

  @Test
  void aTopicCreatedAgainRefusesTheCommit() {
    KAFKA.createTopic("identity_recreated", 1);
    TableDescriptor table = table("identity_recreated", "tWD0kKqZQ0y-YmrGQ3SbFw");
    String now = KAFKA.topicId("identity_recreated").toString();

    AtomicBoolean swapped = new AtomicBoolean();
    assertThatThrownBy(() ->
            check(table).aroundCatalogSwap("kafka.identity_recreated", () -> swapped.set(true)))
        .isInstanceOf(TopicIdentityCheck.TopicChangedException.class)
        .hasMessage(
            "Topic identity_recreated of table kafka.identity_recreated was deleted and created again (topic id "
                + "tWD0kKqZQ0y-YmrGQ3SbFw is now " + now
                + "), so the round's records, read from the new topic, are not "
                + "committed");
    assertThat(swapped).isFalse();
  }

  @Test
  void aDeletedTopicRefusesTheCommit() {
    TableDescriptor table = table("identity_deleted", "tWD0kKqZQ0y-YmrGQ3SbFw");

    assertThatThrownBy(() -> swapped(table))
        .isInstanceOf(TopicIdentityCheck.TopicChangedException.class)
        .hasMessage(
            "Topic identity_deleted of table kafka.identity_deleted no longer exists, so the round's records "
                + "are not committed; the table keeps what it indexed");
  }

  @Test
  void aTableRecordedWithoutATopicIdIsNotChecked() {
    assertThat(swapped(table("identity_unknown", null))).isTrue();
  }

  private static boolean swapped(TableDescriptor table) {
    AtomicBoolean swapped = new AtomicBoolean();
    check(table).aroundCatalogSwap(table.qualifiedName(), () -> swapped.set(true));
    return swapped.get();
  }

  private static TopicIdentityCheck check(TableDescriptor table) {
    Admin admin = KAFKA.admin();
    return new TopicIdentityCheck(admin, table, CommitHook.NONE);
  }

  private static TableDescriptor table(String topic, String topicId) {
    return new TableDescriptor(
        "kafka", topic, topic, topicId, Duration.ofMinutes(1), Map.of(), Instant.now());
  }
}
