package io.mink.schema.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class SchemaMergeTest {
  private static final TableSchema TABLE = TableSchema.initial(KafkaColumns.SCHEMA);
  private static final int LAST_ID = 9;

  private static final Types.StructType ORDER = Types.StructType.of(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "customer", Types.StringType.get()),
      Types.NestedField.optional(
          3,
          "lines",
          Types.ListType.ofRequired(
              4,
              Types.StructType.of(
                  Types.NestedField.required(5, "sku", Types.StringType.get()),
                  Types.NestedField.required(6, "quantity", Types.IntegerType.get())))));

  @Test
  void valueRecordFieldsBecomeOptionalColumnsAfterTheMetadataColumns() {
    Schema merged = merged(SchemaMerge.mergeValue(TABLE, ORDER));

    assertThat(merged.columns())
        .extracting(Types.NestedField::name)
        .containsExactly(
            "_kafka_partition",
            "_kafka_offset",
            "_kafka_timestamp",
            "_kafka_key",
            "_kafka_headers",
            "_kafka_value",
            "id",
            "customer",
            "lines");
    assertThat(merged.findField("id").isOptional()).isTrue();
    assertThat(merged.findField("lines.element.sku").isRequired()).isTrue();
    assertThat(merged.findField("id").fieldId()).isGreaterThan(LAST_ID);
  }

  @Test
  void nonRecordValueBecomesTheValueColumn() {
    Schema merged = merged(SchemaMerge.mergeValue(TABLE, Types.StringType.get()));

    assertThat(merged.findField("value").type()).isEqualTo(Types.StringType.get());
  }

  @Test
  void decodedKeyBecomesItsOwnColumn() {
    Schema merged = merged(SchemaMerge.mergeKey(TABLE, Types.LongType.get()));

    assertThat(merged.findField(TableColumns.DECODED_KEY).type()).isEqualTo(Types.LongType.get());
  }

  @Test
  void mergingTheSameSchemaAgainChangesNothing() {
    MergeResult.Merged first = (MergeResult.Merged) SchemaMerge.mergeValue(TABLE, ORDER);
    MergeResult.Merged again = (MergeResult.Merged) SchemaMerge.mergeValue(first.table(), ORDER);

    assertThat(again.changed()).isFalse();
    assertThat(again.schema()).isSameAs(first.schema());
  }

  @Test
  void sameInputsGiveTheSameFieldIds() {
    Schema one = merged(SchemaMerge.mergeValue(TABLE, ORDER));
    Schema two = merged(SchemaMerge.mergeValue(TABLE, ORDER));

    assertThat(one.sameSchema(two)).isTrue();
  }

  @Test
  void newFieldIsAddedAtTheEndOfItsStructAndOldColumnsKeepTheirIds() {
    MergeResult.Merged first = (MergeResult.Merged) SchemaMerge.mergeValue(TABLE, ORDER);
    Types.StructType withNested = Types.StructType.of(
        Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(
            3,
            "lines",
            Types.ListType.ofRequired(
                4,
                Types.StructType.of(
                    Types.NestedField.required(5, "sku", Types.StringType.get()),
                    Types.NestedField.required(6, "quantity", Types.IntegerType.get()),
                    Types.NestedField.optional(7, "discount", Types.DoubleType.get())))));

    Schema merged = merged(SchemaMerge.mergeValue(first.table(), withNested));

    assertThat(merged.findField("lines.element").type().asStructType().fields())
        .extracting(Types.NestedField::name)
        .containsExactly("sku", "quantity", "discount");
    assertThat(merged.findField("customer").fieldId())
        .isEqualTo(first.schema().findField("customer").fieldId());
    assertThat(merged.findField("lines.element.discount").isOptional()).isTrue();
  }

  @Test
  void intToLongPromotesTheColumn() {
    Types.StructType narrow =
        Types.StructType.of(Types.NestedField.required(1, "count", Types.IntegerType.get()));
    Types.StructType wide =
        Types.StructType.of(Types.NestedField.required(1, "count", Types.LongType.get()));
    MergeResult.Merged first = (MergeResult.Merged) SchemaMerge.mergeValue(TABLE, narrow);

    Schema merged = merged(SchemaMerge.mergeValue(first.table(), wide));

    assertThat(merged.findField("count").type()).isEqualTo(Types.LongType.get());
    assertThat(merged.findField("count").fieldId())
        .isEqualTo(first.schema().findField("count").fieldId());
  }

  @Test
  void olderNarrowerSchemaLeavesTheWiderColumnAlone() {
    Types.StructType wide =
        Types.StructType.of(Types.NestedField.required(1, "count", Types.LongType.get()));
    Types.StructType narrow =
        Types.StructType.of(Types.NestedField.required(1, "count", Types.IntegerType.get()));
    MergeResult.Merged first = (MergeResult.Merged) SchemaMerge.mergeValue(TABLE, wide);

    assertThat(((MergeResult.Merged) SchemaMerge.mergeValue(first.table(), narrow)).changed())
        .isFalse();
  }

  @Test
  void requiredNestedFieldThatALaterSchemaOmitsBecomesOptional() {
    MergeResult.Merged first = (MergeResult.Merged) SchemaMerge.mergeValue(TABLE, ORDER);
    Types.StructType withoutQuantity = Types.StructType.of(Types.NestedField.optional(
        3,
        "lines",
        Types.ListType.ofRequired(
            4, Types.StructType.of(Types.NestedField.required(5, "sku", Types.StringType.get())))));

    Schema merged = merged(SchemaMerge.mergeValue(first.table(), withoutQuantity));

    assertThat(merged.findField("lines.element.quantity").isOptional()).isTrue();
  }

  @Test
  void fieldNamedLikeAMetadataColumnIsUnmergeable() {
    Types.StructType clash =
        Types.StructType.of(Types.NestedField.required(1, "_kafka_offset", Types.LongType.get()));

    assertThat(SchemaMerge.mergeValue(TABLE, clash))
        .isEqualTo(new MergeResult.Unmergeable(
            "field '_kafka_offset' is named like a column Mink owns or Iceberg reserves"));
  }

  @Test
  void namesDifferingOnlyInCaseAreUnmergeable() {
    Types.StructType clash = Types.StructType.of(
        Types.NestedField.required(1, "Name", Types.StringType.get()),
        Types.NestedField.required(2, "name", Types.StringType.get()));

    assertThat(SchemaMerge.mergeValue(TABLE, clash))
        .isEqualTo(new MergeResult.Unmergeable("fields named 'name' differ only in case"));
  }

  @Test
  void mergedUpsertSchemaKeepsKafkaKeyRequiredAndAsItsIdentifier() {
    TableSchema upsert = TableSchema.initial(KafkaColumns.UPSERT_SCHEMA);
    MergeResult.Merged withKey =
        (MergeResult.Merged) SchemaMerge.mergeKey(upsert, Types.StringType.get());
    MergeResult.Merged withValue =
        (MergeResult.Merged) SchemaMerge.mergeValue(withKey.table(), ORDER);
    Types.StructType retyped =
        Types.StructType.of(Types.NestedField.required(1, "customer", Types.LongType.get()));

    Schema merged = merged(SchemaMerge.mergeValue(withValue.table(), retyped));

    assertThat(merged.findField("customer_s" + withValue.schema().schemaId())).isNotNull();
    assertThat(merged.findField(KafkaColumns.KEY).isRequired()).isTrue();
    assertThat(merged.identifierFieldIds()).containsExactly(KafkaColumns.KEY_ID);
    assertThat(withValue.schema().identifierFieldIds()).containsExactly(KafkaColumns.KEY_ID);
    assertThat(withValue.schema().identifierFieldNames()).containsExactly(KafkaColumns.KEY);
  }

  private static Schema merged(MergeResult result) {
    assertThat(result).isInstanceOf(MergeResult.Merged.class);
    return ((MergeResult.Merged) result).schema();
  }
}
