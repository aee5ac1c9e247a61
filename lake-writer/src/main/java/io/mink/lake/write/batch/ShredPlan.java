package io.mink.lake.write.batch;

import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * The shredders of a table schema's columns and the leaf columns they end in, built by walking the Iceberg and
 * Parquet schemas together so that each shredder knows the levels of its path.
 *
 * @param fields one shredder per top-level column, in schema order
 * @param leaves the leaf columns, in the Parquet schema's column order
 */
record ShredPlan(Shredders.Shredder[] fields, List<ColumnLeaf> leaves) {
  static ShredPlan of(Schema schema, MessageType message, ParquetProperties properties) {
    Builder builder = new Builder(message, properties);
    List<Types.NestedField> columns = schema.columns();
    Shredders.Shredder[] fields = new Shredders.Shredder[columns.size()];
    for (int i = 0; i < columns.size(); i++) {
      fields[i] = builder.field(columns.get(i), message, i, new ArrayList<>());
    }
    List<ColumnLeaf> inParquetOrder = new ArrayList<>();
    for (ColumnDescriptor column : message.getColumns()) {
      builder.leaves.stream()
          .filter(leaf -> leaf.desc.equals(column))
          .findFirst()
          .ifPresent(inParquetOrder::add);
    }
    return new ShredPlan(fields, List.copyOf(inParquetOrder));
  }

  private static final class Builder {
    private final MessageType message;
    private final ParquetProperties properties;
    private final List<ColumnLeaf> leaves = new ArrayList<>();

    Builder(MessageType message, ParquetProperties properties) {
      this.message = message;
      this.properties = properties;
    }

    Shredders.Shredder field(
        Types.NestedField field, GroupType parent, int position, List<String> parentPath) {
      org.apache.parquet.schema.Type parquet = parent.getType(position);
      if (parquet.getId() != null && parquet.getId().intValue() != field.fieldId()) {
        throw new IllegalStateException("Parquet field " + parquet.getName() + " has id "
            + parquet.getId() + ", not the id " + field.fieldId() + " of column " + field.name());
      }
      List<String> path = new ArrayList<>(parentPath);
      path.add(parquet.getName());
      Shredders.Shredder value = value(field.type(), parquet, path);
      if (parquet.isRepetition(org.apache.parquet.schema.Type.Repetition.OPTIONAL)) {
        return new Shredders.Optional(message.getMaxDefinitionLevel(levels(path)), value);
      }
      return value;
    }

    private Shredders.Shredder value(
        Type type, org.apache.parquet.schema.Type parquet, List<String> path) {
      if (type.isStructType()) {
        GroupType group = parquet.asGroupType();
        List<Types.NestedField> fields = type.asStructType().fields();
        Shredders.Shredder[] children = new Shredders.Shredder[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
          children[i] = field(fields.get(i), group, i, path);
        }
        return new Shredders.Struct(children);
      }
      if (type.isListType() || type.isMapType()) {
        return repeated(type, parquet.asGroupType(), path);
      }
      ColumnLeaf leaf = leaf(type, message.getColumnDescription(levels(path)));
      leaves.add(leaf);
      return new Shredders.Leaf(leaf);
    }

    /** Iceberg's three-level lists and maps: a group holding one repeated group of the elements or entries. */
    private Shredders.Shredder repeated(Type type, GroupType group, List<String> path) {
      GroupType repeated = group.getType(0).asGroupType();
      List<String> repeatedPath = new ArrayList<>(path);
      repeatedPath.add(repeated.getName());
      String[] levels = levels(repeatedPath);
      List<Types.NestedField> children = type.asNestedType().fields();
      Shredders.Shredder[] entry = new Shredders.Shredder[children.size()];
      for (int i = 0; i < children.size(); i++) {
        entry[i] = field(children.get(i), repeated, i, repeatedPath);
      }
      return new Shredders.Repeated(
          message.getMaxDefinitionLevel(levels), message.getMaxRepetitionLevel(levels), entry);
    }

    private ColumnLeaf leaf(Type type, ColumnDescriptor desc) {
      return switch (type.typeId()) {
        case BOOLEAN -> new NumberLeaves.Booleans(desc, properties);
        case INTEGER, DATE -> new NumberLeaves.Int32s(desc, properties, 4);
        case LONG, TIME, TIMESTAMP -> new NumberLeaves.Int64s(desc, properties, 8);
        case FLOAT -> new NumberLeaves.Floats(desc, properties);
        case DOUBLE -> new NumberLeaves.Doubles(desc, properties);
        case STRING, BINARY -> new ByteLeaves.Binaries(desc, properties);
        case FIXED, UUID -> new ByteLeaves.FixedBytes(desc, properties);
        case DECIMAL -> decimal(desc);
        default ->
          throw new IllegalArgumentException(
              "Mink cannot write Iceberg type " + type + " from a column batch");
      };
    }

    /** Decimals in the Parquet type Iceberg chose for the precision: INT32, INT64 or FIXED_LEN_BYTE_ARRAY. */
    private ColumnLeaf decimal(ColumnDescriptor desc) {
      return switch (desc.getPrimitiveType().getPrimitiveTypeName()) {
        case INT32 -> new NumberLeaves.Int32s(desc, properties, 16);
        case INT64 -> new NumberLeaves.Int64s(desc, properties, 16);
        default -> new ByteLeaves.WideDecimals(desc, properties);
      };
    }

    private static String[] levels(List<String> path) {
      return path.toArray(String[]::new);
    }
  }
}
