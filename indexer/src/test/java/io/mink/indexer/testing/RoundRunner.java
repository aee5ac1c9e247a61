package io.mink.indexer.testing;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.decoding.TableDecoders;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.round.TieringRound;
import io.mink.indexer.round.WriterLanes;
import io.mink.indexer.schedule.TieringService;
import io.mink.indexer.schedule.TieringSettings;
import io.mink.indexer.upsert.KeyIndexBudget;
import io.mink.indexer.upsert.KeyIndexes;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.TableDescriptor;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Runs one round of a table now, outside any schedule and without an epoch: the round a sidecar's worker runs
 * ({@link TieringRound} on writer lanes of its own, committed by a {@link LakeCommitter} with no hook, or the hook a
 * test gives), to the end offsets of the moment it starts. For tests and benchmarks that index a topic step by step.
 */
public final class RoundRunner implements AutoCloseable {
  private final LakeTables lake;
  private final KafkaClientFactory clients;
  private final TieringSettings settings;
  private final TableDecoders decoders;
  private final WriterLanes lanes;
  private final LakeCommitter committer;
  private final KeyIndexes keyIndexes;

  /**
   * @param settings the writer threads, target file size and writer budget of the rounds
   * @param decoder decodes keys and values through the schema registry; null when none is configured
   */
  public RoundRunner(
      LakeTables lake, KafkaClientFactory clients, TieringSettings settings, PartDecoder decoder) {
    this(lake, clients, settings, decoder, CommitHook.NONE);
  }

  /**
   * Like {@link #RoundRunner(LakeTables, KafkaClientFactory, TieringSettings, PartDecoder)}, with {@code hook}
   * around the catalog swap of every commit attempt of its rounds, Iceberg's retries included.
   */
  public RoundRunner(
      LakeTables lake,
      KafkaClientFactory clients,
      TieringSettings settings,
      PartDecoder decoder,
      CommitHook hook) {
    this.committer = new LakeCommitter(requireNonNull(hook, "hook is null"));
    this.lake = requireNonNull(lake, "lake is null");
    this.clients = requireNonNull(clients, "clients is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.decoders = new TableDecoders(decoder);
    this.lanes = new WriterLanes(settings.writerThreads(), TieringService.LANE_QUEUE_BATCHES);
    this.keyIndexes = new KeyIndexes(new KeyIndexBudget(settings.keyIndexMemoryBytes()));
  }

  /**
   * The defaults of the [indexer] section, with {@code writerThreads} and {@code targetFileSizeBytes}, a table list
   * re-read every 200 ms and the consumer group mink-test.
   */
  public static TieringSettings settings(int writerThreads, long targetFileSizeBytes) {
    IndexerSettings defaults = IndexerSettings.defaults();
    return new TieringSettings(
        defaults.workers(),
        writerThreads,
        targetFileSizeBytes,
        Duration.ofMillis(200),
        defaults.heartbeatTimeout(),
        defaults.sessionTimeout(),
        "mink-test",
        defaults.ownersTopic());
  }

  /** One round of the table with a consumer of its own. */
  public RoundResult run(TableDescriptor descriptor) {
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = newConsumer()) {
      return run(descriptor, consumer);
    }
  }

  /** One round of the table with {@code consumer}, which the caller may use for several rounds. */
  public RoundResult run(TableDescriptor descriptor, Consumer<ByteBuffer, ByteBuffer> consumer) {
    return run(descriptor, consumer, committer);
  }

  /**
   * One round of the table whose commit runs {@code hook} around each catalog swap: a test commits another writer's
   * change there, so that it lands while the round is in flight.
   */
  public RoundResult run(TableDescriptor descriptor, CommitHook hook) {
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = newConsumer()) {
      return run(descriptor, consumer, new LakeCommitter(hook));
    }
  }

  private RoundResult run(
      TableDescriptor descriptor,
      Consumer<ByteBuffer, ByteBuffer> consumer,
      LakeCommitter committer) {
    Table table = lake.load(TieringService.identifier(descriptor));
    return new TieringRound(
            descriptor,
            table,
            consumer,
            lanes,
            committer,
            settings.targetFileSizeBytes(),
            descriptor.freshness(),
            decoders.of(table),
            () -> {},
            wait -> {},
            settings.writerBudget(),
            keyIndexes.of(descriptor))
        .run();
  }

  /** The key indexes of the upsert tables this runner's rounds tier, which share one budget. */
  public KeyIndexes keyIndexes() {
    return keyIndexes;
  }

  /** A consumer tuned as a sidecar's rounds tune theirs. */
  public KafkaConsumer<ByteBuffer, ByteBuffer> newConsumer() {
    return TieringService.newConsumer(clients);
  }

  @Override
  public void close() {
    lanes.close();
  }
}
