package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.query.sql.CatalogTable;
import java.util.List;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetDbSchemas;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetTables;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class CatalogSearchTest {
  private static final Schema ORDER_COLUMNS = new Schema(List.of(
      Field.notNullable("_kafka_offset", new ArrowType.Int(64, true)),
      Field.nullable("amount", new ArrowType.Utf8())));
  private static final List<CatalogTable> CATALOG = List.of(
      new CatalogTable("sales", "orders", ORDER_COLUMNS),
      new CatalogTable("kafka", "payments", ORDER_COLUMNS),
      new CatalogTable("kafka", "order_lines", ORDER_COLUMNS),
      new CatalogTable("kafka", "orderXlines", ORDER_COLUMNS));

  @Test
  void namespacesAreListedOnceInOrderAndFilteredByPattern() {
    assertThat(CatalogSearch.namespaces(CATALOG, CommandGetDbSchemas.getDefaultInstance()))
        .containsExactly("kafka", "sales");
    assertThat(CatalogSearch.namespaces(
            CATALOG,
            CommandGetDbSchemas.newBuilder().setDbSchemaFilterPattern("s%").build()))
        .containsExactly("sales");
  }

  @Test
  void aCatalogOtherThanMinkHasNothing() {
    assertThat(CatalogSearch.namespaces(
            CATALOG, CommandGetDbSchemas.newBuilder().setCatalog("spark").build()))
        .isEmpty();
    assertThat(CatalogSearch.namespaces(
            CATALOG, CommandGetDbSchemas.newBuilder().setCatalog("").build()))
        .isEmpty();
    assertThat(CatalogSearch.tables(
            CATALOG, CommandGetTables.newBuilder().setCatalog("spark").build()))
        .isEmpty();
    assertThat(CatalogSearch.tables(
            CATALOG, CommandGetTables.newBuilder().setCatalog("mink").build()))
        .hasSize(4);
  }

  @Test
  void tablesAreOrderedByNamespaceThenNameAndFilteredBySchemaAndNamePatterns() {
    assertThat(names(CatalogSearch.tables(CATALOG, CommandGetTables.getDefaultInstance())))
        .containsExactly(
            "kafka.orderXlines", "kafka.order_lines", "kafka.payments", "sales.orders");
    assertThat(names(CatalogSearch.tables(
            CATALOG,
            CommandGetTables.newBuilder()
                .setDbSchemaFilterPattern("kafka")
                .setTableNameFilterPattern("order\\_%")
                .build())))
        .containsExactly("kafka.order_lines");
  }

  @Test
  void onlyTheTableTypeTableHasTables() {
    assertThat(CatalogSearch.tables(
            CATALOG, CommandGetTables.newBuilder().addTableTypes("VIEW").build()))
        .isEmpty();
    assertThat(CatalogSearch.tables(
            CATALOG,
            CommandGetTables.newBuilder()
                .addTableTypes("VIEW")
                .addTableTypes("TABLE")
                .build()))
        .hasSize(4);
  }

  @Test
  void theTablesListingCarriesEachTablesArrowSchemaAsAnIpcMessage() {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = CatalogListings.tables(CATALOG.subList(0, 1), true, allocator)) {
      assertThat(root.getRowCount()).isEqualTo(1);
      assertThat(root.getVector("catalog_name").getObject(0)).hasToString("mink");
      assertThat(root.getVector("db_schema_name").getObject(0)).hasToString("sales");
      assertThat(root.getVector("table_name").getObject(0)).hasToString("orders");
      assertThat(root.getVector("table_type").getObject(0)).hasToString("TABLE");
      byte[] schema = ((VarBinaryVector) root.getVector("table_schema")).get(0);
      assertThat(Schema.deserializeMessage(java.nio.ByteBuffer.wrap(schema)))
          .isEqualTo(ORDER_COLUMNS);
    }
  }

  private static List<String> names(List<CatalogTable> tables) {
    return tables.stream().map(CatalogTable::qualifiedName).toList();
  }
}
