package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.schema.table.TableSchema;
import java.io.Serializable;
import org.apache.iceberg.Schema;

/**
 * A read point's schema as the driver settled it ({@link io.mink.query.read.UnionRead#readSchema}), sent with each
 * input partition so that every task decodes its part of the tail into the same columns.
 */
record SettledSchema(Schema schema, int lastColumnId, int highestSchemaId) implements Serializable {
  private static final long serialVersionUID = 1L;

  SettledSchema {
    requireNonNull(schema, "schema is null");
  }

  static SettledSchema of(TableSchema settled) {
    return new SettledSchema(settled.schema(), settled.lastColumnId(), settled.highestSchemaId());
  }

  TableSchema tableSchema() {
    return new TableSchema(schema, lastColumnId, highestSchemaId);
  }
}
