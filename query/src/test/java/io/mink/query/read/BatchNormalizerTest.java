package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.batch.RowBatch;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class BatchNormalizerTest {
  private static final Types.StructType ADDRESS_V1 =
      Types.StructType.of(Types.NestedField.optional(11, "city", Types.StringType.get()));
  private static final Types.StructType ADDRESS_V2 = Types.StructType.of(
      Types.NestedField.optional(11, "city", Types.StringType.get()),
      Types.NestedField.optional(12, "zip", Types.StringType.get()));
  private static final Schema OLD = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "quantity", Types.IntegerType.get()),
      Types.NestedField.optional(3, "address", ADDRESS_V1),
      Types.NestedField.optional(
          4, "ratios", Types.ListType.ofOptional(13, Types.FloatType.get())));
  private static final Schema READ = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "quantity", Types.LongType.get()),
      Types.NestedField.optional(3, "address", ADDRESS_V2),
      Types.NestedField.optional(
          4, "ratios", Types.ListType.ofOptional(13, Types.DoubleType.get())),
      Types.NestedField.optional(5, "note", Types.StringType.get()));

  @Test
  void promotedTypesAreCastNestedFieldsAddedAndNewColumnsNull() {
    Record address = GenericRecord.create(ADDRESS_V1);
    address.setField("city", "Lyon");
    Record row = GenericRecord.create(OLD);
    row.setField("id", 7L);
    row.setField("quantity", 3);
    row.setField("address", address);
    row.setField("ratios", List.of(0.5f, 2f));

    try (RowBatch normalized = BatchNormalizer.normalize(RowBatch.of(OLD, List.of(row)), READ)) {
      Record read = normalized.toRecords().get(0);

      assertThat(normalized.schema()).isSameAs(READ);
      assertThat(read.getField("id")).isEqualTo(7L);
      assertThat(read.getField("quantity")).isEqualTo(3L);
      assertThat(((Record) read.getField("address")).getField("city")).isEqualTo("Lyon");
      assertThat(((Record) read.getField("address")).getField("zip")).isNull();
      assertThat(read.getField("ratios")).isEqualTo(List.of(0.5d, 2d));
      assertThat(read.getField("note")).isNull();
    }
  }

  @Test
  void keepingColumnsMatchesNamesInLowerCaseAndHeadCutsRows() {
    Record first = GenericRecord.create(OLD);
    first.setField("id", 1L);
    Record second = GenericRecord.create(OLD);
    second.setField("id", 2L);

    try (RowBatch kept =
            BatchNormalizer.keep(RowBatch.of(OLD, List.of(first, second)), Set.of("id", "ratios"));
        RowBatch head = BatchNormalizer.head(kept, 1)) {
      assertThat(head.schema().columns())
          .extracting(Types.NestedField::name)
          .containsExactly("id", "ratios");
      assertThat(head.toRecords()).extracting(record -> record.getField("id")).containsExactly(1L);
    }
  }
}
