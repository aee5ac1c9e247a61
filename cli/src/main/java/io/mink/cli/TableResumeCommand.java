package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.config.MinkConfig;
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
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "resume", description = "Let a table stopped by a gap (records Kafka deleted before they were "
    + "indexed) go on past it.",
    footer = {"", "Examples:",
        "  mink table resume kafka.orders --accept-gap",
        "  mink table resume orders --accept-gap --output json",
        "", "The gap's offset ranges are recorded in the snapshot summary as mink-gaps."})
final class TableResumeCommand implements Callable<Integer> {
  @ParentCommand
  TableCommand parent;

  @Mixin
  ConfigOptions config;

  @Mixin
  OutputOptions output;

  @Mixin
  TableArgument tableArgument;

  @Option(names = "--accept-gap", description = "Accept that the missing offsets are lost and go on from the "
      + "partitions' log start")
  boolean acceptGap;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    if (!acceptGap) {
      throw new CommandFailure(ExitCode.USAGE, "mink table resume needs --accept-gap: it moves " + tableArgument.table
          + " past records Kafka deleted before they were indexed, and those records are lost to the table");
    }
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    try (TableStoreSession session = TableStoreSession.open(minkConfig)) {
      TableDescriptor descriptor = session.require(name);
      Table lakeTable = LakeReader.open(minkConfig.lake()).find(descriptor).orElseThrow(() -> new CommandFailure(
          ExitCode.CONFLICT, "The Iceberg table " + name + " is missing from the catalog: check [lake] in the config "
              + "file"));
      List<OffsetGap> accepted;
      try (KafkaConsumer<byte[], byte[]> consumer = session.clients().rawConsumer("resume", Map.of())) {
        accepted = GapAcceptance.accept(descriptor, lakeTable, consumer, new LakeCommitter(CommitHook.NONE));
      } catch (OffsetConflictException e) {
        throw new CommandFailure(ExitCode.CONFLICT, "Table " + name + " committed a round while the gap was "
            + "being accepted: run the command again", e);
      }
      if (!accepted.isEmpty()) {
        recordResumed(session, descriptor, accepted);
      }
      if (output.json()) {
        ObjectNode node = CommandJson.JSON.createObjectNode().put("table", name);
        ArrayNode gaps = node.putArray("acceptedGaps");
        accepted.forEach(gap -> gaps.addObject().put("partition", gap.partition()).put("from", gap.from())
            .put("to", gap.to()));
        environment.out().print(CommandJson.render(node));
      } else if (accepted.isEmpty()) {
        environment.out().printf("Table %s has no gap: every partition's next offset is still in Kafka. "
            + "Nothing changed.%n", name);
      } else {
        environment.out().printf("Table %s goes on past %s. Those records are lost to the table; the gap is "
                + "recorded in the snapshot summary as mink-gaps.%n", name,
            accepted.stream().map(OffsetGap::toString).collect(Collectors.joining("; ")));
      }
      return ExitCode.OK.code();
    }
  }

  /**
   * Records in the table's entry that it goes on past the gaps: the sidecar that owns the table sees the entry
   * change and schedules it again at once (a table stopped by a gap is not retried on its own). A change of the
   * entry meanwhile does the same, so a lost compare-and-set needs no retry.
   */
  private static void recordResumed(TableStoreSession session, TableDescriptor descriptor, List<OffsetGap> accepted) {
    String reason = "resumed past " + accepted.stream().map(OffsetGap::toString).collect(Collectors.joining("; "))
        + ", accepted as lost";
    session.replace(descriptor, descriptor.withLifecycle(Lifecycle.indexing(Instant.now(), reason)));
  }
}
