package io.mink.tables;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.testkit.KafkaBroker;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A tables topic that holds an entry written by a newer Mink, in an entry format this one does not read: the table
 * is not listed, not taken for removed, and never overwritten; the other tables work as before.
 */
class NewerEntryFormatIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Instant ADDED = Instant.parse("2026-11-30T10:00:00Z");
  private static final String NEWER_ENTRY =
      "{\"version\":2,\"revision\":5,\"namespace\":\"kafka\",\"name\":\"orders\",\"topic\":\"orders\","
          + "\"freshness_ms\":180000,\"added_at\":\"2026-11-30T10:00:00Z\",\"sink\":{\"kind\":\"new\"}}";

  @Test
  void aNewerEntryIsReportedAndRefusedWhileTheOtherTablesWork() throws Exception {
    String topic = "_tables-" + UUID.randomUUID().toString().substring(0, 8);
    try (KafkaTableStore store = newStore(topic)) {
      TableDescriptor orders = table("orders");
      TableDescriptor payments = table("payments");
      assertThat(store.add(orders)).isTrue();
      assertThat(store.add(payments)).isTrue();

      writeRaw(topic, "kafka.orders", NEWER_ENTRY);

      assertThat(store.list())
          .as("the older entry of orders is not read in place of the newer")
          .containsExactly(payments);
      assertThat(store.newerEntries())
          .extracting(NewerEntryFormatException::qualifiedName, NewerEntryFormatException::version)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("kafka.orders", 2));
      assertThatThrownBy(() -> store.find("kafka.orders"))
          .isInstanceOf(NewerEntryFormatException.class)
          .hasMessageStartingWith("Table kafka.orders in the tables topic " + topic
              + " has entry format version 2, and this Mink reads entry formats up to version 1:"
              + " upgrade Mink to a version that reads entry format 2 on every instance");
      assertThatThrownBy(() -> store.add(table("orders")))
          .isInstanceOf(NewerEntryFormatException.class);
      assertThatThrownBy(() -> store.replace(
              orders,
              orders.withLifecycle(new Lifecycle(LifecycleState.REMOVING, ADDED, "removed"))))
          .isInstanceOf(NewerEntryFormatException.class);
      assertThatThrownBy(() -> store.delete(orders)).isInstanceOf(NewerEntryFormatException.class);
      assertThatThrownBy(() -> store.put(orders)).isInstanceOf(NewerEntryFormatException.class);

      TableDescriptor missing =
          payments.withLifecycle(new Lifecycle(LifecycleState.MISSING, ADDED, "gone"));
      assertThat(store.replace(payments, missing)).isTrue();
      assertThat(store.find("kafka.payments")).contains(missing);
    }

    assertThat(lastValue(topic, "kafka.orders"))
        .as("the newer entry is never overwritten")
        .isEqualTo(NEWER_ENTRY);
    try (KafkaTableStore fresh = newStore(topic)) {
      assertThat(fresh.list()).extracting(TableDescriptor::name).containsExactly("payments");
      assertThat(fresh.newerEntries())
          .extracting(NewerEntryFormatException::qualifiedName)
          .containsExactly("kafka.orders");
    }
    try (KafkaTableStore fresh = newStore(topic)) {
      AddedTables added = fresh.added();
      assertThat(added.tables()).extracting(TableDescriptor::name).containsExactly("payments");
      assertThat(added.newer())
          .extracting(NewerEntryFormatException::qualifiedName)
          .containsExactly("kafka.orders");
    }
  }

  private static KafkaTableStore newStore(String topic) {
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    KafkaTableStore store = new KafkaTableStore(clients, topic);
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    return store;
  }

  private static TableDescriptor table(String name) {
    return new TableDescriptor(
        "kafka", name, name, "id-" + name, Duration.ofMinutes(3), Map.of(), ADDED);
  }

  /** Writes an entry as another Mink would, outside this one's store. */
  static void writeRaw(String topic, String key, String value) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer()) {
      producer
          .send(new ProducerRecord<>(topic, 0, key.getBytes(UTF_8), value.getBytes(UTF_8)))
          .get();
    }
  }

  private static String lastValue(String topic, String key) {
    TopicPartition partition = new TopicPartition(topic, 0);
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        KAFKA.newConsumer(Map.of("isolation.level", "read_committed"))) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (consumer.position(partition) < end && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records.stream()
        .filter(record -> key.equals(new String(record.key(), UTF_8)))
        .reduce((first, second) -> second)
        .map(record -> new String(record.value(), UTF_8))
        .orElseThrow();
  }
}
