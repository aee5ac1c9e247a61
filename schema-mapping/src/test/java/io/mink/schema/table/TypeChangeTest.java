package io.mink.schema.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** A type change other than a promotion: the old column renamed {name}_s{N}, a new one under the name. */
class TypeChangeTest {
  private static final TableSchema EMPTY = TableSchema.initial(KafkaColumns.SCHEMA);

  @Test
  void topLevelTypeChangeRenamesTheOldColumnAfterTheSchemaItWasCurrentIn() {
    TableSchema v1 = merged(EMPTY, struct(field("count", Types.StringType.get())));
    int stringColumnId = v1.schema().findField("count").fieldId();

    MergeResult.Merged v2 = merge(v1, struct(field("count", Types.LongType.get())));

    Schema schema = v2.schema();
    String renamed = "count_s" + v1.schemaId();
    assertThat(schema.findField(renamed).fieldId()).isEqualTo(stringColumnId);
    assertThat(schema.findField(renamed).type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField(renamed).isOptional()).isTrue();
    assertThat(schema.findField(renamed).doc()).isEqualTo("'count' up to schema " + v1.schemaId());
    assertThat(schema.findField("count").type()).isEqualTo(Types.LongType.get());
    assertThat(schema.findField("count").fieldId()).isGreaterThan(v1.lastColumnId());
    assertThat(schema.columns()).extracting(Types.NestedField::name).endsWith(renamed, "count");
  }

  @Test
  void aTypeChangeMakesTwoSchemasRenameFirst() {
    TableSchema v1 = merged(EMPTY, struct(field("count", Types.StringType.get())));

    MergeResult.Merged v2 = merge(
        v1, struct(field("count", Types.LongType.get()), field("note", Types.StringType.get())));

    assertThat(v2.steps()).hasSize(2);
    assertThat(v2.steps().get(0).changes()).singleElement().isInstanceOf(SchemaChange.Rename.class);
    assertThat(v2.steps().get(0).schemaId()).isEqualTo(v1.highestSchemaId() + 1);
    assertThat(v2.steps().get(1).changes())
        .hasSize(2)
        .allMatch(c -> c instanceof SchemaChange.AddColumn);
    assertThat(v2.steps().get(1).schemaId()).isEqualTo(v1.highestSchemaId() + 2);
    assertThat(v2.table().schemaId()).isEqualTo(v1.highestSchemaId() + 2);
    assertThat(v2.table().highestSchemaId()).isEqualTo(v2.table().schemaId());
  }

  @Test
  void nestedStructFieldIsRenamedInsideItsStruct() {
    TableSchema v1 =
        merged(EMPTY, struct(field("customer", struct(field("id", Types.IntegerType.get())))));

    Schema schema = merge(
            v1, struct(field("customer", struct(field("id", Types.StringType.get())))))
        .schema();

    assertThat(schema.findField("customer").type().asStructType().fields())
        .extracting(Types.NestedField::name)
        .containsExactly("id_s" + v1.schemaId(), "id");
    assertThat(schema.findField("customer.id").type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("customer.id_s" + v1.schemaId()).type())
        .isEqualTo(Types.IntegerType.get());
  }

  @Test
  void fieldOfAStructInAListIsRenamedInsideTheElement() {
    TableSchema v1 =
        merged(EMPTY, struct(field("lines", list(struct(field("sku", Types.LongType.get()))))));

    Schema schema = merge(
            v1, struct(field("lines", list(struct(field("sku", Types.StringType.get()))))))
        .schema();

    assertThat(schema.findField("lines.element.sku").type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("lines.element.sku_s" + v1.schemaId()).type())
        .isEqualTo(Types.LongType.get());
  }

  @Test
  void fieldOfAStructInAMapValueIsRenamedInsideTheValue() {
    TableSchema v1 =
        merged(EMPTY, struct(field("stock", map(struct(field("level", Types.DoubleType.get()))))));

    Schema schema = merge(
            v1, struct(field("stock", map(struct(field("level", Types.BooleanType.get()))))))
        .schema();

    assertThat(schema.findField("stock.value.level").type()).isEqualTo(Types.BooleanType.get());
    assertThat(schema.findField("stock.value.level_s" + v1.schemaId()).type())
        .isEqualTo(Types.DoubleType.get());
  }

  @Test
  void listElementOrMapKeyTypeChangeRenamesTheWholeField() {
    TableSchema v1 = merged(
        EMPTY,
        struct(
            field("tags", list(Types.IntegerType.get())),
            field(
                "prices",
                Types.MapType.ofOptional(90, 91, Types.StringType.get(), Types.DoubleType.get()))));

    Schema schema = merge(
            v1,
            struct(
                field("tags", list(Types.StringType.get())),
                field(
                    "prices",
                    Types.MapType.ofOptional(
                        90, 91, Types.LongType.get(), Types.DoubleType.get()))))
        .schema();

    assertThat(schema.findField("tags").type().asListType().elementType())
        .isEqualTo(Types.StringType.get());
    assertThat(schema.findField("tags_s" + v1.schemaId()).type().asListType().elementType())
        .isEqualTo(Types.IntegerType.get());
    assertThat(schema.findField("prices").type().asMapType().keyType())
        .isEqualTo(Types.LongType.get());
    assertThat(schema.findField("prices_s" + v1.schemaId()).type().asMapType().keyType())
        .isEqualTo(Types.StringType.get());
  }

