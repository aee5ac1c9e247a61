package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.attach.AttachCheck;
import io.mink.lake.attach.TableAttach;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.PlainDataFiles;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A table that plain Iceberg wrote, attached as mink table add --attach does, then indexed by rounds. */
class AttachIndexingIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void roundAfterAttachIndexesExactlyTheOffsetsAboveTheTablesRows() {
    String topic = InProcessSidecar.uniqueTopic("attach");
    KAFKA.createTopic(topic, 2);
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      records.add(new TestRecord(
          0,
          null,
          ("p0-" + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          1_700_000_000_000L + i));
    }
    for (int i = 0; i < 30; i++) {
      records.add(new TestRecord(
          1,
          null,
          ("p1-" + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          1_700_000_000_000L + i));
    }
    KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor descriptor = new TableDescriptor(
          "kafka",
          TableDescriptor.tableNameFor(topic),
          topic,
          null,
          Duration.ofMinutes(3),
          Map.of("attach", "true"),
          Instant.now());
      Table table = plainTable(sidecar, descriptor);
      PlainDataFiles.append(table, 0, 0, 60);
      PlainDataFiles.append(table, 0, 60, 100);
      PlainDataFiles.append(table, 1, 0, 10);

      attach(sidecar, descriptor);
      RoundResult first = sidecar.runRound(descriptor);

      assertThat(first.rows()).isEqualTo(70);
      Map<Integer, List<Long>> indexed = new TreeMap<>();
      Map<Integer, Integer> plain = new TreeMap<>();
      for (Record row : sidecar.rows(descriptor)) {
        int partition = (Integer) row.getField(KafkaColumns.PARTITION);
        long offset = (Long) row.getField(KafkaColumns.OFFSET);
        if ("plain".equals(row.getField("note"))) {
          plain.merge(partition, 1, Integer::sum);
        } else {
          indexed.computeIfAbsent(partition, p -> new ArrayList<>()).add(offset);
          assertThat(new String(bytes(row.getField(KafkaColumns.VALUE)), StandardCharsets.UTF_8))
              .isEqualTo("p" + partition + "-" + offset);
        }
      }
      assertThat(plain).isEqualTo(Map.of(0, 100, 1, 10));
      assertThat(indexed.get(0)).containsExactlyInAnyOrderElementsOf(range(100, 150));
      assertThat(indexed.get(1)).containsExactlyInAnyOrderElementsOf(range(10, 30));
      assertThat(sidecar.offsets(descriptor)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));

      RoundResult second = sidecar.runRound(descriptor);
      assertThat(second.committed()).isFalse();
      assertThat(sidecar.rows(descriptor)).hasSize(180);
    }
  }

  @Test
  void partitionsWithoutRowsInTheTableStartAtTheirLogStart() {
    String topic = InProcessSidecar.uniqueTopic("attach-new-partition");
    KAFKA.createTopic(topic, 3);
    List<TestRecord> records = new ArrayList<>();
    for (int partition = 0; partition < 3; partition++) {
      for (int i = 0; i < 20; i++) {
        records.add(
            new TestRecord(partition, null, new byte[] {(byte) i}, List.of(), 1_700_000_000_000L));
      }
    }
    KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      TableDescriptor descriptor = new TableDescriptor(
          "kafka",
          TableDescriptor.tableNameFor(topic),
          topic,
          null,
          Duration.ofMinutes(3),
          Map.of("attach", "true"),
          Instant.now());
      Table table = plainTable(sidecar, descriptor);
      PlainDataFiles.append(table, 1, 0, 15);

      attach(sidecar, descriptor);
      RoundResult round = sidecar.runRound(descriptor);

      assertThat(round.rows()).isEqualTo(20 + 5 + 20);
      assertThat(sidecar.rows(descriptor))
          .hasSize(60)
          .extracting(InProcessSidecar::offsetKey)
          .doesNotHaveDuplicates();
    }
  }

  /** What mink table add --attach does once the topic is known: check, take the baseline, commit it, record. */
  private static void attach(InProcessSidecar sidecar, TableDescriptor descriptor) {
    Table table = sidecar.table(descriptor);
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    String name = descriptor.qualifiedName();
    assertThat(AttachCheck.problems(name, metadata, descriptor.topic())).isEmpty();
    TableAttach.Baseline baseline = TableAttach.baseline(table, metadata);
    assertThat(AttachCheck.topicProblems(
            descriptor.topic(), baseline.offsets(), KAFKA.endOffsets(descriptor.topic())))
        .isEmpty();
    TableAttach.commit(
        name,
        table,
        metadata,
        baseline,
        MinkTableLayout.attachProperties(descriptor.topic(), null, descriptor.options()));
    sidecar.store.put(descriptor);
  }

  private static Table plainTable(InProcessSidecar sidecar, TableDescriptor descriptor) {
    List<Types.NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.add(Types.NestedField.optional(20, "note", Types.StringType.get()));
    Schema schema = new Schema(columns);
    if (sidecar.lake.catalog() instanceof SupportsNamespaces namespaces
        && !namespaces.namespaceExists(Namespace.of("kafka"))) {
      namespaces.createNamespace(Namespace.of("kafka"));
    }
    return sidecar
        .lake
        .catalog()
        .createTable(
            TieringService.identifier(descriptor),
            schema,
            PartitionSpec.builderFor(schema).identity(KafkaColumns.PARTITION).build(),
            Map.of());
  }

  private static List<Long> range(long from, long to) {
    List<Long> offsets = new ArrayList<>();
    for (long offset = from; offset < to; offset++) {
      offsets.add(offset);
    }
    return offsets;
  }

  private static byte[] bytes(Object value) {
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
