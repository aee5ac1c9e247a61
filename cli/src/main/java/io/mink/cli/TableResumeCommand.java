package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.cli.operations.ResumedTable;
import io.mink.cli.operations.TableOperations;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.round.OffsetGap;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "resume",
    description = "Let a table the sidecar stopped go on: one with a gap (records Kafka "
        + "deleted before they were indexed) only past it, with --accept-gap.",
    footer = {
      "",
      "Examples:",
      "  mink table resume kafka.orders",
      "  mink table resume kafka.orders --accept-gap",
      "  mink table resume orders --accept-gap --output json",
      "",
      "The gap's offset ranges are recorded in the snapshot summary as mink-gaps."
    })
final class TableResumeCommand extends GroupSubcommand {
  @Mixin
  TableArgument tableArgument;

  @Option(
      names = "--accept-gap",
      description = "Accept that the missing offsets of a gap are lost and go on from "
          + "the partitions' log start")
  boolean acceptGap;

  @Override
  public Integer call() {
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    ResumedTable resumed =
        new TableOperations(minkConfig, environment.progress()).resume(name, acceptGap);
    List<OffsetGap> accepted = resumed.acceptedGaps();
    if (output.json()) {
      ObjectNode node = CommandJson.JSON.createObjectNode().put("table", name);
      ArrayNode gaps = node.putArray("acceptedGaps");
      accepted.forEach(gap -> gaps.addObject()
          .put("partition", gap.partition())
          .put("from", gap.from())
          .put("to", gap.to()));
      node.put("resumed", resumed.recorded());
      environment.out().print(CommandJson.render(node));
    } else if (!resumed.recorded()) {
      environment
          .out()
          .printf(
              "Table %s has no gap: every partition's next offset is still in Kafka. "
                  + "Nothing changed.%n",
              name);
    } else if (accepted.isEmpty()) {
      environment
          .out()
          .printf(
              "Table %s resumes: the sidecar that owns it tries it again at once if it was "
                  + "stopped.%n",
              name);
    } else {
      environment
          .out()
          .printf(
              "Table %s goes on past %s. Those records are lost to the table; the gap is "
                  + "recorded in the snapshot summary as mink-gaps.%n",
              name, accepted.stream().map(OffsetGap::toString).collect(Collectors.joining("; ")));
    }
    return ExitCode.OK.code();
  }
}
