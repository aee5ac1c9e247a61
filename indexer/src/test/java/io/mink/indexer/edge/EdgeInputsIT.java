package io.mink.indexer.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.MinkSnapshot;
import io.mink.schema.KafkaColumns;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.RawProduce;
import io.mink.testkit.TestHeader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Inputs at the edges of what Kafka and the registry allow, each through a running sidecar beside a steady table that
 * must keep getting rows: every edge table gets one row per offset with every byte kept, no table fails, and the steady
 * table catches up after each.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EdgeInputsIT {
  private static final Duration FRESHNESS = Duration.ofSeconds(1);
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final int LARGE_MESSAGE_BYTES = 12 << 20;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static Warehouse warehouse;
  private static FakeSchemaRegistry registry;
  private static InProcessSidecar sidecar;
  private static TableDescriptor steady;
  private static int steadyProduced;
  private static final String WIDE_TOPIC = InProcessSidecar.uniqueTopic("wide");
  private static CompletableFuture<?> wideTopicCreated;

  @BeforeAll
  static void startSidecarWithASteadyTable() {
    wideTopicCreated = CompletableFuture.runAsync(() -> KAFKA.createTopic(WIDE_TOPIC, 1_000));
    warehouse = Warehouse.create();
    registry = FakeSchemaRegistry.start();
    SchemaRegistrySettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url()),
            warehouse.directory())
        .schemaRegistry();
    sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RoundRunner.settings(2, InProcessSidecar.TARGET_FILE_SIZE),
        RegistryDecoders.from(settings).orElseThrow());
    String topic = InProcessSidecar.uniqueTopic("steady");
    KAFKA.createTopic(topic, 1);
    steady = sidecar.add(topic, FRESHNESS);
    sidecar.start();
  }

  @AfterAll
  static void stop() {
    sidecar.close();
    registry.close();
    warehouse.close();
  }

  @AfterEach
  void steadyTableKeepsGettingRowsAndNoTableFailed() {
    steadyProduced++;
    KAFKA.produce(steady.topic(), List.of(TestRecord.of("k", "steady " + steadyProduced)));
    awaitRows(steady, steadyProduced);
    assertThat(sidecar.service.statusBoard().all())
        .allSatisfy(status -> assertThat(status.error()).as(status.table()).isNull());
  }

  @Test
  void tenMebibyteValueIsOneRowWithEveryByte() {
    String topic = largeMessageTopic("big-value");
    byte[] value = randomBytes(10 << 20, 1);
    produceLarge(topic, null, value);

    TableDescriptor table = sidecar.add(topic, FRESHNESS);
    List<Record> rows = awaitRows(table, 1);

    assertThat(rows.get(0).getField(KafkaColumns.VALUE)).isEqualTo(ByteBuffer.wrap(value));
  }

  @Test
  void oneMebibyteKeyIsOneRowWithEveryByte() {
    String topic = largeMessageTopic("big-key");
    byte[] key = randomBytes(1 << 20, 2);
    produceLarge(topic, key, "v".getBytes(StandardCharsets.UTF_8));

    TableDescriptor table = sidecar.add(topic, FRESHNESS);
    List<Record> rows = awaitRows(table, 1);

    assertThat(rows.get(0).getField(KafkaColumns.KEY)).isEqualTo(ByteBuffer.wrap(key));
  }

  @Test
  void tenThousandHeadersAreKeptInOrder() {
    String topic = InProcessSidecar.uniqueTopic("headers");
    KAFKA.createTopic(topic, 1);
    List<TestHeader> headers = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      headers.add(new TestHeader("h" + (i % 100), i % 7 == 0 ? null : bytes("v" + i)));
    }
    KAFKA.produce(topic, List.of(new TestRecord(0, null, bytes("value"), headers, null)));

    TableDescriptor table = sidecar.add(topic, FRESHNESS);
    List<Record> rows = awaitRows(table, 1);

    List<?> kept = (List<?>) rows.get(0).getField(KafkaColumns.HEADERS);
    assertThat(kept).hasSize(10_000);
    for (int i = 0; i < 10_000; i += 997) {
      Record header = (Record) kept.get(i);
      assertThat(header.getField(KafkaColumns.HEADER_KEY)).isEqualTo("h" + (i % 100));
      assertThat(header.getField(KafkaColumns.HEADER_VALUE))
          .isEqualTo(i % 7 == 0 ? null : ByteBuffer.wrap(bytes("v" + i)));
    }
  }

  @Test
  void invalidUtf8HeaderKeyArrivesWithReplacementCharactersAndItsValueKept() {
    String topic = InProcessSidecar.uniqueTopic("bad-header-key");
    KAFKA.createTopic(topic, 1);
    byte[] key = {'a', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, 'z'};
    RawProduce.recordWithHeaderKeyBytes(
        KAFKA.bootstrapServers(), topic, bytes("value"), key, bytes("header value"));

    TableDescriptor table = sidecar.add(topic, FRESHNESS);
    List<Record> rows = awaitRows(table, 1);

    Record header = (Record) ((List<?>) rows.get(0).getField(KafkaColumns.HEADERS)).get(0);
    assertThat(header.getField(KafkaColumns.HEADER_KEY)).isEqualTo("a\uFFFD(\uFFFDz");
    assertThat(header.getField(KafkaColumns.HEADER_VALUE))
        .isEqualTo(ByteBuffer.wrap(bytes("header value")));
    assertThat(rows.get(0).getField(KafkaColumns.VALUE)).isEqualTo(ByteBuffer.wrap(bytes("value")));
  }

  /**
   * The round reads the partitions max_open_files / workers at a time; with a freshness of a second it would
   * force-finish after the first few dozen, so this table has a minute. Its topic takes the broker about 20 s to
   * create, so creation starts with the class and this test runs last.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void thousandPartitionsAreTieredInOneRoundWithOneRowPerOffset() throws Exception {
    String topic = WIDE_TOPIC;
    wideTopicCreated.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    List<TestRecord> records = new ArrayList<>();
    for (int partition = 0; partition < 1_000; partition++) {
      for (int i = 0; i < 2; i++) {
        records.add(new TestRecord(partition, null, bytes(partition + "/" + i), List.of(), null));
      }
    }
    KAFKA.produce(topic, records);

    TableDescriptor table = sidecar.add(topic, WAIT);
    List<Record> rows = awaitRows(table, 2_000);

    Set<String> offsets =
        rows.stream().map(InProcessSidecar::offsetKey).collect(Collectors.toSet());
    assertThat(offsets).hasSize(2_000);
    List<Snapshot> minkSnapshots = minkSnapshots(table);
    assertThat(minkSnapshots).hasSize(1);
    assertThat(sidecar.offsets(table).nextOffsets())
        .hasSize(1_000)
        .allSatisfy((partition, next) -> assertThat(next).isEqualTo(2L));
  }

  @ParameterizedTest
  @EnumSource(SchemaType.class)
  void schemaWithFiveThousandFieldsBecomesFiveThousandColumns(SchemaType language) {
    String topic = InProcessSidecar.uniqueTopic("wide-" + language.name().toLowerCase(Locale.ROOT));
    KAFKA.createTopic(topic, 1);
    WideSchemas wide = new WideSchemas(5_000);
    int id =
        registry.register(topic + "-value", language, wide.schema(language)).id();
    KAFKA.produce(
        topic,
        List.of(
            TestRecord.of(null, wide.confluentRecord(language, id, 1)),
            TestRecord.of(null, wide.confluentRecord(language, id, 2))));

    TableDescriptor table = sidecar.add(topic, FRESHNESS);
    List<Record> rows = awaitRows(table, 2);

    assertThat(sidecar.table(table).schema().columns()).hasSize(6 + 5_000);
    assertThat(rows.get(1).getField("f0")).isEqualTo(2L);
    assertThat(rows.get(1).getField("f4999")).isEqualTo(2L + 4_999);
    assertThat(rows)
        .allSatisfy(row -> assertThat(row.getField(KafkaColumns.VALUE)).isNull());
  }

  private static List<Snapshot> minkSnapshots(TableDescriptor table) {
    List<Snapshot> snapshots = new ArrayList<>();
    sidecar.table(table).snapshots().forEach(snapshots::add);
    return snapshots.stream()
        .filter(snapshot -> snapshot.summary().containsKey(MinkSnapshot.OFFSETS_PROPERTY))
        .toList();
  }

  private static List<Record> awaitRows(TableDescriptor table, int count) {
    return await("rows of " + table.qualifiedName())
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(250))
        .until(() -> sidecar.rowsByOffset(table), rows -> rows.size() >= count);
  }

  private static String largeMessageTopic(String prefix) {
    String topic = InProcessSidecar.uniqueTopic(prefix);
    KAFKA.createTopic(topic, 1, Map.of("max.message.bytes", Integer.toString(LARGE_MESSAGE_BYTES)));
    return topic;
  }

  private static void produceLarge(String topic, byte[] key, byte[] value) {
    try (KafkaProducer<byte[], byte[]> producer =
        KAFKA.newProducer(Map.of(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, LARGE_MESSAGE_BYTES))) {
      producer.send(new ProducerRecord<>(topic, 0, key, value)).get();
    } catch (Exception e) {
      throw new AssertionError("Cannot produce a large record to " + topic, e);
    }
  }

  private static byte[] randomBytes(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
