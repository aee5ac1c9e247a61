package org.apache.iceberg;

/**
 * Iceberg's own schema update, detached from any table: its {@code apply()} gives the schema, with
 * the field ids Iceberg assigns, that the same calls give when committed to a table whose schema and
 * last column id are these. Lives in Iceberg's package to reach the test constructor that Iceberg
 * keeps package-private.
 */
public final class DetachedSchemaUpdate {
  private DetachedSchemaUpdate() {}

  public static UpdateSchema of(Schema schema, int lastColumnId) {
    return new SchemaUpdate(schema, lastColumnId);
  }
}
