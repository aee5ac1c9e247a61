package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.types.Type;

/**
 * One step of merging a source schema into a table schema, applied through Iceberg's own
 * {@link UpdateSchema} so a round writes its files with exactly the field ids its commit assigns.
 * Paths are Iceberg's dotted column names (a list's struct is "name.element", a map's "name.value").
 */
public sealed interface SchemaChange {
  void applyTo(UpdateSchema update);

  /** A new optional column at the end of its struct ({@code parent} null for a top-level column). */
  record AddColumn(String parent, String name, Type type, String doc) implements SchemaChange {
    public AddColumn {
      requireNonNull(name, "name is null");
      requireNonNull(type, "type is null");
    }

    @Override
    public void applyTo(UpdateSchema update) {
      if (parent == null) {
        update.addColumn(name, type, doc);
      } else {
        update.addColumn(parent, name, type, doc);
      }
    }
  }

  /**
   * A column whose type changed: it keeps its values and field id under the name {@code newName}
   * ({@code {name}_s{N}}), with a doc saying so, and becomes optional, so the name is free for a
   * new column of the new type.
   */
  record Rename(String path, String newName, String doc) implements SchemaChange {
    public Rename {
      requireNonNull(path, "path is null");
      requireNonNull(newName, "newName is null");
      requireNonNull(doc, "doc is null");
    }

    @Override
    public void applyTo(UpdateSchema update) {
      update.renameColumn(path, newName);
      update.updateColumnDoc(path, doc);
      update.makeColumnOptional(path);
    }
  }

  /** int to long, float to double, or a wider decimal precision. */
  record Promote(String path, Type.PrimitiveType type) implements SchemaChange {
    public Promote {
      requireNonNull(path, "path is null");
      requireNonNull(type, "type is null");
    }

    @Override
    public void applyTo(UpdateSchema update) {
      update.updateColumn(path, type);
    }
  }

  /** A required column that a source leaves optional or omits. */
  record MakeOptional(String path) implements SchemaChange {
    public MakeOptional {
      requireNonNull(path, "path is null");
    }

    @Override
    public void applyTo(UpdateSchema update) {
      update.makeColumnOptional(path);
    }
  }
}
