package io.mink.cli.operations;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.GapAcceptance;
import io.mink.indexer.round.OffsetGap;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.tables.Lifecycle;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * {@code mink table resume}: lets a table the sidecar stopped go on. A table stopped by a gap goes on only once the
 * gap is accepted as lost, which one Mink snapshot records; any other is scheduled again as it is.
 */
final class TableResumption {
  private TableResumption() {}

  static ResumedTable resume(TableStoreSession session, String name, boolean acceptGap) {
    TableDescriptor descriptor = session.require(name);
    if (!descriptor.isIndexing()) {
      throw MinkException.conflict(
          "Table " + name + " is " + descriptor.state().label() + ", not indexing, so there "
              + "is nothing to resume: see it with mink table show " + name);
    }
    Table lakeTable = LakeReader.open(session.config().lake())
        .find(descriptor)
        .orElseThrow(() -> MinkException.conflict("The Iceberg table " + name
            + " is missing from the catalog: check [lake] in the " + "config file"));
    List<OffsetGap> gaps;
    try (KafkaConsumer<byte[], byte[]> consumer =
        session.clients().rawConsumer("resume", Map.of())) {
      gaps = acceptGap
          ? GapAcceptance.accept(
              descriptor, lakeTable, consumer, new LakeCommitter(CommitHook.NONE))
          : GapAcceptance.gaps(descriptor, lakeTable, consumer);
    } catch (OffsetConflictException e) {
      throw MinkException.conflict(
          "Table " + name + " committed a round while the gap was being accepted: run the "
              + "command again",
          e);
    }
    if (!acceptGap && !gaps.isEmpty()) {
      throw MinkException.user(
          "mink table resume needs --accept-gap for table " + name + ": Kafka deleted "
              + "records of topic " + descriptor.topic() + " before they were indexed ("
              + describe(gaps) + "), and "
              + "those records are lost to the table. Run mink table resume " + name
              + " --accept-gap to go on past them");
    }
    if (acceptGap && gaps.isEmpty()) {
      return new ResumedTable(name, gaps, false);
    }
    String reason = acceptGap
        ? "resumed past " + describe(gaps) + ", accepted as lost"
        : "resumed by mink table resume";
    recordResumed(session, descriptor, reason);
    return new ResumedTable(name, gaps, true);
  }

  /**
   * Records in the table's entry that it goes on: the sidecar that owns the table sees the entry change and
   * schedules it again at once (a stopped table is not retried on its own). A change of the entry meanwhile does
   * the same, so a lost compare-and-set needs no retry.
   */
  private static void recordResumed(
      TableStoreSession session, TableDescriptor descriptor, String reason) {
    session.replace(
        descriptor, descriptor.withLifecycle(Lifecycle.indexing(Instant.now(), reason)));
  }

  private static String describe(List<OffsetGap> gaps) {
    return gaps.stream().map(OffsetGap::toString).collect(Collectors.joining("; "));
  }
}
