package io.mink.lake.attach;

import io.mink.lake.PartitionSpecs;
import io.mink.schema.KafkaColumns;
import java.util.List;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdatePartitionSpec;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.types.Types;

/**
 * Readies a table another writer made, such as the Kafka Connect sink's, for {@link TableAttach} (docs/operations.md,
 * "Adopting the Kafka Connect sink's table"): adds the six _kafka_* columns as optional columns in front, as the rows
 * already there have no Kafka coordinates, and identity(_kafka_partition) to the partition spec. The files already
 * there keep their spec; Mink's files are written with the new one. Columns and fields already there are left as
 * they are, so a second run after an interrupted one changes nothing; {@link AttachCheck} then checks the result.
 */
public final class TableAdopt {
  private TableAdopt() {}

  /** Whether the table lacks some _kafka_* column or identity(_kafka_partition): what {@link #evolve} adds. */
  public static boolean needsEvolution(Schema schema, PartitionSpec spec) {
    return !missingColumns(schema).isEmpty() || !PartitionSpecs.hasKafkaPartitionIdentity(spec);
  }

  /**
   * Adds the missing _kafka_* columns (optional, in front, in the order of docs/layout.md) and identity(_kafka_partition)
   * in one commit; does nothing when none is missing.
   */
  public static void evolve(Table table) {
    Schema schema = table.schema();
    boolean addsIdentity = !PartitionSpecs.hasKafkaPartitionIdentity(table.spec());
    List<Types.NestedField> missing = missingColumns(schema);
    if (missing.isEmpty() && !addsIdentity) {
      return;
    }
    Transaction transaction = table.newTransaction();
    if (!missing.isEmpty() || !kafkaColumnsFirst(schema)) {
      UpdateSchema update = transaction.updateSchema();
      for (Types.NestedField column : missing) {
        update.addColumn(column.name(), column.type(), column.doc());
      }
      List<Types.NestedField> kafka = KafkaColumns.SCHEMA.columns();
      update.moveFirst(kafka.get(0).name());
      for (int i = 1; i < kafka.size(); i++) {
        update.moveAfter(kafka.get(i).name(), kafka.get(i - 1).name());
      }
      update.commit();
    }
    if (addsIdentity) {
      UpdatePartitionSpec spec = transaction.updateSpec();
      spec.addField(KafkaColumns.PARTITION);
      spec.commit();
    }
    transaction.commitTransaction();
    table.refresh();
  }

  private static List<Types.NestedField> missingColumns(Schema schema) {
    return KafkaColumns.SCHEMA.columns().stream()
        .filter(column -> schema.findField(column.name()) == null)
        .toList();
  }

  private static boolean kafkaColumnsFirst(Schema schema) {
    List<Types.NestedField> columns = schema.columns();
    List<Types.NestedField> kafka = KafkaColumns.SCHEMA.columns();
    for (int i = 0; i < kafka.size(); i++) {
      if (i >= columns.size() || !columns.get(i).name().equals(kafka.get(i).name())) {
        return false;
      }
    }
    return true;
  }
}
