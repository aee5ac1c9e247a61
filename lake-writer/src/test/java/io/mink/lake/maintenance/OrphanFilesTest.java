package io.mink.lake.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.apache.iceberg.io.FileInfo;
import org.junit.jupiter.api.Test;

class OrphanFilesTest {
  private static final long CUTOFF = 10_000;
  private static final String DATA = "file:/w/kafka/orders/data/_kafka_partition=0/";

  @Test
  void anOldFileNothingReferencesIsAnOrphan() {
    List<FileInfo> listed =
        List.of(file(DATA + "committed.parquet", 1), file(DATA + "crashed.parquet", 1));

    assertThat(OrphanFiles.select(
            listed, OrphanFiles.keys(List.of(DATA + "committed.parquet")), CUTOFF, "data"))
        .containsExactly(DATA + "crashed.parquet");
  }

  @Test
  void aFileYoungerThanTheCutoffIsKeptForTheRoundThatMayCommitIt() {
    List<FileInfo> listed = List.of(
        file(DATA + "committed.parquet", 1),
        file(DATA + "in-flight.parquet", CUTOFF),
        file(DATA + "newer.parquet", CUTOFF + 1));

    assertThat(OrphanFiles.select(
            listed, OrphanFiles.keys(List.of(DATA + "committed.parquet")), CUTOFF, "data"))
        .isEmpty();
  }

  @Test
  void hiddenFilesAreNeverOrphans() {
    List<FileInfo> listed = List.of(
        file(DATA + "committed.parquet", 1),
        file(DATA + ".committed.parquet.crc", 1),
        file(DATA + "_SUCCESS", 1));

    assertThat(OrphanFiles.select(
            listed, OrphanFiles.keys(List.of(DATA + "committed.parquet")), CUTOFF, "data"))
        .isEmpty();
  }

  @Test
  void locationsMatchWhateverSchemeAndAuthorityTheyAreWrittenWith() {
    assertThat(OrphanFiles.key("file:/w/a.parquet")).isEqualTo("/w/a.parquet");
    assertThat(OrphanFiles.key("file:///w/a.parquet")).isEqualTo("/w/a.parquet");
    assertThat(OrphanFiles.key("/w/a.parquet")).isEqualTo("/w/a.parquet");
    assertThat(OrphanFiles.key("s3://bucket/w/a.parquet")).isEqualTo("/w/a.parquet");
    assertThat(OrphanFiles.key("s3a://bucket/w/a.parquet")).isEqualTo("/w/a.parquet");
    assertThat(OrphanFiles.select(
            List.of(file("file:/w/a.parquet", 1), file("file:/w/b.parquet", 1)),
            OrphanFiles.keys(List.of("/w/a.parquet")),
            CUTOFF,
            "data"))
        .containsExactly("file:/w/b.parquet");
  }

  @Test
  void nothingIsDeletedWhenNoListedFileMatchesTheReferencedOnes() {
    List<FileInfo> listed = List.of(file("gs://other/w/a.parquet", 1));
    Set<String> referenced = OrphanFiles.keys(List.of("file:/elsewhere/a.parquet"));

    assertThatThrownBy(() -> OrphanFiles.select(listed, referenced, CUTOFF, "gs://other/w"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("None of the 1 files under gs://other/w is referenced by the table's metadata, "
            + "which references 1 files: the listing may spell locations differently, so no file "
            + "is deleted");
  }

  private static FileInfo file(String location, long createdAtMillis) {
    return new FileInfo(location, 100, createdAtMillis);
  }
}