  @Test
  void structBecomingAPrimitiveRenamesTheStruct() {
    TableSchema v1 =
        merged(EMPTY, struct(field("address", struct(field("city", Types.StringType.get())))));

    Schema schema = merge(v1, struct(field("address", Types.StringType.get()))).schema();

    assertThat(schema.findField("address").type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("address_s" + v1.schemaId() + ".city").type())
        .isEqualTo(Types.StringType.get());
  }

  @Test
  void decodedKeyAndNonRecordValueColumnsAreRenamedToo() {
    TableSchema v1 =
        merged(merged(EMPTY, Types.IntegerType.get(), true), Types.LongType.get(), false);

    MergeResult.Merged keyChange =
        (MergeResult.Merged) SchemaMerge.mergeKey(v1, Types.StringType.get());
    MergeResult.Merged valueChange =
        (MergeResult.Merged) SchemaMerge.mergeValue(v1, Types.BinaryType.get());

    assertThat(keyChange.schema().findField("_kafka_decoded_key").type())
        .isEqualTo(Types.StringType.get());
    assertThat(
            keyChange.schema().findField("_kafka_decoded_key_s" + v1.schemaId()).type())
        .isEqualTo(Types.IntegerType.get());
    assertThat(valueChange.schema().findField("value").type()).isEqualTo(Types.BinaryType.get());
    assertThat(valueChange.schema().findField("value_s" + v1.schemaId()).type())
        .isEqualTo(Types.LongType.get());
  }

  @Test
  void olderSchemaVersionGoesToItsRenamedColumnWithoutChanges() {
    Types.StructType v1Type =
        struct(field("count", Types.StringType.get()), field("id", Types.LongType.get()));
    TableSchema v1 = merged(EMPTY, v1Type);
    TableSchema v2 =
        merged(v1, struct(field("count", Types.LongType.get()), field("id", Types.LongType.get())));

    MergeResult.Merged old = merge(v2, v1Type);

    assertThat(old.changed()).isFalse();
    assertThat(
            ColumnMatch.columnFor(v2.schema().asStruct(), v1Type.field("count")).name())
        .isEqualTo("count_s" + v1.schemaId());
  }

  @Test
  void thirdTypeOfTheSameFieldRenamesTheSecondAfterItsOwnSchema() {
    TableSchema v1 = merged(EMPTY, struct(field("x", Types.StringType.get())));
    TableSchema v2 = merged(v1, struct(field("x", Types.LongType.get())));
    TableSchema v3 = merged(v2, struct(field("x", Types.BooleanType.get())));

    assertThat(v3.schema().findField("x_s" + v1.schemaId()).type())
        .isEqualTo(Types.StringType.get());
    assertThat(v3.schema().findField("x_s" + v2.schemaId()).type()).isEqualTo(Types.LongType.get());
    assertThat(v3.schema().findField("x").type()).isEqualTo(Types.BooleanType.get());
    assertThat(merge(v3, struct(field("x", Types.IntegerType.get()))).changed()).isFalse();
    assertThat(ColumnMatch.columnFor(v3.schema().asStruct(), field("x", Types.IntegerType.get()))
            .name())
        .isEqualTo("x_s" + v2.schemaId());
  }

  @Test
  void newVersionThatNoColumnFitsRenamesTheCurrentColumnAndLeavesRenamedOnesAlone() {
    Types.StructType v1Type = struct(field("a", struct(field("x", Types.IntegerType.get()))));
    TableSchema v1 = merged(EMPTY, v1Type);
    TableSchema v2 = merged(v1, struct(field("a", Types.StringType.get())));

    MergeResult.Merged v3 = merge(
        v2,
        struct(field(
            "a", struct(field("x", Types.IntegerType.get()), field("y", Types.StringType.get())))));

    Schema schema = v3.schema();
    assertThat(schema.findField("a_s" + v1.schemaId()).type())
        .isEqualTo(v1.schema().findField("a").type());
    assertThat(schema.findField("a_s" + v2.schemaId()).type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("a.y").type()).isEqualTo(Types.StringType.get());
    assertThat(ColumnMatch.columnFor(schema.asStruct(), v1Type.field("a")).name())
        .isEqualTo("a");
  }

