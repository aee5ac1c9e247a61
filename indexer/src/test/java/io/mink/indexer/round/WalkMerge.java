package io.mink.indexer.round;

import io.mink.indexer.round.WalkTable.Column;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The evolution rules of docs/schema.md, applied to the {@link WalkTable} model. A field goes to the
 * column of its name if its type fits (equal, or narrower by int to long, float to double, a smaller
 * decimal precision), else to the newest {@code {name}_s{N}} column it fits, a column that fits with
 * its nullability (no null reaching a required part) before one that would need a part made
 * optional; failing that the column of its name is extended (a promotion, new nested fields);
 * failing that it is renamed {@code {name}_s{N}}, N the current schema id, made optional, and a new
 * optional column of the new type is added at the end of its struct. Renamed columns are never
 * extended. A new field is a new optional column at the end of its struct; a nested required column
 * a version omits or makes optional becomes optional. A type change takes two schema ids, any other
 * change one. Unmergeable: a top-level field named like a column Mink owns or Iceberg reserves, two
 * fields of a record differing only in case (at any depth, new columns included), a field differing
 * only in case from a column, a field named like a renamed column, and a rename onto a name its
 * struct or the version already uses.
 */
final class WalkMerge {
  private static final Set<String> RESERVED = Set.of(
      "_file",
      "_pos",
      "_deleted",
      "_spec_id",
      "_partition",
      "_row_id",
      "_last_updated_sequence_number");

  private WalkMerge() {}

  /** Why the version cannot be merged into these columns (which it may change), or null. */
  static String refusal(Column root, WalkSchema.Struct version, int schemaId) {
    try {
      new Merge(schemaId).top(root, version);
      return null;
    } catch (Conflict conflict) {
      return conflict.getMessage();
    }
  }

  /** Merges a mergeable version into the columns; returns how many schema ids the merge takes. */
  static int merge(Column root, WalkSchema.Struct version, int schemaId) {
    Merge merge = new Merge(schemaId);
    merge.top(root, version);
    return merge.renamed ? 2 : merge.changed ? 1 : 0;
  }

  /**
   * The column of the struct that takes values of the field as they are, or null: the column of its
   * name, then the newest renamed one, first among those that take them with their nullability.
   */
  static Column columnFor(Column struct, WalkSchema.Field field) {
    Column named = null;
    for (Column column : struct.fields) {
      if (field.name.equals(column.name) && !column.isRenamed()) {
        named = column;
      }
    }
    List<Column> renamed = renamedOf(struct.fields, field.name);
    for (boolean exact : new boolean[] {true, false}) {
      if (named != null && fits(named, field.type, field.optional, exact)) {
        return named;
      }
      for (Column column : renamed) {
        if (fits(column, field.type, field.optional, exact)) {
          return column;
        }
      }
    }
    return null;
  }

  /** Whether the column takes values of the type; exact: no null reaches a required part of it either. */
  private static boolean fits(
      Column column, WalkSchema.Type type, boolean optional, boolean exact) {
    if (exact && optional && !column.optional) {
      return false;
    }
    return switch (column.shape) {
      case PRIM -> type instanceof WalkSchema.Prim prim && widens(prim, column.prim);
      case STRUCT -> type instanceof WalkSchema.Struct struct && structFits(column, struct, exact);
      case LIST ->
        type instanceof WalkSchema.ListOf list
            && fits(column.element, list.element, list.elementOptional, exact);
      case MAP ->
        type instanceof WalkSchema.MapOf map
            && fits(column.element, map.value, map.valueOptional, exact);
    };
  }

  private static boolean structFits(Column column, WalkSchema.Struct struct, boolean exact) {
    Set<Column> written = Collections.newSetFromMap(new IdentityHashMap<>());
    for (WalkSchema.Field field : struct.fields) {
      Column target = columnFor(column, field);
      if (target == null || (exact && !fits(target, field.type, field.optional, true))) {
        return false;
      }
      written.add(target);
    }
    return !exact
        || column.fields.stream().allMatch(nested -> nested.optional || written.contains(nested));
  }

  private static List<Column> renamedOf(List<Column> columns, String name) {
    List<Column> renamed = new ArrayList<>();
    for (Column column : columns) {
      if (name.equals(column.renamedFrom)) {
        renamed.add(column);
      }
    }
    renamed.sort(Comparator.comparingInt((Column c) -> c.renamedAt).reversed());
    return renamed;
  }

  private static boolean extensible(Column column, WalkSchema.Type type) {
    return switch (column.shape) {
      case PRIM ->
        type instanceof WalkSchema.Prim prim
            && (widens(prim, column.prim) || widens(column.prim, prim));
      case STRUCT -> type instanceof WalkSchema.Struct;
      case LIST ->
        type instanceof WalkSchema.ListOf list && extensible(column.element, list.element);
      case MAP -> type instanceof WalkSchema.MapOf map && extensible(column.element, map.value);
    };
  }

  /** Whether values of {@code from} can be written to a column of type {@code to}. */
  private static boolean widens(WalkSchema.Prim from, WalkSchema.Prim to) {
    if (from.kind() == to.kind()) {
      return from.kind() != WalkSchema.Kind.DECIMAL || from.precision() <= to.precision();
    }
    return (from.kind() == WalkSchema.Kind.INT && to.kind() == WalkSchema.Kind.LONG)
        || (from.kind() == WalkSchema.Kind.FLOAT && to.kind() == WalkSchema.Kind.DOUBLE);
  }

