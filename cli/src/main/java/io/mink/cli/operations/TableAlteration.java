package io.mink.cli.operations;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.exceptions.NoSuchTableException;

/**
 * {@code mink table alter}: changes the Iceberg table's properties, then the entry with a compare-and-set; a lost
 * race is tried once more from the new entry.
 */
final class TableAlteration {
  private static final int ATTEMPTS = 2;

  private TableAlteration() {}

  static AlteredTable alter(TableStoreSession session, String name, AlterPlan.Request request) {
    LakeReader lake = LakeReader.open(session.config().lake());
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableDescriptor current = alterable(session.require(name));
      Table icebergTable = icebergTable(lake, current);
      AlterPlan plan = AlterPlan.of(
          current,
          request,
          LakeReader.metadata(icebergTable).formatVersion(),
          defaults(current, session.config()));
      if (plan.changes().isEmpty()) {
        return new AlteredTable(plan.updated(), plan.changes());
      }
      apply(icebergTable, plan);
      if (session.replace(current, plan.updated())) {
        return new AlteredTable(plan.updated(), plan.changes());
      }
    }
    throw MinkException.conflict("Table " + name
        + " changed meanwhile (another client altered or removed it): run " + "the command again");
  }

  /** The table, if its state lets it be altered: indexing or missing. */
  private static TableDescriptor alterable(TableDescriptor current) {
    String name = current.qualifiedName();
    return switch (current.state()) {
      case INDEXING, MISSING -> current;
      case REPLACED ->
        throw MinkException.conflict("Table " + name + " is replaced (its topic was deleted and "
            + "created again), so it cannot be altered: run mink table remove " + name
            + " and add it again");
      case REMOVING ->
        throw MinkException.conflict(
            "Table " + name + " is being removed, so it cannot be altered: "
                + "add it again once mink table show " + name + " no longer finds it");
    };
  }

  private static Table icebergTable(LakeReader lake, TableDescriptor current) {
    try {
      return lake.load(current);
    } catch (NoSuchTableException e) {
      throw MinkException.conflict(
          "The Iceberg table " + current.qualifiedName() + " is missing from the catalog, "
              + "so its properties cannot be changed: check [lake] in the config file; if it was dropped, run mink "
              + "table remove " + current.qualifiedName() + " and add the topic again",
          e);
    }
  }

  /** Mink's properties of a table it creates; none for an attached table, whose maker chose its properties. */
  private static Map<String, String> defaults(TableDescriptor current, MinkConfig config) {
    if ("true".equals(current.options().get(MinkTableLayout.ATTACH_OPTION))) {
      return Map.of();
    }
    Map<String, String> modeOptions = new TreeMap<>();
    for (String key : List.of(MinkTableLayout.MODE_OPTION, MinkTableLayout.CDC_OPTION)) {
      if (current.options().containsKey(key)) {
        modeOptions.put(key, current.options().get(key));
      }
    }
    return MinkTableLayout.properties(
        current.topic(), current.topicId(), config.indexer().targetFileSizeBytes(), modeOptions);
  }

  /** Sets and removes the plan's properties in one commit; a higher format-version upgrades the table. */
  private static void apply(Table icebergTable, AlterPlan plan) {
    if (plan.setProperties().isEmpty() && plan.removeProperties().isEmpty()) {
      return;
    }
    UpdateProperties update = icebergTable.updateProperties();
    plan.setProperties().forEach(update::set);
    plan.removeProperties().forEach(update::remove);
    try {
      update.commit();
    } catch (RuntimeException e) {
      throw MinkException.external(
          "Cannot change the properties of the Iceberg table "
              + plan.updated().qualifiedName() + " (" + Connections.rootMessage(e)
              + "): check that the catalog is "
              + "up, then run the command again",
          e);
    }
  }
}
