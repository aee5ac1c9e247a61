package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class WarehouseTest {
  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void catalogCreatesNamespaceAndTable() {
    Namespace namespace = Namespace.of("kafka");
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(namespace);
    Schema schema = new Schema(
        Types.NestedField.required(1, "offset", Types.LongType.get()),
        Types.NestedField.optional(2, "value", Types.BinaryType.get()));

    warehouse
        .catalog()
        .createTable(
            TableIdentifier.of(namespace, "orders"), schema, PartitionSpec.unpartitioned());

    Table loaded = warehouse.catalog().loadTable(TableIdentifier.of(namespace, "orders"));
    assertThat(loaded.schema().asStruct()).isEqualTo(schema.asStruct());
    assertThat(Path.of(URI.create(loaded.location()))).startsWith(warehouse.directory());
    assertThat(warehouse.directory().resolve("catalog.db")).exists();
  }

  @Test
  void lakeSettingsAreTheEmbeddedOnesOfTheDirectory() {
    assertThat(warehouse.lakeSettings().catalog()).isEqualTo("jdbc");
    assertThat(warehouse.lakeSettings().uri())
        .isEqualTo("jdbc:sqlite:" + warehouse.directory().resolve("catalog.db"));
  }

  @Test
  void closeDeletesTheDirectoryWithItsCatalog() {
    Path directory;
    try (Warehouse standalone = Warehouse.create()) {
      directory = standalone.directory();
      ((SupportsNamespaces) standalone.catalog()).createNamespace(Namespace.of("kafka"));
      assertThat(directory).isDirectory();
    }

    assertThat(Files.exists(directory)).isFalse();
  }
}
