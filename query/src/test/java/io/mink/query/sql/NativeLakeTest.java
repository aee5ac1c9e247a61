package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Which data files and columns DuckDB reads itself. */
class NativeLakeTest {
  private static final Path LAKE = Path.of("/data/mink-warehouse");

  @Test
  void onlyFilesInTheLocalLakeAreReadByDuckDb() {
    assertThat(NativeLake.local("/data/mink-warehouse/kafka/orders/data/a.parquet", LAKE))
        .contains(Path.of("/data/mink-warehouse/kafka/orders/data/a.parquet"));
    assertThat(NativeLake.local("file:/data/mink-warehouse/kafka/a.parquet", LAKE))
        .contains(Path.of("/data/mink-warehouse/kafka/a.parquet"));
    assertThat(NativeLake.local("file:///data/mink-warehouse/kafka/a.parquet", LAKE))
        .contains(Path.of("/data/mink-warehouse/kafka/a.parquet"));
    assertThat(NativeLake.local("/data/mink-warehouse/../elsewhere/a.parquet", LAKE))
        .isEmpty();
    assertThat(NativeLake.local("/data/other/a.parquet", LAKE)).isEmpty();
    assertThat(NativeLake.local("s3://bucket/mink-warehouse/a.parquet", LAKE)).isEmpty();
    assertThat(QueryTables.localDirectory("s3://mink-lake")).isEmpty();
    assertThat(QueryTables.localDirectory("/data/mink-warehouse")).contains(LAKE);
  }

  @Test
  void primitiveColumnsAreTypedAsTheArrowStreamTypesThemAndOthersAreNot() {
    assertThat(NativeLake.duckdbType(Types.TimestampType.withZone())).contains("TIMESTAMPTZ");
    assertThat(NativeLake.duckdbType(Types.TimestampType.withoutZone())).contains("TIMESTAMP");
    assertThat(NativeLake.duckdbType(Types.DecimalType.of(10, 2))).contains("DECIMAL(10, 2)");
    assertThat(NativeLake.duckdbType(Types.BinaryType.get())).contains("BLOB");
    assertThat(NativeLake.duckdbType(Types.UUIDType.get())).isEmpty();
    assertThat(NativeLake.duckdbType(Types.ListType.ofOptional(9, Types.StringType.get())))
        .isEmpty();
  }
}
