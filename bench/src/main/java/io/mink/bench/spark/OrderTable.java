package io.mink.bench.spark;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.Throughput;
import io.mink.bench.read.OrderLog;
import io.mink.bench.registry.OrderEncoding;
import io.mink.bench.registry.OrderSchemas;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.TailRange;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * The benchmark's table: a topic of Confluent-prefixed Avro orders (the registry benchmark's) decoded through the
 * schema registry, whose first records a sidecar in this JVM tiers into an embedded lake and whose last ones stay in
 * Kafka as the tail. The sidecar runs rounds only when asked, so nothing tiers the tail.
 */
final class OrderTable implements AutoCloseable {
  static final String TABLES_TOPIC = "_mink_tables";
  /** So long that no round is cut short for freshness. */
  private static final Duration FRESHNESS = Duration.ofHours(1);

  private static final int MAX_ROUNDS = 100;

  private final KafkaBroker broker;
  private final FakeSchemaRegistry registry;
  private final Warehouse warehouse = Warehouse.create();
  private final InProcessSidecar sidecar;
  private final TableDescriptor descriptor;
  private final OrderLog log;
  private Map<Integer, Long> seams = Map.of();
  private Map<Integer, Long> ends = Map.of();

  private OrderTable(
      KafkaBroker broker, FakeSchemaRegistry registry, String topic, int partitions) {
    this.broker = broker;
    this.registry = registry;
    OrderSchemas.Ids ids = OrderSchemas.register(registry, topic);
    broker.createTopic(topic, partitions, BenchmarkTopic.TOPIC_CONFIGS);
    log = new OrderLog(broker, topic, partitions, OrderEncoding.confluentAvro(ids));
    sidecar = new InProcessSidecar(
        broker.bootstrapServers(),
        warehouse.lakeSettings(),
        TABLES_TOPIC,
        decoders().get());
    descriptor = sidecar.add(topic, FRESHNESS);
  }

  static OrderTable create(
      KafkaBroker broker, FakeSchemaRegistry registry, String topic, int partitions) {
    return new OrderTable(broker, registry, topic, partitions);
  }

  /** Sends the next {@code count} orders; nothing tiers them until {@link #tier} runs. */
  Throughput produce(int count) {
    Throughput sent = log.append(count);
    ends = BenchmarkTopic.endOffsets(broker, descriptor.topic(), log.size());
    return sent;
  }

  /** Runs rounds until the lake holds every record produced so far; returns the rounds it took. */
  int tier() {
    LakeOffsets target = LakeOffsets.of(ends);
    int rounds = 0;
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = sidecar.newConsumer()) {
      while (!sidecar.offsets(descriptor).equals(target)) {
        if (rounds == MAX_ROUNDS) {
          throw new IllegalStateException("Mink did not reach the offsets " + target + " of "
              + descriptor.qualifiedName() + " in " + MAX_ROUNDS + " rounds; it is at "
              + sidecar.offsets(descriptor));
        }
        RoundResult round = sidecar.runRound(descriptor, consumer);
        if (!round.rawParts().isEmpty()) {
          throw new IllegalStateException("Mink left parts raw: " + round.rawParts()
              + "; the benchmark's lake would not be typed");
        }
        rounds++;
      }
    }
    seams = new TreeMap<>(ends);
    return rounds;
  }

  /** The read point of the tail alone: each partition from the lake's seam to its end. */
  ReadPoint tail() {
    List<TailRange> ranges = new ArrayList<>();
    ends.forEach((partition, end) ->
        ranges.add(new TailRange(partition, seams.getOrDefault(partition, 0L), end)));
    return ReadPoint.of(snapshotId(), ranges);
  }

  /** The read point of each partition's first {@code perPartition} records. */
  ReadPoint head(long perPartition) {
    List<TailRange> ranges = new ArrayList<>();
    ends.forEach(
        (partition, end) -> ranges.add(new TailRange(partition, 0, Math.min(end, perPartition))));
    return ReadPoint.of(snapshotId(), ranges);
  }

  /** The end offsets of the partitions' first {@code perPartition} records, as {@link #head} reads them. */
  Map<Integer, Long> headEnds(long perPartition) {
    Map<Integer, Long> heads = new TreeMap<>();
    ends.forEach((partition, end) -> heads.put(partition, Math.min(end, perPartition)));
    return heads;
  }

  private OptionalLong snapshotId() {
    var snapshot = sidecar.table(descriptor).currentSnapshot();
    return snapshot == null ? OptionalLong.empty() : OptionalLong.of(snapshot.snapshotId());
  }

  long records() {
    return ends.values().stream().mapToLong(Long::longValue).sum();
  }

  long lakeRecords() {
    return seams.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The table as Spark names it in a catalog called {@code catalog}. */
  String sparkName(String catalog) {
    return catalog + "." + descriptor.namespace() + ".`" + descriptor.name() + "`";
  }

  /** Makes a new registry decoder for each use, as each process builds its own. */
  Supplier<PartDecoder> decoders() {
    return () -> OrderSchemas.decoder(registry);
  }

  KafkaBroker broker() {
    return broker;
  }

  FakeSchemaRegistry registry() {
    return registry;
  }

  Warehouse warehouse() {
    return warehouse;
  }

  InProcessSidecar sidecar() {
    return sidecar;
  }

  TableDescriptor descriptor() {
    return descriptor;
  }

  @Override
  public void close() {
    sidecar.close();
    warehouse.close();
  }
}
