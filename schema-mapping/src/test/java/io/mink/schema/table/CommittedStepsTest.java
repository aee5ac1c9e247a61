package io.mink.schema.table;

import static io.mink.schema.table.TypeChangeTest.field;
import static io.mink.schema.table.TypeChangeTest.list;
import static io.mink.schema.table.TypeChangeTest.map;
import static io.mink.schema.table.TypeChangeTest.struct;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The steps a merge plans, committed to a real Iceberg table, give exactly the planned schemas and ids. */
class CommittedStepsTest {
  @Test
  void committedStepsGiveThePlannedSchemaIdsAndColumns() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("test", Map.of());
    catalog.createNamespace(Namespace.of("kafka"));
    Table table = catalog.createTable(TableIdentifier.of("kafka", "orders"), KafkaColumns.SCHEMA);
    List<Type> versions = List.of(
        struct(
            field("id", Types.IntegerType.get()),
            field("customer", struct(field("name", Types.StringType.get())))),
        struct(
            field("id", Types.LongType.get()),
            field(
                "customer",
                struct(
                    field("name", Types.StringType.get()),
                    field("tier", Types.IntegerType.get())))),
        struct(
            field("id", Types.StringType.get()),
            field("lines", list(struct(field("sku", Types.LongType.get()))))),
        struct(
            field("id", Types.LongType.get()),
            field("customer", Types.StringType.get()),
            field("lines", list(struct(field("sku", Types.StringType.get()))))),
        struct(
            field("stock", map(struct(field("level", Types.FloatType.get())))),
            field("customer", struct(field("name", Types.BinaryType.get())))),
        struct(field("stock", map(struct(field("level", Types.DoubleType.get()))))));

    for (Type version : versions) {
      TableMetadata before = metadata(table);
      MergeResult.Merged planned =
          (MergeResult.Merged) SchemaMerge.mergeValue(TableSchema.of(before), version);
      Transaction transaction = table.newTransaction();
      for (SchemaStep step : planned.steps()) {
        UpdateSchema update = transaction.updateSchema();
        step.applyTo(update);
        update.commit();
      }
      transaction.commitTransaction();
      table.refresh();

      TableMetadata after = metadata(table);
      assertThat(after.schema().sameSchema(planned.schema()))
          .as("schema after %s", version)
          .isTrue();
      assertThat(after.currentSchemaId()).isEqualTo(planned.table().schemaId());
      assertThat(after.lastColumnId()).isEqualTo(planned.table().lastColumnId());
      for (SchemaStep step : planned.steps()) {
        assertThat(after.schemasById()).containsKey(step.schemaId());
      }
    }
    assertThat(table.schema().findField("id_s2").type()).isEqualTo(Types.LongType.get());
  }

  private static TableMetadata metadata(Table table) {
    return ((HasTableOperations) table).operations().current();
  }
}
