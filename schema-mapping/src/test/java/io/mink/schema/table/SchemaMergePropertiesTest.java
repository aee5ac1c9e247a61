package io.mink.schema.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Random sequences of source schema versions merged one after another: nothing is ever dropped or
 * retyped other than by a promotion, renames follow {name}_s{N}, every merged version fits the table
 * afterwards with no change (so old versions never churn columns), and the plan is deterministic.
 */
class SchemaMergePropertiesTest {
  private static final List<String> NAMES = List.of("a", "b", "c", "d");

  @Property(tries = 1500)
  void mergingVersionsNeverDropsAColumnAndOldVersionsFitWithoutChange(
      @ForAll("versions") List<Types.StructType> versions) {
    TableSchema table = TableSchema.initial(KafkaColumns.SCHEMA);
    List<Types.StructType> merged = new ArrayList<>();
    for (Types.StructType version : versions) {
      MergeResult result = SchemaMerge.mergeValue(table, version);
      if (result instanceof MergeResult.Unmergeable) {
        Statistics.label("merge").collect("unmergeable");
        continue;
      }
      MergeResult.Merged ok = (MergeResult.Merged) result;
      Statistics.label("merge")
          .collect(ok.steps().size() == 2 ? "renames" : ok.changed() ? "changes" : "none");
      assertKeepsEveryColumn(table, ok);
      assertThat(SchemaMerge.mergeValue(table, version))
          .satisfies(
              again -> assertThat(((MergeResult.Merged) again).schema().sameSchema(ok.schema()))
                  .isTrue());
      table = ok.table();
      merged.add(version);
      for (Types.StructType earlier : merged) {
        MergeResult replay = SchemaMerge.mergeValue(table, earlier);
        assertThat(replay).isInstanceOf(MergeResult.Merged.class);
        assertThat(((MergeResult.Merged) replay).steps())
            .as("replaying %s on %s", earlier, table.schema())
            .isEmpty();
        for (Types.NestedField field : earlier.fields()) {
          assertThat(ColumnMatch.columnFor(table.schema().asStruct(), field))
              .as("column for %s", field)
              .isNotNull();
        }
      }
    }
  }

  private static void assertKeepsEveryColumn(TableSchema before, MergeResult.Merged after) {
    Map<Integer, Types.NestedField> now = new HashMap<>();
    TypeUtil.indexById(after.schema().asStruct()).forEach(now::put);
    TypeUtil.indexById(before.schema().asStruct()).forEach((id, old) -> {
      Types.NestedField kept = now.get(id);
      assertThat(kept).as("field %s of %s", id, before.schema()).isNotNull();
      if (old.type().isPrimitiveType()) {
        assertThat(
                Promotions.canPromote(old.type().asPrimitiveType(), kept.type().asPrimitiveType()))
            .as("%s to %s", old, kept)
            .isTrue();
      }
      if (!kept.name().equals(old.name())) {
        assertThat(kept.name()).isEqualTo(old.name() + "_s" + before.schemaId());
      }
    });
    assertThat(after.table().lastColumnId()).isGreaterThanOrEqualTo(before.lastColumnId());
    if (after.changed()) {
      assertThat(after.table().schemaId()).isGreaterThan(before.highestSchemaId());
    } else {
      assertThat(after.table()).isSameAs(before);
    }
  }

  @Provide
  Arbitrary<List<Types.StructType>> versions() {
    return shapes(2)
        .map(shapes -> toStruct(shapes, new AtomicInteger(1000)))
        .list()
        .ofMinSize(2)
        .ofMaxSize(8);
  }

  private static Arbitrary<List<Shape>> shapes(int depth) {
    return shape(depth)
        .list()
        .ofMinSize(1)
        .ofMaxSize(4)
        .filter(SchemaMergePropertiesTest::uniqueNames);
  }

  private static Arbitrary<Shape> shape(int depth) {
    Arbitrary<String> names = Arbitraries.of(NAMES);
    Arbitrary<Type> primitives = Arbitraries.of(
        Types.IntegerType.get(),
        Types.LongType.get(),
        Types.FloatType.get(),
        Types.DoubleType.get(),
        Types.StringType.get(),
        Types.BooleanType.get(),
        Types.DecimalType.of(9, 2),
        Types.DecimalType.of(18, 2),
        Types.DecimalType.of(9, 3));
    Arbitrary<Shape> leaf = Combinators.combine(names, primitives, Arbitraries.of(true, false))
        .as((name, type, optional) -> new Shape(name, optional, type, null, Kind.PRIMITIVE));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Shape> nested = Combinators.combine(
            names,
            Arbitraries.of(Kind.STRUCT, Kind.LIST, Kind.MAP),
            Arbitraries.lazy(() -> shapes(depth - 1)),
            Arbitraries.of(true, false))
        .as((name, kind, children, optional) -> new Shape(name, optional, null, children, kind));
    return Arbitraries.frequencyOf(Tuple.of(3, leaf), Tuple.of(1, nested));
  }

  private static boolean uniqueNames(List<Shape> shapes) {
    return shapes.stream().map(Shape::name).distinct().count() == shapes.size();
  }

  private enum Kind {
    PRIMITIVE,
    STRUCT,
    LIST,
    MAP
  }

  private record Shape(
      String name, boolean optional, Type primitive, List<Shape> children, Kind kind) {}

  private static Types.StructType toStruct(List<Shape> shapes, AtomicInteger ids) {
    List<Types.NestedField> fields = new ArrayList<>();
    for (Shape shape : shapes) {
      fields.add(Types.NestedField.builder()
          .withId(ids.incrementAndGet())
          .isOptional(shape.optional())
          .withName(shape.name())
          .ofType(type(shape, ids))
          .build());
    }
    return Types.StructType.of(fields);
  }

  private static Type type(Shape shape, AtomicInteger ids) {
    return switch (shape.kind()) {
      case PRIMITIVE -> shape.primitive();
      case STRUCT -> toStruct(shape.children(), ids);
      case LIST ->
        Types.ListType.ofOptional(ids.incrementAndGet(), toStruct(shape.children(), ids));
      case MAP ->
        Types.MapType.ofOptional(
            ids.incrementAndGet(),
            ids.incrementAndGet(),
            Types.StringType.get(),
            toStruct(shape.children(), ids));
    };
  }
}
