package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.mink.indexer.config.Durations;
import io.mink.indexer.stats.RelativeTime;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code mink table list}: the added tables in aligned columns or as JSON, by name. */
final class TableListing {
  private static final List<String> HEADER =
      List.of("TABLE", "TOPIC", "MODE", "STATE", "SINCE", "FRESHNESS");

  private TableListing() {}

  /**
   * The tables as text.
   *
   * @param all whether to show every state; otherwise the indexing tables, and a line counting the others
   * @param namespace the namespace the tables were picked from; null for every namespace
   */
  static String text(List<TableDescriptor> tables, boolean all, String namespace, Instant now) {
    if (tables.isEmpty()) {
      return namespace == null
          ? "No tables are added: add one with mink table add TOPIC\n"
          : "No tables are added in namespace " + namespace
              + ": add one with mink table add TOPIC --namespace " + namespace + "\n";
    }
    List<TableDescriptor> shown = shown(tables, all);
    boolean reasons = shown.stream().anyMatch(table -> !table.isIndexing());
    StringBuilder out = new StringBuilder();
    if (shown.isEmpty()) {
      out.append("No table is indexing.\n");
    } else {
      List<List<String>> rows = new ArrayList<>();
      List<String> header = new ArrayList<>(HEADER);
      if (reasons) {
        header.add("REASON");
      }
      rows.add(header);
      for (TableDescriptor table : shown) {
        List<String> row = new ArrayList<>(List.of(
            table.qualifiedName(),
            table.topic(),
            MinkTableLayout.describeMode(table.options()),
            table.state().label(),
            RelativeTime.relative(table.lifecycle().since(), now),
            Durations.format(table.freshness())));
        if (reasons) {
          row.add(table.isIndexing() ? "" : table.lifecycle().reason());
        }
        rows.add(row);
      }
      out.append(Columns.render(rows));
    }
    if (!all) {
      out.append(hiddenLine(tables));
    }
    return out.toString();
  }

  /** The tables as a JSON array of their entries. */
  static String json(List<TableDescriptor> tables, boolean all) {
    ArrayNode array = CommandJson.JSON.createArrayNode();
    shown(tables, all).forEach(table -> array.add(CommandJson.descriptor(table)));
    return CommandJson.render(array);
  }

  private static List<TableDescriptor> shown(List<TableDescriptor> tables, boolean all) {
    return tables.stream()
        .filter(table -> all || table.isIndexing())
        .sorted(Comparator.comparing(TableDescriptor::qualifiedName))
        .toList();
  }

  /** "2 more tables are not indexing (missing 1, replaced 1): mink table list --all", or nothing. */
  private static String hiddenLine(List<TableDescriptor> tables) {
    Map<LifecycleState, Long> hidden = new EnumMap<>(LifecycleState.class);
    tables.stream()
        .filter(table -> !table.isIndexing())
        .forEach(table -> hidden.merge(table.state(), 1L, Long::sum));
    long count = hidden.values().stream().mapToLong(Long::longValue).sum();
    if (count == 0) {
      return "";
    }
    return count + (count == 1 ? " more table is" : " more tables are") + " not indexing ("
        + hidden.entrySet().stream()
            .map(entry -> entry.getKey().label() + " " + entry.getValue())
            .collect(Collectors.joining(", "))
        + "): mink table list --all\n";
  }
}
