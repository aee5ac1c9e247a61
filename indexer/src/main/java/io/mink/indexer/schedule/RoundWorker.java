package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.decoding.TableDecoders;
import io.mink.indexer.lifecycle.TopicIdentityCheck;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.round.TieringRound;
import io.mink.indexer.round.WriterLanes;
import io.mink.indexer.stats.PartitionLag;
import io.mink.indexer.upsert.KeyIndexes;
import io.mink.lake.LakeOffsets;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.tables.TableDescriptor;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the service's workers: takes due tables one at a time from the schedule and runs each one's round under
 * its lease, with a Kafka consumer of its own; then hands the outcome back to the schedule.
 */
final class RoundWorker implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(RoundWorker.class);
  private static final Duration LAG_TIMEOUT = Duration.ofSeconds(5);

  private final OwnedTables tables;
  private final LakeTables lake;
  private final WriterLanes lanes;
  private final CommitHook hook;
  private final TieringSettings settings;
  private final TableDecoders decoders;
  private final GroupOffsetPublisher groupOffsets;
  private final RoundMaintenance maintenance;
  private final Supplier<Admin> admin;
  private final Supplier<KafkaConsumer<ByteBuffer, ByteBuffer>> consumers;
  private final KeyIndexes keyIndexes;

  /**
   * @param decoders each table's decoder, which keeps the writer schemas it fetches with the table
   * @param maintenance runs after each committed round, once the round is reported
   * @param admin the service's admin client, for the topic check before each commit
   * @param consumers makes the worker's consumer when it first needs one
   * @param keyIndexes the upsert tables' key indexes, shared by the service's workers
   */
  RoundWorker(
      OwnedTables tables,
      LakeTables lake,
      WriterLanes lanes,
      CommitHook hook,
      TieringSettings settings,
      TableDecoders decoders,
      GroupOffsetPublisher groupOffsets,
      RoundMaintenance maintenance,
      Supplier<Admin> admin,
      Supplier<KafkaConsumer<ByteBuffer, ByteBuffer>> consumers,
      KeyIndexes keyIndexes) {
    this.keyIndexes = requireNonNull(keyIndexes, "keyIndexes is null");
    this.tables = requireNonNull(tables, "tables is null");
    this.lake = requireNonNull(lake, "lake is null");
    this.lanes = requireNonNull(lanes, "lanes is null");
    this.hook = requireNonNull(hook, "hook is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.decoders = requireNonNull(decoders, "decoders is null");
    this.groupOffsets = requireNonNull(groupOffsets, "groupOffsets is null");
    this.maintenance = requireNonNull(maintenance, "maintenance is null");
    this.admin = requireNonNull(admin, "admin is null");
    this.consumers = requireNonNull(consumers, "consumers is null");
  }

  /** Runs rounds until the schedule stops handing out tables. */
  @Override
  public void run() {
    KafkaConsumer<ByteBuffer, ByteBuffer> consumer = null;
    try {
      for (RoundLease lease = tables.take(); lease != null; lease = tables.take()) {
        if (consumer == null) {
          consumer = consumers.get();
        }
        try {
          runLeased(lease, consumer);
        } finally {
          lease.end();
        }
      }
    } finally {
      if (consumer != null) {
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
      }
    }
  }

  private void runLeased(RoundLease lease, KafkaConsumer<ByteBuffer, ByteBuffer> consumer) {
    TableDescriptor descriptor = lease.descriptor();
    RoundResult result;
    Table table;
    try {
      table = tables
          .loadedAtTakeover(lease.table())
          .orElseGet(() -> lake.load(TieringService.identifier(descriptor)));
      result = new TieringRound(
              descriptor,
              table,
              consumer,
              lanes,
              new LakeCommitter(
                  new TopicIdentityCheck(admin.get(), descriptor, new EpochFence(lease, hook))),
              settings.targetFileSizeBytes(),
              descriptor.freshness(),
              decoders.of(table),
              lease::heartbeat,
              lease::registryWait,
              settings.writerBudget(),
              keyIndexes.of(descriptor))
          .run();
    } catch (LeaseLostException e) {
      LOG.info(e.getMessage());
      tables.roundLost(lease);
      return;
    } catch (RuntimeException e) {
      tables.roundFailed(lease, e);
      return;
    }
    if (result.committed()) {
      LOG.info(
          "Committed {}: {} rows, {} files, {} bytes in {} ms{}{}; offsets {}",
          lease.table(),
          result.rows(),
          result.files(),
          result.bytes(),
          result.duration().toMillis(),
          result.forceFinished() ? " (force-finished at the freshness deadline)" : "",
          result.rawParts().isEmpty() ? "" : "; left raw " + result.rawParts(),
          result.offsets());
      groupOffsets.publish(descriptor.topic(), result.offsets());
    }
    tables.roundEnded(
        lease,
        result,
        result.endsAtPlan().isEmpty()
            ? lag(admin.get(), descriptor.topic(), result.offsets())
            : atEnd(result));
    if (result.committed()) {
      maintenance.afterCommit(descriptor, table);
    }
  }

  /**
   * The lag after a round that found every partition at its end as it planned, a moment ago: none, at those ends.
   * An idle table's round asks Kafka nothing more.
   */
  static List<PartitionLag> atEnd(RoundResult result) {
    List<PartitionLag> lag = new ArrayList<>();
    new TreeMap<>(result.endsAtPlan()).forEach((partition, end) -> {
      long next = result.offsets().nextOffset(partition).orElse(end);
      lag.add(new PartitionLag(partition, next, end, next >= end ? Duration.ZERO : null));
    });
    return lag;
  }

  /**
   * Each partition's lag after a round, from one request for the last stable offsets; null when Kafka does not
   * answer. Asked through the admin client: the worker's consumer has just let go of the topic, and would wait
   * out a metadata refresh and its backoff first, most of a small table's round.
   */
  private static List<PartitionLag> lag(Admin admin, String topic, LakeOffsets offsets) {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    offsets
        .nextOffsets()
        .keySet()
        .forEach(
            partition -> latest.put(new TopicPartition(topic, partition), OffsetSpec.latest()));
    try {
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin
          .listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
          .all()
          .get(LAG_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      List<PartitionLag> lag = new ArrayList<>();
      offsets.nextOffsets().forEach((partition, next) -> {
        ListOffsetsResult.ListOffsetsResultInfo end =
            ends.get(new TopicPartition(topic, partition));
        if (end != null) {
          lag.add(new PartitionLag(
              partition, next, end.offset(), next >= end.offset() ? Duration.ZERO : null));
        }
      });
      return lag;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      LOG.debug("Cannot read the end offsets of {} for its lag: {}", topic, e.getMessage());
      return null;
    }
  }
}
