package io.mink.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.cli.operations.TableOperations;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import io.mink.indexer.redecode.RedecodeScope;
import io.mink.indexer.redecode.Redecoded;
import io.mink.schema.decode.RawReason;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "redecode",
    description =
        "Decode again the rows a table kept raw, now that the schema registry knows their schemas or "
            + "the decoder is fixed. Only the data files that hold rows which decode now are rewritten, in one "
            + "snapshot; offsets and every other row stay as they were. The sidecar may go on indexing the table.",
    footer = {
      "",
      "Examples:",
      "  mink table redecode kafka.orders",
      "  mink table redecode kafka.orders --partitions 0,3 --from-offset 120000",
      "  mink table redecode orders --reason unknown-schema --output json",
      "",
      "See the raw rows first with mink read TABLE --raw.",
      "The snapshot summary counts the decoded parts as mink-redecoded.<part>.<reason>."
    })
final class TableRedecodeCommand extends GroupSubcommand {
  @Mixin
  TableArgument tableArgument;

  @Option(
      names = "--partitions",
      paramLabel = "PARTITIONS",
      split = ",",
      description = "Only rows of these Kafka partitions (default: all)")
  List<Integer> partitions = List.of();

  @Option(
      names = "--from-offset",
      paramLabel = "OFFSET",
      description = "Only rows at this offset or later, in every partition (default: 0)")
  long fromOffset;

  @Option(
      names = "--reason",
      paramLabel = "REASON",
      description =
          "Only parts raw for this reason: no-schema-id, unknown-schema or undecodable-bytes, as the "
              + "lake tells them apart (docs/operations.md, Raw rows and redecode)")
  String reason;

  @Override
  public Integer call() {
    RedecodeScope scope = scope();
    Environment environment = environment();
    MinkConfig minkConfig = config.load(environment);
    String name = tableArgument.qualifiedName(minkConfig.indexer().namespace());
    Redecoded done = new TableOperations(minkConfig, environment.progress()).redecode(name, scope);
    if (output.json()) {
      ObjectNode node = CommandJson.JSON.createObjectNode().put("table", name);
      if (done.snapshotId().isPresent()) {
        node.put("snapshotId", done.snapshotId().getAsLong());
      } else {
        node.putNull("snapshotId");
      }
      ObjectNode parts = node.putObject("redecoded");
      done.redecoded().entrySet().stream()
          .sorted(java.util.Map.Entry.comparingByKey())
          .forEach(entry -> parts.put(entry.getKey(), entry.getValue()));
      node.put("filesRead", done.filesRead())
          .put("filesRewritten", done.filesRewritten())
          .put("filesUntouched", done.filesUntouched())
          .put("attempts", done.attempts())
          .put("millis", done.took().toMillis());
      environment.out().print(CommandJson.render(node));
    } else if (done.snapshotId().isEmpty()) {
      environment
          .out()
          .printf(
              "No raw row of table %s decodes now (%d data files read). Nothing changed. See the raw rows"
                  + " and their reasons with mink read %s --raw.%n",
              name, done.filesRead(), name);
    } else {
      environment
          .out()
          .printf(
              "Table %s: %d raw parts decode now (%s). %d data files rewritten in snapshot %d, %d left as"
                  + " they were.%n",
              name,
              done.parts(),
              done.redecoded().entrySet().stream()
                  .sorted(java.util.Map.Entry.comparingByKey())
                  .map(entry -> entry.getKey() + " " + entry.getValue())
                  .collect(Collectors.joining(", ")),
              done.filesRewritten(),
              done.snapshotId().getAsLong(),
              done.filesUntouched());
    }
    return ExitCode.OK.code();
  }

  private RedecodeScope scope() {
    if (fromOffset < 0) {
      throw MinkException.user("--from-offset is an offset, 0 or more: " + fromOffset);
    }
    Set<Integer> chosen = new LinkedHashSet<>();
    for (int partition : partitions) {
      if (partition < 0) {
        throw MinkException.user(
            "--partitions takes Kafka partition numbers, 0 or more: " + partition);
      }
      chosen.add(partition);
    }
    return new RedecodeScope(
        chosen, fromOffset, Optional.ofNullable(reason).map(TableRedecodeCommand::reason));
  }

  private static RawReason reason(String key) {
    return Arrays.stream(RawReason.values())
        .filter(candidate -> candidate.key().equals(key))
        .findFirst()
        .orElseThrow(() -> MinkException.user("Unknown --reason " + key + ": use one of "
            + Arrays.stream(RawReason.values())
                .map(RawReason::key)
                .collect(Collectors.joining(", "))));
  }
}
