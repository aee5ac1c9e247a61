package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.Durations;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code mink table alter} changes, worked out before anything is written: the table's new entry, the Iceberg
 * table properties to set and remove, and the changes to print.
 *
 * @param setProperties Iceberg table properties to set, {@code format-version} included when it goes up
 * @param removeProperties Iceberg table properties to remove
 */
public record AlterPlan(
    TableDescriptor updated,
    Map<String, String> setProperties,
    Set<String> removeProperties,
    List<Change> changes) {
  static final String FRESHNESS_PROPERTY = MinkTableLayout.OPTION_PREFIX + "freshness";
  private static final String AUTO_COMPACTION_PROPERTY =
      MinkTableLayout.OPTION_PREFIX + TableOptions.AUTO_COMPACTION;

  public AlterPlan {
    requireNonNull(updated, "updated is null");
    setProperties = Map.copyOf(setProperties);
    removeProperties = Set.copyOf(removeProperties);
    changes = List.copyOf(changes);
  }

  /**
   * What to change.
   *
   * @param freshness the new freshness; null to keep it
   * @param set options to set, as the table records them: iceberg.*, time-as and snapshot-retention
   * @param unset options to unset, as the table records them
   * @param autoCompaction whether rounds compact; null to keep it
   */
  public record Request(
      Duration freshness, Map<String, String> set, List<String> unset, Boolean autoCompaction) {
    public Request {
      set = Map.copyOf(set);
      unset = List.copyOf(unset);
    }

    public boolean isEmpty() {
      return freshness == null && set.isEmpty() && unset.isEmpty() && autoCompaction == null;
    }
  }

  /** A setting that changes; {@code from} or {@code to} is null when it is not set. */
  public record Change(String setting, String from, String to) {
    @Override
    public String toString() {
      return setting + ": " + (from == null ? "(not set)" : from) + " -> "
          + (to == null ? "(not set)" : to);
    }
  }

  /**
   * The plan for a table.
   *
   * @param formatVersion the Iceberg table's format version now
   * @param defaults the Iceberg table properties Mink gives a table it creates, which an unset option returns to;
   *     empty for an attached table, which keeps the properties its maker gave it
   */
  static AlterPlan of(
      TableDescriptor current, Request request, int formatVersion, Map<String, String> defaults) {
    Draft draft = new Draft(current.options());
    Duration freshness = request.freshness() == null ? current.freshness() : request.freshness();
    if (!freshness.equals(current.freshness())) {
      draft.set.put(FRESHNESS_PROPERTY, Durations.format(freshness));
      draft.changes.add(new Change(
          "freshness", Durations.format(current.freshness()), Durations.format(freshness)));
    }
    draft.setOptions(current, request, formatVersion);
    draft.unsetOptions(current, request, formatVersion, defaults);
    if (request.autoCompaction() != null) {
      draft.autoCompaction(request.autoCompaction());
    }
    TableOptions.check(draft.options);
    return new AlterPlan(
        current.withFreshness(freshness).withOptions(draft.options),
        draft.set,
        draft.remove,
        draft.changes);
  }

  /** The plan as it is drawn up: the table's options, and what changes in them and in the properties. */
  private static final class Draft {
    private final Map<String, String> options;
    private final Map<String, String> set = new LinkedHashMap<>();
    private final Set<String> remove = new LinkedHashSet<>();
    private final List<Change> changes = new ArrayList<>();

    Draft(Map<String, String> options) {
      this.options = new TreeMap<>(options);
    }

    void setOptions(TableDescriptor current, Request request, int formatVersion) {
      for (Map.Entry<String, String> option : new TreeMap<>(request.set()).entrySet()) {
        String key = option.getKey();
        if (request.unset().contains(key)) {
          throw MinkException.user(
              "Option " + TableOptions.givenName(key) + " is both set and unset: "
                  + "give it with --option or with --unset-option, not both");
        }
        if (key.equals(MinkTableLayout.FORMAT_VERSION_OPTION)) {
          checkFormatVersion(current, option.getValue(), formatVersion);
        }
        String previous = options.put(key, option.getValue());
        if (!option.getValue().equals(previous)) {
          set.putAll(MinkTableLayout.optionProperties(key, option.getValue()));
          changes.add(new Change(TableOptions.givenName(key), previous, option.getValue()));
        }
      }
    }

    void unsetOptions(
        TableDescriptor current, Request request, int formatVersion, Map<String, String> defaults) {
      for (String key : request.unset()) {
        if (key.equals(MinkTableLayout.FORMAT_VERSION_OPTION)) {
          throw MinkException.user("Cannot unset " + key + " of table " + current.qualifiedName()
              + ": Iceberg format versions only go up, and the table stays at version "
              + formatVersion);
        }
        String previous = options.remove(key);
        if (previous != null) {
          for (String property : MinkTableLayout.optionProperties(key, previous).keySet()) {
            if (defaults.containsKey(property)) {
              set.put(property, defaults.get(property));
            } else {
              remove.add(property);
            }
          }
          changes.add(new Change(TableOptions.givenName(key), previous, null));
        }
      }
    }

    void autoCompaction(boolean after) {
      boolean before = "true".equals(options.get(TableOptions.AUTO_COMPACTION));
      if (after == before) {
        return;
      }
      if (after) {
        options.put(TableOptions.AUTO_COMPACTION, "true");
        set.put(AUTO_COMPACTION_PROPERTY, "true");
      } else {
        options.remove(TableOptions.AUTO_COMPACTION);
        remove.add(AUTO_COMPACTION_PROPERTY);
      }
      changes.add(new Change(
          TableOptions.AUTO_COMPACTION, Boolean.toString(before), Boolean.toString(after)));
    }
  }

  /** A format version may stay or go up from 2 to 3, never down. */
  private static void checkFormatVersion(TableDescriptor current, String value, int formatVersion) {
    int next;
    try {
      next = MinkTableLayout.formatVersion(Map.of(MinkTableLayout.FORMAT_VERSION_OPTION, value));
    } catch (IllegalArgumentException e) {
      throw MinkException.user(e.getMessage(), e);
    }
    if (next < formatVersion) {
      throw MinkException.user("Cannot lower the format version of table " + current.qualifiedName()
          + " from " + formatVersion + " to " + next
          + ": Iceberg format versions only go up; leave the table at "
          + "version " + formatVersion);
    }
  }
}