  private static boolean isReserved(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.startsWith("_kafka_") || RESERVED.contains(lower);
  }

  /** One merge of a version into the model. */
  private static final class Merge {
    private final int schemaId;
    boolean renamed;
    boolean changed;

    Merge(int schemaId) {
      this.schemaId = schemaId;
    }

    void top(Column root, WalkSchema.Struct source) {
      for (WalkSchema.Field field : source.fields) {
        if (isReserved(field.name)) {
          throw new Conflict(
              "top-level field '" + field.name + "' is named like a Mink or Iceberg column");
        }
      }
      struct(root, source, true);
    }

    private void struct(Column table, WalkSchema.Struct source, boolean top) {
      Set<String> lowerNames = new HashSet<>();
      for (WalkSchema.Field field : source.fields) {
        if (!lowerNames.add(field.name.toLowerCase(Locale.ROOT))) {
          throw new Conflict("fields named '" + field.name + "' differ only in case");
        }
      }
      List<Column> before = List.copyOf(table.fields);
      Map<String, Column> byLowerName = new HashMap<>();
      before.forEach(column -> byLowerName.put(column.name.toLowerCase(Locale.ROOT), column));
      Set<Column> written = Collections.newSetFromMap(new IdentityHashMap<>());
      for (WalkSchema.Field field : source.fields) {
        Column named = byLowerName.get(field.name.toLowerCase(Locale.ROOT));
        if (named == null) {
          table.fields.add(newColumn(field));
          changed = true;
          continue;
        }
        if (!named.name.equals(field.name)) {
          throw new Conflict(
              "field '" + field.name + "' differs only in case from column '" + named.name + "'");
        }
        if (named.isRenamed()) {
          throw new Conflict("field '" + field.name + "' is named like a renamed column");
        }
        Column target = target(table, named, field);
        if (target == null) {
          String newName = named.name + "_s" + schemaId;
          String lower = newName.toLowerCase(Locale.ROOT);
          if (byLowerName.containsKey(lower) || lowerNames.contains(lower)) {
            throw new Conflict("the type change of '" + field.name
                + "' would rename it onto the taken " + newName);
          }
          named.renamedFrom = named.name;
          named.renamedAt = schemaId;
          named.name = newName;
          named.optional = true;
          table.fields.add(newColumn(field));
          renamed = true;
          changed = true;
          written.add(named);
          continue;
        }
        into(target, field.type);
        if (!target.optional && (top || field.optional)) {
          target.optional = true;
          changed = true;
        }
        written.add(target);
      }
      if (!top) {
        for (Column column : before) {
          if (!column.optional && !written.contains(column)) {
            column.optional = true;
            changed = true;
          }
        }
      }
    }

    /** A new optional column for the field; its nested records may not hold names differing only in case either. */
    private static Column newColumn(WalkSchema.Field field) {
      checkNames(field.name, field.type);
      return Column.of(field.name, field.type, true);
    }

    private static void checkNames(String where, WalkSchema.Type type) {
      if (type instanceof WalkSchema.Struct struct) {
        Set<String> lowerNames = new HashSet<>();
        for (WalkSchema.Field field : struct.fields) {
          if (!lowerNames.add(field.name.toLowerCase(Locale.ROOT))) {
            throw new Conflict("fields named '" + field.name + "' of the new column " + where
                + " differ only in case");
          }
          checkNames(where + "." + field.name, field.type);
        }
      } else if (type instanceof WalkSchema.ListOf list) {
        checkNames(where + ".element", list.element);
      } else if (type instanceof WalkSchema.MapOf map) {
        checkNames(where + ".value", map.value);
      }
    }

    /** The column the field goes to: one that takes it as it is, else its name's column if it can be extended. */
    private static Column target(Column struct, Column named, WalkSchema.Field field) {
      Column fitting = columnFor(struct, field);
      if (fitting != null) {
        return fitting;
      }
      return extensible(named, field.type) ? named : null;
    }

    private void into(Column target, WalkSchema.Type type) {
      switch (target.shape) {
        case STRUCT -> struct(target, (WalkSchema.Struct) type, false);
        case LIST -> {
          WalkSchema.ListOf list = (WalkSchema.ListOf) type;
          into(target.element, list.element);
          optional(target.element, list.elementOptional);
        }
        case MAP -> {
          WalkSchema.MapOf map = (WalkSchema.MapOf) type;
          into(target.element, map.value);
          optional(target.element, map.valueOptional);
        }
        case PRIM -> {
          WalkSchema.Prim prim = (WalkSchema.Prim) type;
          if (!widens(prim, target.prim)) {
            target.prim = prim;
            changed = true;
          }
        }
      }
    }

    private void optional(Column element, boolean sourceOptional) {
      if (!element.optional && sourceOptional) {
        element.optional = true;
        changed = true;
      }
    }
  }

  private static final class Conflict extends RuntimeException {
    Conflict(String message) {
      super(message, null, false, false);
    }
  }
}
