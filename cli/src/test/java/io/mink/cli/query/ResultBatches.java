package io.mink.cli.query;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A result of the types a statement returns, one row with every value set and one of nulls, as DuckDB gives it. */
final class ResultBatches {
  static final Instant AT = Instant.parse("2026-12-02T20:16:01.123456Z");
  static final Schema SCHEMA = new Schema(List.of(
      field("id", new ArrowType.Int(32, true)),
      field("big", new ArrowType.Int(64, false)),
      field("price", new ArrowType.Decimal(10, 2, 128)),
      field("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      field("tstz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      field("day", new ArrowType.Date(DateUnit.DAY)),
      field("bin", ArrowType.Binary.INSTANCE),
      field("s", ArrowType.Utf8.INSTANCE),
      field("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      new Field(
          "tags",
          FieldType.nullable(ArrowType.List.INSTANCE),
          List.of(field("element", ArrowType.Utf8.INSTANCE))),
      new Field(
          "point",
          FieldType.nullable(ArrowType.Struct.INSTANCE),
          List.of(field("n", new ArrowType.Int(32, true)), field("s", ArrowType.Utf8.INSTANCE)))));

  private ResultBatches() {}

  /** Row 0 has every value, row 1 is null in every column. */
  static VectorSchemaRoot everyType(BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    root.allocateNew();
    ((IntVector) root.getVector("id")).setSafe(0, 1);
    ((UInt8Vector) root.getVector("big")).setSafe(0, -1L);
    ((DecimalVector) root.getVector("price")).setSafe(0, new BigDecimal("12.30"));
    long micros = ChronoUnit.MICROS.between(Instant.EPOCH, AT);
    ((TimeStampMicroVector) root.getVector("ts")).setSafe(0, micros);
    ((TimeStampMicroTZVector) root.getVector("tstz")).setSafe(0, micros);
    ((DateDayVector) root.getVector("day"))
        .setSafe(0, (int) LocalDate.of(2026, 12, 2).toEpochDay());
    ((VarBinaryVector) root.getVector("bin")).setSafe(0, new byte[] {(byte) 0xff, 0x00, 0x10});
    ((VarCharVector) root.getVector("s")).setSafe(0, utf8("a,\"b\"\nc"));
    ((Float8Vector) root.getVector("d")).setSafe(0, Double.NaN);
    ListVector tags = (ListVector) root.getVector("tags");
    VarCharVector elements = (VarCharVector) tags.getDataVector();
    int start = tags.startNewValue(0);
    elements.setSafe(start, utf8("x"));
    elements.setSafe(start + 1, utf8("y"));
    tags.endValue(0, 2);
    StructVector point = (StructVector) root.getVector("point");
    point.getChild("n", IntVector.class).setSafe(0, 1);
    point.getChild("s", VarCharVector.class).setSafe(0, utf8("a"));
    point.setIndexDefined(0);
    root.getFieldVectors().forEach(vector -> vector.setNull(1));
    root.setRowCount(2);
    return root;
  }

  /** What a writer prints for the batches, begun with their schema. */
  static String written(ResultFormat format, VectorSchemaRoot... batches) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ResultWriter writer = ResultWriter.of(format, out);
    try {
      writer.begin(batches[0].getSchema());
      for (VectorSchemaRoot batch : batches) {
        writer.write(batch);
      }
      writer.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
