package io.mink.spark;

import io.mink.query.read.ReadResult;
import io.mink.schema.batch.RowBatch;
import java.util.List;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * The columns Spark takes from an input partition, in the scan's order: each the read's Arrow vector, handed over
 * without a copy, or null in every row when the read point's schema lacks the column.
 */
final class SparkColumns {
  private final StructField[] output;
  private final int[] positions;

  private SparkColumns(StructField[] output, int[] positions) {
    this.output = output;
    this.positions = positions;
  }

  static SparkColumns of(MinkInputPartition partition, ReadResult result) {
    StructField[] output = partition.output().fields();
    List<String> names =
        result.schema().columns().stream().map(Types.NestedField::name).toList();
    int[] positions = new int[output.length];
    for (int i = 0; i < output.length; i++) {
      positions[i] = names.indexOf(output[i].name());
    }
    return new SparkColumns(output, positions);
  }

  ColumnVector[] vectors(RowBatch batch) {
    ColumnVector[] vectors = new ColumnVector[output.length];
    for (int i = 0; i < output.length; i++) {
      if (positions[i] >= 0) {
        vectors[i] = new ArrowColumnVector(batch.column(positions[i]));
      } else {
        ConstantColumnVector nulls = new ConstantColumnVector(batch.rows(), output[i].dataType());
        nulls.setNull();
        vectors[i] = nulls;
      }
    }
    return vectors;
  }
}
