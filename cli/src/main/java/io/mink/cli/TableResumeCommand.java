package io.mink.cli;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.tiering.GapAcceptance;
import io.mink.indexer.tiering.OffsetGap;
import io.mink.indexer.tiering.TieringService;
import io.mink.lake.CommitHook;
import io.mink.lake.LakeCommitter;
import io.mink.lake.LakeTables;
import io.mink.lake.OffsetConflictException;
import io.mink.registry.KafkaClientFactory;
import io.mink.registry.KafkaTableStore;
import io.mink.registry.TableDescriptor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "resume", description = "Let a table stopped by a gap (records Kafka deleted before they were "
    + "indexed) go on past it.",
    footer = {"", "Examples:",
        "  mink table resume kafka.orders --accept-gap",
        "", "The gap's offset ranges are recorded in the snapshot summary as mink-gaps."})
final class TableResumeCommand implements Callable<Integer> {
  @ParentCommand
  TableCommand parent;

  @Mixin
  ConfigOptions config;

  @Parameters(index = "0", paramLabel = "TABLE", description = "The table, as namespace.name")
  String table;

  @Option(names = "--accept-gap", description = "Accept that the missing offsets are lost and go on from the "
      + "partitions' log start")
  boolean acceptGap;

  @Override
  public Integer call() {
    Environment environment = parent.environment();
    if (!acceptGap) {
      throw new CommandFailure(ExitCode.USAGE, "mink table resume needs --accept-gap: it moves " + table
          + " past records Kafka deleted before they were indexed, and those records are lost to the table");
    }
    MinkConfig minkConfig = config.load(environment);
    KafkaClientFactory clients = new KafkaClientFactory(minkConfig.kafka(), "mink-cli");
    try (Admin admin = Connections.kafkaAdmin(clients);
        KafkaTableStore store = new KafkaTableStore(clients, minkConfig.indexer().tablesTopic())) {
      TableDescriptor descriptor = store.find(table).orElseThrow(() -> new CommandFailure(ExitCode.CONFLICT,
          "No table " + table + " is added: give it as namespace.name (mink table add printed it), such as "
              + "kafka.orders"));
      Table lakeTable = new LakeTables(Connections.catalog(minkConfig.lake()))
          .load(TieringService.identifier(descriptor));
      List<OffsetGap> accepted;
      try (KafkaConsumer<byte[], byte[]> consumer = clients.rawConsumer("resume", Map.of())) {
        accepted = GapAcceptance.accept(descriptor, lakeTable, consumer, new LakeCommitter(CommitHook.NONE));
      } catch (OffsetConflictException e) {
        throw new CommandFailure(ExitCode.CONFLICT, "Table " + table + " committed a round while the gap was "
            + "being accepted: run the command again", e);
      }
      if (accepted.isEmpty()) {
        environment.out().printf("Table %s has no gap: every partition's next offset is still in Kafka. "
            + "Nothing changed.%n", table);
      } else {
        environment.out().printf("Table %s goes on past %s. Those records are lost to the table; the gap is "
                + "recorded in the snapshot summary as mink-gaps.%n", table,
            accepted.stream().map(OffsetGap::toString).collect(Collectors.joining("; ")));
      }
      return ExitCode.OK.code();
    }
  }
}