  @Test
  void newVersionWideningARenamedTypeRenamesTheCurrentColumn() {
    TableSchema v1 = merged(EMPTY, struct(field("amount", Types.IntegerType.get())));
    TableSchema v2 = merged(v1, struct(field("amount", Types.StringType.get())));

    Schema schema = merge(v2, struct(field("amount", Types.LongType.get()))).schema();

    assertThat(schema.findField("amount_s" + v1.schemaId()).type())
        .isEqualTo(Types.IntegerType.get());
    assertThat(schema.findField("amount_s" + v2.schemaId()).type())
        .isEqualTo(Types.StringType.get());
    assertThat(schema.findField("amount").type()).isEqualTo(Types.LongType.get());
  }

  @Test
  void fieldNamedLikeARenamedColumnIsUnmergeable() {
    TableSchema v1 = merged(EMPTY, struct(field("count", Types.StringType.get())));
    TableSchema v2 = merged(v1, struct(field("count", Types.LongType.get())));

    assertThat(SchemaMerge.mergeValue(
            v2, struct(field("count_s" + v1.schemaId(), Types.StringType.get()))))
        .isEqualTo(new MergeResult.Unmergeable("field 'count_s" + v1.schemaId()
            + "' is named like the column that " + "keeps earlier values of another field"));
  }

  @Test
  void renameOntoATakenNameIsUnmergeable() {
    String taken = "count_s" + (EMPTY.highestSchemaId() + 1);
    TableSchema v1 = merged(
        EMPTY,
        struct(field("count", Types.StringType.get()), field(taken, Types.StringType.get())));

    MergeResult result = SchemaMerge.mergeValue(v1, struct(field("count", Types.LongType.get())));

    assertThat(result).isInstanceOf(MergeResult.Unmergeable.class);
    assertThat(((MergeResult.Unmergeable) result).reason())
        .contains("'" + taken + "'")
        .contains("is taken");
  }

  @Test
  void columnTheSourceItselfNamesLikeARenameIsAnOrdinaryColumn() {
    Types.StructType both =
        struct(field("count", Types.StringType.get()), field("count_s7", Types.StringType.get()));
    TableSchema v1 = merged(EMPTY, both);

    assertThat(merge(v1, both).changed()).isFalse();
    assertThat(RenamedColumns.isRenamed(v1.schema().findField("count_s7"))).isFalse();
  }

  @Test
  void caseTwinsEmptyOrDottedNamesInsideANewColumnAreUnmergeable() {
    TableSchema v1 = merged(EMPTY, struct(field("label", Types.StringType.get())));

    assertThat(SchemaMerge.mergeValue(
            EMPTY,
            struct(field(
                "owner",
                struct(
                    field("code", Types.StringType.get()),
                    field("Code", Types.IntegerType.get()))))))
        .isEqualTo(new MergeResult.Unmergeable("fields named 'owner.Code' differ only in case"));
    assertThat(SchemaMerge.mergeValue(
            v1,
            struct(field(
                "label",
                list(struct(
                    field("total", Types.LongType.get()), field("Total", Types.LongType.get())))))))
        .isEqualTo(
            new MergeResult.Unmergeable("fields named 'label.element.Total' differ only in case"));
    assertThat(SchemaMerge.mergeValue(
            EMPTY, struct(field("owner", map(struct(field("a.b", Types.LongType.get())))))))
        .isInstanceOf(MergeResult.Unmergeable.class);
    assertThat(SchemaMerge.mergeValue(
            EMPTY, struct(field("owner", struct(field("", Types.LongType.get()))))))
        .isInstanceOf(MergeResult.Unmergeable.class);
  }

  @Test
  void samePlanTwiceGivesTheSameSchemaAndIds() {
    TableSchema v1 = merged(EMPTY, struct(field("count", Types.StringType.get())));
    Types.StructType v2 =
        struct(field("count", Types.LongType.get()), field("more", list(Types.DoubleType.get())));

    Schema one = merge(v1, v2).schema();
    Schema two = merge(v1, v2).schema();

    assertThat(one.sameSchema(two)).isTrue();
    assertThat(one.schemaId()).isEqualTo(two.schemaId());
  }

  static Types.StructType struct(Types.NestedField... fields) {
    return Types.StructType.of(fields);
  }

  static Types.NestedField field(String name, Type type) {
    return Types.NestedField.optional(100 + Math.abs(name.hashCode() % 1000), name, type);
  }

  static Type list(Type element) {
    return Types.ListType.ofOptional(80, element);
  }

  static Type map(Type value) {
    return Types.MapType.ofOptional(81, 82, Types.StringType.get(), value);
  }

  static MergeResult.Merged merge(TableSchema table, Type value) {
    MergeResult result = SchemaMerge.mergeValue(table, value);
    assertThat(result).isInstanceOf(MergeResult.Merged.class);
    return (MergeResult.Merged) result;
  }

  static TableSchema merged(TableSchema table, Type value) {
    return merge(table, value).table();
  }

  private static TableSchema merged(TableSchema table, Type type, boolean key) {
    MergeResult result =
        key ? SchemaMerge.mergeKey(table, type) : SchemaMerge.mergeValue(table, type);
    return ((MergeResult.Merged) result).table();
  }
}
